import { setFlagsFromString } from 'node:v8';

let limited = false;

/**
 * Once a site is loaded (every page checked), each docs.json keystroke replaces a site model of
 * tens of megabytes. With V8's default (dynamic) heap growth the heap doubles before it is
 * collected: on a 25,000-page site the server grew from 510 MB to 1 GB over 60 edits. Growing by
 * 15 % keeps it flat (the bench's soak), at some GC CPU on V8's helper threads. Not from the start:
 * while the pages' summaries pile up during the first check, collecting at every 15 % slowed the
 * edits made meanwhile threefold. The flag is read at every collection, so setting it late applies.
 */
export function limitHeapGrowth(): void {
	if (limited) return;
	limited = true;
	setFlagsFromString('--heap-growing-percent=15');
}
