import type { DocumentLink, Location, LocationLink, Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { SiteModel } from '../site/siteModel';
import { relativePath } from '../uris';
import { targetAt, targetsInFile, type ConfigTarget } from './configTargets';
import { endpointDefinition, entryAt } from './endpointFeatures';

const start = { line: 0, character: 0 };

function fileOf(site: SiteModel, target: ConfigTarget): string | undefined {
	if (target.kind === 'ref') return target.target && site.config.files.has(target.target) ? target.target : undefined;
	if (target.kind === 'page') return site.pages.fileOf(target.path);
	return undefined;
}

function rangeOf(document: TextDocument, target: ConfigTarget) {
	if (target.kind === 'ref') return target.range;
	// The link covers the path, not its quotes.
	return { start: document.positionAt(target.node.offset + 1), end: document.positionAt(target.node.offset + target.node.length - 1) };
}

/** Links from page entries, group roots, page hrefs and `$ref` values to their files. */
export function findDocumentLinks(site: SiteModel, document: TextDocument): DocumentLink[] {
	const links: DocumentLink[] = [];
	for (const target of targetsInFile(site, document.uri)) {
		const file = fileOf(site, target);
		const range = rangeOf(document, target);
		// VS Code rejects a document link with an empty range (an entry written as "").
		if (file && !isEmpty(range)) links.push({ range, target: file, tooltip: `Open ${relativePath(site.rootUri, file) ?? file}` });
	}
	return links;
}

/** Go to definition: the file a page entry or `$ref` names. */
export function findDefinition(site: SiteModel, document: TextDocument, position: Position): LocationLink[] {
	const endpoint = entryAt(site, document.uri, document.offsetAt(position));
	if (endpoint) return endpointDefinition(site, document, endpoint);
	const target = targetAt(site, document.uri, document.offsetAt(position), document);
	const file = target && fileOf(site, target);
	if (!target || !file) return [];
	return [
		{ originSelectionRange: rangeOf(document, target), targetUri: file, targetRange: { start, end: start }, targetSelectionRange: { start, end: start } },
	];
}

/** Every place a site's configuration names the page file `pageUri` (entries, roots, hrefs). */
export function findPageReferences(site: SiteModel, pageUri: string): Location[] {
	const path = site.pages.pagePathOfFile(pageUri);
	if (path === undefined) return [];
	const locations: Location[] = [];
	for (const [uri, document] of site.config.files) {
		for (const target of targetsInFile(site, uri)) {
			if (target.kind === 'page' && target.path === path) locations.push({ uri, range: rangeOf(document, target) });
		}
	}
	return locations;
}

function isEmpty(range: { start: { line: number; character: number }; end: { line: number; character: number } }): boolean {
	return range.start.line === range.end.line && range.start.character >= range.end.character;
}
