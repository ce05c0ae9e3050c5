import { iconLibraryOf } from '../icons/iconRules';
import { iconCompletion } from './iconCompletion';
import { stringAt, type StringSpan } from './configLocation';
import { findNodeAtOffset, getLocation, getNodePath, type JSONPath, type Node as JsoncNode } from 'jsonc-parser';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type CompletionList, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { languageCodes, languageNames } from '../languageCodes';
import { getValue, type ConfigNode } from '../docsConfig/configTree';
import { allowedChildKeys, isChildKey, type ChildKey, type NavElement, type PageEntry } from '../docsConfig/navigation';
import { pagePathOf } from '../docsConfig/pageEntries';
import { endpointCompletions } from './endpointFeatures';
import { graphqlCompletions } from './graphqlFeatures';
import { listedPages, type ListedPages, type ListedPagesDerivation } from './listedPages';
import { rankPageCandidates, sortPaths, type SortedPaths } from './pageCandidates';
import type { PageIndex } from '../site/pageIndex';
import type { SiteModel } from '../site/siteModel';
import { appendAll } from '../arrays';

/** What a page completion item carries to completionItem/resolve. */
export interface PageCompletionData {
	readonly kind: 'page';
	readonly fileUri: string;
}

/**
 * Completions inside a configuration file: page paths in `pages` arrays (files of the site not
 * yet listed in that array) and in group `root`, language codes in `language`.
 */
export function doComplete(site: SiteModel, document: TextDocument, position: Position): CompletionList | undefined {
	const offset = document.offsetAt(position);
	const text = document.getText();
	const location = locate(site, document, text, offset);
	if (location.isAtPropertyKey) return completeNavigationKey(site, document, offset, location.previousNode);
	const node = location.previousNode;
	const inString = node?.type === 'string' && node.offset < offset && offset <= node.offset + node.length;
	// Replace the whole string (quotes included) when the cursor is in one, else insert a quoted value.
	const replace = inString
		? { start: document.positionAt(node!.offset), end: document.positionAt(node!.offset + node!.length) }
		: { start: position, end: position };
	const quote = (value: string) => JSON.stringify(value);
	const last = location.path[location.path.length - 1];
	const parentKey = location.path[location.path.length - 2];

	if (last === 'language') {
		const items = languageCodes.map<CompletionItem>((code, i) => ({
			label: code,
			kind: CompletionItemKind.EnumMember,
			detail: languageNames[code],
			sortText: String(i).padStart(3, '0'),
			textEdit: { range: replace, newText: quote(code) },
			filterText: quote(code),
		}));
		return { isIncomplete: false, items };
	}

	if (last === 'icon' || (last === 'name' && parentKey === 'icon'))
		return iconCompletion(iconLibraryOf(site.config.root), replace, inString ? text.slice(node!.offset + 1, offset) : '', quote);

	const inPagesArray = typeof last === 'number' && parentKey === 'pages';
	if (!inPagesArray && last !== 'root') return undefined;
	// The innermost `pages` array written in this file around the cursor: what it lists is not offered again.
	const here = inPagesArray ? innermostPagesArray(site, document.uri, offset) : undefined;
	const listedHere = pathsOf(here?.pages ?? []);
	const listedAnywhere = listedOf(site).listed;
	const items: CompletionItem[] = [];
	const typed = inString ? text.slice(node!.offset + 1, offset) : '';
	for (const path of pageCandidates(site, listedHere, listedAnywhere, typed, here?.pages ?? [])) {
		items.push({
			label: path,
			kind: CompletionItemKind.File,
			textEdit: { range: replace, newText: quote(path) },
			filterText: quote(path),
			// Pages not in the navigation yet first: they are what a writer adding a page is looking for.
			sortText: (listedAnywhere.has(path) ? '1' : '0') + path,
			data: { kind: 'page', fileUri: site.pages.fileOf(path)! } satisfies PageCompletionData,
		});
	}
	let incomplete = site.pages.size - listedHere.size > maxPageItems;
	if (inPagesArray) {
		// Same bound for specs with thousands of operations: those matching what is typed, narrowed as the writer types.
		const listedEndpoints = new Set((here?.pages ?? []).map(p => p.value));
		const first = endpointCompletions(site, here, listedEndpoints, replace, { limit: maxPageItems });
		const endpoints =
			first.incomplete && typed ? endpointCompletions(site, here, listedEndpoints, replace, { needle: typed.toLowerCase(), limit: maxPageItems }) : first;
		incomplete ||= endpoints.incomplete;
		appendAll(items, endpoints.items);
		appendAll(items, graphqlCompletions(site, here, listedEndpoints, replace));
	}
	return { isIncomplete: incomplete, items };
}

