import { createHash } from 'node:crypto';
import { CacheEntries } from './cacheFile';

/**
 * The pages `mintdoc format` found already in the form, by the hash of their text (and the
 * formatter's fingerprint: its version and the worker bundle's code): a page read again with the
 * same text is settled without parsing it. Once a site is formatted, that is nearly every page of
 * every later run — `--check` in CI with the cache folder kept, a pre-commit hook, formatting
 * again after an edit — and parsing is ~85 % of formatting. Only a fact the full formatter
 * established is stored (the page was unchanged, or it is text the formatter wrote and re-read
 * without change), so the cache never lets a page through that formatting would change.
 */
export class FormatCache {
	readonly #entries: CacheEntries<1>;

	constructor(file: string, fingerprint: string) {
		this.#entries = new CacheEntries<1>(file, 'mintdoc-format', fingerprint, (value): value is 1 => value === 1);
	}

	get stats(): { readonly hits: number; readonly misses: number } {
		return this.#entries.stats;
	}

	async isSettled(text: string): Promise<boolean> {
		return (await this.#entries.get(textKey(text))) === 1;
	}

	markSettled(text: string): void {
		this.#entries.set(textKey(text), 1);
	}

	async flush(): Promise<void> {
		await this.#entries.flush();
	}
}

function textKey(text: string): string {
	return createHash('sha256').update(text).digest('base64');
}
