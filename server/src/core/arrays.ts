/**
 * Appends `items` to `target` one by one. `target.push(...items)` passes every item as an argument
 * on the call stack: past ~100,000 items (a docs.json listing 200,000 missing pages) it throws
 * `RangeError: Maximum call stack size exceeded`. test/unit/core/noSpreadArguments.test.ts keeps
 * spread arguments out of push, unshift and splice.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
	for (const item of items) target.push(item);
	return target;
}

/** The largest of `values` (`fallback` when there are none), without spreading them as arguments. */
export function maxOf(values: Iterable<number>, fallback: number): number {
	let max: number | undefined;
	for (const value of values) if (max === undefined || value > max) max = value;
	return max ?? fallback;
}

/** The smallest of `values` (`fallback` when there are none), without spreading them as arguments. */
export function minOf(values: Iterable<number>, fallback: number): number {
	let min: number | undefined;
	for (const value of values) if (min === undefined || value < min) min = value;
	return min ?? fallback;
}
