import type { NavNode, NavNodeKind, PreviewRoute, SiteRoutes } from './routes';
import { nodeChain } from './routes';

/** Kinds that switch between whole navigations (each shows its own sidebar). */
const switcherKinds: ReadonlySet<NavNodeKind> = new Set(['tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'menuItem']);

/** One level where the reader picks among siblings: the tabs of the top bar, the versions, ... */
export interface NavChoice {
	readonly kind: NavNodeKind;
	readonly options: readonly NavNode[];
	readonly selected: NavNode | undefined;
}

/** Where a route sits: the chain from the root, the switchers above it and the sidebar section that holds it. */
export interface NavContext {
	readonly chain: readonly NavNode[];
	readonly choices: readonly NavChoice[];
	/** The element whose groups and pages the sidebar lists (the deepest tab/anchor/version/... above the page). */
	readonly section: NavNode;
	/** The page's own node (undefined for pages no navigation lists). */
	readonly node: NavNode | undefined;
}

/**
 * The navigation context of a route. A page no navigation lists gets the context of the site's
 * first page (the platform shows its default navigation), without an active entry.
 */
export function navContext(routes: SiteRoutes, route: PreviewRoute | undefined): NavContext {
	const node = route?.node;
	const chain = nodeChain(node ?? routes.home?.node);
	if (!chain.length) chain.push(routes.root);
	const choices: NavChoice[] = [];
	let section = chain[0];
	for (let i = 0; i < chain.length; i++) {
		const level = chain[i];
		if (level.kind !== 'group' && level.kind !== 'page' && level.kind !== 'operation') section = level;
		const next = chain[i + 1];
		const byKind = new Map<NavNodeKind, NavNode[]>();
		for (const child of level.children) if (switcherKinds.has(child.kind)) byKind.set(child.kind, [...(byKind.get(child.kind) ?? []), child]);
		for (const [kind, options] of byKind) choices.push({ kind, options, selected: options.find(o => o === next) });
	}
	return { chain: node ? chain : chain.filter(n => n.kind !== 'page' && n.kind !== 'operation' && n.kind !== 'group'), choices, section, node };
}

/** Pages and operations of a section, in sidebar order (switchable children excluded): the previous/next order. */
export function sectionPages(section: NavNode): NavNode[] {
	const pages: NavNode[] = [];
	const visit = (node: NavNode) => {
		for (const child of node.children) {
			if (switcherKinds.has(child.kind)) continue;
			if (child.kind === 'group' && child.route) pages.push(child);
			if (child.kind === 'page' || child.kind === 'operation') pages.push(child);
			visit(child);
		}
	};
	visit(section);
	return pages;
}

/** Previous and next pages of the sidebar around `node`. */
export function neighbours(section: NavNode, node: NavNode | undefined): { previous?: NavNode; next?: NavNode } {
	if (!node) return {};
	const pages = sectionPages(section);
	const at = pages.findIndex(p => p.route === node.route);
	if (at === -1) return {};
	return { previous: pages[at - 1], next: pages[at + 1] };
}
