import type { CancellationToken } from '../cancellation';
import type { SiteModel } from '../site/siteModel';
import { customLlmsFile, generateLlmsFullTxt, generateLlmsTxt, generatePageMarkdown, type LlmsFileName } from './llmsFiles';
import type { PageReader } from './llmsSite';

/** A URL the platform answers for agents: one of the root files, or a page's Markdown. */
export type LlmsRequest = { readonly kind: 'file'; readonly name: LlmsFileName } | { readonly kind: 'page'; readonly route: string };

/** What a URL path asks for: `/llms.txt`, `/.well-known/llms-full.txt`, `/guides/setup.md`; undefined for anything else. */
export function llmsRequestOf(pathname: string): LlmsRequest | undefined {
	const match = /^\/(?:\.well-known\/)?(llms(?:-full)?\.txt)$/.exec(pathname);
	if (match) return { kind: 'file', name: match[1] as LlmsFileName };
	if (/\.md$/i.test(pathname) && !/\.mdx$/i.test(pathname)) return { kind: 'page', route: pathname };
	return undefined;
}

/** An answer: the text, and whether it is the site's own file served as written. */
export interface LlmsAnswer {
	readonly text: string;
	readonly custom: boolean;
}

/** Answers a request as the platform would: a custom root file wins over the generated one. */
export async function answerLlmsRequest(
	site: SiteModel,
	request: LlmsRequest,
	read: PageReader,
	baseUrl: string,
	token: CancellationToken,
): Promise<LlmsAnswer | undefined> {
	if (request.kind === 'page') {
		const text = await generatePageMarkdown(site, request.route, read, baseUrl, token);
		return text === undefined ? undefined : { text, custom: false };
	}
	const custom = await customLlmsFile(site, request.name, read);
	if (custom !== undefined) return { text: custom, custom: true };
	const text = request.name === 'llms.txt' ? (await generateLlmsTxt(site, read, baseUrl, token)).text : await generateLlmsFullTxt(site, read, baseUrl, token);
	return { text, custom: false };
}

/**
 * The headers the platform adds to every page response so agents find the files (its llms.txt
 * page): `Link` with `llms-txt` and `llms-full-txt`, and `X-Llms-Txt`. Under a base path every
 * advertised path has it. (The API catalog, MCP and agent cards it also advertises are not served here.)
 */
export function llmsDiscoveryHeaders(basePath = ''): Record<string, string> {
	const base = basePath.replace(/\/+$/, '');
	return {
		link: `<${base}/llms.txt>; rel="llms-txt", <${base}/llms-full.txt>; rel="llms-full-txt"`,
		'x-llms-txt': `${base}/llms.txt`,
	};
}
