import type { Location } from 'vscode-languageserver-types';
import { getString, getValue } from '../docsConfig/configTree';
import type { NavElement, NavKind } from '../docsConfig/navigation';
import { classifyEntry } from '../docsConfig/pageEntries';
import type { SpecCoverage } from '../openapi/coverage';
import type { SiteModel } from '../site/siteModel';
import { translationCoverage } from '../site/translationCoverage';
import { relativePath } from '../uris';
import { targetsInFile } from './configTargets';

/** One node of the Site view: a navigation element, a page, an endpoint entry or an external link. */
export interface SiteTreeNode {
	readonly kind: Exclude<NavKind, 'navigation'> | 'page' | 'endpoint' | 'link';
	readonly label: string;
	readonly description?: string;
	readonly icon?: string;
	/** The page file, for pages that exist. */
	readonly fileUri?: string;
	/** Listed in the navigation but no file exists. */
	readonly missing?: boolean;
	/** Where the node is written in the configuration. */
	readonly location?: Location;
	readonly expanded?: boolean;
	readonly children?: readonly SiteTreeNode[];
}

/** The navigation of one site as it renders, plus the pages nothing links to. */
export interface SiteTree {
	readonly rootUri: string;
	readonly name: string;
	readonly nodes: readonly SiteTreeNode[];
	/** Pages under the root that no navigation entry, group root or href names (snippets excluded). */
	readonly orphans: readonly { readonly path: string; readonly fileUri: string }[];
	/** Per spec with any, the operations no navigation entry or MDX page documents (x-hidden excluded). */
	readonly undocumented: readonly UndocumentedOperations[];
}

/** One spec's undocumented operations, each with its place in the spec file. */
export interface UndocumentedOperations {
	readonly specUri: string;
	/** The spec's path relative to the docs root. */
	readonly label: string;
	readonly operations: readonly { readonly method: string; readonly path: string; readonly location: Location }[];
}

/** The Site view's tree of one site; `coverage` (from findUndocumentedOperations) fills the "Undocumented operations" sections. */
export function buildSiteTree(site: SiteModel, coverage: readonly SpecCoverage[] = []): SiteTree {
	const locationOf = (node: { uri: string; offset: number; length: number }): Location | undefined => {
		const document = site.config.files.get(node.uri);
		return document && { uri: node.uri, range: { start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) } };
	};
	const translations = new Map(translationCoverage(site.navigation)?.languages.map(l => [l.element, l]));
	const nodeOf = (element: NavElement): SiteTreeNode => {
		const entries = new Map(element.pages.map(p => [p.node, p]));
		const children: { offset: number; node: SiteTreeNode }[] = element.children.map(child => ({ offset: child.node.offset, node: nodeOf(child) }));
		for (const entry of entries.values()) {
			const parsed = classifyEntry(entry.value);
			const node: SiteTreeNode =
				parsed.kind === 'openapi'
					? { kind: 'endpoint', label: `${parsed.method.toUpperCase()} ${parsed.path}`, description: parsed.file, location: locationOf(entry.node) }
					: {
							kind: 'page',
							label: parsed.path,
							fileUri: site.pages.fileOf(parsed.path),
							missing: !site.pages.has(parsed.path) || undefined,
							location: locationOf(entry.node),
						};
			children.push({ offset: entry.node.offset, node });
		}
		// Pages and nested groups interleave in `pages`; elements from `$ref` files keep their array order.
		const ordered = element.pages.length && element.children.length ? children.sort((a, b) => a.offset - b.offset) : children;
		const href = getString(element.node, 'href');
		const expanded = getValue(element.node, 'expanded');
		// Per language: how much of the default language it has, and which pages it lacks.
		const language = translations.get(element);
		const total = language && language.translated + language.missing.length;
		if (language?.missing.length)
			ordered.push({
				offset: Infinity,
				node: {
					kind: 'group',
					label: `Not translated (${language.missing.length})`,
					children: language.missing.map(entry => {
						const path = entry.value.replace(/^\/+/, '');
						return { kind: 'page', label: path, fileUri: site.pages.fileOf(path), location: locationOf(entry.node) };
					}),
				},
			});
		return {
			kind: href && !ordered.length ? 'link' : (element.kind as SiteTreeNode['kind']),
			label: element.name ?? `(${element.kind})`,
			description:
				language && !language.isDefault
					? `${language.translated}/${total} translated`
					: (href ?? getString(element.node, 'tag') ?? getString(element.node, 'description')),
			icon: getString(element.node, 'icon'),
			location: locationOf(element.node),
			expanded: expanded?.kind === 'boolean' ? (expanded.value as boolean) : undefined,
			children: ordered.map(c => c.node),
		};
	};
	const root = site.navigation ? (nodeOf(site.navigation.root).children ?? []) : [];
	const globals = site.navigation?.global.map(nodeOf) ?? [];
	return {
		rootUri: site.rootUri,
		name: getString(site.config.root, 'name') ?? relativePath(site.rootUri, site.rootUri) ?? site.rootUri,
		nodes: [...globals, ...root],
		orphans: findOrphans(site),
		undocumented: undocumentedSections(site, coverage),
	};
}

function undocumentedSections(site: SiteModel, coverage: readonly SpecCoverage[]): UndocumentedOperations[] {
	return coverage
		.filter(c => c.operations.length)
		.map(({ specUri, operations }) => {
			const document = site.specFiles.get(specUri);
			const position = (offset: number) => document?.positionAt(offset) ?? { line: 0, character: 0 };
			return {
				specUri,
				label: relativePath(site.rootUri, specUri) ?? specUri,
				operations: operations.map(({ method, path, span }) => {
					// An operation an overlay added is written in the overlay's file.
					const at = (offset: number) => (span.uri ? site.specFiles.get(span.uri)?.positionAt(offset) : undefined) ?? position(offset);
					return { method, path, location: { uri: span.uri ?? specUri, range: { start: at(span.offset), end: at(span.offset + span.length) } } };
				}),
			};
		});
}

/** Pages no configuration names; snippets are building blocks, not pages. */
export function findOrphans(site: SiteModel): { path: string; fileUri: string }[] {
	const named = new Set<string>();
	for (const uri of site.config.files.keys()) for (const target of targetsInFile(site, uri)) if (target.kind === 'page') named.add(target.path);
	const orphans: { path: string; fileUri: string }[] = [];
	for (const path of site.pages.paths()) {
		if (named.has(path) || path === 'snippets' || path.startsWith('snippets/')) continue;
		orphans.push({ path, fileUri: site.pages.fileOf(path)! });
	}
	return orphans.sort((a, b) => a.path.localeCompare(b.path));
}
