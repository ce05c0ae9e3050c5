import type { DocsWorkspace } from './workspace';

/**
 * Gives the event loop a turn, so that work waiting on it runs (a request, an edit, a worker's
 * reply). Where nothing but the check waits (the CLI: DocsWorkspace.nothingWaits), Node's
 * setImmediate: after the waiting I/O is read, without the millisecond a timer waits at least (a
 * check yielding every 8 ms spent ~12 % of its time there: crewAI's warm CLI check ~0.15 s).
 * Elsewhere a timer: in the language server a request's own steps then run before the check goes
 * on (with setImmediate each step waited for another 8 ms of the check: completion p95 after an
 * edit on crewAI 6–8 → 13–33 ms).
 */
export function yieldTurn(workspace: Pick<DocsWorkspace, 'nothingWaits'>): Promise<void> {
	const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
	return new Promise(resolve => {
		if (workspace.nothingWaits && typeof immediate === 'function') immediate(resolve);
		else setTimeout(resolve, 0);
	});
}
