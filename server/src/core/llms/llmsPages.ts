import { getProperty, getString, getValue, type ConfigNode } from '../docsConfig/configTree';
import type { NavElement } from '../docsConfig/navigation';
import { classifyEntry, isExternalLink } from '../docsConfig/pageEntries';
import { resolveEntry } from '../features/endpointFeatures';
import type { OpenApiOperation, OpenApiSpec } from '../openapi/openApiSpec';
import { operationRoute, pageRoute } from '../site/routePaths';
import type { SiteModel } from '../site/siteModel';

/**
 * One page of the navigation as the llms.txt generator and the page-metadata rules see it: where
 * it is served, which division of the site it belongs to, and whether the navigation hides it.
 */
export interface NavPage {
	readonly kind: 'page' | 'operation';
	/** The URL path the platform serves it at (`/guides/setup`, `/` for `index`). */
	readonly route: string;
	/** A page's path as docs.json writes it, without extension. */
	readonly pagePath?: string;
	readonly fileUri?: string;
	readonly spec?: OpenApiSpec;
	readonly operation?: OpenApiOperation;
	/** In the default language and the default version (what llms.txt lists). */
	readonly isDefault: boolean;
	/** An element above it (group, tab, …) is `hidden: true`. */
	readonly hiddenByNavigation: boolean;
	/** Language and version it is listed under (`''` when the site has none): descriptions must differ within one. */
	readonly scope: string;
	/** The top divisions it is listed under (language, version, product, tab, dropdown, anchor): titles must differ within one. */
	readonly division: string;
	/** The group it is listed in, for the note of a truncated llms.txt. */
	readonly group?: string;
	/** A page listed again (the platform's llms.txt and llms-full.txt repeat it: upstash's list two pages twice). */
	readonly repeated?: true;
}

/** A link of the navigation that leaves the site: `## Optional` in llms.txt. */
export interface ExternalLink {
	readonly title: string;
	readonly url: string;
}

/** What the navigation lists, in navigation order: each route once, and pages listed again marked `repeated`. */
export interface NavigationPages {
	readonly pages: readonly NavPage[];
	/** Absolute URLs of the navigation (anchors, tabs, entries), in the default language and version. */
	readonly external: readonly ExternalLink[];
}

const divisionKinds = new Set(['language', 'version', 'product', 'tab', 'dropdown', 'anchor']);

/**
 * The pages of a site's navigation in the order the site lists them, with the generated API pages
 * routed as the preview routes them (same traversal, so the same slugs).
 */
export function navigationPages(site: SiteModel): NavigationPages {
	const pages: NavPage[] = [];
	const external: ExternalLink[] = [];
	const seen = new Set<string>();
	const usedSlugs = new Map<string, Set<string>>();
	const defaults = new Set<NavElement>();
	if (!site.navigation) return { pages, external };
	for (const element of site.navigation.elements) if (isDefaultChoice(element)) defaults.add(element);
	const add = (page: NavPage) => {
		if (seen.has(page.route)) {
			if (page.kind === 'page') pages.push({ ...page, repeated: true });
			return;
		}
		seen.add(page.route);
		pages.push(page);
	};
	const context = (element: NavElement) => {
		let isDefault = true;
		let hidden = false;
		const scope: string[] = [];
		const division: string[] = [];
		let group: string | undefined;
		for (let e: NavElement | undefined = element; e; e = e.parent) {
			if ((e.kind === 'language' || e.kind === 'version') && !defaults.has(e)) isDefault = false;
			if (isTrue(getValue(e.node, 'hidden'))) hidden = true;
			const label = `${e.kind}:${e.name ?? getString(e.node, 'language') ?? ''}`;
			if (e.kind === 'language' || e.kind === 'version') scope.unshift(label);
			if (divisionKinds.has(e.kind)) division.unshift(label);
			if (e.kind === 'group' && e.name !== undefined) group ??= e.name;
		}
		return { isDefault, hiddenByNavigation: hidden, scope: scope.join('/'), division: division.join('/'), group };
	};
	const visit = (element: NavElement) => {
		const where = context(element);
		const href = getString(element.node, 'href');
		if (href && isExternalLink(href) && where.isDefault && element.name) external.push({ title: element.name, url: href });
		const groupRoot = element.kind === 'group' ? getString(element.node, 'root') : undefined;
		if (groupRoot) addPage(groupRoot, where);
		const items: { offset: number; run: () => void }[] = element.children.map(child => ({ offset: child.node.offset, run: () => visit(child) }));
		for (const entry of element.pages)
			items.push({
				offset: entry.node.offset,
				run: () => {
					const parsed = classifyEntry(entry.value);
					if (parsed.kind === 'page') {
						if (isExternalLink(parsed.path)) {
							if (where.isDefault) external.push({ title: parsed.path, url: parsed.path });
						} else addPage(parsed.path, where);
						return;
					}
					const resolved = resolveEntry(site, entry);
					if (resolved) addOperation(element, resolved.spec, resolved.operation, where);
				},
			});
		// Pages and nested groups interleave in `pages`; elements from `$ref` files keep their array order.
		if (element.pages.length && element.children.length) items.sort((a, b) => a.offset - b.offset);
		for (const item of items) item.run();
		if (!element.pages.length && !element.children.length && getProperty(element.node, 'openapi') && !getProperty(element.node, 'pages'))
			for (const spec of site.specs.inScope(element, site.config.root))
				for (const operation of spec.operations) if (!operation.hidden) addOperation(element, spec, operation, where);
	};
	const addPage = (written: string, where: ReturnType<typeof context>) => {
		const pagePath = written.replace(/^\/+/, '').replace(/\.(mdx|md)$/i, '');
		add({ kind: 'page', route: pageRoute(pagePath), pagePath, fileUri: site.pages.fileOf(pagePath), ...where });
	};
	const addOperation = (element: NavElement, spec: OpenApiSpec, operation: OpenApiOperation, where: ReturnType<typeof context>) =>
		add({ kind: 'operation', route: operationRoute(site, element, operation, usedSlugs), spec, operation, ...where });
	for (const element of site.navigation.global) {
		const href = getString(element.node, 'href');
		if (href && isExternalLink(href) && element.name) external.push({ title: element.name, url: href });
	}
	visit(site.navigation.root);
	return { pages, external };
}

/** Whether a language or version element is its level's default: `default: true`, else the first of its list. */
function isDefaultChoice(element: NavElement): boolean {
	if (element.kind !== 'language' && element.kind !== 'version') return false;
	const siblings = element.parent?.children.filter(c => c.kind === element.kind) ?? [element];
	const marked = siblings.find(s => isTrue(getValue(s.node, 'default')));
	return (marked ?? siblings[0]) === element;
}

const isTrue = (node: ConfigNode | undefined) => node?.kind === 'boolean' && node.value === true;
