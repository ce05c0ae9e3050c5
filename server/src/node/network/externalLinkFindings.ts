import type { Diagnostic } from 'vscode-languageserver-types';
import { noCancellation, type CancellationToken } from '../../core/cancellation';
import { createDiagnostic } from '../../core/diagnostic';
import type { LanguageService } from '../../core/languageServiceTypes';
import { summarizePage } from '../../core/mdx/pageSummary';
import type { DocsWorkspace } from '../../core/workspace';
import { ExternalLinkCache } from '../caches/externalLinkCache';
import { checkExternalLinks, type ExternalCheckOptions, type LinkVerdict } from './externalLinks';

/** How to run the external check: the request options, and where verdicts are kept between runs. */
export interface ExternalLinkRunOptions extends Omit<ExternalCheckOptions, 'cache'> {
	/** The verdict cache file; none: every link is asked again. */
	readonly cacheFile?: string;
	readonly token?: CancellationToken;
}

/**
 * Checks the `http(s)` links of every page of the sites over the network (opt in: never part of
 * the default check, never on the keystroke path) and returns the findings by page:
 * `link-external-broken` (404, 410, a host that does not resolve) and `link-external-unchecked`
 * (no answer, a server error, offline, still rate limited). Used by `mintdoc check
 * --check-external` and by the editor's "Check External Links".
 */
export async function findExternalLinkProblems(
	service: LanguageService,
	workspace: DocsWorkspace,
	roots: readonly string[],
	options: ExternalLinkRunOptions = {},
): Promise<Map<string, Diagnostic[]>> {
	const token = options.token ?? noCancellation;
	const links: { uri: string; url: string; range: Diagnostic['range'] }[] = [];
	for (const root of roots) {
		const site = await service.getSite(root, token);
		for (const path of site.pages.paths()) {
			if (token.isCancellationRequested) return new Map();
			const uri = site.pages.fileOf(path);
			const document = uri && (await workspace.readDocument(uri));
			if (!document) continue;
			for (const link of summarizePage(document).links)
				if (/^https?:\/\/[^/\s]/i.test(link.url)) links.push({ uri: document.uri, url: link.url.replace(/#.*$/, ''), range: link.range });
		}
	}
	const cache = options.cacheFile === undefined ? undefined : await ExternalLinkCache.open(options.cacheFile);
	const verdicts = await checkExternalLinks(
		links.map(l => l.url),
		{ ...options, cache },
	);
	await cache?.save().catch(() => undefined);
	const found = new Map<string, Diagnostic[]>();
	for (const link of links) {
		const diagnostic = diagnosticOf(link.url, verdicts.get(link.url), link.range);
		if (diagnostic) found.set(link.uri, [...(found.get(link.uri) ?? []), diagnostic]);
	}
	return found;
}

function diagnosticOf(url: string, verdict: LinkVerdict | undefined, range: Diagnostic['range']): Diagnostic | undefined {
	if (!verdict || verdict.kind === 'ok') return undefined;
	if (verdict.kind === 'unchecked') return createDiagnostic(range, `Could not check ${url}: ${verdict.reason}.`, 'link-external-unchecked');
	const diagnostic = createDiagnostic(range, `${url} is broken: ${verdict.reason}.`, 'link-external-broken');
	// The platform's external check (one HEAD request) does not report a 410, or a 404 only GET gives.
	if (!verdict.platformReports) diagnostic.severity = 2;
	return diagnostic;
}
