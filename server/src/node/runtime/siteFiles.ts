import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * Writing into a site MintDoc did not make (`mintdoc upgrade`, `mintdoc generate`, `mintdoc
 * format`): a repository may hold a `docs.json` or a page that is a symbolic link (even a dangling
 * one) to a file of yours outside the site, or a folder that is a link. A file is written only at a
 * path inside the site, through no link at any level, and never replaces a link; a page is replaced
 * by renaming a complete new file over it, never truncated in place, and only while it still holds
 * what was read.
 */
export class UnsafeWriteError extends Error {
	constructor(
		message: string,
		readonly code?: 'EEXIST',
	) {
		super(message);
	}
}

const noFollow = constants.O_NOFOLLOW ?? 0;

/** `file` resolved under `root`, refused when it is the root itself or outside it. */
function inside(root: string, file: string): { base: string; target: string; relative: string } {
	const base = path.resolve(root);
	const target = path.resolve(base, file);
	const relative = path.relative(base, target);
	if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) throw new UnsafeWriteError(`'${file}' is outside the site: not written`);
	return { base, target, relative };
}

/** Whether `file` is strictly below `folder` (by path; links are {@link linkOnTheWay}'s concern). */
export function isInside(folder: string, file: string): boolean {
	const relative = path.relative(path.resolve(folder), path.resolve(file));
	return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * The first symbolic link on the way from `root` down to `target` (`target` included), as a path
 * relative to `root`, or undefined when there is none. Levels that do not exist end the search:
 * nothing below a missing folder can be a link yet.
 */
export async function linkOnTheWay(root: string, target: string): Promise<string | undefined> {
	const base = path.resolve(root);
	const relative = path.relative(base, path.resolve(base, target));
	let at = base;
	for (const part of relative.split(path.sep).filter(p => p && p !== '.')) {
		at = path.join(at, part);
		const stat = await fs.lstat(at).catch(() => undefined);
		if (!stat) return undefined;
		if (stat.isSymbolicLink()) return path.relative(base, at);
	}
	return undefined;
}

/**
 * Creates `folder` under `root` and the folders between, none of which may be a link or a file.
 * Every existing level is checked before anything is made, so a path through a link that leaves
 * the site creates nothing, there or here.
 */
export async function makeSiteFolder(root: string, folder: string): Promise<void> {
	const base = path.resolve(root);
	const relative = path.relative(base, path.resolve(base, folder));
	if (relative.startsWith('..') || path.isAbsolute(relative)) throw new UnsafeWriteError(`'${folder}' is outside the site: not written`);
	const levels: string[] = [];
	let at = base;
	for (const part of relative.split(path.sep).filter(p => p && p !== '.')) levels.push((at = path.join(at, part)));
	let missing = levels.length;
	for (const [i, level] of levels.entries()) {
		const stat = await fs.lstat(level).catch(() => undefined);
		if (!stat) {
			missing = i;
			break;
		}
		if (stat.isSymbolicLink()) throw new UnsafeWriteError(`'${path.relative(base, level)}' is a symbolic link: nothing is written through it`);
		if (!stat.isDirectory()) throw new UnsafeWriteError(`'${path.relative(base, level)}' is not a folder`);
	}
	// Made one at a time, not `recursive`: a folder planted meanwhile fails the mkdir instead of being used.
	for (const level of levels.slice(missing)) await fs.mkdir(level);
}

/** Writes `data` to `file` under `root` (see above); `overwrite: false` never replaces an existing file (code EEXIST). */
export async function writeSiteFile(root: string, file: string, data: string, { overwrite }: { overwrite: boolean }): Promise<void> {
	const { base, target, relative } = inside(root, file);
	await makeSiteFolder(base, path.dirname(target));
	const existing = await fs.lstat(target).catch(() => undefined);
	if (existing?.isSymbolicLink()) throw new UnsafeWriteError(`'${relative}' is a symbolic link: not written through (it may lead outside the site)`);
	if (existing && !existing.isFile()) throw new UnsafeWriteError(`'${relative}' is not a file`);
	if (existing && !overwrite) throw new UnsafeWriteError(`'${relative}' exists`, 'EEXIST');
	if (!overwrite) {
		// O_EXCL: a file (or link) created meanwhile is never replaced or followed.
		const handle = await fs.open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o666).catch((e: NodeJS.ErrnoException) => {
			throw e.code === 'EEXIST' ? new UnsafeWriteError(`'${relative}' exists`, 'EEXIST') : e;
		});
		try {
			await handle.writeFile(data);
		} finally {
			await handle.close();
		}
		return;
	}
	// Replacing: a new file renamed over the old one (a link planted meanwhile is replaced, not followed).
	const temporary = await writeTemporary(target, data, existing ? existing.mode & 0o7777 : undefined);
	await fs.rename(temporary, target).catch(async (e: unknown) => {
		await fs.rm(temporary, { force: true });
		throw e;
	});
}

/** What {@link replaceSitePage} did. */
export type ReplaceOutcome = 'written' | 'changedSinceRead';

/**
 * Replaces an existing page under `root` with `data`: a complete new file (the page's permissions
 * kept) is written beside it and renamed over it, so a reader never sees half a page and an
 * interrupted run leaves the old one whole. Just before the rename the page is read again and
 * handed to `unchanged`; when that says the page is no longer what the caller read (an editor saved
 * it while a long run was under way), nothing is written and `changedSinceRead` comes back. What is
 * left is the instant between that read and the rename, not the whole run. A page that is (or has
 * become) a link, or is reached through a linked folder, is refused with {@link UnsafeWriteError}.
 */
export async function replaceSitePage(root: string, file: string, data: string, unchanged: (current: string) => boolean): Promise<ReplaceOutcome> {
	const { base, target, relative } = inside(root, file);
	const link = await linkOnTheWay(base, target);
	if (link !== undefined) throw new UnsafeWriteError(`'${link}' is a symbolic link: not written through (it may lead outside the site)`);
	const existing = await fs.lstat(target).catch(() => undefined);
	if (!existing?.isFile()) throw new UnsafeWriteError(`'${relative}' is not a file`);
	const temporary = await writeTemporary(target, data, existing.mode & 0o7777);
	try {
		const current = await readRegularFile(target);
		if (current === undefined || !unchanged(current)) {
			await fs.rm(temporary, { force: true });
			return 'changedSinceRead';
		}
		await fs.rename(temporary, target);
	} catch (e) {
		await fs.rm(temporary, { force: true });
		throw e;
	}
	return 'written';
}

/**
 * A new hidden file beside `target` holding `data` (`O_EXCL | O_NOFOLLOW`: never an existing file
 * or a link), with `mode` when given. Hidden, so folder walks and watchers pass it by.
 */
async function writeTemporary(target: string, data: string, mode: number | undefined): Promise<string> {
	const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
	const handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o666);
	try {
		await handle.writeFile(data);
		// The umask applied to the new file: the page keeps the permissions it had.
		if (mode !== undefined) await handle.chmod(mode);
	} catch (e) {
		await handle.close();
		await fs.rm(temporary, { force: true });
		throw e;
	}
	await handle.close();
	return temporary;
}

/** The text of `file` when it is a regular file now (never through a link); undefined otherwise. */
async function readRegularFile(file: string): Promise<string | undefined> {
	const handle = await fs.open(file, constants.O_RDONLY | noFollow).catch(() => undefined);
	if (!handle) return undefined;
	try {
		return (await handle.stat()).isFile() ? await handle.readFile('utf8') : undefined;
	} finally {
		await handle.close();
	}
}
