/**
 * `path` for the browser bundle, POSIX only: @apidevtools/json-schema-ref-parser (which
 * swagger-parser uses to dereference an OpenAPI document) requires it for file-path URLs, which the
 * worker never has (references are resolved inside the document: `resolve.external` is off).
 * scripts/build.mjs aliases `path` to this file for dist/browserServer.js only.
 */

export const sep = '/';
export const delimiter = ':';

export function isAbsolute(path: string): boolean {
	return path.startsWith('/');
}

/** `.` and `..` parts resolved, repeated slashes collapsed; a trailing slash kept. */
export function normalize(path: string): string {
	if (path === '') return '.';
	const absolute = isAbsolute(path);
	const parts: string[] = [];
	for (const part of path.split('/')) {
		if (part === '' || part === '.') continue;
		if (part === '..' && parts.length && parts[parts.length - 1] !== '..') parts.pop();
		else if (part !== '..' || !absolute) parts.push(part);
	}
	const joined = (absolute ? '/' : '') + parts.join('/');
	return (joined || (absolute ? '/' : '.')) + (path.endsWith('/') && parts.length ? '/' : '');
}

export function join(...paths: string[]): string {
	const joined = paths.filter(p => p !== '').join('/');
	return joined === '' ? '.' : normalize(joined);
}

/** Resolved against `/` (a worker has no working directory). */
export function resolve(...paths: string[]): string {
	let resolved = '';
	for (let i = paths.length - 1; i >= 0 && !isAbsolute(resolved); i--) if (paths[i]) resolved = resolved ? `${paths[i]}/${resolved}` : paths[i];
	const normalized = normalize(`/${resolved}`);
	return normalized.length > 1 && normalized.endsWith('/') ? normalized.slice(0, -1) : normalized;
}

export function dirname(path: string): string {
	const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
	const at = trimmed.lastIndexOf('/');
	if (at === -1) return '.';
	return at === 0 ? '/' : trimmed.slice(0, at);
}

export function basename(path: string, ext?: string): string {
	const base = path.replace(/\/+$/, '').split('/').pop() ?? '';
	return ext && base.endsWith(ext) && base !== ext ? base.slice(0, -ext.length) : base;
}

export function extname(path: string): string {
	const base = basename(path);
	const at = base.lastIndexOf('.');
	return at <= 0 ? '' : base.slice(at);
}

export function relative(from: string, to: string): string {
	const a = resolve(from).split('/').filter(Boolean);
	const b = resolve(to).split('/').filter(Boolean);
	let common = 0;
	while (common < a.length && common < b.length && a[common] === b[common]) common++;
	return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}

const posixPath = { sep, delimiter, isAbsolute, normalize, join, resolve, dirname, basename, extname, relative };

export const posix = posixPath;

/** Only what the library asks of it: the separator, and whether a path is a Windows absolute one. */
export const win32 = { sep: '\\', isAbsolute: (path: string) => /^([a-zA-Z]:)?[\\/]/.test(path) };

export default { ...posixPath, posix: posixPath, win32 };
