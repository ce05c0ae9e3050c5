/**
 * Stops a pool's worker threads once it has had no work for `idleMs`: a worker holds a parser's
 * heap (hundreds of MB after a 15 MB OpenAPI document) it will not need until the next change.
 * `settle()` after each finished job arms the timer when nothing is left; `cancel()` on new work.
 */
export function idleStop(idleMs: number, busy: () => boolean, stop: () => void): { settle(): void; cancel(): void } {
	let timer: NodeJS.Timeout | undefined;
	const cancel = () => clearTimeout(timer);
	return {
		settle() {
			cancel();
			if (busy()) return;
			timer = setTimeout(() => void (busy() || stop()), idleMs);
			timer.unref();
		},
		cancel,
	};
}
