import type { CodeLens, Location, Position, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getProperty } from '../docsConfig/configTree';
import { ancestry, isChildKey, type NavElement } from '../docsConfig/navigation';
import { classifyEntry } from '../docsConfig/pageEntries';
import { findOperations } from '../openapi/openApiRules';
import type { OpenApiOperation, OpenApiSpec } from '../openapi/openApiSpec';
import { specReferenceOf } from '../openapi/specRegistry';
import type { SiteModel } from '../site/siteModel';
import { relativePath } from '../uris';
import { resolveEntry } from './endpointFeatures';
import type { SitePages } from './pageReferences';

/** Where an operation is documented: navigation entries, elements that generate all endpoints, and MDX pages. */
export interface OperationDocs {
	readonly entries: readonly { readonly uri: string; readonly range: Range; readonly element: NavElement }[];
	readonly generatedBy: readonly NavElement[];
	readonly pages: readonly { readonly uri: string }[];
}

export function operationDocs(site: SiteModel, spec: OpenApiSpec, operation: OpenApiOperation, pages: SitePages): OperationDocs {
	const entries: { uri: string; range: Range; element: NavElement }[] = [];
	for (const entry of site.navigation?.pages ?? []) {
		const resolved = resolveEntry(site, entry);
		if (resolved?.operation !== operation) continue;
		const document = site.config.files.get(entry.node.uri);
		if (document)
			entries.push({
				uri: entry.node.uri,
				range: { start: document.positionAt(entry.node.offset), end: document.positionAt(entry.node.offset + entry.node.length) },
				element: entry.parent,
			});
	}
	// Spec rule 4: an element with `openapi` and nothing under it generates a page for every endpoint.
	const generatedBy = (site.navigation?.elements ?? []).filter(e => {
		const reference = specReferenceOf(getProperty(e.node, 'openapi')?.value);
		return reference && !e.node.properties.some(p => isChildKey(p.key)) && site.specs.resolve(reference.source) === spec && !operation.hidden;
	});
	const documentedPages = pages.filter(page => {
		const value = page.summary.frontmatter?.openapi;
		if (typeof value !== 'string') return false;
		const parsed = classifyEntry(value.trim());
		if (parsed.kind !== 'openapi') return false;
		const specs = parsed.file ? [site.specs.resolve(parsed.file)].flatMap(s => s ?? []) : site.specs.specs;
		return findOperations(specs, parsed.method.toUpperCase(), parsed.path).some(f => f.operation === operation);
	});
	return { entries, generatedBy, pages: documentedPages.map(p => ({ uri: p.uri })) };
}

/** The operation whose method key is on the line of `position`. */
export function operationAt(spec: OpenApiSpec, document: TextDocument, position: Position): OpenApiOperation | undefined {
	return spec.operations.find(op => !op.span.uri && document.positionAt(op.span.offset).line === position.line);
}

/** Find All References on an operation in a spec: its navigation entries and the MDX pages that document it. */
export function specReferences(site: SiteModel, spec: OpenApiSpec, document: TextDocument, position: Position, pages: SitePages): Location[] {
	const operation = operationAt(spec, document, position);
	if (!operation) return [];
	const docs = operationDocs(site, spec, operation, pages);
	const start = { line: 0, character: 0 };
	return [...docs.entries.map(({ uri, range }) => ({ uri, range })), ...docs.pages.map(({ uri }) => ({ uri, range: { start, end: start } }))];
}

/** A lens over each operation of a spec: where the site documents it, or that it does not. */
export function specCodeLenses(site: SiteModel, spec: OpenApiSpec, document: TextDocument, pages: SitePages): CodeLens[] {
	return spec.operations
		.filter(operation => !operation.span.uri)
		.map(operation => {
			const start = document.positionAt(operation.span.offset);
			const range = { start, end: start };
			const docs = operationDocs(site, spec, operation, pages);
			const places = [
				...docs.entries.map(e => `documented in ${trail(e.element)}`),
				...docs.generatedBy.map(e => `generated in ${trail(e)}`),
				...docs.pages.map(p => `page ${relativePath(site.rootUri, p.uri) ?? p.uri}`),
			];
			const title = operation.hidden ? 'x-hidden: no page' : places.length ? places.join(' · ') : 'not in navigation';
			return { range, command: { title, command: '' } };
		});
}

/** "Tab › Group" of an element, as the reader sees it. */
function trail(element: NavElement): string {
	return (
		ancestry(element)
			.filter(e => e.name)
			.map(e => e.name)
			.join(' › ') || 'navigation'
	);
}
