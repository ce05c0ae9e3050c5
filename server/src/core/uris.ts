import { URI, Utils } from 'vscode-uri';
import { legacyConfigFileName } from './legacy/mintConfig';

/** Name of the file that makes a folder a docs root. */
export const docsConfigFileName = 'docs.json';

export function joinUri(base: string, ...segments: string[]): string {
	if (segments.length === 1 && plainPath.test(segments[0]) && isCanonical(base)) return base.endsWith('/') ? base + segments[0] : `${base}/${segments[0]}`;
	// A lone surrogate (a page entry cut mid-character) would make URI encoding throw: it cannot name a file anyway.
	return Utils.joinPath(URI.parse(base), ...segments.map(wellFormed)).toString();
}

/**
 * A relative path whose parts need no encoding and no normalization (no `.` or `..` part, no empty
 * part, none starting with a dot): appended to a canonical URI as it is, it gives what parsing,
 * joining and printing give. Asked per file when a 25,000-page site is walked; the full way took
 * 0.2 s of its first diagnostics.
 */
const plainPath = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/;

/** Bases found to print as they are written (no query or fragment), and those found not to; bounded. */
const canonicalBases = new Map<string, boolean>();

function isCanonical(base: string): boolean {
	let known = canonicalBases.get(base);
	if (known === undefined) {
		const parsed = URI.parse(base);
		known = parsed.query === '' && parsed.fragment === '' && parsed.toString() === base;
		if (canonicalBases.size >= 4096) canonicalBases.clear();
		canonicalBases.set(base, known);
	}
	return known;
}

/** The string with lone UTF-16 surrogates replaced by U+FFFD (String.prototype.toWellFormed, which ES2022 lacks). */
function wellFormed(value: string): string {
	return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

export function dirnameUri(uri: string): string {
	return Utils.dirname(URI.parse(uri)).toString();
}

export function basenameUri(uri: string): string {
	return Utils.basename(URI.parse(uri));
}

/** True when `uri` is `folder` itself or lies below it. */
export function isUnder(uri: string, folder: string): boolean {
	const prefix = folder.endsWith('/') ? folder : folder + '/';
	return uri === folder || uri.startsWith(prefix);
}

/** `uri` relative to `folder` with forward slashes, or undefined when it is not below it. */
export function relativePath(folder: string, uri: string): string | undefined {
	if (!isUnder(uri, folder)) return undefined;
	const rest = uri.slice(folder.length).replace(/^\/+/, '');
	return decodeURIComponent(rest);
}

export function isDocsConfigUri(uri: string): boolean {
	return basenameUri(uri) === docsConfigFileName;
}

/** A file whose appearance or removal makes or unmakes a site: docs.json, or a legacy mint.json. */
export function isSiteConfigUri(uri: string): boolean {
	const name = basenameUri(uri);
	return name === docsConfigFileName || name === legacyConfigFileName;
}

/** Language id the way VS Code names it, for documents a workspace reads (disk, or the editor's file system in a browser). */
export function languageIdOf(uri: string): string {
	const lower = uri.toLowerCase();
	if (lower.endsWith('.json')) return 'json';
	if (lower.endsWith('.mdx')) return 'mdx';
	if (lower.endsWith('.md')) return 'markdown';
	if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
	return 'plaintext';
}
