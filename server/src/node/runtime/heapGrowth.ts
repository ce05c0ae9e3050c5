import { setFlagsFromString } from 'node:v8';
import { saveCodeCache } from './codeCache';
import { runInNewContext } from 'node:vm';

let limited = false;

/** The growth of the heap allowed once a site is loaded (see limitHeapGrowth). */
export const editHeapGrowingPercent = 30;

/**
 * Once a site is loaded (every page checked), each docs.json keystroke replaces a site model of
 * tens of megabytes. With V8's default (dynamic) heap growth the heap doubles before it is
 * collected: on a 25,000-page site the server grew from 510 MB to 1 GB over 60 edits. Growing by
 * 30 % keeps it flat (crewAI's soak: 349–376 MB over 1,000 edits). Each crewAI edit adds ~15 MB
 * to the old generation (its 2.4 MB text is 4.8 MB as a two-byte string, and its model outlives a
 * scavenge), so the heap is marked every few edits; at 15 % it was marked about twice as often, and
 * an edit cost ~25 % more CPU (101–122 against 135–167 ms, all threads) for ~25 MB less. Not from the start:
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
	// V8 refuses a code cache made under other flags: it is made now or never (see codeCache.ts).
	void saveCodeCache();
	setFlagsFromString(`--heap-growing-percent=${editHeapGrowingPercent}`);
	fullCollection();
}

/**
 * Once a site is loaded, whenever the server has nothing to do: collects the young generation, so
 * the next keystroke's check starts with it empty. crewAI's docs.json check allocates less than the
 * young generation holds (most of them), but it was collected during 35 of 40 edits (a scavenge of 5–14 ms that
 * copied the model being built), because the garbage of the last check and of the re-check of the
 * pages after it filled it; collected while idle (2–8 ms, off every request), 6 of 40.
 */
export function collectYoungGeneration(): void {
	if (limited) v8Collect('minor');
}

/** A full garbage collection. */
function fullCollection(): void {
	v8Collect('major');
}

/** V8's `gc`, which node exposes only with --expose-gc (set once the heap limit is, see codeCache.ts), taken from a fresh context. */
function v8Collect(type: 'major' | 'minor'): void {
	collect ??= (setFlagsFromString('--expose-gc'), runInNewContext('gc') as unknown);
	// gc() is a full collection; of its options, this Node's V8 knows `type: 'minor'` (a scavenge), not 'major'.
	if (typeof collect === 'function') (collect as (options?: { type: 'minor' }) => void)(type === 'minor' ? { type } : undefined);
}

let collect: unknown;

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
	void saveCodeCache();
	setFlagsFromString(`--heap-growing-percent=${checkHeapGrowingPercent}`);
}

let checkLimited = false;
