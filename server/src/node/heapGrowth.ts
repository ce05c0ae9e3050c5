import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let limited = false;

/**
 * Once a site is loaded (every page checked), each docs.json keystroke replaces a site model of
 * tens of megabytes. With V8's default (dynamic) heap growth the heap doubles before it is
 * collected: on a 25,000-page site the server grew from 510 MB to 1 GB over 60 edits. Growing by
 * 15 % keeps it flat (the bench's soak), at some GC CPU on V8's helper threads. Not from the start:
 * while the pages' summaries pile up during the first check, collecting at every 15 % slowed the
 * edits made meanwhile threefold. The flag is read at every collection, so setting it late applies.
 *
 * V8 computes the next collection's threshold at a collection, so the growth allowed when the load
 * ended still held until the first one after it: ClickHouse's server grew from 240 to 380 MB over
 * its first 250 edits, then fell to 217 MB and stayed there. One full collection now, while the
 * server is idle after its load, applies the limit at once.
 */
export function limitHeapGrowth(): void {
	if (limited) return;
	limited = true;
	setFlagsFromString('--heap-growing-percent=15');
	fullCollection();
}

/** A full garbage collection (V8's `gc`, which node exposes only with --expose-gc, taken from a fresh context). */
function fullCollection(): void {
	setFlagsFromString('--expose-gc');
	const gc: unknown = runInNewContext('gc');
	if (typeof gc === 'function') gc();
}

/** The growth one `mintdoc check` allows its heaps (see limitCheckHeapGrowth). */
export const checkHeapGrowingPercent = 30;

/**
 * One `mintdoc check` of a large site: its live data is small (crewAI: ~140 MB on the main thread
 * mid-check; a page worker 15-60 MB in use between batches), but with V8's dynamic growth each heap grows far past it
 * before collecting (main 265 MB, each page worker 70-85 MB): a peak RSS of 590-690 MB. Growing by
 * 30 % (V8's flags are the process's: the workers too) kept crewAI's peak at ~480 MB for ~17 % more
 * CPU (ClickHouse's: 573 → 402 MB for ~39 % more CPU), measured on a busy 2-core machine. Set
 * once pages are to be parsed: a warm run (no worker) kept V8's growth ran 0.5-1 s of CPU faster.
 */
export function limitCheckHeapGrowth(): void {
	if (checkLimited) return;
	checkLimited = true;
	setFlagsFromString(`--heap-growing-percent=${checkHeapGrowingPercent}`);
}

let checkLimited = false;
