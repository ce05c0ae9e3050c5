/**
 * Edit distance counting a swap of two neighbours as one edit (optimal string alignment: "pest"
 * is one typo away from "pets"), bounded: returns `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
	if (Math.abs(a.length - b.length) > max) return max + 1;
	let beforePrevious: number[] = [];
	let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		let rowMin = i;
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j], beforePrevious[j - 2] + 1);
			rowMin = Math.min(rowMin, current[j]);
		}
		if (rowMin > max) return max + 1;
		beforePrevious = previous;
		previous = current;
	}
	return previous[b.length];
}

/**
 * The candidate closest to `value`, if it is close enough to be a plausible typo or move
 * (within a third of the length); ties go to the earlier candidate.
 */
export function closestMatch(value: string, candidates: Iterable<string>): string | undefined {
	const max = Math.max(1, Math.floor(value.length / 3));
	let best: string | undefined;
	let bestDistance = max + 1;
	const lower = value.toLowerCase();
	for (const candidate of candidates) {
		const distance = editDistance(lower, candidate.toLowerCase(), bestDistance - 1);
		if (distance < bestDistance) {
			best = candidate;
			bestDistance = distance;
		}
	}
	// Words left out ("install-sdk" for "install-the-sdk"): a candidate holding every word of the value.
	if (best === undefined) {
		const words = lower.split(/[-/_. ]+/).filter(Boolean);
		if (words.length > 1) {
			for (const candidate of candidates) {
				const theirs = candidate.toLowerCase().split(/[-/_. ]+/);
				if (words.every(w => theirs.includes(w))) return candidate;
			}
		}
	}
	// A page moved to another folder keeps its file name: prefer that over a distant typo.
	if (best === undefined) {
		const name = value.split('/').pop()!;
		for (const candidate of candidates) if (candidate.split('/').pop() === name) return candidate;
	}
	return best;
}
