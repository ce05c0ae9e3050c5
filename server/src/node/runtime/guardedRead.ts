import { closeSync, constants, fstatSync, openSync, promises as fs, readlinkSync, readSync, realpathSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { limits } from '../../core/textGuards';

/**
 * The one way MintDoc reads a file of a repository (pages, snippets, OpenAPI documents, `$ref`
 * targets, docs.json, mintdoc.json, ignore files), in the CLI, the language server, the preview and
 * the MCP server. eslint.config.mjs forbids `fs` reads everywhere else.
 *
 * A repository may be written to hurt whoever checks it. A page linked to `/dev/zero` or
 * `/dev/urandom` never ends (its `stat` says size 0), one linked to `/dev/stdin` or a FIFO blocks,
 * one linked to `~/.ssh/id_rsa` would be quoted back in findings and shown by the preview. So a file
 * is opened without blocking (O_NONBLOCK: a FIFO opens at once), its handle (not its path, which a
 * link could change meanwhile) is asked whether it is a regular file and where it really is, and it
 * is read to the size cap at most, whatever `stat` said: a file growing while it is read stops there.
 */

/** Why a file was not read. */
export type RefusedReason =
	/** A device, FIFO, socket or folder: not text a site can hold, and reading one may never end. */
	| 'not-a-file'
	/** Its real path (links resolved) is outside every folder the reader may read. */
	| 'outside';

/** What a guarded read found; undefined from the readers means missing or unreadable. */
export type GuardedRead =
	| { readonly kind: 'read'; readonly bytes: Buffer }
	/** Larger than the cap: only the first bytes (where a finding goes) and the size seen. */
	| { readonly kind: 'oversized'; readonly head: Buffer; readonly size: number }
	| { readonly kind: 'refused'; readonly reason: RefusedReason };

export interface GuardOptions {
	/**
	 * Real paths (see {@link realFolders}) of the folders the file must really be in. Undefined: no
	 * such check, for a file the user named on the command line (`--config`, `generate spec.yaml`).
	 */
	readonly inside?: readonly string[];
	/** Bytes read at most (default: limits.maxFileChars); a larger file is `oversized`. */
	readonly maxBytes?: number;
	/** Bytes of an oversized file kept (default 4 KB: its first line, where the finding goes). */
	readonly headBytes?: number;
}

/** Opening never waits for a FIFO's writer or a terminal; no controlling terminal is taken either. */
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

const defaultHeadBytes = 4096;

/** The real paths of `folders` (file system paths), the ones that exist: what {@link GuardOptions.inside} takes. */
export function realFolders(folders: readonly string[]): string[] {
	const real: string[] = [];
	for (const folder of folders)
		try {
			real.push(realpathSync.native(folder));
		} catch {
			// A folder gone holds nothing to read.
		}
	return real;
}

/** Whether the real path `real` is one of `folders` or below one (a path prefix, not a string prefix). */
export function isInside(real: string, folders: readonly string[]): boolean {
	return folders.some(f => real === f || real.startsWith(f.endsWith(path.sep) ? f : f + path.sep));
}

/** {@link readGuarded} on the calling thread (the CLI reads pages so: see FsWorkspaceOptions.synchronousReads). */
export function readGuardedSync(file: string, options: GuardOptions = {}): GuardedRead | undefined {
	let fd: number | undefined;
	try {
		try {
			fd = openSync(file, openFlags);
		} catch {
			return refusedUnopened(file);
		}
		const stat = fstatSync(fd);
		if (!stat.isFile()) return { kind: 'refused', reason: 'not-a-file' };
		if (options.inside && !isInside(realPathOf(fd, file), options.inside)) return { kind: 'refused', reason: 'outside' };
		const handle = fd;
		return readCapped(stat.size, options, (buffer, offset, length, position) => readSync(handle, buffer, offset, length, position));
	} catch {
		return undefined;
	} finally {
		if (fd !== undefined)
			try {
				closeSync(fd);
			} catch {
				// Closing a file only read cannot lose data.
			}
	}
}

/** Reads `file` guarded: a regular file, really inside `options.inside`, to the cap at most. */
export async function readGuarded(file: string, options: GuardOptions = {}): Promise<GuardedRead | undefined> {
	let handle: fs.FileHandle | undefined;
	try {
		try {
			handle = await fs.open(file, openFlags);
		} catch {
			return refusedUnopened(file);
		}
		const stat = await handle.stat();
		if (!stat.isFile()) return { kind: 'refused', reason: 'not-a-file' };
		if (options.inside && !isInside(realPathOf(handle.fd, file), options.inside)) return { kind: 'refused', reason: 'outside' };
		const open = handle;
		return await readCappedAsync(stat.size, options, async (buffer, offset, length, position) => (await open.read(buffer, offset, length, position)).bytesRead);
	} catch {
		return undefined;
	} finally {
		await handle?.close().catch(() => undefined);
	}
}

/**
 * A file that would not open: a socket (`/dev/stdin` of a process started by Node is one) or a
 * device without a driver answers ENXIO, and is refused like any file that is not regular; a missing
 * or unreadable regular file is undefined, as before. `stat` on a path never blocks.
 */
function refusedUnopened(file: string): GuardedRead | undefined {
	try {
		return statSync(file).isFile() ? undefined : { kind: 'refused', reason: 'not-a-file' };
	} catch {
		// Gone, or a link that dangles: nothing to say but that it cannot be read.
		return undefined;
	}
}

/** The text of a guarded read that read the whole file, else undefined (refused, oversized, missing). */
export function guardedText(read: GuardedRead | undefined): string | undefined {
	return read?.kind === 'read' ? read.bytes.toString('utf8') : undefined;
}

/**
 * Where an open file really is. Linux names it under /proc/self/fd (the file opened, even if the
 * path was changed since); elsewhere the path is resolved again.
 */
function realPathOf(fd: number, file: string): string {
	try {
		const real = readlinkSync(`/proc/self/fd/${fd}`);
		if (path.isAbsolute(real)) return real;
	} catch {
		// No /proc (macOS, Windows, a sandbox): resolve the path instead.
	}
	return realpathSync.native(file);
}

/** A read the plan below asks for: into `buffer` at `offset`, `length` bytes from `position` of the file. */
type ReadRequest = readonly [buffer: Buffer, offset: number, length: number, position: number];

/**
 * Reads from the start up to the cap and one byte more (so "more than the cap" is seen without
 * reading it all), as a plan of reads: the synchronous and the asynchronous reader run the same one.
 */
function* cappedReads(size: number, options: GuardOptions): Generator<ReadRequest, GuardedRead, number> {
	const max = options.maxBytes ?? limits.maxFileChars;
	const headBytes = options.headBytes ?? defaultHeadBytes;
	if (size > max) {
		const head = Buffer.alloc(Math.min(headBytes, size));
		return { kind: 'oversized', head: head.subarray(0, yield [head, 0, head.length, 0]), size };
	}
	// One byte more than `stat` said: the read that finds the end needs no second buffer.
	let buffer = Buffer.allocUnsafe(Math.min(Math.max(size + 1, 1024), max + 1));
	let filled = 0;
	for (;;) {
		if (filled === buffer.length) {
			if (filled > max) break;
			const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, max + 1));
			buffer.copy(grown, 0, 0, filled);
			buffer = grown;
		}
		const n: number = yield [buffer, filled, buffer.length - filled, filled];
		if (n === 0) break;
		filled += n;
	}
	if (filled > max) return { kind: 'oversized', head: Buffer.from(buffer.subarray(0, Math.min(headBytes, filled))), size: filled };
	return { kind: 'read', bytes: buffer.subarray(0, filled) };
}

function readCapped(size: number, options: GuardOptions, read: (...request: ReadRequest) => number): GuardedRead {
	const plan = cappedReads(size, options);
	for (let step = plan.next(); ;) {
		if (step.done) return step.value;
		step = plan.next(read(...step.value));
	}
}

async function readCappedAsync(size: number, options: GuardOptions, read: (...request: ReadRequest) => Promise<number>): Promise<GuardedRead> {
	const plan = cappedReads(size, options);
	for (let step = plan.next(); ;) {
		if (step.done) return step.value;
		step = plan.next(await read(...step.value));
	}
}
