import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * Writing into a site MintDoc did not make (`mintdoc upgrade`, `mintdoc generate`): a repository
 * may hold a `docs.json` that is a symbolic link (even a dangling one) to a file of yours outside
 * the site, or a folder that is a link. A file is written only at a path inside the site, through
 * no link at any level, and never replaces a link.
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

/** Writes `data` to `file` under `root` (see above); `overwrite: false` never replaces an existing file (code EEXIST). */
export async function writeSiteFile(root: string, file: string, data: string, { overwrite }: { overwrite: boolean }): Promise<void> {
	const base = path.resolve(root);
	const target = path.resolve(base, file);
	const relative = path.relative(base, target);
	if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) throw new UnsafeWriteError(`'${file}' is outside the site: not written`);
	// Every folder from the site down to the file: created here when missing, never a link.
	let folder = base;
	for (const part of path
		.dirname(relative)
		.split(path.sep)
		.filter(p => p && p !== '.')) {
		folder = path.join(folder, part);
		const stat = await fs.lstat(folder).catch(() => undefined);
		if (!stat) await fs.mkdir(folder);
		else if (stat.isSymbolicLink()) throw new UnsafeWriteError(`'${path.relative(base, folder)}' is a symbolic link: nothing is written through it`);
		else if (!stat.isDirectory()) throw new UnsafeWriteError(`'${path.relative(base, folder)}' is not a folder`);
	}
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
	const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
	const handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o666);
	try {
		await handle.writeFile(data);
	} finally {
		await handle.close();
	}
	await fs.rename(temporary, target).catch(async (e: unknown) => {
		await fs.rm(temporary, { force: true });
		throw e;
	});
}
