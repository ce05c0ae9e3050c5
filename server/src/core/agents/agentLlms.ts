import type { CancellationToken } from '../cancellation';
import { customLlmsFile, generateLlmsFullTxt, generateLlmsTxt, pageMarkdownOfFile, type LlmsFileName } from '../llms/llmsFiles';
import { assumedSiteUrl } from '../llms/llmsRules';
import type { PageReader } from '../llms/llmsSite';
import { llmsTxtLimit } from '../llms/llmsTxt';
import type { SiteModel } from '../site/siteModel';

/** llms.txt or llms-full.txt of one site, as the platform serves it to agents at the site's root. */
export interface AgentLlmsFile {
	readonly name: LlmsFileName;
	/** The site commits this file at its root: served as written, nothing generated. */
	readonly custom: boolean;
	readonly text: string;
	/** Characters of the generated llms.txt before it was fitted under the cap (the text's own length otherwise). */
	readonly fullLength: number;
	/** A generated llms.txt that passed the cap: descriptions shortened, entries dropped. */
	readonly truncation?: { readonly fullLength: number; readonly shortened: number; readonly dropped: number };
	/** The origin its links start with. */
	readonly baseUrl: string;
	/** No `site.url` in mintdoc.json: the links use a placeholder origin. */
	readonly placeholderUrl: boolean;
}

/**
 * The file agents get at `/llms.txt` (or `/llms-full.txt` with `full`): the site's own root file when it
 * commits one, else the generated one. `siteUrl` is mintdoc.json's `site.url`, when the team set one.
 * The MCP server and the editor's language-model tools both answer from here.
 */
export async function agentLlmsFile(
	site: SiteModel,
	read: PageReader,
	siteUrl: string | undefined,
	full: boolean,
	token: CancellationToken,
): Promise<AgentLlmsFile> {
	const name: LlmsFileName = full ? 'llms-full.txt' : 'llms.txt';
	const baseUrl = siteUrl ?? assumedSiteUrl;
	const origin = { name, baseUrl, placeholderUrl: siteUrl === undefined };
	const custom = await customLlmsFile(site, name, read);
	if (custom !== undefined) return { ...origin, custom: true, text: custom, fullLength: custom.length };
	if (full) {
		const text = await generateLlmsFullTxt(site, read, baseUrl, token);
		return { ...origin, custom: false, text, fullLength: text.length };
	}
	const { text, truncation } = await generateLlmsTxt(site, read, baseUrl, token);
	if (!truncation) return { ...origin, custom: false, text, fullLength: text.length };
	const fitted = { fullLength: truncation.fullLength, shortened: truncation.shortened, dropped: truncation.dropped.length };
	return { ...origin, custom: false, text, fullLength: truncation.fullLength, truncation: fitted };
}

/**
 * What a model reads: one line saying which file it is and where it comes from (a custom file is
 * the team's to edit, a generated one follows the pages), then the file as served.
 */
export function agentLlmsFileText(file: AgentLlmsFile, siteLabel: string): string {
	return `${llmsFileHead(file, siteLabel)}\n\n${file.text}`;
}

function llmsFileHead(file: AgentLlmsFile, siteLabel: string): string {
	const head = `/${file.name} of the site in ${siteLabel}`;
	if (file.custom) return `${head}: the site's own ${file.name} (committed at its root), served as written instead of a generated one.`;
	const links = file.placeholderUrl
		? `links use the placeholder ${file.baseUrl} (set "site": {"url"} in mintdoc.json for the real one)`
		: `links use ${file.baseUrl}`;
	if (!file.truncation) return `${head}: generated from the pages, ${file.text.length.toLocaleString('en-US')} characters; ${links}.`;
	const { fullLength, shortened, dropped } = file.truncation;
	return (
		`${head}: generated from the pages and fitted under the ${llmsTxtLimit.toLocaleString('en-US')}-character cap ` +
		`(${fullLength.toLocaleString('en-US')} before: ${shortened} descriptions shortened, ${dropped} entries dropped); ${links}.`
	);
}

/**
 * A page file's Markdown export as served at `<route>.md`, from `read` (buffers as typed in the
 * editor); undefined when the file is no page of the site.
 */
export function agentPageMarkdown(site: SiteModel, fileUri: string, read: PageReader, siteUrl: string | undefined): Promise<string | undefined> {
	return pageMarkdownOfFile(site, fileUri, read, siteUrl ?? assumedSiteUrl);
}

/** The refusal both tools give for a file that is in a site but is no page of it. */
export function notAPageMessage(file: string): string {
	return `${file} is not a page of the site (an .mdx or .md file under the folder of docs.json)`;
}
