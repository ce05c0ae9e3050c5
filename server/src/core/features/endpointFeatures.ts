import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover, type LocationLink, type Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getString, type ConfigScalar } from '../docsConfig/configTree';
import type { NavElement, PageEntry } from '../docsConfig/navigation';
import { classifyEntry } from '../docsConfig/pageEntries';
import { findOperations } from '../openapi/openApiRules';
import { generatedTitle, type OpenApiOperation, type OpenApiSpec } from '../openapi/openApiSpec';
import type { SiteModel } from '../site/siteModel';
import { relativePath } from '../uris';

/** The operation an endpoint entry documents, resolved with the platform's rules. */
export function resolveEntry(site: SiteModel, entry: PageEntry): { spec: OpenApiSpec; operation: OpenApiOperation } | undefined {
	const parsed = classifyEntry(entry.value);
	if (parsed.kind !== 'openapi') return undefined;
	const specs = parsed.file ? [site.specs.resolve(parsed.file)].flatMap(s => s ?? []) : site.specs.inScope(entry.parent, site.config.root);
	// Only whether it resolves: a suggestion for an unknown one would compare it with every operation.
	const found = findOperations(specs, parsed.method.toUpperCase(), parsed.path);
	return found.length === 1 ? found[0] : undefined;
}

/** The endpoint entry written at `offset` of the configuration file `uri`. */
export function entryAt(site: SiteModel, uri: string, offset: number): PageEntry | undefined {
	return site.navigation?.pages.find(
		p => p.node.uri === uri && p.node.offset <= offset && offset <= p.node.offset + p.node.length && classifyEntry(p.value).kind === 'openapi',
	);
}

export function operationRange(site: SiteModel, spec: OpenApiSpec, operation: OpenApiOperation): Range {
	// An operation an overlay added is written in the overlay's file.
	const document = site.specFiles.get(operation.span.uri ?? spec.uri);
	if (!document) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
	return { start: document.positionAt(operation.span.offset), end: document.positionAt(operation.span.offset + operation.span.length) };
}

const nodeRange = (document: TextDocument, node: ConfigScalar): Range => ({
	start: document.positionAt(node.offset),
	end: document.positionAt(node.offset + node.length),
});

/** The metadata of the page the platform generates for an operation (spec rule 8 and x-mint, rule 10). */
export function endpointHover(site: SiteModel, document: TextDocument, entry: PageEntry): Hover | undefined {
	const resolved = resolveEntry(site, entry);
	if (!resolved) return undefined;
	const { spec, operation } = resolved;
	const metadata = (operation.xMint?.metadata ?? {}) as Record<string, unknown>;
	const description = typeof metadata.description === 'string' ? metadata.description : operation.description;
	const version = versionOf(entry.parent);
	const lines = [
		`**${escape(generatedTitle(operation))}**${operation.deprecated || metadata.deprecated === true ? ' `deprecated`' : ''}`,
		`\`${operation.method} ${operation.path}\``,
	];
	if (description) lines.push(escape(description));
	if (operation.group) lines.push(`Group: ${escape(operation.group)}`);
	if (version) lines.push(`Version: ${escape(version)}`);
	if (typeof operation.xMint?.href === 'string') lines.push(`Page URL: \`${escape(operation.xMint.href)}\``);
	if (operation.servers.length) lines.push(`Servers: ${operation.servers.map(s => `\`${escape(s)}\``).join(', ')}`);
	else lines.push('No servers: the playground runs in simple mode.');
	if (operation.security.length)
		lines.push(
			`Auth: ${operation.security.map(name => `${escape(name)}${spec.securitySchemes[name] ? ` (${escape(spec.securitySchemes[name])})` : ''}`).join(', ')}`,
		);
	lines.push(`From \`${relativePath(site.rootUri, spec.uri) ?? spec.uri}\``);
	if (operation.span.uri) lines.push(`Added by the overlay \`${relativePath(site.rootUri, operation.span.uri) ?? operation.span.uri}\``);
	return { range: nodeRange(document, entry.node), contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') } };
}

