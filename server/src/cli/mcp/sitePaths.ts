import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** A path an agent passed that MintDoc refuses: outside the folder, missing, not a file. Reported as a tool error. */
export class ToolInputError extends Error {}

/**
 * The absolute path of `file` (relative to `dir`, or absolute) when it is a file inside `dir`,
 * symbolic links resolved: `..`, an absolute path elsewhere or a link leading out are refused.
 */
export async function fileInside(dir: string, file: string): Promise<string> {
	if (typeof file !== 'string' || !file.trim())
		throw new ToolInputError('file is empty: pass a path relative to the site folder, e.g. "guides/quickstart.mdx"');
	if (file.includes('\0')) throw new ToolInputError(`'${file.replace(/\0/g, '\\0')}' is not a path`);
	const absolute = path.resolve(dir, file);
	if (!isWithin(dir, absolute)) throw new ToolInputError(`'${file}' is outside the folder this server checks (${dir}): only files inside it can be read`);
	const real = await fs.realpath(absolute).catch((e: NodeJS.ErrnoException) => e);
	if (real instanceof Error) {
		throw new ToolInputError(
			real.code === 'ENOENT' ? `'${file}' does not exist (paths are relative to ${dir})` : `'${file}' cannot be read: ${real.code ?? real.message}`,
		);
	}
	const realDir = await fs.realpath(dir);
	if (!isWithin(realDir, real)) throw new ToolInputError(`'${file}' is a symbolic link leading outside the folder this server checks: refused`);
	const stat = await fs.stat(real);
	if (!stat.isFile()) throw new ToolInputError(`'${file}' is not a file`);
	return absolute;
}

function isWithin(dir: string, target: string): boolean {
	const relative = path.relative(dir, target);
	return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
