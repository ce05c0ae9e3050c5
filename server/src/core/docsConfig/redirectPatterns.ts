/**
 * Redirect paths as the platform reads them: `:name` matches one path segment, `*` (also after a
 * parameter, `:slug*`) matches the rest of the path, and a destination takes the captured values
 * back by name and in order. Paths are compared without their leading slash, `#anchor` or `?query`.
 */

/** Whether a path is a pattern rather than one concrete path. */
export function isPattern(path: string): boolean {
	return /[:*]/.test(path);
}

/**
 * A written redirect path as the platform's redirect check compares it: no `#anchor` or `?query`,
 * no leading slash, `.`/`..` segments and repeated slashes resolved. A trailing slash and an
 * `.mdx` extension are dropped too (the page `a` and the path `a/` are one page).
 */
export function normalizeRedirectPath(written: string): string {
	const withoutSelectors = written.split('#')[0]!.split('?')[0]!;
	const segments: string[] = [];
	for (const segment of withoutSelectors.split('/')) {
		if (segment === '' || segment === '.') continue;
		if (segment === '..') segments.pop();
		else segments.push(segment);
	}
	return segments.join('/').replace(/\.mdx?$/i, '');
}

/** A source pattern compiled once: a regular expression and the order of its captures. */
export interface CompiledPattern {
	readonly regex: RegExp;
	/** `name` for `:name`, `*` for a wildcard, in capture order. */
	readonly captures: readonly string[];
}

const compiled = new Map<string, CompiledPattern>();

/** Compiles a normalized source pattern (`blog/:slug*`) into a matcher of normalized paths. */
export function compilePattern(pattern: string): CompiledPattern {
	const known = compiled.get(pattern);
	if (known) return known;
	const captures: string[] = [];
	let source = '';
	for (let i = 0; i < pattern.length;) {
		const param = /^:(\w+)/.exec(pattern.slice(i));
		if (param) {
			captures.push(param[1]!);
			source += '([^/]+)';
			i += param[0].length;
		} else if (pattern[i] === '*') {
			captures.push('*');
			source += '(.*)';
			i++;
		} else {
			source += pattern[i]!.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
			i++;
		}
	}
	const result = { regex: new RegExp(`^${source}$`), captures };
	if (compiled.size > 5_000) compiled.clear();
	compiled.set(pattern, result);
	return result;
}

/** The destination a path takes through a pattern redirect, or undefined when the source does not match. */
export function applyPattern(path: string, sourcePattern: string, destinationPattern: string): string | undefined {
	const { regex, captures } = compilePattern(sourcePattern);
	const match = regex.exec(path);
	if (!match) return undefined;
	const named = new Map<string, string>();
	const wildcards: string[] = [];
	captures.forEach((name, index) => (name === '*' ? wildcards.push(match[index + 1] ?? '') : named.set(name, match[index + 1] ?? '')));
	let wildcard = 0;
	return destinationPattern.replace(/:(\w+)|\*/g, (token, name: string | undefined) =>
		name !== undefined ? (named.get(name) ?? token) : (wildcards[wildcard++] ?? ''),
	);
}

/** The `:name` parameters of a destination that its source does not capture (they would be sent literally). */
export function unknownParameters(sourcePattern: string, destinationPattern: string): string[] {
	const captured = new Set(compilePattern(sourcePattern).captures);
	return [...destinationPattern.matchAll(/:(\w+)/g)].map(m => m[1]!).filter(name => !captured.has(name));
}

/**
 * A path the destination pattern produces for a sample of captured values: every parameter and
 * wildcard replaced by one segment. Used to see whether a pattern redirect leads back into itself.
 */
export function samplePath(destinationPattern: string): string {
	return destinationPattern.replace(/:(\w+)\*?|\*/g, 'mintdoc-sample');
}

/** The fixed part of a pattern before its first parameter or wildcard (`news/:slug` → `news/`). */
export function fixedPrefix(pattern: string): string {
	const at = pattern.search(/[:*]/);
	return at === -1 ? pattern : pattern.slice(0, at);
}
