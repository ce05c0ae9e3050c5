import { throwIfCancelled, type CancellationToken } from '../cancellation';
import type { OpenApiSpec } from '../openapi/openApiSpec';
import { titleFromPath } from '../features/pageInfo';
import { normalizeRoute } from '../site/routePaths';
import type { SiteModel } from '../site/siteModel';
import { joinUri, relativePath } from '../uris';
import { navigationPages } from './llmsPages';
import { collectLlmsSite, type LlmsEntry, type LlmsSite, type PageReader } from './llmsSite';
import { agentInstructions, renderLlmsTxt, siteUrl, type LlmsTxt } from './llmsTxt';
import { pageFacts } from './pageFacts';
import { pageMarkdown } from './pageMarkdown';

/** The files the platform serves for agents, at the root of the site. */
export const llmsFileNames = ['llms.txt', 'llms-full.txt'] as const;
export type LlmsFileName = (typeof llmsFileNames)[number];

/** An OpenAPI document larger than this is named, not copied, into an API page's Markdown (llms-full.txt would repeat it per operation). */
const maxInlinedSpec = 200_000;

/** A file the site commits at its root (`llms.txt`, `llms-full.txt`): served as written instead of the generated one. */
export async function customLlmsFile(site: SiteModel, name: LlmsFileName, read: PageReader): Promise<string | undefined> {
	return read(joinUri(site.rootUri, name));
}

/** The generated llms.txt (whether or not the site commits its own). */
export async function generateLlmsTxt(
	site: SiteModel,
	read: PageReader,
	baseUrl: string,
	token: CancellationToken,
): Promise<LlmsTxt & { readonly site: LlmsSite }> {
	const llms = await collectLlmsSite(site, read, token);
	return { ...renderLlmsTxt(llms, baseUrl), site: llms };
}

/** The generated llms-full.txt: every page of llms.txt as its Markdown export, with its source URL. No cap. */
export async function generateLlmsFullTxt(site: SiteModel, read: PageReader, baseUrl: string, token: CancellationToken): Promise<string> {
	const llms = await collectLlmsSite(site, read, token);
	const parts: string[] = [];
	if (llms.instructions.length) parts.push(agentInstructions(llms.instructions) + '\n');
	for (const entry of llms.entries) {
		throwIfCancelled(token);
		const markdown = await entryMarkdown(site, llms, entry, read, basePathOf(baseUrl));
		if (markdown === undefined) continue;
		// `# Title`, then `Source:` on the next line, as the platform's llms-full.txt writes each page.
		const [heading, ...rest] = markdown.split('\n');
		parts.push(`${heading}\nSource: ${siteUrl(baseUrl, entry.linkPath)}\n${rest.join('\n')}`);
	}
	return parts.join('\n');
}

/**
 * The Markdown export of the page served at `route` (`/guides/setup`, `/guides/setup.md`), or
 * undefined when no page is served there. Any page of the site is exported (hidden ones too: they
 * are served at their URL); the agent instructions are added to every one.
 */
export async function generatePageMarkdown(
	site: SiteModel,
	route: string,
	read: PageReader,
	baseUrl: string,
	token: CancellationToken,
): Promise<string | undefined> {
	const wanted = normalizeRoute(route);
	const llms = await collectLlmsSite(site, read, token);
	const listed = llms.entries.find(e => e.route === wanted);
	if (listed) return entryMarkdown(site, llms, listed, read, basePathOf(baseUrl));
	const page = navigationPages(site).pages.find(p => p.route === wanted);
	if (page?.kind === 'operation' && page.operation) return operationMarkdown(site, llms, page.operation, page.spec, page.route);
	const pagePath = page?.pagePath ?? [...site.pages.paths()].find(p => normalizeRoute(p) === wanted);
	const uri = pagePath === undefined ? undefined : site.pages.fileOf(pagePath);
	if (!uri || pagePath === undefined) return undefined;
	const text = await read(uri);
	if (text === undefined) return undefined;
	const facts = pageFacts(text);
	return pageMarkdown(text, {
		title: facts.title?.trim() || titleFromPath(pagePath),
		description: facts.description,
		instructions: llms.instructions,
		basePath: basePathOf(baseUrl),
		isMdx: !uri.endsWith('.md'),
	});
}

/** The Markdown export of the page being edited, from its buffer's text (the editor's live view). */
export async function pageMarkdownOfFile(site: SiteModel, fileUri: string, read: PageReader, baseUrl: string): Promise<string | undefined> {
	const path = relativePath(site.rootUri, fileUri);
	if (path === undefined) return undefined;
	return generatePageMarkdown(site, '/' + path.replace(/\.(mdx|md)$/i, ''), read, baseUrl, { isCancellationRequested: false });
}

/** The Markdown export of one entry of a collected site (writing every page: the site is collected once). */
export function exportEntry(site: SiteModel, llms: LlmsSite, entry: LlmsEntry, read: PageReader, baseUrl: string): Promise<string | undefined> {
	return entryMarkdown(site, llms, entry, read, basePathOf(baseUrl));
}

async function entryMarkdown(site: SiteModel, llms: LlmsSite, entry: LlmsEntry, read: PageReader, basePath: string): Promise<string | undefined> {
	const page = entry.page;
	if (page?.kind === 'operation' && page.operation) return operationMarkdown(site, llms, page.operation, page.spec, entry.route);
	if (!entry.fileUri) return undefined;
	const text = await read(entry.fileUri);
	if (text === undefined) return undefined;
	return pageMarkdown(text, {
		title: entry.title,
		description: entry.description,
		instructions: llms.instructions,
		basePath,
		isMdx: !entry.fileUri.endsWith('.md'),
	});
}

/** A generated API page: title, description, and (unless `markdown.schema` is false) its OpenAPI document. */
function operationMarkdown(
	site: SiteModel,
	llms: LlmsSite,
	operation: NonNullable<LlmsEntry['page']>['operation'] & object,
	spec: OpenApiSpec | undefined,
	route: string,
): string {
	const title = llms.entries.find(e => e.route === route)?.title ?? operation.summary ?? `${operation.method} ${operation.path}`;
	let text = pageMarkdown('', { title, description: operation.description, instructions: llms.instructions, isMdx: false });
	if (!llms.includeSchema || !spec) return text;
	const file = relativePath(site.rootUri, spec.uri) ?? spec.uri;
	const source = site.specFiles.get(spec.uri)?.getText();
	const fence = '````';
	text += `\n## OpenAPI\n\n${fence}${/\.json$/i.test(file) ? 'json' : 'yaml'} ${file} ${operation.method.toLowerCase()} ${operation.path}\n`;
	text += source !== undefined && source.length <= maxInlinedSpec ? `${source.replace(/\s+$/, '')}\n` : `(the OpenAPI document ${file})\n`;
	return `${text}${fence}\n`;
}

/** `https://x.com/docs` → `/docs`; `` for a site at the root or a URL that does not parse. */
function basePathOf(baseUrl: string): string {
	const match = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)?/i.exec(baseUrl);
	return (match?.[1] ?? '').replace(/\/+$/, '');
}
