import { EditMap } from 'micromark-util-edit-map';

/**
 * micromark batches its changes to a list of events in an `EditMap` and applies them with
 * `consume(events)`. The package's `consume` (micromark-util-edit-map 1.0.0) rebuilds the whole
 * list: it copies the events before the first change out and pushes them back. micromark's
 * document tokenizer calls it on the whole document's event list each time a container closes its
 * flow (`documentContinue`) or a lazy line ends one (`writeToChild`), with the changes a few events
 * from the end, so a page pays for all its earlier events once per such line: quadratic (issue 51:
 * 8,000 lines of `- > x`, 48 KB, took 90 s; with this `consume`, 2.5 s).
 *
 * This `consume` leaves the events before the first change where they are and rebuilds only from
 * there: linear in what follows the first change. The list it leaves is the same, element for
 * element (`test/unit/core/mdx/linearEditMap.test.ts` compares the trees and the event lists).
 * Changes at an index outside the list (the original pads it with holes, or throws) are left to
 * the original, so even those behave identically.
 */

/** `[index, remove, add]`, as the package keeps them. */
type Change = [number, number, unknown[]];
interface EditMapInternals {
	map: Change[];
	index: Map<number, Change>;
}
type Consume = (this: EditMap, events: unknown[]) => undefined;

const prototype = EditMap.prototype as unknown as { consume: Consume };
/** The package's own `consume`, kept for the edge cases and for the tests that compare the two. */
export const originalConsume: Consume = prototype.consume;

/** The same edits as `originalConsume`, without moving the events before the first change. */
export function linearConsume(this: EditMap, events: unknown[]): undefined {
	const self = this as unknown as EditMapInternals;
	const map = self.map;
	map.sort((a, b) => a[0] - b[0]);
	if (map.length === 0) return undefined;
	const length = events.length;
	for (const [at, remove] of map) {
		if (!Number.isInteger(at) || at < 0 || at > length || !Number.isInteger(remove) || remove < 0) return originalConsume.call(this, events);
	}
	const first = map[0][0];
	const rest = events.slice(first);
	events.length = first;
	for (let i = 0; i < map.length; i++) {
		const [at, remove, add] = map[i];
		// A loop, not `push(...add)`: an add can be larger than the stack allows as arguments.
		for (const event of add) events.push(event);
		// What follows this change up to the next one (or the end); nothing when a removal reaches past it.
		const end = i + 1 < map.length ? map[i + 1][0] : length;
		for (let k = at + remove; k < end; k++) events.push(rest[k - first]);
	}
	map.length = 0;
	self.index.clear();
	return undefined;
}

/** Installs `linearConsume` on micromark's `EditMap` (once per process; the parser module calls it before its first parse). */
export function installLinearEditMap(): void {
	prototype.consume = linearConsume;
}