/**
 * Page completions offered at once. A site with 25,000 pages would otherwise send every one on
 * each keystroke; beyond this the list is marked incomplete and narrowed as the writer types (the
 * editor asks again). The best-ranked 200 (matching what is typed, not yet listed, nearest the
 * surrounding entries' folder) fill a suggest widget many times over; like clangd's default limit
 * (100), the bound keeps a keystroke's answer small: 1,000 items were half of the time on a huge site.
 */
export const maxPageItems = 200;

/**
 * Pages to offer, not already listed here: all of them on sites of ordinary size; on huge ones the
 * best `maxPageItems` (see pageCandidates.ts).
 */
function pageCandidates(
	site: SiteModel,
	listedHere: ReadonlySet<string>,
	listedAnywhere: ListedPages['listed'],
	typed: string,
	neighbours: readonly PageEntry[],
): string[] {
	const all = pagesOf(site);
	if (all.paths.length - listedHere.size <= maxPageItems) return all.paths.filter(path => !listedHere.has(path));
	const folder =
		neighbours
			.map(p => pagePathOf(p.value))
			.find(p => p !== undefined)
			?.replace(/[^/]*$/, '') ?? '';
	return rankPageCandidates(all, listedOf(site).unlisted, {
		listedHere,
		listedAnywhere,
		needle: typed.replace(/^\/+/, '').toLowerCase(),
		folder,
		limit: maxPageItems,
	});
}

const pathsOf = (entries: readonly PageEntry[]) => new Set(entries.flatMap(p => pagePathOf(p.value) ?? []));

/** By page set, not by model: a docs.json edit makes a new model of the same pages (25,000 paths lowercased again on the next completion). */
const pagesCache = new WeakMap<PageIndex, { readonly version: number; readonly sorted: SortedPaths }>();
/**
 * Per site model (so per version of the configuration and page set): which pages its navigation
 * lists and which it does not. Completion runs on every keystroke; the last answer per page set is
 * kept too, and the next model's derived from it (see listedPages.ts).
 */
const listedCache = new WeakMap<SiteModel, ListedPagesDerivation>();
const lastListed = new WeakMap<PageIndex, ListedPagesDerivation>();

function listedOf(site: SiteModel): ListedPages {
	let listed = listedCache.get(site);
	if (!listed) {
		listed = listedPages(site.navigation?.pages ?? [], pagesOf(site), lastListed.get(site.pages));
		listedCache.set(site, listed);
		lastListed.set(site.pages, listed);
	}
	return listed;
}

/** The site's page paths, sorted; kept per page set and version, so a keystroke does not sort 25,000 paths. */
export const sortedPagePaths = (site: SiteModel): readonly string[] => pagesOf(site).paths;

function pagesOf(site: SiteModel): SortedPaths {
	let pages = pagesCache.get(site.pages);
	if (pages?.version !== site.pageVersion) pagesCache.set(site.pages, (pages = { version: site.pageVersion, sorted: sortPaths(site.pages.paths()) }));
	return pages.sorted;
}

/**
 * Where the cursor is, as jsonc-parser's `getLocation` says. That scans the text up to the cursor
 * (a megabyte in the middle of a huge docs.json); inside a string, the model's syntax tree of this
 * very text answers at once. Elsewhere (between values), the scan decides.
 */
