import { deserialize, serialize } from 'node:v8';
import { readPrivateFile, writePrivateFile } from './privateFiles';

/**
 * The file format of MintDoc's caches (pages, OpenAPI documents): a v8 serialization of
 * `{ magic, format, fingerprint, entries }`. A file is trusted only if it is of the expected kind,
 * format and fingerprint and every entry passes `isEntry`; anything else, a corrupt or truncated
 * file or one from another version, is ignored (and replaced at the next save); so is a file that
 * is a symbolic link or not this user's. Writes go to a private temporary file renamed into place,
 * so a crash mid-write never leaves half a cache (see privateFiles.ts).
 */
const format = 1;

interface CacheFile<T> {
	readonly magic: string;
	readonly format: number;
	readonly fingerprint: string;
	readonly entries: Map<string, T>;
}

export type CacheFileState = 'absent' | 'ignored' | 'used';

export async function readCacheFile<T>(
	file: string,
	kind: string,
	fingerprint: string,
	isEntry: (value: unknown) => value is T,
): Promise<{ entries: Map<string, T>; state: CacheFileState }> {
	// Only a regular file of this user, never through a link (see privateFiles.ts).
	const bytes = await readPrivateFile(file);
	if (bytes === undefined) return { entries: new Map(), state: 'absent' };
	try {
		const data = deserialize(bytes) as Partial<CacheFile<unknown>> | null;
		if (!data || data.magic !== kind || data.format !== format || data.fingerprint !== fingerprint || !(data.entries instanceof Map))
			return { entries: new Map(), state: 'ignored' };
		for (const [key, value] of data.entries) if (typeof key !== 'string' || !isEntry(value)) return { entries: new Map(), state: 'ignored' };
		return { entries: data.entries as Map<string, T>, state: 'used' };
	} catch {
		// Truncated, corrupt or not a serialization at all.
		return { entries: new Map(), state: 'ignored' };
	}
}

export async function writeCacheFile<T>(file: string, kind: string, fingerprint: string, entries: Map<string, T>): Promise<void> {
	// A cache that cannot be written (read-only folder, full disk, a folder not ours) only costs speed next time.
	await writePrivateFile(file, serialize({ magic: kind, format, fingerprint, entries } satisfies CacheFile<T>));
}

/**
 * The entries of one cache file during a run: read once on first use, then the entries this run
 * used or made are what the next flush writes (so entries of pages since deleted or edited drop
 * out). A flush that would write back exactly what was read is skipped. Counts hits and misses.
 */
export class CacheEntries<T> {
	readonly stats: { hits: number; misses: number; loaded: CacheFileState | 'not yet' } = { hits: 0, misses: 0, loaded: 'not yet' };
	#stored: Promise<Map<string, T>> | undefined;
	#used = new Map<string, T>();
	#loadedCount = 0;
	#changed = false;

	constructor(
		readonly file: string,
		private readonly kind: string,
		private readonly fingerprint: string,
		private readonly isEntry: (value: unknown) => value is T,
	) {}

	/** The entry for `key`, from this run or the file (then kept for the next flush); counts a hit or a miss. */
	async get(key: string): Promise<T | undefined> {
		const value = this.#used.get(key) ?? (await this.#load()).get(key);
		if (value === undefined) this.stats.misses++;
		else {
			this.stats.hits++;
			this.#used.set(key, value);
		}
		return value;
	}

	set(key: string, value: T): void {
		// A key given another value (a file's entry after it changed) is a change to write, like a miss.
		if (this.#used.has(key) && this.#used.get(key) !== value) this.#changed = true;
		this.#used.set(key, value);
	}

	/** Forgets `key` for the next flush (an entry found stale). */
	delete(key: string): void {
		if (this.#used.delete(key)) this.#changed = true;
	}

	/** Writes what this run used and made (unless that is exactly the file's content), releases it, and starts the counts again. */
	async flush(): Promise<{ hits: number; misses: number; written: number } | undefined> {
		const entries = this.#used;
		const { hits, misses } = this.stats;
		const unchanged = misses === 0 && !this.#changed && entries.size === this.#loadedCount;
		this.#used = new Map();
		this.#changed = false;
		this.#stored = undefined;
		this.stats.hits = this.stats.misses = 0;
		if (entries.size === 0 || unchanged) return undefined;
		await writeCacheFile(this.file, this.kind, this.fingerprint, entries);
		return { hits, misses, written: entries.size };
	}

	#load(): Promise<Map<string, T>> {
		return (this.#stored ??= readCacheFile(this.file, this.kind, this.fingerprint, this.isEntry).then(result => {
			this.stats.loaded = result.state;
			this.#loadedCount = result.entries.size;
			return result.entries;
		}));
	}
}
