import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type CancellationToken } from '../cancellation';
import { createDiagnostic } from '../diagnostic';
import { pageRoute } from '../site/routePaths';
import type { SiteModel } from '../site/siteModel';
import type { NavPage } from './llmsPages';
import { isHiddenPage } from './llmsSite';
import type { FactsReader } from './pageFacts';

/** A link of a custom llms.txt: its URL and where it is written. */
interface WrittenLink {
	readonly url: string;
	readonly offset: number;
}

/** Past this many links named, a finding says "and N more". */
const namedAtMost = 5;

/**
 * `llms-txt-custom-stale` for the site's own llms.txt: links to pages of this site that do not
 * exist (one finding each), and pages of the navigation it leaves out (one finding, counted). A
 * link is this site's when it is relative, or absolute on the host of `site.url` (when unknown, the
 * host most of its `.md` links name); its path is matched by its last segments, so a base path (`/docs`)
 * need not be known. A file that lists under half of the navigation is curated on purpose (a
 * selection, a catalog elsewhere): the pages it leaves out are not reported then.
 */
export async function customLinkFindings(
	site: SiteModel,
	text: string,
	listed: readonly NavPage[],
	/** The pages' frontmatter facts, as the other page metadata rules read them (the editor: from the page summaries). */
	facts: FactsReader,
	siteUrl: string | undefined,
	token: CancellationToken,
): Promise<Diagnostic[]> {
	const routes = new Set<string>(listed.map(p => p.route));
	for (const path of site.pages.paths()) routes.add(pageRoute(path));
	const links = markdownLinks(text);
	// Without site.url, the site's host is the one most of the file's Markdown links name (pipecat's
	// links a CHANGELOG.md on github.com among hundreds on docs.pipecat.ai).
	const host = siteUrl === undefined ? commonMarkdownHost(links) : safeHost(siteUrl);
	// Links on that host outside the docs' base path are the rest of the website (nango's file links
	// nango.dev/pricing and /blog beside 132 pages under nango.dev/docs): not pages of this site.
	const base = siteUrl === undefined ? commonMarkdownFolder(links, host) : basePathOf(siteUrl);
	const linked = new Set<string>();
	const findings: Diagnostic[] = [];
	const positionAt = lineIndex(text);
	for (const link of links) {
		const path = sitePath(link.url, host, base);
		if (path === undefined) continue;
		const found = matchRoute(path, routes);
		if (found) linked.add(found);
		else
			findings.push(
				createDiagnostic(
					{ start: positionAt(link.offset), end: positionAt(link.offset + link.url.length) },
					`This llms.txt links ${link.url}, and the site has no page there (the platform serves this file as written).`,
					'llms-txt-custom-stale',
				),
			);
	}
	// The pages the generated file would list: default language and version, not hidden.
	const expected: NavPage[] = [];
	for (const page of listed) {
		if (!page.isDefault || page.repeated || page.kind !== 'page' || !page.fileUri) continue;
		throwIfCancelled(token);
		const known = await facts(page.fileUri);
		if (known !== undefined && !isHiddenPage(page, known)) expected.push(page);
	}
	const missing = expected.filter(p => !linked.has(p.route));
	if (missing.length && expected.length - missing.length >= expected.length / 2) {
		const names = missing.slice(0, namedAtMost).map(p => p.pagePath ?? p.route);
		const more = missing.length > namedAtMost ? ` and ${missing.length - namedAtMost} more` : '';
		const firstLine = text.indexOf('\n') === -1 ? text.length : text.indexOf('\n');
		findings.push(
			createDiagnostic(
				{ start: { line: 0, character: 0 }, end: { line: 0, character: Math.min(firstLine, 200) } },
				`This llms.txt leaves out ${missing.length} of the ${expected.length} pages of the navigation: ${names.join(', ')}${more}. The platform serves it instead of the generated one.`,
				'llms-txt-custom-stale',
			),
		);
	}
	return findings;
}

/** `[text](url)` links outside code fences, with the URL's offset. */
function markdownLinks(text: string): WrittenLink[] {
	const links: WrittenLink[] = [];
	let fence: string | undefined;
	let offset = 0;
	for (const line of text.split('\n')) {
		const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (marker) {
			if (fence === undefined) fence = marker[0];
			else if (marker[0] === fence) fence = undefined;
		} else if (fence === undefined) {
			for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
				links.push({ url: match[1], offset: offset + match.index + match[0].indexOf(match[1]) });
		}
		offset += line.length + 1;
	}
	return links;
}

