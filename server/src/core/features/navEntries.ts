import type { Location } from 'vscode-languageserver-types';
import type { OpenApiOperation } from '../openapi/openApiSpec';
import type { SiteModel } from '../site/siteModel';
import { resolveEntry } from './endpointFeatures';

/** Per site model: each operation the navigation lists → its first entry. Built once, in one pass over the entries. */
const indexes = new WeakMap<SiteModel, Map<OpenApiOperation, Location>>();

/**
 * Where the navigation lists an operation (the first entry that resolves to it). Pages with
 * OpenAPI frontmatter ask this for every check; resolving every entry per page was quadratic.
 */
export function navEntryOf(site: SiteModel, operation: OpenApiOperation): Location | undefined {
	let index = indexes.get(site);
	if (!index) {
		index = new Map();
		for (const entry of site.navigation?.pages ?? []) {
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
	return index.get(operation);
}
