import { throwIfCancelled, type CancellationToken } from '../cancellation';
import { getProperty, getString, getValue, type ConfigNode } from '../docsConfig/configTree';
import { titleFromPath } from '../features/pageInfo';
import { generatedTitle } from '../openapi/openApiSpec';
import { collectSpecReferences } from '../openapi/specRegistry';
import { pageRoute } from '../site/routePaths';
import type { SiteModel } from '../site/siteModel';
import { navigationPages, type ExternalLink, type NavPage } from './llmsPages';
import { factsFromText, type FactsReader, type PageFacts } from './pageFacts';

/** One page as llms.txt lists it. */
export interface LlmsEntry {
	readonly route: string;
	/** The path its Markdown is linked at, without `.md` (`guides/setup`, `index`, `api-reference/get-user`). */
	readonly linkPath: string;
	readonly title: string;
	/** The frontmatter (or operation) description as written; llms.txt shows its first paragraph. */
	readonly description?: string;
	readonly page: NavPage | undefined;
	readonly fileUri?: string;
	readonly facts?: PageFacts;
	readonly group?: string;
}

/** What the generated files are made of: the site's name and description, its pages, specs and external links. */
export interface LlmsSite {
	readonly name: string;
	readonly description?: string;
	/** `markdown.instructions`, one string per line. */
	readonly instructions: readonly string[];
	/** `markdown.schema` is not false: API pages' Markdown carries their OpenAPI document. */
	readonly includeSchema: boolean;
	/** The pages llms.txt lists, in its order. */
	readonly entries: readonly LlmsEntry[];
	readonly openapi: readonly string[];
	readonly asyncapi: readonly string[];
	readonly external: readonly ExternalLink[];
}

/** Reads a page's text (an open buffer or the file); undefined when it cannot be read. */
export type PageReader = (uri: string) => Promise<string | undefined>;

/**
 * The site as llms.txt describes it, by the rules of the platform's llms.txt page: the pages of the
 * default language and version in navigation order; hidden pages (frontmatter, or a hidden element
 * above them) and `noindex` pages left out unless `seo.indexing` is `"all"`, which also adds the
 * pages no navigation lists, last and in alphabetical order.
 */
export async function collectLlmsSite(
	site: SiteModel,
	read: PageReader,
	token: CancellationToken,
	/** The pages' facts when known without reading them (the editor's page summaries). */
	facts: FactsReader = factsFromText(read),
): Promise<LlmsSite> {
	const root = site.config.root;
	const indexingAll = getString(getValue(root, 'seo'), 'indexing') === 'all';
	const { pages, external } = navigationPages(site);
	const entries: LlmsEntry[] = [];
	const factsOf = async (uri: string | undefined) => (uri ? facts(uri) : undefined);
	for (const page of pages) {
		if (!page.isDefault) continue;
		throwIfCancelled(token);
		if (page.kind === 'operation') {
			if (!page.operation) continue;
			entries.push({
				route: page.route,
				linkPath: page.route.replace(/^\/+/, ''),
				title: generatedTitle(page.operation),
				description: page.operation.description ?? undefined,
				page,
				group: page.group,
			});
			continue;
		}
		if (!page.fileUri) continue; // listed but missing: the platform's build fails on it, there is nothing to serve
		const facts = await factsOf(page.fileUri);
		if (!indexingAll && isHiddenPage(page, facts)) continue;
		entries.push(pageEntry(page.pagePath!, page.fileUri, facts, page));
	}
	if (indexingAll) {
		const listed = new Set(pages.map(p => p.pagePath).filter(p => p !== undefined));
		const unlisted = [...site.pages.paths()].filter(p => !listed.has(p) && !/^_?snippets(\/|$)/.test(p)).sort();
		for (const pagePath of unlisted) {
			throwIfCancelled(token);
			const uri = site.pages.fileOf(pagePath);
			entries.push(pageEntry(pagePath, uri, await factsOf(uri), undefined));
		}
	}
	const markdown = getValue(root, 'markdown');
	return {
		name: getString(root, 'name') ?? 'Documentation',
		description: getString(root, 'description'),
		instructions: instructionsOf(getValue(markdown, 'instructions')),
		includeSchema: !isFalse(getValue(markdown, 'schema')),
		entries,
		openapi: unique(collectSpecReferences(root, site.navigation).map(r => r.source)),
		asyncapi: unique(asyncApiSources(site)),
		external,
	};
}

/** Left out of llms.txt (unless `seo.indexing: "all"`): `hidden: true`, under a hidden element (unless `hidden: false`), or `noindex: true`. */
export function isHiddenPage(page: NavPage, facts: PageFacts | undefined): boolean {
	if (facts?.noindex) return true;
	if (facts?.hidden !== undefined) return facts.hidden;
	return page.hiddenByNavigation;
}

function pageEntry(pagePath: string, fileUri: string | undefined, facts: PageFacts | undefined, page: NavPage | undefined): LlmsEntry {
	return {
		route: pageRoute(pagePath),
		linkPath: pagePath,
		// A page without a title is named after its file, as the platform lists it (`bg-color-codes` → `Bg color codes`).
		title: facts?.title?.trim() || titleFromPath(pagePath),
		description: facts?.description,
		page,
		fileUri,
		facts,
		group: page?.group,
	};
}

function instructionsOf(value: ConfigNode | undefined): string[] {
	if (value?.kind === 'string') return (value.value as string).split(/\r?\n/);
	if (value?.kind === 'array') return value.items.flatMap(item => (item.kind === 'string' ? (item.value as string).split(/\r?\n/) : []));
	return [];
}

/** `asyncapi` on navigation elements and `api.asyncapi` (a string, `{ source }`, or a list). */
function asyncApiSources(site: SiteModel): string[] {
	const sources: string[] = [];
	const add = (value: ConfigNode | undefined) => {
		if (value?.kind === 'string') sources.push(value.value as string);
		else if (value?.kind === 'array') value.items.forEach(add);
		else if (value?.kind === 'object') add(getValue(value, 'source'));
	};
	add(getValue(getValue(site.config.root, 'api'), 'asyncapi'));
	for (const element of site.navigation?.elements ?? []) add(getProperty(element.node, 'asyncapi')?.value);
	return sources;
}

const isFalse = (node: ConfigNode | undefined) => node?.kind === 'boolean' && node.value === false;

function unique(values: readonly string[]): string[] {
	return [...new Set(values.map(v => v.trim()).filter(v => v !== ''))];
}
