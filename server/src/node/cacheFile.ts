import { deserialize, serialize } from 'node:v8';
import { readPrivateFile, writePrivateFile } from './privateFiles';

/**
 * The file format of MintDoc's caches (pages, OpenAPI documents): parts, each a 4-byte length and a
 * v8 serialization — first `{ magic, format, fingerprint, count }`, then the entries as
 * `[key, serialized value]` pairs in groups of at most {@link entriesPerPart}. A file is trusted only if it is
 * of the expected kind, format and fingerprint, holds exactly `count` entries and every entry passes
 * `isEntry`; anything else, a corrupt or truncated file or one from another version, is ignored
 * (and replaced at the next save); so is a file that is a symbolic link or not this user's. Writes
 * go to a private temporary file renamed into place, so a crash mid-write never leaves half a cache
 * (see privateFiles.ts).
 *
 * Why parts: one serialization of crewAI's 25,000 page summaries was a 33 MB buffer grown by
 * doubling inside V8 and then copied — ~100 MB more for a moment, at the end of a check that was
 * already at its peak (a first `mintdoc check` of that site peaked at 440–600 MB). Written a group
 * at a time, only one group's buffer exists at once.
 */
const format = 2;

/** Entries serialized together: a few MB of page summaries. */
export const entriesPerPart = 1_000;

interface CacheHeader {
	readonly magic: string;
	readonly format: number;
	readonly fingerprint: string;
	readonly count: number;
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
	const ignored = { entries: new Map<string, T>(), state: 'ignored' as const };
	try {
		const parts = splitParts(bytes);
		const header = parts.length ? (deserialize(parts[0]) as Partial<CacheHeader> | null) : null;
		if (!header || header.magic !== kind || header.format !== format || header.fingerprint !== fingerprint || typeof header.count !== 'number') return ignored;
		const entries = new Map<string, T>();
		for (const part of parts.slice(1)) {
			const pairs = deserialize(part) as unknown;
			if (!Array.isArray(pairs)) return ignored;
			for (const pair of pairs as unknown[]) {
				if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || !(pair[1] instanceof Uint8Array)) return ignored;
				const value = deserialize(pair[1]) as unknown;
				if (!isEntry(value)) return ignored;
				entries.set(pair[0], value);
			}
		}
		return entries.size === header.count ? { entries, state: 'used' } : ignored;
	} catch {
		// Truncated, corrupt or not a serialization at all.
		return ignored;
	}
}

export async function writeCacheFile<T>(file: string, kind: string, fingerprint: string, entries: ReadonlyMap<string, T | Packed>): Promise<void> {
	// A cache that cannot be written (read-only folder, full disk, a folder not ours) only costs speed next time.
	await writePrivateFile(file, cacheParts({ magic: kind, format, fingerprint, count: entries.size }, entries));
}

/** An entry kept as its serialization until it is written (see CacheEntries' `pack`). */
export class Packed {
	constructor(readonly bytes: Uint8Array) {}
}

/** The parts of a cache file, each made when the writer asks for it. */
function* cacheParts<T>(header: CacheHeader, entries: ReadonlyMap<string, T | Packed>): Generator<Uint8Array> {
	yield framed(serialize(header));
	let group: [string, Uint8Array][] = [];
	for (const [key, value] of entries) {
		group.push([key, value instanceof Packed ? value.bytes : serialize(value)]);
		if (group.length < entriesPerPart) continue;
		yield framed(serialize(group));
		group = [];
	}
	if (group.length) yield framed(serialize(group));
}

function framed(data: Buffer): Uint8Array {
	const length = Buffer.alloc(4);
	length.writeUInt32LE(data.length);
	return Buffer.concat([length, data]);
}

/** The parts of a file (views into its bytes); throws when a part runs past the end. */
function splitParts(bytes: Buffer): Buffer[] {
	const parts: Buffer[] = [];
	for (let at = 0; at < bytes.length;) {
		if (at + 4 > bytes.length) throw new Error('truncated cache file');
		const length = bytes.readUInt32LE(at);
		if (at + 4 + length > bytes.length) throw new Error('truncated cache file');
		parts.push(bytes.subarray(at + 4, at + 4 + length));
		at += 4 + length;
	}
	return parts;
}

/**
 * The entries of one cache file during a run: read once on first use, then the entries this run
 * used or made are what the next flush writes (so entries of pages since deleted or edited drop
 * out). A flush that would write back exactly what was read is skipped. Counts hits and misses.
 */
export class CacheEntries<T> {
	readonly stats: { hits: number; misses: number; loaded: CacheFileState | 'not yet' } = { hits: 0, misses: 0, loaded: 'not yet' };
	#stored: Promise<Map<string, T>> | undefined;
	#used = new Map<string, T | Packed>();
	#loadedCount = 0;
	#changed = false;

	constructor(
		readonly file: string,
		private readonly kind: string,
		private readonly fingerprint: string,
		private readonly isEntry: (value: unknown) => value is T,
		/**
		 * Keep each new entry as its serialization until the flush, not as the object given: for one
		 * `mintdoc check`, whose checks keep a slimmer copy of each summary. crewAI's 25,000 whole
		 * summaries were held to the end for the file (a first check peaked at 440–600 MB); serialized,
		 * they are ~35 MB. Not for the language server, whose caches compare entries by identity.
		 */
		private readonly pack = false,
	) {}

	/** The entry for `key`, from this run or the file (then kept for the next flush); counts a hit or a miss. */
	async get(key: string): Promise<T | undefined> {
		const found = this.#used.get(key) ?? (await this.#load()).get(key);
		if (found === undefined) {
			this.stats.misses++;
			return undefined;
		}
		this.stats.hits++;
		this.#used.set(key, found);
		return found instanceof Packed ? (deserialize(found.bytes) as T) : found;
	}

	set(key: string, value: T): void {
		// A key given another value (a file's entry after it changed) is a change to write, like a miss.
		if (this.#used.has(key) && this.#used.get(key) !== value) this.#changed = true;
		this.#used.set(key, this.pack ? new Packed(serialize(value)) : value);
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
