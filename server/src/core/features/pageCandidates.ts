/**
 * Which page paths a completion in a `pages` array offers on a huge site, and in what order:
 * matching what is typed (its start first, then anywhere), not listed in the navigation yet first,
 * then nearest the folder of the entries around the cursor, then by path; at most `limit`.
 *
 * A keystroke must not cost work in proportion to the site (25,000 pages on crewAI took 36 ms a
 * request on a busy machine). Page paths are kept sorted once per page set ({@link SortedPaths}):
 * the pages sharing k characters with the neighbours' folder are then one range of that order,
 * found by binary search, so the best-ranked pages are read first and reading stops once the
 * answer is full. Only when the pages that start with what is typed cannot fill the answer is
 * every page read ({@link rankLinearly}, the reference the fast path must equal).
 */

/** Page paths in code-unit order, and the same paths lowercased (for matching what is typed). */
export interface SortedPaths {
	readonly paths: readonly string[];
	readonly lower: readonly string[];
	/** The lowercased paths in their own order: how many start with what is typed is one range of it (a site's pages only). */
	readonly lowerSorted?: readonly string[];
}

export function sortPaths(paths: Iterable<string>): SortedPaths {
	const sorted = [...paths].sort(compare);
	const lower = sorted.map(p => p.toLowerCase());
	return { paths: sorted, lower, lowerSorted: [...lower].sort(compare) };
}

/** What one request asks: the pages listed right here (never offered), those listed anywhere (offered last). */
export interface CandidateQuery {
	readonly listedHere: ReadonlySet<string>;
	readonly listedAnywhere: { has(path: string): boolean };
	/** What is typed, without leading slashes, lowercased. */
	readonly needle: string;
	/** The folder of the entries around the cursor (`v2/guides/`), or ''. */
	readonly folder: string;
	readonly limit: number;
}

/** How many paths the last {@link rankPageCandidates} read: for tests (a request reads a few hundred, not the site). */
export const candidateStats = { visited: 0 };

/**
 * The best `limit` pages for `query` (see the module comment). `unlisted` is `all` without the
 * pages listed anywhere, sorted the same way (kept per navigation by the caller).
 */
export function rankPageCandidates(all: SortedPaths, unlisted: SortedPaths, query: CandidateQuery): string[] {
	candidateStats.visited = 0;
	const { listedHere, listedAnywhere, needle, folder, limit } = query;
	// The walks below offer only pages that start with what is typed: when fewer than `limit` do, they
	// cannot fill the answer, and reading them first doubled the work (crewAI, `"ind` at the first
	// entry: every version's index pages contain it, few start with it; 8 ms a request, 3 now).
	if (needle && all.lowerSorted) {
		const [low, high] = prefixRange(all.lowerSorted, needle);
		if (high - low < limit) return rankLinearly(all, query);
	}
	const depth = Math.min(folder.length, 1000);
	const chosen: string[] = [];
	// Unlisted pages of every folder rank before listed ones; within each, by shared folder.
	const full =
		walkByFolder(unlisted, folder, depth, i => !listedHere.has(unlisted.paths[i]) && unlisted.lower[i].startsWith(needle), chosen, limit) ||
		walkByFolder(all, folder, depth, i => listedAnywhere.has(all.paths[i]) && !listedHere.has(all.paths[i]) && all.lower[i].startsWith(needle), chosen, limit);
	// Too few pages start with what is typed: pages that contain it come next, and only reading every page finds them.
	return full ? chosen : rankLinearly(all, query);
}

/**
 * Appends the pages `accept`ed, by descending number of characters shared with `folder` (at most
 * `depth`), then by path, until `out` holds `limit`; true when it does.
 */
function walkByFolder(sorted: SortedPaths, folder: string, depth: number, accept: (i: number) => boolean, out: string[], limit: number): boolean {
	if (out.length >= limit) return true;
	// The range of the pages sharing at least k + 1 characters, read at the step before.
	let innerLow = 0;
	let innerHigh = 0;
	for (let k = depth; k >= 0; k--) {
		const [low, high] = k === 0 ? [0, sorted.paths.length] : prefixRange(sorted.paths, folder.slice(0, k));
		for (let i = low; i < high; i++) {
			if (i === innerLow && innerLow < innerHigh) {
				i = innerHigh - 1;
				continue;
			}
			candidateStats.visited++;
			if (!accept(i)) continue;
			out.push(sorted.paths[i]);
			if (out.length >= limit) return true;
		}
		if (low < high) [innerLow, innerHigh] = [low, high];
	}
	return false;
}

/** The range of `sorted` starting with `prefix`. */
function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
	const low = lowerBound(sorted, prefix);
	let high = low;
	// Doubling, then binary search: the range is usually small next to the site.
	let step = 1;
	while (high + step <= sorted.length && sorted[high + step - 1].startsWith(prefix)) {
		high += step;
		step *= 2;
	}
	let end = Math.min(sorted.length, high + step);
	while (high < end) {
		const middle = (high + end) >> 1;
		if (sorted[middle].startsWith(prefix)) high = middle + 1;
		else end = middle;
	}
	return [low, high];
}

/** The first index of `sorted` (code-unit order) not before `value`. */
export function lowerBound(sorted: readonly string[], value: string): number {
	let low = 0;
	let high = sorted.length;
	while (low < high) {
		const middle = (low + high) >> 1;
		if (sorted[middle] < value) low = middle + 1;
		else high = middle;
	}
	return low;
}

/**
 * The same answer read from every page: ranked by (matches the start of the path, is unlisted,
 * shares most of the folder), then by path. Few distinct ranks: pages go to buckets, and only the
 * buckets that fill the answer are sorted.
 */
export function rankLinearly(all: SortedPaths, query: CandidateQuery): string[] {
	const { listedHere, listedAnywhere, needle, folder, limit } = query;
	const { paths, lower: lowered } = all;
	const depth = Math.min(folder.length, 1000);
	const shared = (path: string) => {
		let n = 0;
		while (n < folder.length && n < path.length && folder[n] === path[n]) n++;
		return n;
	};
	const buckets: number[][] = [];
	for (let i = 0; i < paths.length; i++) {
		const path = paths[i];
		candidateStats.visited++;
		if (listedHere.has(path)) continue;
		const lower = lowered[i];
		const match = needle === '' || lower.startsWith(needle) ? 0 : lower.includes(needle) ? 1 : -1;
		if (match < 0) continue;
		const rank = (match * 2 + (listedAnywhere.has(path) ? 1 : 0)) * (depth + 1) + (depth - Math.min(depth, shared(path)));
		(buckets[rank] ??= []).push(i);
	}
	const chosen: string[] = [];
	for (const bucket of buckets) {
		if (!bucket) continue;
		const names = bucket.map(i => paths[i]).sort(compare);
		for (const name of names) {
			if (chosen.length === limit) return chosen;
			chosen.push(name);
		}
	}
	return chosen;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