/** The path a link names on this site (no `.md`, no trailing slash), or undefined when it is not this site's. */
function sitePath(url: string, host: string | undefined, base: string): string | undefined {
	let path: string;
	if (/^https?:\/\//i.test(url)) {
		let parsed: URL;
		try {
			parsed = new URL(url);
		} catch {
			return undefined;
		}
		if (host !== undefined ? parsed.host !== host : !/\.md$/i.test(parsed.pathname)) return undefined;
		const pathname = parsed.pathname.replace(/\/+$/, '');
		if (base && pathname !== base && !pathname.startsWith(`${base}/`)) return undefined;
		path = parsed.pathname;
	} else if (/^[a-z][a-z0-9+.-]*:|^#|^\/\//i.test(url)) return undefined;
	else path = url.split(/[?#]/)[0];
	try {
		path = decodeURIComponent(path);
	} catch {
		// as written
	}
	// Only page links: a file of another kind (openapi.json, an image) is not a page.
	if (/\.[a-z0-9]+$/i.test(path) && !/\.mdx?$/i.test(path)) return undefined;
	return '/' + path.replace(/\.mdx?$/i, '').replace(/^\/+|\/+$/g, '');
}

/** The route a path names, matched on its last segments (the site may be served under a base path). */
function matchRoute(path: string, routes: ReadonlySet<string>): string | undefined {
	const segments = path.split('/').filter(Boolean);
	if (!segments.length) return routes.has('/') ? '/' : undefined;
	// At least one segment: an unknown page must not match the home page by its empty suffix.
	for (let i = 0; i < segments.length; i++) {
		const candidate = '/' + segments.slice(i).join('/');
		const route = candidate.replace(/(^|\/)index$/, '') || '/';
		if (routes.has(route)) return route;
	}
	return undefined;
}

function commonMarkdownHost(links: readonly WrittenLink[]): string | undefined {
	const counts = new Map<string, number>();
	for (const link of links) {
		if (!/^https?:\/\//i.test(link.url) || !/\.md([?#]|$)/i.test(link.url)) continue;
		const host = safeHost(link.url);
		if (host !== undefined) counts.set(host, (counts.get(host) ?? 0) + 1);
	}
	let best: string | undefined;
	for (const [host, count] of counts) if (best === undefined || count > counts.get(best)!) best = host;
	return best;
}

/** The folder every absolute `.md` link on `host` starts with (`/docs`), '' when they share none or are too few to tell. */
function commonMarkdownFolder(links: readonly WrittenLink[], host: string | undefined): string {
	let common: string[] | undefined;
	let count = 0;
	for (const link of links) {
		if (!/^https?:\/\//i.test(link.url) || !/\.md([?#]|$)/i.test(link.url) || safeHost(link.url) !== host) continue;
		const folders = new URL(link.url).pathname.split('/').filter(Boolean).slice(0, -1);
		common = common === undefined ? folders : common.slice(0, commonLength(common, folders));
		count++;
	}
	return count >= 2 && common?.length ? `/${common.join('/')}` : '';
}

function commonLength(a: readonly string[], b: readonly string[]): number {
	let i = 0;
	while (i < a.length && i < b.length && a[i] === b[i]) i++;
	return i;
}

/** The path of `site.url` without its trailing slash (`https://acme.dev/docs/` → `/docs`), '' at the root. */
function basePathOf(siteUrl: string): string {
	try {
		return new URL(siteUrl).pathname.replace(/\/+$/, '');
	} catch {
		return '';
	}
}

function safeHost(url: string): string | undefined {
	try {
		return new URL(url).host;
	} catch {
		return undefined;
	}
}

function lineIndex(text: string): (offset: number) => { line: number; character: number } {
	const starts = [0];
	for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
	return offset => {
		let low = 0;
		let high = starts.length - 1;
		while (low < high) {
			const mid = (low + high + 1) >> 1;
			if (starts[mid] <= offset) low = mid;
			else high = mid - 1;
		}
		return { line: low, character: offset - starts[low] };
	};
}
