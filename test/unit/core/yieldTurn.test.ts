import * as assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import { yieldTurn } from '../../../server/src/core/yieldTurn';

/** Which of setImmediate and setTimeout one yieldTurn asked for. */
async function askedFor(workspace: { nothingWaits?: boolean }, withImmediate = true): Promise<string[]> {
	const [immediate, timeout] = [globalThis.setImmediate, globalThis.setTimeout];
	const asked: string[] = [];
	(globalThis as { setImmediate?: unknown }).setImmediate = withImmediate
		? (callback: () => void) => (asked.push('immediate'), immediate(callback))
		: undefined;
	globalThis.setTimeout = ((callback: () => void, ms: number) => (asked.push(`timeout ${ms}`), timeout(callback, ms))) as typeof setTimeout;
	try {
		await yieldTurn(workspace);
	} finally {
		globalThis.setImmediate = immediate;
		globalThis.setTimeout = timeout;
	}
	return asked;
}

describe('yieldTurn', () => {
	it('lets a message that arrived meanwhile in, either way', async () => {
		for (const nothingWaits of [true, false]) {
			const { port1, port2 } = new MessageChannel();
			const received: number[] = [];
			port2.on('message', (n: number) => received.push(n));
			port1.postMessage(1);
			// A synchronous stretch never lets the message in; one turn does.
			assert.deepEqual(received, []);
			for (let turns = 0; !received.length && turns < 1000; turns++) await yieldTurn({ nothingWaits });
			port2.close();
			assert.deepEqual(received, [1], String(nothingWaits));
		}
	});

	it("where nothing else waits (the CLI), Node's setImmediate (no timer's millisecond); where requests wait (the server), a timer", async () => {
		assert.deepEqual(await askedFor({ nothingWaits: true }), ['immediate']);
		assert.deepEqual(await askedFor({}), ['timeout 0']);
		// A browser's worker has no setImmediate.
		assert.deepEqual(await askedFor({ nothingWaits: true }, false), ['timeout 0']);
	});
});
