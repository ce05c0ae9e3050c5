import { getProperty, getString, getValue, type ConfigNode } from '../core/docsConfig/configTree';
import type { NavElement, NavKind } from '../core/docsConfig/navigation';
import { classifyEntry, isExternalLink } from '../core/docsConfig/pageEntries';
import { resolveEntry } from '../core/features/endpointFeatures';
import { titleFromPath } from '../core/features/pageInfo';
import { generatedTitle, type OpenApiOperation, type OpenApiSpec } from '../core/openapi/openApiSpec';
import { normalizeRoute, operationRoute, pageRoute } from '../core/site/routePaths';

export { normalizeRoute, operationRoute, pageRoute };
import type { SiteModel } from '../core/site/siteModel';
import { appendAll } from '../core/arrays';

export type NavNodeKind = Exclude<NavKind, 'navigation' | 'globalAnchor'> | 'root' | 'page' | 'operation' | 'link';

/**
 * One node of the navigation as the preview renders it: the docs.json elements, with generated
 * API pages expanded (an `openapi` element without `pages` lists every operation, by tag).
 */
export interface NavNode {
	readonly kind: NavNodeKind;
	/** Display name; for pages the path-derived fallback (the renderer prefers the page's frontmatter). */
	readonly label: string;
	readonly icon?: string;
	readonly tag?: string;
	readonly description?: string;
	/** An explicit link of the element (external URL or page path). */
	readonly href?: string;
	/** `expanded` as written (only nested groups use it). */
	readonly expanded?: boolean;
	readonly banner?: { readonly content: string; readonly dismissible: boolean };
	readonly parent?: NavNode;
	readonly children: NavNode[];
	readonly element?: NavElement;
	/** Pages and operations: their route. Groups with `root`: the root page's route. */
	route?: string;
	readonly pagePath?: string;
	readonly method?: string;
	readonly deprecated?: boolean;
	/** First route at or below this node (where a tab, version or dropdown leads). */
	firstRoute?: string;
}

/** A URL of the site and what it serves. */
export interface PreviewRoute {
	readonly route: string;
	readonly kind: 'page' | 'operation';
	readonly pagePath?: string;
	readonly fileUri?: string;
	readonly spec?: OpenApiSpec;
	readonly operation?: OpenApiOperation;
	/** Where it sits in the navigation; undefined for pages no navigation lists (still served). */
	readonly node?: NavNode;
}

export interface SiteRoutes {
	readonly root: NavNode;
	/** `navigation.global.anchors`: shown on every page. */
	readonly globalAnchors: readonly NavNode[];
	/** Every route in navigation order, each once (the first place a page is listed wins). */
	readonly routes: readonly PreviewRoute[];
	/** The first page of the navigation, also served at `/`. */
	readonly home: PreviewRoute | undefined;
}

const kindOf: Record<NavKind, NavNodeKind> = {
	navigation: 'root',
	tab: 'tab',
	anchor: 'anchor',
	globalAnchor: 'anchor',
	dropdown: 'dropdown',
	product: 'product',
	version: 'version',
	language: 'language',
	menuItem: 'menuItem',
	group: 'group',
};

