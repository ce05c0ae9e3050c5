import type { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { PageIndex } from '../site/pageIndex';
import { getValue, type ConfigNode, type ConfigScalar } from './configTree';
import type { DiagnosticSink } from './diagnosticSink';
import { isExternalLink } from './pageEntries';
import { applyPattern, compilePattern, fixedPrefix, isPattern, normalizeRedirectPath, samplePath, unknownParameters } from './redirectPatterns';

/** One entry of `redirects`, with its normalized paths. */
interface Redirect {
	readonly index: number;
	readonly node: ConfigNode;
	readonly source: ConfigScalar;
	readonly destination: ConfigScalar;
	/** Normalized (no leading slash); patterns keep their `:name` and `*`. */
	readonly from: string;
	readonly to: string;
	readonly external: boolean;
}

/** Where following a destination ends. */
type Outcome =
	| { readonly kind: 'page'; readonly path: string; readonly hops: readonly Redirect[] }
	| { readonly kind: 'missing'; readonly path: string; readonly hops: readonly Redirect[] }
	| { readonly kind: 'loop'; readonly hops: readonly Redirect[]; readonly cycleStart: number }
	| { readonly kind: 'open'; readonly hops: readonly Redirect[] };

/** Quick-fix data of `redirect-chain`: the destination to write instead. */
export interface RedirectFix {
	readonly replacement?: string;
	readonly suggestion?: string;
}

const warning: DiagnosticSeverity = 2;

/**
 * `redirects`: shapes and duplicate sources; then every destination followed the way the
 * platform's redirect check follows it (a page first, then another redirect's source, then the
 * first pattern that matches), so a chain ending at a page is a chain, not a missing destination;
 * loops, redirects to themselves and sources that hide a page; patterns checked as patterns.
 */
export function checkRedirects(
	config: ConfigNode | undefined,
	pages: PageIndex,
	generatedPrefixes: readonly string[],
	sink: DiagnosticSink,
	files: ReadonlySet<string> = new Set(),
): void {
	const list = getValue(config, 'redirects');
	if (list?.kind !== 'array') return;
	const redirects = readRedirects(list.items, sink);
	const isPage = pageTest(pages, generatedPrefixes, files);
	// The platform keeps one destination per source (the last written) and tries patterns in order.
	const bySource = new Map<string, Redirect>();
	for (const redirect of redirects) bySource.set(redirect.from, redirect);
	const patterns = [...bySource.values()].filter(r => isPattern(r.from));
	const next = (path: string): { redirect: Redirect; to: string } | undefined => {
		const exact = bySource.get(path);
		if (exact) return { redirect: exact, to: exact.to };
		for (const redirect of patterns) {
			const to = applyPattern(path, redirect.from, redirect.to);
			if (to !== undefined) return { redirect, to: redirect.external ? to : normalizeRedirectPath(to) };
		}
		return undefined;
	};
	for (const redirect of redirects) {
		if (isPattern(redirect.from)) checkPatternRedirect(redirect, pages, isPage, next, sink);
		else checkShadow(redirect, pages, sink);
		if (redirect.external || isPattern(redirect.to)) continue;
		if (!isPattern(redirect.from) && redirect.to === redirect.from) {
			reportSelf(redirect, isPage(redirect.to), sink);
			continue;
		}
		report(redirect, follow(redirect, isPage, next), pages, sink);
	}
}

function readRedirects(items: readonly ConfigNode[], sink: DiagnosticSink): Redirect[] {
	const redirects: Redirect[] = [];
	const sources = new Map<string, ConfigScalar>();
	items.forEach((node, index) => {
		if (node.kind !== 'object' || node.unresolved) return;
		const source = getValue(node, 'source');
		const destination = getValue(node, 'destination');
		if (source?.kind === 'string') {
			const value = source.value as string;
			// The platform's validator accepts a source without the leading slash, and its build and
			// link check read it from the root: a style hint, not an error.
			if (!value.startsWith('/') && !isExternalLink(value))
				sink.atNode(source, `Redirect sources are written with a leading slash: the platform reads '${value}' as '/${value}'.`, 'redirect-leading-slash', {
					data: { replacement: '/' + value },
				});
			const first = sources.get(value);
			if (first)
				sink.atNode(source, `Another redirect already has the source '${value}'.`, 'redirect-duplicate-source', {
					related: [sink.related(first.uri, sink.nodeRange(first), 'first redirect with this source')],
				});
			else sources.set(value, source);
		}
		if (source?.kind !== 'string' || destination?.kind !== 'string') return;
		const target = destination.value as string;
		const external = isExternalLink(target);
		redirects.push({
			index,
			node,
			source,
			destination,
			from: normalizeRedirectPath(source.value as string),
			to: external ? target : normalizeRedirectPath(target),
			external,
		});
	});
	return redirects;
}

/** What the platform's redirect check accepts as an end: a page (or folder index), any folder or file of the site, a generated API page. */
function pageTest(pages: PageIndex, generatedPrefixes: readonly string[], files: ReadonlySet<string>): (path: string) => boolean {
	let folders: Set<string> | undefined;
	return path => {
		if (path === '') return pages.has('index') || pages.size > 0;
		if (pages.has(path) || pages.has(`${path}/index`) || files.has(path)) return true;
		if (generatedPrefixes.some(prefix => path === prefix || path.startsWith(prefix + '/'))) return true;
		folders ??= folderSet(pages);
		return folders.has(path);
	};
}

/** Follows a redirect's destination through other redirects until a page, nothing, a loop, a URL or a pattern. */
function follow(start: Redirect, isPage: (path: string) => boolean, next: (path: string) => { redirect: Redirect; to: string } | undefined): Outcome {
	const hops: Redirect[] = [start];
	// The start's own source counts as visited: a redirect that comes back to it is a loop.
	const seen = new Map<string, number>(isPattern(start.from) ? [] : [[start.from, 0]]);
	let path = start.to;
	for (;;) {
		if (isUrl(path) || isPattern(path)) return { kind: 'open', hops };
		// A page first, as the platform's check does: a chain that reaches a page is not broken.
		if (isPage(path)) return { kind: 'page', path, hops };
		const at = seen.get(path);
		if (at !== undefined) return { kind: 'loop', hops, cycleStart: at };
		seen.set(path, hops.length);
		const step = next(path);
		if (!step) return { kind: 'missing', path, hops };
		// A pattern whose destination matches itself makes a new, longer path on every hop.
		if (hops.length >= maxHops) return { kind: 'loop', hops, cycleStart: hops.indexOf(hops[hops.length - 1]!) };
		hops.push(step.redirect);
		path = step.to;
	}
}

/** No real chain is this long; a pattern that feeds itself would go on forever. */
const maxHops = 32;

const isUrl = (path: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(path) || isExternalLink(path);

const shown = (path: string) => '/' + path;

function chainText(hops: readonly Redirect[], end?: string): string {
	return [hops[0]!.from, ...hops.map(h => h.to)]
		.slice(0, hops.length + 1)
		.map(shown)
		.join(' → ')
		.concat(end !== undefined && end !== hops[hops.length - 1]!.to ? ` → ${shown(end)}` : '');
}

function report(redirect: Redirect, outcome: Outcome, pages: PageIndex, sink: DiagnosticSink): void {
	const related = (hops: readonly Redirect[], what: string) =>
		hops.filter(h => h !== redirect).map(h => sink.related(h.node.uri, sink.nodeRange(h.node), `${what}: ${shown(h.from)} → ${shown(h.to)}`));
	switch (outcome.kind) {
		case 'page':
			if (outcome.path === redirect.from) {
				// Back to its own source, a page the platform's check accepts: readers of that page go round.
				const loopText = [...outcome.hops.map(h => shown(h.from)), shown(redirect.from)].join(' → ');
				sink.atNode(
					redirect.destination,
					`'${shown(redirect.to)}' leads back here: the redirects ${loopText} form a loop, so the page '${shown(redirect.from)}' is never shown.`,
					'redirect-loop',
					{ related: related(outcome.hops, 'redirect of the loop'), severity: warning },
				);
			} else if (outcome.hops.length > 1) {
				const final = shown(outcome.path) + selectorsOf(outcome.hops[outcome.hops.length - 1]!.destination.value as string);
				sink.atNode(
					redirect.destination,
					`'${shown(redirect.to)}' is itself redirected: ${chainText(outcome.hops, outcome.path)} takes ${outcome.hops.length} redirects. Redirect straight to '${final}'.`,
					'redirect-chain',
					{ related: related(outcome.hops, 'next redirect of the chain'), data: { replacement: final } satisfies RedirectFix },
				);
			}
			return;
		case 'missing': {
			const suggestion = outcome.hops.length === 1 ? pages.closestPath(outcome.path) : undefined;
			sink.atNode(
				redirect.destination,
				outcome.hops.length > 1
					? `This redirect leads to '${shown(redirect.to)}', which is itself redirected (${chainText(outcome.hops)}), and '${shown(outcome.path)}' is not a page of the site.`
					: `This redirect leads to '${shown(outcome.path)}', which is not a page of the site.${suggestion ? ` Did you mean '/${suggestion}'?` : ''}`,
				'redirect-destination-missing',
				{ data: { suggestion: suggestion && '/' + suggestion } satisfies RedirectFix, related: related(outcome.hops, 'redirect on the way') },
			);
			return;
		}
		case 'loop': {
			const cycle = outcome.hops.slice(outcome.cycleStart);
			const inLoop = cycle.includes(redirect) || outcome.cycleStart === 0;
			const loopText = [...cycle.map(h => shown(h.from)), shown(cycle[0]!.from)].join(' → ');
			sink.atNode(
				redirect.destination,
				inLoop
					? `'${shown(redirect.to)}' leads back here: the redirects ${loopText} form a loop, and readers never reach a page.`
					: `'${shown(redirect.to)}' leads into a loop of redirects (${loopText}): readers never reach a page.`,
				'redirect-loop',
				{ related: related(outcome.hops, 'redirect of the loop') },
			);
			return;
		}
		case 'open':
			return;
	}
}

function selectorsOf(written: string): string {
	return /[#?].*$/.exec(written)?.[0] ?? '';
}

/**
 * A redirect to its own source. When no page answers there the platform's redirect check reports
 * it (an error); when a page does, the check accepts it but readers of that path go round in a loop.
 */
function reportSelf(redirect: Redirect, isPage: boolean, sink: DiagnosticSink): void {
	sink.atNode(
		redirect.destination,
		isPage
			? `This redirect sends '${shown(redirect.from)}' to itself: the page there can never be shown, readers go round in a loop. Remove the redirect.`
			: `This redirect sends '${shown(redirect.to)}' to itself, and no page answers there: readers go round in a loop.`,
		'redirect-self',
		isPage ? { severity: warning } : {},
	);
}

/** A concrete source that is a page of the site: the redirect wins and the page is never shown. */
function checkShadow(redirect: Redirect, pages: PageIndex, sink: DiagnosticSink): void {
	const page = pages.has(redirect.from) ? redirect.from : pages.has(`${redirect.from}/index`) ? `${redirect.from}/index` : undefined;
	if (page === undefined || redirect.from === redirect.to || redirect.from === '') return;
	sink.atNode(
		redirect.source,
		`'${shown(redirect.from)}' is a page of the site (${page}), but this redirect sends its readers to '${redirect.external ? redirect.to : shown(redirect.to)}': the page is never shown. Remove the redirect or the page.`,
		'redirect-shadows-page',
	);
}

/** Pattern redirects: parameters the source does not capture, sources that hide pages, destinations no page matches, patterns that lead back into themselves. */
function checkPatternRedirect(
	redirect: Redirect,
	pages: PageIndex,
	isPage: (path: string) => boolean,
	next: (path: string) => { redirect: Redirect; to: string } | undefined,
	sink: DiagnosticSink,
): void {
	const { regex } = compilePattern(redirect.from);
	const hidden = pagesMatching(pages, redirect.from, 4);
	if (hidden.length)
		sink.atNode(
			redirect.source,
			`The pattern '${shown(redirect.from)}' matches pages of the site (${hidden.slice(0, 3).join(', ')}${hidden.length > 3 ? ', …' : ''}): the redirect wins and they are never shown.`,
			'redirect-shadows-page',
		);
	if (redirect.external) return;
	const unknown = unknownParameters(redirect.from, redirect.to);
	if (unknown.length) {
		sink.atNode(
			redirect.destination,
			`The destination uses ${unknown.map(n => `':${n}'`).join(', ')}, which the source '${shown(redirect.from)}' does not capture: it is sent as written.`,
			'redirect-pattern',
		);
		return;
	}
	if (!isPattern(redirect.to)) return;
	// A path this pattern produces, followed through the redirects: a pattern that leads back into
	// itself (directly, or through another pattern) redirects every path it matches without end.
	const sample = normalizeRedirectPath(samplePath(redirect.to));
	const probe = { ...redirect, from: normalizeRedirectPath(samplePath(redirect.from)), to: sample };
	const outcome = isPage(sample) ? undefined : follow(probe, isPage, next);
	if (outcome?.kind === 'loop') {
		const cycle = [...new Set(outcome.hops.slice(outcome.cycleStart).map(h => (h === probe ? redirect : h)))];
		const others = [...new Set(outcome.hops.slice(1))].filter(h => h !== redirect);
		sink.atNode(
			redirect.destination,
			!cycle.includes(redirect)
				? `'${shown(redirect.to)}' leads into a loop of redirects (${cycle.map(h => `'${shown(h.from)}'`).join(', ')}): every path this pattern matches is redirected without end.`
				: others.length
					? `'${shown(redirect.to)}' is redirected by ${others.map(h => `'${shown(h.from)}'`).join(', ')} back into '${shown(redirect.from)}': every path these patterns match is redirected without end.`
					: `'${shown(redirect.to)}' matches this redirect's own source '${shown(redirect.from)}': every path it redirects is redirected again, without end.`,
			'redirect-loop',
			{
				severity: warning,
				related: others.map(h => sink.related(h.node.uri, sink.nodeRange(h.node), `redirect of the loop: ${shown(h.from)} → ${shown(h.to)}`)),
			},
		);
		return;
	}
	const prefix = fixedPrefix(redirect.to);
	const reachable = prefix === '' || isPage(prefix.replace(/\/+$/, '')) || pagesMatching(pages, redirect.to, 1).length > 0;
	if (!reachable)
		sink.atNode(
			redirect.destination,
			`No page of the site matches '${shown(redirect.to)}': every path this pattern redirects ends on a missing page.`,
			'redirect-pattern',
		);
}

/** Pattern matches per page index version: docs.json is re-checked on every keystroke, the pages rarely change. */
const matchCache = new WeakMap<PageIndex, { version: number; found: Map<string, string[]> }>();

/** Up to `limit` pages a normalized pattern matches (a folder index by its folder too); only pages under its fixed prefix are tried. */
function pagesMatching(pages: PageIndex, pattern: string, limit: number): string[] {
	let cache = matchCache.get(pages);
	if (!cache || cache.version !== pages.version) matchCache.set(pages, (cache = { version: pages.version, found: new Map() }));
	const key = `${limit}\u0000${pattern}`;
	const known = cache.found.get(key);
	if (known) return known;
	const { regex } = compilePattern(pattern);
	const prefix = fixedPrefix(pattern);
	const found: string[] = [];
	for (const page of pages.paths()) {
		if (!page.startsWith(prefix)) continue;
		if (regex.test(page) || (page.endsWith('/index') && regex.test(page.slice(0, -'/index'.length)))) found.push(page);
		if (found.length >= limit) break;
	}
	cache.found.set(key, found);
	return found;
}

const folderSets = new WeakMap<PageIndex, { version: number; folders: Set<string> }>();

/** Every folder that holds a page, at any depth; once per version of the page set (a docs.json edit does not change it). */
function folderSet(pages: PageIndex): Set<string> {
	const known = folderSets.get(pages);
	if (known?.version === pages.version) return known.folders;
	const folders = new Set<string>();
	folderSets.set(pages, { version: pages.version, folders });
	for (const page of pages.paths()) {
		for (let slash = page.lastIndexOf('/'); slash > 0; slash = page.lastIndexOf('/', slash - 1)) {
			const folder = page.slice(0, slash);
			if (folders.has(folder)) break;
			folders.add(folder);
		}
	}
	return folders;
}
