import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { deserialize, serialize } from 'node:v8';

/**
 * The file format of MintDoc's caches (pages, OpenAPI documents): a v8 serialization of
 * `{ magic, format, fingerprint, entries }`. A file is trusted only if it is of the expected kind,
 * format and fingerprint and every entry passes `isEntry`; anything else, a corrupt or truncated
 * file or one from another version, is ignored (and replaced at the next save). Writes go to a
 * temporary file renamed into place, so a crash mid-write never leaves half a cache.
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
	let bytes: Buffer;
	try {
		bytes = await fs.readFile(file);
	} catch {
		return { entries: new Map(), state: 'absent' };
	}
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
	const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
	try {
		await fs.mkdir(path.dirname(file), { recursive: true });
		await fs.writeFile(temporary, serialize({ magic: kind, format, fingerprint, entries } satisfies CacheFile<T>));
		await fs.rename(temporary, file);
	} catch {
		// A cache that cannot be written (read-only folder, full disk) only costs speed next time.
		await fs.rm(temporary, { force: true }).catch(() => undefined);
	}
}
