import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentCache } from '../cache';
import { parseJsonConfig, type ParsedJson } from '../docsConfig/parseJson';
import { basenameUri } from '../uris';

/**
 * Diagnostics of a `docs.json`: syntax first; the configuration rules are layered on the same
 * parse (one parse per document text, shared with every other feature through the cache).
 */
export function validateDocsConfig(document: TextDocument, parses: DocumentCache<ParsedJson>): Diagnostic[] {
	const parsed = parses.get(document, doc => parseJsonConfig(doc, basenameUri(doc.uri)));
	return [...parsed.diagnostics];
}
