/**
 * A list of candidate names (a site's page paths) prepared for {@link closestMatch}: lower-cased
 * copies, character histograms, and indexes by length, by leading folders and by last segment.
 * Kept while the list lives: a site's page paths are asked on every keystroke that leaves an entry
 * broken, each time with a new value, so per-query scans of crewAI's 25,000 paths (2.5–8 ms, up to
 * 15 ms on a busy server) were the slow tail of its docs.json edits.
 */
export class MatchCandidates {
	readonly lower: readonly string[];
	/** Per candidate, `buckets` counts of its characters (by code modulo 32), saturating at 255. */
	readonly histograms: Uint8Array;
	/** Candidate indices by length, each list ascending. */
	readonly #byLength = new Map<number, number[]>();
	/** Candidate indices by the last segment of their path as written, each list ascending (built on first use). */
	#byName: Map<string, number[]> | undefined;
	/** Candidate indices under a folder prefix (lower case, ending in '/'), ascending; a few hundred prefixes at most. */
	readonly #byPrefix = new Map<string, readonly number[]>();

	constructor(readonly all: readonly string[]) {
		this.lower = all.map(c => c.toLowerCase());
		this.histograms = new Uint8Array(all.length * buckets);
		this.lower.forEach((c, i) => {
			histogram(c, this.histograms, i * buckets);
			let list = this.#byLength.get(c.length);
			if (!list) this.#byLength.set(c.length, (list = []));
			list.push(i);
		});
	}

	/** Every candidate index, ascending. */
	get indices(): readonly number[] {
		return (this.#allIndices ??= this.all.map((_, i) => i));
	}
	#allIndices: number[] | undefined;

	/** Indices of candidates whose lower-case text starts with `prefix`, ascending. */
	under(prefix: string): readonly number[] {
		let found = this.#byPrefix.get(prefix);
		if (found === undefined) {
			const list: number[] = [];
			for (let i = 0; i < this.lower.length; i++) if (this.lower[i].startsWith(prefix)) list.push(i);
			found = list;
			// Prefixes come from typed values: bounded, so a long session's typos do not pile up.
			if (this.#byPrefix.size >= 256) this.#byPrefix.clear();
			this.#byPrefix.set(prefix, found);
		}
		return found;
	}

	/**
	 * The indices among `within` (ascending) whose length is within `distance` of `length`, ascending.
	 * For the whole list, gathered from the length index instead of a scan.
	 */
	nearLength(within: readonly number[], length: number, distance: number): readonly number[] {
		if (within !== this.#allIndices) return within.filter(i => Math.abs(this.lower[i].length - length) <= distance);
		const lists: number[][] = [];
		for (let l = Math.max(0, length - distance); l <= length + distance; l++) {
			const list = this.#byLength.get(l);
			if (list) lists.push(list);
		}
		return lists.length === 1 ? lists[0] : lists.flat().sort((a, b) => a - b);
	}

	/** The first index among those `accept`s whose path ends in the segment `name` (or is `name`). */
	firstNamed(name: string, accept: (index: number) => boolean): number | undefined {
		if (!this.#byName) {
			this.#byName = new Map();
			this.all.forEach((c, i) => {
				const segment = c.slice(c.lastIndexOf('/') + 1);
				let list = this.#byName!.get(segment);
				if (!list) this.#byName!.set(segment, (list = []));
				list.push(i);
			});
		}
		return this.#byName.get(name)?.find(accept);
	}
}

export const buckets = 32;

export function histogram(text: string, into: Uint8Array, at: number): void {
	for (let k = 0; k < text.length; k++) {
		const slot = at + (text.charCodeAt(k) & (buckets - 1));
		if (into[slot] < 255) into[slot]++;
	}
}