/** Builds every route of the site and the navigation tree the layout renders. */
export function buildSiteRoutes(site: SiteModel): SiteRoutes {
	const routes = new Map<string, PreviewRoute>();
	const usedSlugs = new Map<string, Set<string>>();
	const addRoute = (route: PreviewRoute) => {
		if (!routes.has(route.route)) routes.set(route.route, route);
	};
	const pageNode = (parent: NavNode, pagePath: string): NavNode => {
		const route = pageRoute(pagePath);
		const node: NavNode = { kind: 'page', label: titleFromPath(pagePath), parent, children: [], pagePath, route };
		addRoute({ route, kind: 'page', pagePath, fileUri: site.pages.fileOf(pagePath), node });
		return node;
	};
	const operationNode = (parent: NavNode, element: NavElement, spec: OpenApiSpec, operation: OpenApiOperation): NavNode => {
		const route = operationRoute(site, element, operation, usedSlugs);
		const metadata = (operation.xMint?.metadata ?? {}) as Record<string, unknown>;
		const label = typeof metadata.sidebarTitle === 'string' ? metadata.sidebarTitle : generatedTitle(operation);
		const node: NavNode = {
			kind: 'operation',
			label,
			parent,
			children: [],
			route,
			method: operation.method,
			deprecated: operation.deprecated || metadata.deprecated === true,
		};
		addRoute({ route, kind: 'operation', spec, operation, node });
		return node;
	};

	const build = (element: NavElement, parent: NavNode | undefined): NavNode => {
		const banner = getValue(element.node, 'banner');
		const expanded = getValue(element.node, 'expanded');
		const node: NavNode = {
			kind: kindOf[element.kind],
			label: element.name ?? (element.kind === 'language' ? (getString(element.node, 'language') ?? '') : ''),
			parent,
			children: [],
			element,
			icon: getString(element.node, 'icon') || undefined,
			tag: getString(element.node, 'tag'),
			description: getString(element.node, 'description'),
			href: getString(element.node, 'href'),
			expanded: expanded?.kind === 'boolean' ? (expanded.value as boolean) : undefined,
			banner:
				getString(banner, 'content') !== undefined
					? { content: getString(banner, 'content')!, dismissible: isTrue(getValue(banner, 'dismissible')) }
					: undefined,
		};
		const groupRoot = element.kind === 'group' ? getString(element.node, 'root') : undefined;
		if (groupRoot)
			node.route = pageNode(node, classifyEntry(groupRoot).kind === 'page' ? groupRoot.replace(/^\/+/, '').replace(/\.(mdx|md)$/i, '') : groupRoot).route;
		const items: { offset: number; make: () => NavNode[] }[] = element.children.map(child => ({ offset: child.node.offset, make: () => [build(child, node)] }));
		for (const entry of element.pages) {
			items.push({
				offset: entry.node.offset,
				make: () => {
					const parsed = classifyEntry(entry.value);
					if (parsed.kind === 'page') return isExternalLink(parsed.path) ? [] : [pageNode(node, parsed.path)];
					const resolved = resolveEntry(site, entry);
					return resolved ? [operationNode(node, element, resolved.spec, resolved.operation)] : [];
				},
			});
		}
		// Pages and nested groups interleave in `pages`; elements from `$ref` files keep their array order.
		if (element.pages.length && element.children.length) items.sort((a, b) => a.offset - b.offset);
		for (const item of items) appendAll(node.children, item.make());
		if (!element.pages.length && !element.children.length && getProperty(element.node, 'openapi') && !getProperty(element.node, 'pages'))
			generateAll(element, node);
		if (!node.children.length && node.href && !node.route && node.kind !== 'group')
			return { ...node, kind: node.kind === 'root' ? 'root' : node.kind, children: [] };
		return node;
	};

	/** Spec rule 4: an `openapi` element without pages lists every operation, grouped by tag (groups themselves list them directly). */
	const generateAll = (element: NavElement, node: NavNode) => {
		const specs = site.specs.inScope(element, site.config.root);
		for (const spec of specs) {
			const groups = new Map<string, NavNode>();
			for (const operation of spec.operations) {
				if (operation.hidden) continue;
				let parent = node;
				if (element.kind !== 'group') {
					const tag = operationTag(spec, operation) ?? 'Endpoints';
					if (!groups.has(tag)) {
						const group: NavNode = { kind: 'group', label: tag, parent: node, children: [] };
						groups.set(tag, group);
						node.children.push(group);
					}
					parent = groups.get(tag)!;
				}
				parent.children.push(operationNode(parent, element, spec, operation));
			}
		}
	};

	const root: NavNode = site.navigation ? build(site.navigation.root, undefined) : { kind: 'root', label: '', children: [] };
	const globalAnchors = (site.navigation?.global ?? []).filter(e => e.kind === 'globalAnchor').map(e => build(e, undefined));
	fillFirstRoutes(root);
	// Pages no navigation lists are still served at their path (the platform's hidden pages); `/` is the navigation's first page.
	const hasHome = [...routes.values()].some(r => r.node);
	for (const pagePath of site.pages.paths()) {
		if (pagePath === 'snippets' || pagePath.startsWith('snippets/') || (hasHome && pageRoute(pagePath) === '/')) continue;
		addRoute({ route: pageRoute(pagePath), kind: 'page', pagePath, fileUri: site.pages.fileOf(pagePath) });
	}
	const ordered = [...routes.values()];
	return { root, globalAnchors, routes: ordered, home: ordered.find(r => r.node) };
}

const isTrue = (node: ConfigNode | undefined) => node?.kind === 'boolean' && node.value === true;

function fillFirstRoutes(node: NavNode): string | undefined {
	let first = node.route;
	for (const child of node.children) {
		const below = fillFirstRoutes(child);
		first ??= below;
	}
	node.firstRoute = first ?? (node.href && !isExternalLink(node.href) ? pageRoute(node.href.replace(/^\/+/, '')) : undefined);
	return node.firstRoute;
}

/** The group a generated page goes in when an element lists every operation: its first tag, named by the tag's `x-group` when it has one. */
function operationTag(_spec: OpenApiSpec, operation: OpenApiOperation): string | undefined {
	return operation.group ?? operation.tags?.[0];
}

/** The chain of navigation nodes from the root down to `node`. */
export function nodeChain(node: NavNode | undefined): NavNode[] {
	const chain: NavNode[] = [];
	for (let n = node; n; n = n.parent) chain.unshift(n);
	return chain;
}

/** Finds the route serving a URL path (`/` is the first page). */
export function findRoute(routes: SiteRoutes, url: string): PreviewRoute | undefined {
	const route = normalizeRoute(url);
	if (route === '/' && routes.home) return routes.routes.find(r => r.route === '/') ?? routes.home;
	return routes.routes.find(r => r.route === route);
}
