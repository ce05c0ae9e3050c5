import ignore from 'ignore';

/** The file that holds MintDoc's own settings for a repository (beside docs.json or at the top). */
export const mintdocConfigFileName = 'mintdoc.json';

/** What the formatter reads from `mintdoc.json`: `{ "format": { "ignore": ["changelog/**", ...] } }`. */
export interface FormatConfig {
	/** gitignore-style patterns, relative to the folder holding mintdoc.json: pages never formatted. */
	readonly ignore: readonly string[];
}

/**
 * Reads the formatter's part of `mintdoc.json`, and nothing else (the file may grow other parts).
 * A missing, malformed or oddly shaped file means no patterns: formatting never fails on it.
 */
export function readFormatConfig(text: string | undefined): FormatConfig {
	if (text === undefined) return { ignore: [] };
	try {
		const json = JSON.parse(text) as { format?: { ignore?: unknown } } | null;
		const patterns = json && typeof json === 'object' ? json.format?.ignore : undefined;
		return { ignore: Array.isArray(patterns) ? patterns.filter((p): p is string => typeof p === 'string') : [] };
	} catch {
		return { ignore: [] };
	}
}

/** Whether a page (path relative to the folder of mintdoc.json, `/`-separated) is left as written. */
export function isFormatIgnored(config: FormatConfig, relativePath: string): boolean {
	if (config.ignore.length === 0 || relativePath === '' || relativePath.startsWith('..')) return false;
	return ignore()
		.add([...config.ignore])
		.ignores(relativePath);
}
