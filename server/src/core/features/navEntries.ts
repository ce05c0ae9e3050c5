import type { Location } from 'vscode-languageserver-types';
import type { OpenApiOperation } from '../openapi/openApiSpec';
import type { SiteModel } from '../site/siteModel';
import { isOpenApiEntry } from '../docsConfig/pageEntries';
import { resolveEntry } from './endpointFeatures';

/** Per site model: each operation the navigation lists → its first entry. Built once, in one pass over the entries. */
const indexes = new WeakMap<SiteModel, Map<OpenApiOperation, Location>>();

/**
 * Where the navigation lists an operation (the first entry that resolves to it). Pages with
 * OpenAPI frontmatter ask this for every check; resolving every entry per page was quadratic.
 */
export function navEntryOf(site: SiteModel, operation: OpenApiOperation | undefined): Location | undefined {
	let index = indexes.get(site);
	if (!index) {
		index = new Map();
		for (const entry of site.navigation?.pages ?? []) {
			// Built again after every docs.json edit (the OpenAPI frontmatter of crewAI's 544 pages asks):
			// page paths, most of 23,000 entries, are told apart without building their parts.
			if (!isOpenApiEntry(entry.value)) continue;
			const resolved = resolveEntry(site, entry);
			if (!resolved || index.has(resolved.operation)) continue;
			const document = site.config.files.get(entry.node.uri);
			if (document)
				index.set(resolved.operation, {
					uri: entry.node.uri,
					range: { start: document.positionAt(entry.node.offset), end: document.positionAt(entry.node.offset + entry.node.length) },
				});
		}
		indexes.set(site, index);
	}
	return operation && index.get(operation);
}

/** Per site model: what {@link navEntryOf} answers, as a string (equal strings, equal answers for the same operations). */
const indexKeys = new WeakMap<SiteModel, string>();
const operationIds = new WeakMap<OpenApiOperation, number>();
let nextOperationId = 1;

export function navEntryKey(site: SiteModel): string {
	let key = indexKeys.get(site);
	if (key === undefined) {
		navEntryOf(site, undefined);
		const parts: string[] = [];
		for (const [operation, { uri, range }] of indexes.get(site)!) {
			let id = operationIds.get(operation);
			if (id === undefined) operationIds.set(operation, (id = nextOperationId++));
			parts.push(`${id}@${uri}:${range.start.line}:${range.start.character}:${range.end.line}:${range.end.character}`);
		}
		indexKeys.set(site, (key = parts.join(',')));
	}
	return key;
}