/** Go to definition from an endpoint entry: the operation in its spec. */
export function endpointDefinition(site: SiteModel, document: TextDocument, entry: PageEntry): LocationLink[] {
	const resolved = resolveEntry(site, entry);
	if (!resolved) return [];
	const range = operationRange(site, resolved.spec, resolved.operation);
	const targetUri = resolved.operation.span.uri ?? resolved.spec.uri;
	return [{ originSelectionRange: nodeRange(document, entry.node), targetUri, targetRange: range, targetSelectionRange: range }];
}

/**
 * `METHOD /path` completions in a `pages` array: operations of the specs in scope not yet listed
 * there (x-hidden ones left out); with no spec in scope, every spec's operations with their file.
 */
export function endpointCompletions(
	site: SiteModel,
	element: NavElement | undefined,
	listed: ReadonlySet<string>,
	replace: Range,
	narrow: { readonly needle?: string; readonly limit?: number } = {},
): { items: CompletionItem[]; incomplete: boolean } {
	const items: CompletionItem[] = [];
	const limit = narrow.limit ?? Infinity;
	let offered = 0;
	let matching = 0;
	for (const { value, lower, operation } of endpointValues(site, element)) {
		if (listed.has(value)) continue;
		offered++;
		// Thousands of operations: only those matching what is typed become items (built lazily, at most `limit`).
		if (narrow.needle && !lower.includes(narrow.needle)) continue;
		if (++matching > limit) continue;
		items.push({
			label: value,
			kind: CompletionItemKind.Method,
			detail: operation.group ? `${generatedTitle(operation)} · ${operation.group}` : generatedTitle(operation),
			documentation: operation.description,
			textEdit: { range: replace, newText: JSON.stringify(value) },
			filterText: JSON.stringify(value),
			sortText: `2${operation.path}${operation.method}`,
			tags: operation.deprecated ? [1] : undefined,
		});
	}
	return { items, incomplete: matching > limit || matching < offered };
}

type EndpointValue = { readonly value: string; readonly lower: string; readonly operation: OpenApiOperation };
/** Per site model and group: the entries it may offer (completion asks on every keystroke; a spec may have 5,000 operations). */
const endpointValueCache = new WeakMap<SiteModel, Map<NavElement | undefined, readonly EndpointValue[]>>();

function endpointValues(site: SiteModel, element: NavElement | undefined): readonly EndpointValue[] {
	let bySite = endpointValueCache.get(site);
	if (!bySite) endpointValueCache.set(site, (bySite = new Map()));
	let values = bySite.get(element);
	if (values) return values;
	const inScope = site.specs.inScope(element, site.config.root);
	const specs = inScope.length ? inScope : site.specs.specs;
	const list: EndpointValue[] = [];
	for (const spec of specs) {
		// One spec in scope: plain `METHOD /path`; several (or none): name the file, as the platform needs then.
		const prefix = inScope.length === 1 ? '' : `${(relativePath(site.rootUri, spec.uri) ?? spec.uri).replace(/\.(ya?ml|json)$/i, '')} `;
		for (const operation of spec.operations) {
			if (operation.hidden) continue;
			const value = `${prefix}${operation.method} ${operation.path}`;
			list.push({ value, lower: value.toLowerCase(), operation });
		}
	}
	bySite.set(element, (values = list));
	return values;
}

/** `version` of the nearest tab or anchor (spec rule 8). */
function versionOf(element: NavElement | undefined): string | undefined {
	for (let e = element; e; e = e.parent) if (e.kind === 'tab' || e.kind === 'anchor') return getString(e.node, 'version');
	return undefined;
}

function escape(text: string): string {
	return text.replace(/[\\`*_{}[\]<>|]/g, '\\$&');
}
