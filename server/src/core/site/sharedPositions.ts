import type { Position } from 'vscode-languageserver-types';

/**
 * One object per position, shared by every page summary that holds it. A loaded crewAI server kept
 * 463,000 `{ line, character }` objects (25 MB, 40 % of the objects on its heap) in the summaries'
 * headings, links, components and findings, most of them equal to another page's (`line 12,
 * character 0`). Every collection of the old generation marks each of them, and a docs.json edit
 * makes one every few keystrokes: fewer objects, shorter marking.
 *
 * Positions are never modified after a summary is made (findings are copied to change them), so
 * sharing them is safe. The table is bounded: past its size, positions are kept as they are.
 */
export class SharedPositions {
	readonly #positions = new Map<number, Position>();

	constructor(private readonly capacity = 200_000) {}

	/**
	 * Replaces, in place, every position object reachable from `value` through plain objects and
	 * arrays with the shared one of the same line and character. For a summary just made: nothing
	 * else holds it yet.
	 */
	share<T>(value: T): T {
		this.#walk(value, 0);
		return value;
	}

	get size(): number {
		return this.#positions.size;
	}

	#walk(value: unknown, depth: number): void {
		// Summaries are shallow (a finding's range's position is four levels down): a bound, not a limit met.
		if (depth > 16 || value === null || typeof value !== 'object') return;
		if (Array.isArray(value)) {
			for (let i = 0; i < value.length; i++) {
				const shared = this.#shared(value[i]);
				if (shared) value[i] = shared;
				else this.#walk(value[i], depth + 1);
			}
			return;
		}
		if (Object.getPrototypeOf(value) !== Object.prototype) return;
		const record = value as Record<string, unknown>;
		for (const key of Object.keys(record)) {
			const shared = this.#shared(record[key]);
			if (shared) record[key] = shared;
			else this.#walk(record[key], depth + 1);
		}
	}

	/** The shared position equal to `value` when it is a position (exactly `line` and `character`, whole numbers). */
	#shared(value: unknown): Position | undefined {
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
		const { line, character } = value as Partial<Position>;
		if (!Number.isInteger(line) || !Number.isInteger(character) || Object.keys(value).length !== 2) return undefined;
		if (line! < 0 || character! < 0 || character! >= 1_000_000) return undefined;
		const key = line! * 1_000_000 + character!;
		const known = this.#positions.get(key);
		if (known) return known;
		if (this.#positions.size >= this.capacity) return undefined;
		this.#positions.set(key, value as Position);
		return value as Position;
	}
}
