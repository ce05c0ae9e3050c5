import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { throwIfCancelled, type CancellationToken } from '../cancellation';
import { appendAll } from '../arrays';
import { createDiagnostic } from '../diagnostic';
import { getProperty } from '../docsConfig/configTree';
import { docsConfigFileName, joinUri, relativePath } from '../uris';
import type { SiteModel } from '../site/siteModel';
import type { TeamConfig } from '../config/teamConfig';
import type { FileDiagnostics } from '../languageServiceTypes';
import { navigationPages, type NavPage } from './llmsPages';
import { collectLlmsSite, isHiddenPage, type PageReader } from './llmsSite';
import { renderLlmsTxt } from './llmsTxt';
import { customLinkFindings } from './customLlmsRules';
import { descriptionFix } from './descriptionFix';
import { factsFromText, type FactsReader, type PageFacts } from './pageFacts';

/** What the team set for the rules that take options (mintdoc.json, ESLint's form). */
export interface PageMetadataOptions {
	/** `page-description-length`'s band; undefined: the rule is off (its default). */
	readonly descriptionLength?: { readonly min: number; readonly max: number };
	/** The URL the site is published at (mintdoc.json `site.url`): llms.txt's size depends on it. */
	readonly siteUrl?: string;
}

/** The options mintdoc.json gives these rules (`page-description-length`'s band: 50 to 160 unless the team says). */
export function pageMetadataOptionsOf(config: TeamConfig | undefined): PageMetadataOptions {
	const band = config?.ruleOptions?.get('page-description-length');
	const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
	return { descriptionLength: { min: number(band?.min, 50), max: number(band?.max, 160) }, siteUrl: config?.siteUrl };
}

/** Links are counted at this length when the team did not say where the site is published. */
export const assumedSiteUrl = 'https://example.com/docs';

interface ReadPage {
	readonly page: NavPage;
	readonly uri: string;
	readonly facts: PageFacts;
}

/**
 * The checks of what search engines and agents read: page titles and descriptions (missing,
 * duplicated, length), the projected llms.txt against the platform's cap, and a custom llms.txt.
 * Needs every page's frontmatter, so it runs once per site check (the CLI and `mintdoc mcp`), and
 * in the editor in the background from the page summaries (`facts`): a page's text is read only to
 * place a finding on it.
 */
