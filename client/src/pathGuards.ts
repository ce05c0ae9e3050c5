import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * Why the editor must not write `file` for a site at `root` (both file system paths), or undefined
 * when it may: the path leaves the site, or it or a folder on the way is a symbolic link (a dangling
 * `docs.json` link would otherwise create a file wherever it points). The CLI's counterpart is
 * server/src/node/runtime/siteFiles.ts (the client shares no code with the server but its protocol).
 */
export async function unsafeSiteWrite(root: string, file: string): Promise<string | undefined> {
	const base = path.resolve(root);
	const relative = path.relative(base, path.resolve(file));
	if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return `${file} is outside the site`;
	let at = base;
	for (const part of relative.split(path.sep)) {
		at = path.join(at, part);
		const stat = await fs.lstat(at).catch(() => undefined);
		if (!stat) return undefined; // missing from here on: created as plain folders and a file
		if (stat.isSymbolicLink()) return `${path.relative(base, at)} is a symbolic link (it may lead outside the site)`;
	}
	return undefined;
}

/** Where `file` really is (links resolved); for a file not there yet, its folder's real location and its name. */
async function realLocation(file: string): Promise<string | undefined> {
	const real = await fs.realpath(file).catch(() => undefined);
	if (real) return real;
	const folder = await fs.realpath(path.dirname(file)).catch(() => undefined);
	return folder && path.join(folder, path.basename(file));
}

/**
 * Whether `file` is really inside one of `roots` (file system paths), comparing real paths: a string
 * prefix lets `file:///site/../outside/secret.txt` and links out of the site through.
 */
export async function isReallyInside(roots: readonly string[], file: string): Promise<boolean> {
	const real = await realLocation(path.resolve(file));
	if (!real) return false;
	for (const root of roots) {
		const base = await fs.realpath(root).catch(() => undefined);
		if (!base) continue;
		const relative = path.relative(base, real);
		if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) return true;
	}
	return false;
}
