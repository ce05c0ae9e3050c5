import { detachString } from '../detachString';
import type { Diagnostic } from 'vscode-languageserver-types';
import { graphqlSourceOf, parseGraphqlSelector } from '../graphql/graphqlSelectors';
import type { PageIndex } from '../site/pageIndex';
import { getValue, type ConfigNode, type ConfigScalar } from './configTree';
import type { DiagnosticSink } from './diagnosticSink';
import type { Navigation } from './navigation';
import { classifyEntry, invalidMethodMessage, isExternalLink, type PageEntryKind } from './pageEntries';

/** Quick-fix data attached to page diagnostics: what to write instead, and which file to create. */
export interface PageFix {
	/** The entry as it should be written (no slash, no extension), when that differs from what is written. */
	readonly normalized?: string;
	/** The page path to create (`page-not-found`). */
	readonly create?: string;
	/** The closest existing page (`page-not-found`). */
	readonly suggestion?: string;
}

/**
 * Every page a navigation names must be a file of the site: `pages` entries (not `METHOD /path`
 * references), group `root` pages, and `href`s that are page paths rather than external links.
 */
export function checkPageReferences(navigation: Navigation | undefined, pages: PageIndex, sink: DiagnosticSink): void {
	if (!navigation) return;
	for (const entry of navigation.pages) {
		// `QUERY users` under a `graphql` tab is a page the platform generates from the schema, not a file.
		if (parseGraphqlSelector(entry.value) && graphqlSourceOf(entry.parent) !== undefined) continue;
		checkPagePath(entry.node, pages, sink, true);
	}
	for (const element of navigation.elements) {
		const root = getValue(element.node, 'root');
		if (root?.kind === 'string') checkPagePath(root, pages, sink, true);
		const href = getValue(element.node, 'href');
		if (href?.kind === 'string' && !isExternalLink(href.value as string) && !(href.value as string).startsWith('#')) checkPagePath(href, pages, sink, false);
	}
}

/** Suggestions cost a scan of every page: a file with thousands of missing pages gets them for the first ones only. */
const maxSuggestions = 200;

/**
 * Adds "Did you mean" to the first `page-not-found` findings of one file, in the order they are
 * written. Done after the rules, over the findings of the whole file, so findings reused from
 * an earlier check get the same suggestions a fresh check gives.
 */
export function addPageSuggestions(diagnostics: readonly Diagnostic[], pages: PageIndex): void {
	const missing = diagnostics.filter(d => d.code === 'page-not-found' && (d.data as PageFix | undefined)?.create !== undefined);
	missing.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
	for (const diagnostic of missing.slice(0, maxSuggestions)) {
		const data = diagnostic.data as PageFix;
		const suggestion = suggestionFor(data.create!, pages);
		if (!suggestion) continue;
		diagnostic.message += ` Did you mean '${suggestion}'?`;
		diagnostic.data = { ...data, suggestion } satisfies PageFix;
	}
}

/** The closest page of a missing path: the page index remembers them per version of its pages (the same entries are judged on every keystroke). */
function suggestionFor(path: string, pages: PageIndex): string | undefined {
	return pages.closestPath(path);
}

function checkPagePath(node: ConfigScalar, pages: PageIndex, sink: DiagnosticSink, isEntry: boolean): void {
	const facts = factsOf(node.value as string);
	if (!facts) return;
	const { entry, badMethod, path } = facts;
	if (isEntry && badMethod) {
		sink.atNode(node, invalidMethodMessage(badMethod), 'openapi-invalid-method');
		return;
	}
	// Entries are written "guides/setup"; an href is a URL path and may start with a slash.
	if (isEntry && entry.leadingSlash)
		sink.atNode(node, `Write page paths without a leading slash: '${entry.path}'.`, 'page-leading-slash', {
			data: { normalized: entry.path } satisfies PageFix,
		});
	if (entry.extension)
		sink.atNode(node, `Write page paths without the '${entry.extension}' extension: '${entry.path}'.`, 'page-extension', {
			data: { normalized: entry.path } satisfies PageFix,
		});
	if (path === '' || pages.has(path)) return;
	if (pages.isIgnored(path)) {
		const why =
			pages.ignoredBy(path) === 'default'
				? 'the platform leaves it out of every site (README, LICENSE, CHANGELOG and CONTRIBUTING files, .git, .github and editor folders such as .vscode, and .mintlify/ are never pages)'
				: '.mintignore excludes it from the site';
		sink.atNode(node, `'${path}' exists but ${why}.`, 'page-ignored');
		return;
	}
	// "Did you mean" comes later, from addPageSuggestions.
	sink.atNode(node, `No page '${path}': neither ${path}.mdx nor ${path}.md exists in the docs root.`, 'page-not-found', {
		data: { create: path, suggestion: undefined } satisfies PageFix,
	});
}

type PageFacts = { readonly entry: Extract<PageEntryKind, { kind: 'page' }>; readonly badMethod: string | undefined; readonly path: string };
/** What a page entry's text says, remembered per text: the same tens of thousands of entries are judged on every keystroke. */
const facts = new Map<string, PageFacts | undefined>();

/** The page path a navigation entry names, as page checks compare it (no `#anchor`, `?query` or trailing slash); undefined for an endpoint. */
export function entryPagePath(value: string): string | undefined {
	return factsOf(value)?.path;
}

function factsOf(value: string): PageFacts | undefined {
	if (facts.has(value)) return facts.get(value);
	if (facts.size >= 200_000) facts.clear();
	// Kept across edits: copies, so that no key or path keeps alive the docs.json it was read from
	// (a cycle of 20 renamed entries kept 20 versions of crewAI's, 96 MB).
	const key = detachString(value);
	const entry = classifyEntry(key);
	let result: PageFacts | undefined;
	if (entry.kind === 'page') {
		// "FETCH /users": an endpoint with a method HTTP does not have, not a page path (a page path has no space: most skip the pattern).
		const badMethod = /\s/.test(key) ? /^(?:\S+\s+)?([A-Za-z]+)\s+\/\S*$/.exec(key.trim())?.[1] : undefined;
		result = { entry, badMethod, path: entry.path.replace(/[#?].*$/, '').replace(/\/+$/, '') };
	}
	facts.set(key, result);
	return result;
}

/** Redirect destinations that name a file by its extension (`/404.html`, `/guide.pdf`): the platform serves any file of the root. */
export function fileDestinations(config: ConfigNode | undefined): string[] {
	const redirects = getValue(config, 'redirects');
	if (redirects?.kind !== 'array') return [];
	return redirects.items.flatMap(redirect => {
		const destination = redirect.kind === 'object' ? getValue(redirect, 'destination') : undefined;
		if (destination?.kind !== 'string' || isExternalLink(destination.value as string)) return [];
		const path = (destination.value as string).replace(/[#?].*$/, '').replace(/^\/+|\/+$/g, '');
		return /\.[A-Za-z0-9]+$/.test(path) && !/\.mdx?$/i.test(path) && !/[:*]/.test(path) ? [path] : [];
	});
}
