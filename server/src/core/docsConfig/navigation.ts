import { getProperty, getString, type ConfigNode, type ConfigObject, type ConfigProperty, type ConfigScalar } from './configTree';

/** Kinds of navigation element, named after the key that introduces them. */
export type NavKind = 'navigation' | 'tab' | 'anchor' | 'globalAnchor' | 'dropdown' | 'product' | 'version' | 'language' | 'menuItem' | 'group';

/** The key holding each kind's display name (the element "requires" it). */
export const nameKeyOf: Record<Exclude<NavKind, 'navigation'>, string> = {
	tab: 'tab',
	anchor: 'anchor',
	globalAnchor: 'anchor',
	dropdown: 'dropdown',
	product: 'product',
	version: 'version',
	language: 'language',
	menuItem: 'item',
	group: 'group',
};

/** Keys that hold child elements, and the kind of element each holds. `pages` holds pages and nested groups. */
export const childKeys = {
	pages: 'group',
	groups: 'group',
	tabs: 'tab',
	anchors: 'anchor',
	dropdowns: 'dropdown',
	products: 'product',
	versions: 'version',
	languages: 'language',
	menu: 'menuItem',
} as const satisfies Record<string, NavKind>;

export type ChildKey = keyof typeof childKeys;

const childKindOf = new Map<string, NavKind>(Object.entries(childKeys));

export function isChildKey(key: string): key is ChildKey {
	return Object.prototype.hasOwnProperty.call(childKeys, key);
}

/** One element of the navigation (a tab, a group, ...), with its children in order. */
export interface NavElement {
	readonly kind: NavKind;
	readonly node: ConfigObject;
	/** The property whose array holds this element (`tabs`, `groups`, `pages`, ...); undefined for the root. */
	readonly via: ConfigProperty | undefined;
	readonly parent: NavElement | undefined;
	readonly children: NavElement[];
	readonly pages: PageEntry[];
	/** Display name (`tab`, `group`, ... value) when it is a string. */
	readonly name: string | undefined;
}

/** A string entry of a `pages` array: a page path, or an OpenAPI `METHOD /path` reference. */
export interface PageEntry {
	readonly value: string;
	readonly node: ConfigScalar;
	readonly parent: NavElement;
}

export interface Navigation {
	readonly root: NavElement;
	/** Every element, depth first, parents before children (the root first). */
	readonly elements: readonly NavElement[];
	/** Every page entry, in navigation order. */
	readonly pages: readonly PageEntry[];
	/** `navigation.global` elements (anchors, tabs shown on every page). */
	readonly global: readonly NavElement[];
}

/** Extracts the navigation tree from a composed configuration; undefined when there is no `navigation` object. */
export function extractNavigation(config: ConfigNode | undefined): Navigation | undefined {
	const navigation = getProperty(config, 'navigation');
	if (navigation?.value.kind !== 'object' || navigation.value.unresolved) return undefined;
	const elements: NavElement[] = [];
	const pages: PageEntry[] = [];
	const global: NavElement[] = [];

	const visit = (node: ConfigObject, kind: NavKind, via: ConfigProperty | undefined, parent: NavElement | undefined): NavElement => {
		const element: NavElement = {
			kind,
			node,
			via,
			parent,
			children: [],
			pages: [],
			name: kind === 'navigation' ? undefined : getString(node, nameKeyOf[kind]),
		};
		elements.push(element);
		for (const property of node.properties) {
			// Read for each of crewAI's 4,800 elements on every docs.json edit: a map lookup, not a prototype check.
			const childKind = childKindOf.get(property.key);
			if (childKind === undefined || property.value.kind !== 'array') continue;
			for (const item of property.value.items) {
				if (item.kind === 'object' && !item.unresolved) {
					element.children.push(visit(item, childKind, property, element));
				} else if (item.kind === 'string' && property.key === 'pages') {
					const entry: PageEntry = { value: item.value as string, node: item, parent: element };
					element.pages.push(entry);
					pages.push(entry);
				}
			}
		}
		return element;
	};

	const root = visit(navigation.value, 'navigation', undefined, undefined);
	const globalNode = getProperty(navigation.value, 'global')?.value;
	if (globalNode?.kind === 'object') {
		for (const property of globalNode.properties) {
			if ((property.key !== 'anchors' && property.key !== 'tabs') || property.value.kind !== 'array') continue;
			for (const item of property.value.items) {
				if (item.kind === 'object' && !item.unresolved) global.push(visit(item, property.key === 'anchors' ? 'globalAnchor' : 'tab', property, undefined));
			}
		}
	}
	return { root, elements, pages, global };
}

/** True for a group inside another group's `pages` (only those can be collapsed). */
export function isNestedGroup(element: NavElement): boolean {
	return element.kind === 'group' && element.parent?.kind === 'group';
}

/** The elements from the root down to `element`, for breadcrumbs and outlines. */
export function ancestry(element: NavElement): NavElement[] {
	const chain: NavElement[] = [];
	for (let e: NavElement | undefined = element; e; e = e.parent) chain.unshift(e);
	return chain;
}

/**
 * Child keys each kind of element may hold (one of them per element). Mirrors the schema;
 * `menu` only in tabs (platform spec), menu items only groups and pages.
 */
export const allowedChildKeys: Record<NavKind, readonly ChildKey[]> = {
	navigation: ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'],
	tab: ['pages', 'groups', 'menu', 'anchors', 'dropdowns', 'products', 'versions', 'languages'],
	anchor: ['pages', 'groups', 'tabs', 'dropdowns', 'products', 'versions', 'languages'],
	globalAnchor: [],
	dropdown: ['pages', 'groups', 'tabs', 'anchors', 'products', 'versions', 'languages'],
	product: ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'versions', 'languages'],
	version: ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'languages'],
	language: ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions'],
	menuItem: ['pages', 'groups'],
	group: ['pages'],
};
