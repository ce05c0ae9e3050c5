import type { PageEntry } from '../docsConfig/navigation';
import { pagePathOf } from '../docsConfig/pageEntries';
import { lowerBound, type SortedPaths } from './pageCandidates';

/**
 * Which pages a navigation lists, and the site's pages it does not list (sorted as the page set),
 * for page-path completion. Each docs.json keystroke makes a new model, and completion asks right
 * after it: on crewAI collecting 23,000 entries' paths and filtering 25,000 pages took ~17 ms of
 * every such request. A navigation that differs from the last one computed for the same page set
 * by a few entries (a keystroke) is derived from it: the changed window of entries is found by
 * comparing the two lists from both ends, and only its paths are counted in or out.
 */
export interface ListedPages {
	/** Whether some entry of the navigation lists the page path. */
	readonly listed: { has(path: string): boolean };
	/** The pages of the set not listed, in its order. */
	readonly unlisted: SortedPaths;
}

/** A changed window longer than this (a paste, a move) is counted in full. */
const maxDerivedEntries = 256;
/** Paths counted on top of a full count before the counts are made whole again (each derivation copies them). */
const maxDelta = 512;

/** How the last answers were made: for tests. */
export const listedStats = { derived: 0, counted: 0 };

/** One navigation's answer and what it was made from, kept to derive the next one. */
export interface ListedPagesDerivation extends ListedPages {
	readonly entries: readonly PageEntry[];
	readonly all: SortedPaths;
	readonly counts: PathCounts;
}

/** Times each page path is listed: a full count and the changes made on top of it since (never modified). */
class PathCounts {
	constructor(
		private readonly base: ReadonlyMap<string, number>,
		private readonly delta: ReadonlyMap<string, number> = new Map(),
	) {}

	count(path: string): number {
		return (this.base.get(path) ?? 0) + (this.delta.get(path) ?? 0);
	}

	has(path: string): boolean {
		return this.count(path) > 0;
	}

	/** These counts with `changes` (path → times more or fewer) applied. */
	with(changes: ReadonlyMap<string, number>): PathCounts {
		const delta = new Map(this.delta);
		for (const [path, by] of changes) delta.set(path, (delta.get(path) ?? 0) + by);
		if (delta.size <= maxDelta) return new PathCounts(this.base, delta);
		const whole = new Map(this.base);
		for (const [path, by] of delta) {
			const count = (whole.get(path) ?? 0) + by;
			if (count > 0) whole.set(path, count);
			else whole.delete(path);
		}
		return new PathCounts(whole);
	}
}

/**
 * The pages `entries` list and those of `all` they do not, derived from `last` (the answer for
 * another navigation of the same page set) when the two navigations differ by a few entries.
 */
export function listedPages(entries: readonly PageEntry[], all: SortedPaths, last: ListedPagesDerivation | undefined): ListedPagesDerivation {
	const window = last?.all === all ? changedWindow(last.entries, entries) : undefined;
	if (!last || !window || window.removed.length + window.added.length > maxDerivedEntries) return countAll(entries, all);
	listedStats.derived++;
	const changes = new Map<string, number>();
	for (const [list, by] of [
		[window.removed, -1],
		[window.added, 1],
	] as const) {
		for (const entry of list) {
			const path = pagePathOf(entry.value);
			if (path !== undefined) changes.set(path, (changes.get(path) ?? 0) + by);
		}
	}
	const counts = last.counts.with(changes);
	let { paths, lower } = last.unlisted;
	for (const path of changes.keys()) {
		const was = last.counts.has(path);
		const is = counts.has(path);
		if (was === is) continue;
		const at = lowerBound(paths, path);
		if (is && paths[at] === path) {
			// Listed now: no longer offered first.
			paths = [...paths.slice(0, at), ...paths.slice(at + 1)];
			lower = [...lower.slice(0, at), ...lower.slice(at + 1)];
		} else if (!is && all.paths[lowerBound(all.paths, path)] === path) {
			// No longer listed, and a page of the set.
			paths = [...paths.slice(0, at), path, ...paths.slice(at)];
			lower = [...lower.slice(0, at), path.toLowerCase(), ...lower.slice(at)];
		}
	}
	return { entries, all, counts, listed: counts, unlisted: { paths, lower } };
}

function countAll(entries: readonly PageEntry[], all: SortedPaths): ListedPagesDerivation {
	listedStats.counted++;
	const base = new Map<string, number>();
	for (const entry of entries) {
		const path = pagePathOf(entry.value);
		if (path !== undefined) base.set(path, (base.get(path) ?? 0) + 1);
	}
	const counts = new PathCounts(base);
	const kept: number[] = [];
	for (let i = 0; i < all.paths.length; i++) if (!base.has(all.paths[i])) kept.push(i);
	return { entries, all, counts, listed: counts, unlisted: { paths: kept.map(i => all.paths[i]), lower: kept.map(i => all.lower[i]) } };
}

/** The entries of `before` and `after` outside their common start and end (same values in the same order). */
function changedWindow(before: readonly PageEntry[], after: readonly PageEntry[]): { removed: readonly PageEntry[]; added: readonly PageEntry[] } {
	let start = 0;
	const shorter = Math.min(before.length, after.length);
	while (start < shorter && before[start].value === after[start].value) start++;
	let end = 0;
	while (end < shorter - start && before[before.length - 1 - end].value === after[after.length - 1 - end].value) end++;
	return { removed: before.slice(start, before.length - end), added: after.slice(start, after.length - end) };
}
