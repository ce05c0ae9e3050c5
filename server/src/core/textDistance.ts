import { buckets, histogram, MatchCandidates } from './matchCandidates';
import { maxOf } from './arrays';

/**
 * Edit distance counting a swap of two neighbours as one edit (optimal string alignment: "pest"
 * is one typo away from "pets"), bounded: returns `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
	if (Math.abs(a.length - b.length) > max) return max + 1;
	// A shared prefix and suffix cost nothing: page paths share their folders, and this keeps the table small.
	let start = 0;
	while (start < a.length && start < b.length && a.charCodeAt(start) === b.charCodeAt(start)) start++;
	let endA = a.length;
	let endB = b.length;
	while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
		endA--;
		endB--;
	}
	// Keep one shared character on each side: a swap across the cut ("ab" ↔ "ba") must still count as one edit.
	if (start > 0) start--;
	a = a.slice(start, Math.min(a.length, endA + 1));
	b = b.slice(start, Math.min(b.length, endB + 1));
	if (a === b) return 0;
	// Three reused rows instead of arrays per row: closest-match searches run this over tens of
	// thousands of page paths on a keystroke. Only the band of cells within `max` of the diagonal is
	// computed (Ukkonen's cut-off): any path through a cell outside it costs more than `max`.
	const width = b.length + 1;
	const band = Number.isFinite(max) ? max : a.length + b.length;
	const outside = band + 1;
	if (rows.length < width * 3) rows = new Int32Array(width * 3 * 2);
	let beforePrevious = 0;
	let previous = width;
	let current = width * 2;
	for (let j = 0; j < width; j++) rows[previous + j] = j <= band ? j : outside;
	for (let i = 1; i <= a.length; i++) {
		const ai = a.charCodeAt(i - 1);
		const lo = Math.max(1, i - band);
		const hi = Math.min(width - 1, i + band);
		rows[current + lo - 1] = lo === 1 && i <= band ? i : outside;
		if (hi + 1 < width) rows[current + hi + 1] = outside;
		let rowMin = rows[current + lo - 1];
		for (let j = lo; j <= hi; j++) {
			const bj = b.charCodeAt(j - 1);
			let value = Math.min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + (ai === bj ? 0 : 1));
			if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) value = Math.min(value, rows[beforePrevious + j - 2] + 1);
			rows[current + j] = value;
			if (value < rowMin) rowMin = value;
		}
		if (rowMin > max) return max + 1;
		const spare = beforePrevious;
		beforePrevious = previous;
		previous = current;
		current = spare;
	}
	return Math.min(rows[previous + b.length], max + 1);
}
let rows = new Int32Array(256);

/**
 * The candidate closest to `value`, if it is close enough to be a plausible typo or move
 * (within a third of the length); ties go to the earlier candidate.
 */
/** Above this many candidates, a path is matched within its top two folders first (see closestMatch). */
const largeCandidateSet = 5_000;

/** Candidate lists passed as arrays, prepared once while the list lives (see MatchCandidates). */
const prepared = new WeakMap<readonly string[], MatchCandidates>();

/**
 * Half the difference of two character histograms: each edit changes it by at most two (a swap not
 * at all), so the edit distance is at least this. Far cheaper than the distance, it rules out most
 * candidates of a large list.
 */
function histogramBound(a: Uint8Array, b: Uint8Array, at: number): number {
	let difference = 0;
	for (let k = 0; k < buckets; k++) difference += Math.abs(a[k] - b[at + k]);
	return Math.ceil(difference / 2);
}

export function closestMatch(value: string, candidates: Iterable<string>): string | undefined {
	const max = Math.max(1, Math.floor(value.length / 3));
	const lower = value.toLowerCase();
	const all = Array.isArray(candidates) ? (candidates as readonly string[]) : [...candidates];
	let list = prepared.get(all);
	if (!list) {
		list = new MatchCandidates(all);
		if (all === candidates) prepared.set(all, list);
	}
	const allLower = list.lower;
	const own = new Uint8Array(buckets);
	histogram(lower, own, 0);
	// On huge sites (tens of thousands of pages across versions and languages) a typo is looked up
	// among the pages of its own top two folders (its language and version), when there are any:
	// a suggestion from another version would be wrong anyway, and the search stays within a keystroke.
	let indices = list.indices;
	const scope = all.length > largeCandidateSet ? lower.split('/').slice(0, 2).join('/') + '/' : '';
	if (scope.length > 2 && lower.indexOf('/') !== lower.lastIndexOf('/')) {
		const scoped = list.under(scope);
		if (scoped.length) indices = scoped;
	}
	// Only lengths within the bound can be within it.
	const near = list.nearLength(indices, lower.length, max);
	// Candidates in the value's own folder usually hold the answer: a first pass over them tightens the
	// bound, so the full pass below (which keeps "ties go to the earlier candidate") skips most others.
	const folder = lower.slice(0, lower.lastIndexOf('/') + 1);
	let bound = max;
	if (folder && near.length > 64) {
		for (const i of near) if (allLower[i].startsWith(folder)) bound = Math.min(bound, editDistance(lower, allLower[i], bound));
	}
	let best: string | undefined;
	let bestDistance = bound + 1;
	for (const i of near) {
		// Lengths or characters further apart than the bound cannot be within it.
		if (Math.abs(allLower[i].length - lower.length) >= bestDistance || histogramBound(own, list.histograms, i * buckets) >= bestDistance) continue;
		const distance = editDistance(lower, allLower[i], bestDistance - 1);
		if (distance < bestDistance) {
			best = all[i];
			bestDistance = distance;
		}
	}
	// Words left out ("install-sdk" for "install-the-sdk"): a candidate holding every word of the value.
	if (best === undefined) {
		const words = lower.split(/[-/_. ]+/).filter(Boolean);
		if (words.length > 1) {
			const longest = maxOf(
				words.map(w => w.length),
				0,
			);
			for (const i of indices) {
				const candidateLower = allLower[i];
				if (candidateLower.length < longest || !words.every(w => candidateLower.includes(w))) continue; // cheap tests before splitting
				const theirs = candidateLower.split(/[-/_. ]+/);
				if (words.every(w => theirs.includes(w))) return all[i];
			}
		}
	}
	// A page moved to another folder keeps its file name: prefer that over a distant typo.
	if (best === undefined) {
		const name = value.split('/').pop()!;
		const inScope = indices === list.indices ? () => true : (i: number) => allLower[i].startsWith(scope);
		const found = list.firstNamed(name, inScope);
		if (found !== undefined) return all[found];
	}
	return best;
}
