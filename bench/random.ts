/** A small seeded PRNG (mulberry32): the bench's sites are the same on every machine and every run. */
export interface Random {
	/** In [0, 1). */
	next(): number;
	int(maxExclusive: number): number;
	pick<T>(items: readonly T[]): T;
	/** An independent stream derived from this one (so adding output in one place does not shift another). */
	fork(): Random;
}

export function createRandom(seed: number): Random {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const random: Random = {
		next,
		int: max => Math.floor(next() * max),
		pick: items => items[Math.floor(next() * items.length)],
		fork: () => createRandom(Math.floor(next() * 2 ** 32)),
	};
	return random;
}
