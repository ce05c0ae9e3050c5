import { constants, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Files MintDoc keeps for itself (its caches), safe from other local users and from repositories:
 * in the user's own cache folder, folders created 0700 (a folder the user named keeps its mode), files written to a fresh temporary file
 * (created exclusively, never through a link) and renamed into place, read only when they are
 * regular files owned by this user. A cache that is a symbolic link, belongs to someone else or
 * cannot be read is ignored: it costs speed, never a wrong answer or a file written elsewhere.
 */

/** The user's cache folder for MintDoc: `$XDG_CACHE_HOME/mintdoc` or `~/.cache/mintdoc` (macOS, Windows: their own). */
export function userCacheDirectory(): string {
	const home = os.homedir();
	if (process.platform === 'win32') return path.join(process.env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'mintdoc', 'Cache');
	if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'mintdoc');
	const xdg = process.env.XDG_CACHE_HOME;
	// The specification asks for an absolute path; anything else is ignored.
	return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.cache'), 'mintdoc');
}

const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;

/** Whether a file system entry (from lstat/fstat) belongs to this user (always true where there are no owners). */
function ours(stat: { uid: number }): boolean {
	return uid === undefined || stat.uid === uid;
}

/**
 * Makes `dir` (and missing parents) as folders only this user can enter, and says whether it may be
 * used: a folder that is a symbolic link or belongs to another user is refused. A folder that exists
 * keeps its mode unless it is MintDoc's own (in the user's cache folder): one the user named
 * (`--cache-location`, or the folder of a file named so: the repository, /tmp) is theirs. Making the
 * folder of `--cache-location /tmp/pages.bin` private made /tmp 0700 (no other user could reach
 * their files). The files need no private folder: each is 0600, created exclusively, never through a
 * link, and read only when it is this user's regular file.
 */
export async function ensurePrivateDirectory(dir: string): Promise<boolean> {
	try {
		// A umask only takes bits away: folders made here are 0700 or less.
		await fs.mkdir(dir, { recursive: true, mode: 0o700 });
		const stat = await fs.lstat(dir);
		if (!stat.isDirectory() || !ours(stat)) return false;
		if (uid !== undefined && (stat.mode & 0o077) !== 0 && isWithin(dir, userCacheDirectory())) await fs.chmod(dir, 0o700);
		return true;
	} catch {
		return false;
	}
}

/** Whether `dir` is `folder` or inside it (both absolute). */
function isWithin(dir: string, folder: string): boolean {
	const relative = path.relative(folder, path.resolve(dir));
	return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** O_NOFOLLOW where the platform has it: opening a symbolic link fails instead of opening its target. */
const noFollow = constants.O_NOFOLLOW ?? 0;

/** The bytes of `file` when it is a regular file of this user (not a link), else undefined. */
export async function readPrivateFile(file: string): Promise<Buffer | undefined> {
	let handle: fs.FileHandle | undefined;
	try {
		handle = await fs.open(file, constants.O_RDONLY | noFollow);
		const stat = await handle.stat();
		if (!stat.isFile() || !ours(stat)) return undefined;
		return await handle.readFile();
	} catch {
		return undefined;
	} finally {
		await handle?.close().catch(() => undefined);
	}
}

/**
 * Writes `data` to `file` in a private folder: a new temporary file beside it (O_EXCL, O_NOFOLLOW,
 * mode 0600) renamed over it, so neither a planted link nor a crash mid-write can do harm (rename
 * replaces a link itself, never its target). Returns whether it was written.
 */
export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<boolean> {
	if (!(await ensurePrivateDirectory(path.dirname(file)))) return false;
	const temporary = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.tmp`;
	let handle: fs.FileHandle | undefined;
	try {
		handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o600);
		await handle.writeFile(data);
		await handle.close();
		handle = undefined;
		await fs.rename(temporary, file);
		return true;
	} catch {
		await handle?.close().catch(() => undefined);
		await fs.rm(temporary, { force: true }).catch(() => undefined);
		return false;
	}
}
