import ignore from 'ignore';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseTeamConfig, teamConfigFileName } from '../config/teamConfig';

/** The file that holds MintDoc's own settings for a repository (beside docs.json or at the top). */
export const mintdocConfigFileName = teamConfigFileName;

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
	// One reader for the whole file (teamConfig.ts): its findings are the checker's to report, not the formatter's.
	return { ignore: parseTeamConfig(TextDocument.create(`file:///${teamConfigFileName}`, 'json', 0, text)).formatIgnore };
}

/** Whether a page (path relative to the folder of mintdoc.json, `/`-separated) is left as written. */
export function isFormatIgnored(config: FormatConfig, relativePath: string): boolean {
	if (config.ignore.length === 0 || relativePath === '' || relativePath.startsWith('..')) return false;
	return ignore()
		.add([...config.ignore])
		.ignores(relativePath);
}
