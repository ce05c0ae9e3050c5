/**
 * The path-item keys of OpenAPI operations, as the platform writes them in `pages`: 3.0/3.1's eight
 * and 3.2's `QUERY` (@mintlify/common 1.0.1211 `parseOpenApiString` accepts it in any document).
 */
export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'QUERY'] as const;

const fixedMethods: ReadonlySet<string> = new Set(httpMethods);

/**
 * A method an OpenAPI 3.2 document may declare under a path item's `additionalOperations`
 * (`PURGE`): the platform takes it as written, so only an upper-case token (RFC 9110 token
 * characters) that is not one of the fixed methods, nor `WEBHOOK`, which names webhook entries.
 */
export function isCustomMethod(method: string): boolean {
	return /^[A-Z][A-Z0-9!#$%&'*+.^_`|~-]*$/.test(method) && !fixedMethods.has(method) && method !== 'WEBHOOK';
}

/** Whether `method` is one of the fixed methods, in any case (a lower-case method is the OpenAPI checks' business, not a missing page). */
export function isFixedMethod(method: string): boolean {
	return fixedMethods.has(method.toUpperCase());
}

/** What `openapi-invalid-method` says: the entry's method is neither a fixed one nor one a document in scope declares. */
export function invalidMethodMessage(method: string): string {
	return `'${method}' is not an HTTP method: endpoint entries are written '[file] METHOD /path' with one of ${httpMethods.join(', ')}, or a method the OpenAPI 3.2 document declares under additionalOperations, written as declared (upper case).`;
}

/** `[file] METHOD /path`: the method is checked apart, fixed ones in any case, custom ones as written. */
const openApiEntry = /^(?:(\S+)\s+)?([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s+(\/\S*)\s*$/;

function endpointParts(value: string): RegExpExecArray | null {
	const parts = openApiEntry.exec(value);
	return parts && (isFixedMethod(parts[2]!) || isCustomMethod(parts[2]!)) ? parts : null;
}

/** A `pages` string, classified. */
export type PageEntryKind =
	| { readonly kind: 'page'; readonly path: string; readonly leadingSlash: boolean; readonly extension: string | undefined }
	| { readonly kind: 'openapi'; readonly file: string | undefined; readonly method: string; readonly path: string };

export function classifyEntry(value: string): PageEntryKind {
	// Every rule classifies every entry on every rebuild: page paths (no whitespace) skip the pattern.
	const api = hasWhitespace(value) ? endpointParts(value) : null;
	if (api) return { kind: 'openapi', file: api[1], method: api[2]!, path: api[3]! };
	const trimmed = value.trim();
	const leadingSlash = trimmed.charCodeAt(0) === 0x2f;
	// Only a name ending in d or x can end in .md or .mdx: most entries skip the pattern.
	const last = trimmed.charCodeAt(trimmed.length - 1) | 0x20;
	const extension = last === 0x64 || last === 0x78 ? /\.(mdx|md)$/i.exec(trimmed)?.[0] : undefined;
	let path = leadingSlash ? trimmed.replace(/^\/+/, '') : trimmed;
	if (extension) path = path.slice(0, -extension.length);
	return { kind: 'page', path, leadingSlash, extension };
}

/** Whether a `pages` string is an OpenAPI reference (`METHOD /path`), as {@link classifyEntry} decides, without building its parts. */
export function isOpenApiEntry(value: string): boolean {
	return hasWhitespace(value) && endpointParts(value) !== null;
}

/**
 * Whether `value` holds a character `\s` matches. A scan rather than the pattern: entries read from
 * a docs.json with any non-Latin-1 text (crewAI's Korean) are cut from a two-byte string, and V8's
 * regular expressions copy such a string before reading it — 23,000 entries tested after every
 * docs.json edit allocated ~1.3 MB and took ~2 ms; the scan allocates nothing.
 */
export function hasWhitespace(value: string): boolean {
	for (let i = 0; i < value.length; i++) {
		const c = value.charCodeAt(i);
		if (c <= 0x20 ? c === 0x20 || (c >= 0x09 && c <= 0x0d) : c >= 0xa0 && isWideSpace(c)) return true;
	}
	return false;
}

/** The characters above Latin-1's ASCII range that `\s` matches (Unicode's spaces, the line and paragraph separators, the BOM). */
function isWideSpace(c: number): boolean {
	return (
		c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
	);
}

/** The page path an entry names (no leading slash, no extension), or undefined for an OpenAPI reference. */
export function pagePathOf(value: string): string | undefined {
	const entry = classifyEntry(value);
	return entry.kind === 'page' ? entry.path : undefined;
}

/** True for links that leave the site (`https:`, `mailto:`, ...), which are never page paths. */
export function isExternalLink(value: string): boolean {
	return /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//');
}