function locate(
	site: SiteModel,
	document: TextDocument,
	text: string,
	offset: number,
): { readonly path: JSONPath; readonly isAtPropertyKey: boolean; readonly previousNode?: JsoncNode | StringSpan } {
	const current = site.config.files.get(document.uri)?.getText() === text;
	const tree = current ? site.config.trees.get(document.uri) : undefined;
	// A lone docs.json keeps no syntax tree (see composeConfig): its composed tree mirrors its text.
	if (current && !tree && site.config.files.size === 1 && site.config.root && site.config.configUri === document.uri) {
		const found = stringAt(site.config.root, offset);
		if (found) return { path: found.path, isAtPropertyKey: found.isKey, previousNode: found.node };
		return getLocation(text, offset);
	}
	const node = tree && findNodeAtOffset(tree, offset, false);
	if (node?.type === 'string' && node.offset < offset && offset < node.offset + node.length) {
		const isKey = node.parent?.type === 'property' && node.parent.children?.[0] === node;
		if (isKey) return { path: [], isAtPropertyKey: true, previousNode: node };
		return { path: getNodePath(node), isAtPropertyKey: false, previousNode: node };
	}
	return getLocation(text, offset);
}

function innermostPagesArray(site: SiteModel, uri: string, offset: number): NavElement | undefined {
	let best: { element: NavElement; length: number } | undefined;
	for (const { element, pages } of pagesArraysOf(site, uri)) {
		if (offset <= pages.offset || offset >= pages.offset + pages.length) continue;
		if (!best || pages.length < best.length) best = { element, length: pages.length };
	}
	return best?.element;
}

/** Per model and file: the elements with a `pages` array written there (looked up once, not per keystroke). */
const pagesArrays = new WeakMap<SiteModel, Map<string, { element: NavElement; pages: ConfigNode }[]>>();

function pagesArraysOf(site: SiteModel, uri: string): readonly { element: NavElement; pages: ConfigNode }[] {
	let byUri = pagesArrays.get(site);
	if (!byUri) pagesArrays.set(site, (byUri = new Map()));
	let found = byUri.get(uri);
	if (!found) {
		found = [];
		for (const element of site.navigation?.elements ?? []) {
			const pages = getValue(element.node, 'pages');
			if (pages?.kind === 'array' && pages.uri === uri) found.push({ element, pages });
		}
		byUri.set(uri, found);
	}
	return found;
}

const childKeyDocs: Record<ChildKey, string> = {
	pages: 'Pages (paths without extension) and nested groups.',
	groups: 'Groups: labelled sections of the sidebar.',
	tabs: 'Tabs: top-bar sections with their own URL paths.',
	anchors: 'Anchors: persistent items at the top of the sidebar.',
	dropdowns: 'Dropdowns: a menu at the top of the sidebar.',
	products: 'Products: a product switcher, each with its own navigation.',
	versions: 'Versions: a version switcher.',
	languages: 'Languages: a language switcher (supported codes only).',
	menu: 'A dropdown menu of the tab, whose items hold groups and pages.',
};

/**
 * Child keys valid at a key position inside a navigation element: one type of child per level,
 * so once an element has children of one kind, no other kind is offered. The schema marks these
 * keys `doNotSuggest` so VS Code's JSON support does not offer them regardless of context.
 */
function completeNavigationKey(
	site: SiteModel,
	document: TextDocument,
	offset: number,
	keyNode: JsoncNode | StringSpan | undefined,
): CompletionList | undefined {
	let element: NavElement | undefined;
	for (const candidate of site.navigation?.elements ?? []) {
		const { node } = candidate;
		if (node.uri !== document.uri || offset <= node.offset || offset >= node.offset + node.length) continue;
		if (!element || node.length < element.node.length) element = candidate;
	}
	if (!element || element.kind === 'group') return undefined;
	const present = element.node.properties.filter(p => isChildKey(p.key) && !(keyNode && p.keyOffset === keyNode.offset));
	const keys = present.length ? [] : allowedChildKeys[element.kind];
	const inKey = keyNode?.type === 'string' && keyNode.offset < offset && offset <= keyNode.offset + keyNode.length;
	const range = inKey
		? { start: document.positionAt(keyNode!.offset), end: document.positionAt(keyNode!.offset + keyNode!.length) }
		: { start: document.positionAt(offset), end: document.positionAt(offset) };
	const items = keys.map<CompletionItem>(key => ({
		label: key,
		kind: CompletionItemKind.Property,
		detail: 'MintDoc: navigation',
		documentation: childKeyDocs[key],
		insertTextFormat: InsertTextFormat.Snippet,
		filterText: JSON.stringify(key),
		textEdit: { range, newText: `"${key}": [$0]` },
	}));
	return { isIncomplete: false, items };
}
