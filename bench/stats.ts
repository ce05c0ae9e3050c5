/** The p-th percentile (nearest rank) of `samples`; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
	if (samples.length === 0) return NaN;
	const sorted = [...samples].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function median(samples: readonly number[]): number {
	return percentile(samples, 50);
}