export async function pageMetadataFindings(
	site: SiteModel,
	read: PageReader,
	options: PageMetadataOptions,
	token: CancellationToken,
	facts: FactsReader = factsFromText(read),
): Promise<FileDiagnostics[]> {
	const byUri = new Map<string, Diagnostic[]>();
	const add = (uri: string, diagnostic: Diagnostic) => {
		const list = byUri.get(uri) ?? [];
		list.push(diagnostic);
		byUri.set(uri, list);
	};
	const pages: ReadPage[] = [];
	const seen = new Set<string>();
	const { pages: listed } = navigationPages(site);
	for (const page of listed) {
		if (page.kind !== 'page' || !page.fileUri || seen.has(page.fileUri)) continue;
		seen.add(page.fileUri);
		throwIfCancelled(token);
		const known = await facts(page.fileUri);
		if (known !== undefined) pages.push({ page, uri: page.fileUri, facts: known });
	}
	const keyRange = async (p: ReadPage, key: string) => frontmatterKeyRange((await read(p.uri)) ?? '', key);
	const shown = pages.filter(p => !isHiddenPage(p.page, p.facts));
	for (const p of shown) {
		const description = p.facts.description?.trim();
		// An API page written in MDX (`openapi:` frontmatter) shows its operation's description.
		// Broken YAML says nothing about its keys: its own error is the finding.
		if (!description && p.facts.openapi === undefined && !p.facts.frontmatterBroken) {
			const text = (await read(p.uri)) ?? '';
			const finding = createDiagnostic(
				frontmatterKeyRange(text, 'title'),
				'This page has no `description`: its llms.txt entry, search results and link previews get none.',
				'page-description-missing',
			);
			const edit = descriptionFix(text);
			add(p.uri, edit ? { ...finding, data: { edit } } : finding);
		} else if (description && options.descriptionLength) {
			const { min, max } = options.descriptionLength;
			const length = [...description.replace(/\s+/g, ' ')].length;
			if (length < min || length > max)
				add(
					p.uri,
					createDiagnostic(
						await keyRange(p, 'description'),
						`The description has ${length} characters; the team wants ${min} to ${max} (search result snippets).`,
						'page-description-length',
					),
				);
		}
	}
	const relative = (uri: string) => relativePath(site.rootUri, uri) ?? uri;
	for (const group of clashes(shown, p => (p.facts.description?.trim() ? `${p.page.scope}\n${p.facts.description.trim().replace(/\s+/g, ' ')}` : undefined)))
		for (const p of group) {
			const others = group.filter(o => o !== p).map(o => relative(o.uri));
			add(
				p.uri,
				createDiagnostic(
					await keyRange(p, 'description'),
					`The same description as ${namesOf(others)}: agents and search results cannot tell these pages apart.`,
					'page-description-duplicate',
				),
			);
		}
	const titleKey = (p: ReadPage) => {
		const title = p.facts.title?.trim();
		if (!title) return undefined;
		// A sidebarTitle or og:title of its own tells a page apart (in the sidebar, in link previews).
		return [p.page.division, title, p.facts.sidebarTitle?.trim() ?? title, p.facts.ogTitle?.trim() ?? title].join('\n');
	};
	for (const group of clashes(shown, titleKey))
		for (const p of group) {
			const others = group.filter(o => o !== p).map(o => relative(o.uri));
			add(
				p.uri,
				createDiagnostic(
					await keyRange(p, 'title'),
					`The same title as ${namesOf(others)} in this part of the navigation; a \`sidebarTitle\` or \`og:title\` would tell them apart.`,
					'page-title-duplicate',
				),
			);
		}
	const results: FileDiagnostics[] = [...byUri].map(([uri, diagnostics]) => ({ uri, diagnostics }));
	const custom = await read(joinUri(site.rootUri, 'llms.txt'));
	if (custom === undefined) {
		const truncated = await truncationFinding(site, read, facts, options.siteUrl, token);
		if (truncated) results.push(truncated);
	}
	for (const name of ['llms.txt', 'llms-full.txt'] as const) {
		const uri = joinUri(site.rootUri, name);
		const text = name === 'llms.txt' ? custom : await read(uri);
		if (text === undefined) continue;
		const diagnostics: Diagnostic[] = [];
		if (!hasTitle(text))
			diagnostics.push(
				createDiagnostic(
					{ start: { line: 0, character: 0 }, end: { line: 0, character: Math.min(text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'), 200) } },
					`A custom ${name} must start with the site's title as an H1 heading (\`# Name\`); the platform requires it.`,
					'llms-txt-custom-invalid',
				),
			);
		if (name === 'llms.txt') appendAll(diagnostics, await customLinkFindings(site, text, listed, facts, options.siteUrl, token));
		if (diagnostics.length) results.push({ uri, diagnostics });
	}
	return results;
}

async function truncationFinding(
	site: SiteModel,
	read: PageReader,
	facts: FactsReader,
	siteUrl: string | undefined,
	token: CancellationToken,
): Promise<FileDiagnostics | undefined> {
	const llms = await collectLlmsSite(site, read, token, facts);
	const { truncation } = renderLlmsTxt(llms, siteUrl ?? assumedSiteUrl);
	if (!truncation) return undefined;
	const configUri = joinUri(site.rootUri, docsConfigFileName);
	const document = site.config.files.get(configUri);
	const navigation = getProperty(site.config.root, 'navigation');
	const range: Range =
		document && navigation && navigation.keyUri === configUri
			? { start: document.positionAt(navigation.keyOffset), end: document.positionAt(navigation.keyOffset + navigation.keyLength) }
			: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
	const heaviest = truncation.contributors
		.slice(0, 3)
		.map(c => `${c.group} (${c.entries} pages, ${c.characters.toLocaleString('en-US')} characters)`)
		.join(', ');
	const what =
		truncation.dropped.length > 0
			? `${truncation.shortened} descriptions would be shortened and ${truncation.dropped.length} of ${llms.entries.length} entries dropped`
			: `${truncation.shortened} descriptions would be shortened to ${truncation.descriptionLimit} characters`;
	const counted = siteUrl ? '' : ` (links counted as ${assumedSiteUrl}/…; set "site": {"url"} in mintdoc.json for the exact size)`;
	return {
		uri: configUri,
		diagnostics: [
			createDiagnostic(
				range,
				`The generated llms.txt would have ${truncation.fullLength.toLocaleString('en-US')} characters, past the platform's cap of 100,000: ${what}. Heaviest: ${heaviest}. A custom llms.txt at the root lists every page${counted}.`,
				'llms-txt-truncated',
			),
		],
	};
}

/** Groups of two or more pages sharing a key (pages without one are left out). */
function clashes(pages: readonly ReadPage[], keyOf: (p: ReadPage) => string | undefined): ReadPage[][] {
	const groups = new Map<string, ReadPage[]>();
	for (const p of pages) {
		const key = keyOf(p);
		if (key === undefined) continue;
		const group = groups.get(key) ?? [];
		group.push(p);
		groups.set(key, group);
	}
	return [...groups.values()].filter(g => g.length > 1);
}

function namesOf(paths: readonly string[]): string {
	return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more`;
}

/** Whether a file has a line `# Title` outside code fences. */
function hasTitle(text: string): boolean {
	let fence: string | undefined;
	for (const line of text.split(/\r?\n/)) {
		const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (marker) {
			if (fence === undefined) fence = marker[0];
			else if (marker[0] === fence) fence = undefined;
			continue;
		}
		if (fence === undefined && /^\s{0,3}#[ \t]+\S/.test(line)) return true;
	}
	return false;
}

/** The frontmatter line of `key` (`title: …`), else the opening fence, else the page's start. */
export function frontmatterKeyRange(text: string, key: string): Range {
	const lines = text.split('\n');
	if (!/^---[ \t]*\r?$/.test(lines[0] ?? '')) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
	for (let i = 1; i < lines.length && i < 2000; i++) {
		if (/^---[ \t]*\r?$/.test(lines[i])) break;
		if (lines[i].startsWith(`${key}:`)) return { start: { line: i, character: 0 }, end: { line: i, character: lines[i].replace(/\r$/, '').length } };
	}
	return { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };
}
