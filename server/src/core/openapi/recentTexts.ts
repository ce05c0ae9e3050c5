/**
 * Values kept for the last texts read (the text is the key), at most 32 of them and 4 million
 * characters together, the newest always: a site's distinct specification texts are few (crewAI:
 * 140 files, 6 texts), and the versions of a large document being edited must not pile up (each
 * key holds its whole text).
 */
export class RecentTexts<T> {
	readonly #entries = new Map<string, T>();
	#characters = 0;

	constructor(
		private readonly maxEntries = 32,
		private readonly maxCharacters = 4_000_000,
	) {}

	get(key: string): T | undefined {
		return this.#entries.get(key);
	}

	set(key: string, value: T): void {
		if (this.#entries.delete(key)) this.#characters -= key.length;
		this.#entries.set(key, value);
		this.#characters += key.length;
		for (const [oldest] of this.#entries) {
			if (this.#entries.size === 1 || (this.#entries.size <= this.maxEntries && this.#characters <= this.maxCharacters)) break;
			this.#entries.delete(oldest);
			this.#characters -= oldest.length;
		}
	}

	get size(): number {
		return this.#entries.size;
	}

	/** Characters held in keys. */
	get characters(): number {
		return this.#characters;
	}
}
