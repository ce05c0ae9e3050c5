/**
 * Gives the event loop a turn, so that work waiting on it runs (a request, an edit, a worker's
 * reply). Node's setImmediate where there is one: after the waiting I/O is read, without the
 * millisecond a timer waits at least. A check that yields every 8 ms spent ~12 % of its time in
 * that millisecond (crewAI's warm CLI check: ~0.15 s idle in 1 s of page checks). Elsewhere (a
 * browser's worker) a timer.
 */
export function yieldTurn(): Promise<void> {
	const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
	return new Promise(resolve => {
		if (typeof immediate === 'function') immediate(resolve);
		else setTimeout(resolve, 0);
	});
}
