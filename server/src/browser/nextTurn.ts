/** Callbacks waiting for the next turn, run together when the channel's message arrives. */
const turns: (() => void)[] = [];
let channel: MessageChannel | undefined;

/**
 * A later turn of the event loop, after the messages already waiting (the worker's `message`
 * events): a MessageChannel's message is a task of its own. setTimeout(0) would be clamped to 4 ms
 * once nested, and the server schedules every request this way.
 */
export function nextTurn(callback: () => void): void {
	if (!channel) {
		channel = new MessageChannel();
		channel.port1.onmessage = runTurn;
		// Node (the unit tests) would otherwise keep the process alive for the port; a browser's port has no unref.
		(channel.port1 as { unref?: () => void }).unref?.();
	}
	turns.push(callback);
	// One message per turn: callbacks added while it waits share it; those added by a running one post the next.
	if (turns.length === 1) channel.port2.postMessage(undefined);
}

function runTurn(): void {
	for (const callback of turns.splice(0))
		try {
			callback();
		} catch (e) {
			// As an uncaught error of its own (browserMain.ts logs those), without keeping the others from running.
			setTimeout(() => {
				throw e;
			}, 0);
		}
}
