import ignore from 'ignore';
import { getNodeValue, parseTree } from 'jsonc-parser';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { createDiagnostic } from '../diagnostic';
import { getProperty, getValue, type ConfigNode } from '../docsConfig/configTree';
import { isPattern, normalizeRedirectPath, samplePath } from '../docsConfig/redirectPatterns';
import { redirectDestinations } from '../mdx/rules/linkRedirects';
import { defaultIgnores, mayMatchDefaultIgnores } from './pageIndex';
import { generatedPageFolders, type SiteModel } from './siteModel';

/**
 * The site as it was at a git ref, read by the runtime (`node/runtime/gitRevision.ts`): the files of the
 * docs root, its configuration and `.mintignore` texts, and the renames git detected since. Paths
 * are relative to the docs root, with `/`. Nothing here touches git: the CLI and the editor read it.
 */
export interface SiteAtRef {
	/** The ref as the user wrote it (`origin/main`, `HEAD~1`), for messages. */
	readonly ref: string;
	/** Every file of the docs root at the ref. */
	readonly files: readonly string[];
	/** `docs.json` at the ref (or `mint.json` when the site had only that); undefined when neither existed. */
	readonly configText: string | undefined;
	readonly mintignoreText: string | undefined;
	/** Old path → new path, for the files git sees renamed between the ref and the working tree. */
	readonly renames: ReadonlyMap<string, string>;
}

/** The routes a site served at a ref: pages (route → file) and redirect sources, normalized without a leading slash. */
export interface RoutesAtRef {
	readonly pages: ReadonlyMap<string, string>;
	readonly redirects: readonly string[];
}

const pageFile = /\.mdx?$/i;

/**
 * Files the platform's build does not make pages of, whatever the ignores say: snippets (under
 * `snippets/` or `_snippets/`) and Markdown files named like a repository's readme, licence or
 * contributing guide, in any folder and any case.
 */
function isNotPage(file: string): boolean {
	const lower = file.toLowerCase();
	if (lower.startsWith('snippets/') || lower.startsWith('_snippets/')) return true;
	return /(^|\/)(readme|license|contributing|contribute)\.md$/.test(lower);
}

/** The route of a page file: its path without extension; `a/index` is served as `a`, the root's index as the home (''). */
export function routeOfFile(file: string): string {
	const path = file.replace(pageFile, '');
	return path === 'index' ? '' : path.endsWith('/index') ? path.slice(0, -'/index'.length) : path;
}

/**
 * What the site served at the ref: every `.mdx`/`.md` file the platform's walk would take (not
 * excluded by its default ignores or the site's `.mintignore` then, and a page: see isNotPage),
 * and every redirect source of its configuration. A ref at
 * which the folder was no site (no configuration) served nothing.
 */
export function routesAtRef(
	old: SiteAtRef,
	/** Routes to leave out (those served now): they are not asked of the ignore patterns, the slow part on 25,000 files. */
	skip: (route: string) => boolean = () => false,
): RoutesAtRef {
	const pages = new Map<string, string>();
	if (old.configText === undefined) return { pages, redirects: [] };
	const ignores = ignore()
		.add(defaultIgnores)
		.add(old.mintignoreText ?? '');
	// Without rules of the site's own, the default patterns cannot match most paths (as PageIndex asks them: crewAI has 24,803 pages).
	const defaultsOnly = !(old.mintignoreText ?? '').split(/\r?\n/).some(line => line.trim() !== '' && !line.trimStart().startsWith('#'));
	for (const file of old.files) {
		if (!pageFile.test(file)) continue;
		const route = routeOfFile(file);
		if (skip(route) || isNotPage(file)) continue;
		if ((!defaultsOnly || mayMatchDefaultIgnores(file)) && ignores.ignores(file)) continue;
		// `.mdx` wins over `.md` of the same path, as the platform prefers it.
		if (!pages.has(route) || /\.mdx$/i.test(file)) pages.set(route, file);
	}
	return { pages, redirects: redirectSourcesAt(old) };
}

/**
 * The redirect sources of the configuration at a ref, read once per reading of the ref: the editor
 * compares the site with the ref after every check, and parsing crewAI's 2.4 MB docs.json again
 * each time took 15–25 ms of each keystroke's aftermath (and its garbage).
 */
const sourcesAtRef = new WeakMap<SiteAtRef, readonly string[]>();

function redirectSourcesAt(old: SiteAtRef): readonly string[] {
	let sources = sourcesAtRef.get(old);
	if (!sources) sourcesAtRef.set(old, (sources = old.configText === undefined ? [] : redirectSources(old.configText)));
	return sources;
}

/** The redirect sources of a configuration text (normalized, patterns as written); none when it does not parse. */
function redirectSources(text: string): string[] {
	if (!text.includes('"redirects"')) return [];
	let value: unknown;
	try {
		// Strict JSON, as the platform reads docs.json, is parsed natively (crewAI's is 2 MB); jsonc-parser is the lenient fallback.
		value = JSON.parse(text);
	} catch {
		const tree = parseTree(text, [], { allowTrailingComma: true });
		value = tree && getNodeValue(tree);
	}
	const list = value && typeof value === 'object' ? (value as { redirects?: unknown }).redirects : undefined;
	if (!Array.isArray(list)) return [];
	return list.flatMap(item => {
		const source = item && typeof item === 'object' ? (item as { source?: unknown }).source : undefined;
		return typeof source === 'string' ? [normalizeRedirectPath(source)] : [];
	});
}

/** Whether the site now answers a normalized route: a page, a generated API page, a redirect source or a pattern. */
export function isServedNow(site: SiteModel, route: string, generated = generatedPageFolders(site.config.root, site.navigation)): boolean {
	if (route === '') return site.pages.size > 0;
	if (site.pages.fileOf(route) !== undefined || site.pages.fileOf(`${route}/index`) !== undefined) return true;
	if (generated.some(folder => route === folder || route.startsWith(folder + '/'))) return true;
	return redirectDestinations(site.config.root, route).length > 0;
}

/** What the quick fix of `page-removed-without-redirect` adds (routes with their leading slash). */
export interface RemovedRouteFix {
	readonly source: string;
	readonly destination: string;
}

/**
 * The routes the site served at the ref that it no longer serves (`page-removed-without-redirect`),
 * naming the page git saw it renamed to when that one is served; and the redirect sources removed
 * since with nothing serving their path now (`redirect-removed`). Reported on `docs.json`: on the
 * moved page's navigation entry when the navigation lists its new path, else on `redirects` (or
 * the top of the file when it has none).
 */
export function findRemovedRoutes(old: SiteAtRef, site: SiteModel): Diagnostic[] {
	const document = site.config.files.get(site.config.configUri);
	if (!document || !site.config.root) return [];
	const generated = generatedPageFolders(site.config.root, site.navigation);
	const routes = routesAtRef(old, route => isServedNow(site, route, generated));
	const fallback = rangeOf(site, getProperty(site.config.root, 'redirects'));
	// Looked up only when a renamed page is found (crewAI lists 24,000 entries).
	let entries: Map<string, ConfigNode> | undefined;
	const findings: Diagnostic[] = [];
	const ref = old.ref;
	for (const [route, file] of routes.pages) {
		const renamed = old.renames.get(file);
		const newRoute = renamed !== undefined && pageFile.test(renamed) ? routeOfFile(renamed) : undefined;
		const to = newRoute !== undefined && isServedNow(site, newRoute, generated) ? newRoute : undefined;
		const message =
			to !== undefined
				? `/${route} was served at ${ref} and no page or redirect serves it now: git sees ${file} renamed to ${renamed}. Add a redirect from /${route} to /${to}.`
				: `/${route} was served at ${ref} (${file}) and no page or redirect serves it now: add a redirect from /${route} to the page that replaces it.`;
		const diagnostic = createDiagnostic(
			(to !== undefined && nodeRange(site, (entries ??= entryNodes(site)).get(to))) || fallback,
			message,
			'page-removed-without-redirect',
		);
		if (to !== undefined) diagnostic.data = { source: `/${route}`, destination: `/${to}` } satisfies RemovedRouteFix;
		findings.push(diagnostic);
	}
	const sourcesNow = new Set(currentSources(site.config.root));
	for (const source of new Set(routes.redirects)) {
		if (sourcesNow.has(source) || routes.pages.has(source)) continue;
		// A path still answered (a page now, or another pattern) lost nothing; a pattern, through a path it matched
		// (`/features/:slug` rewritten as `/features/:slug*` still answers `/features/x`).
		if (isServedNow(site, isPattern(source) ? samplePath(source) : source, generated)) continue;
		findings.push(
			createDiagnostic(
				fallback,
				`The redirect from /${source} (in the configuration at ${ref}) was removed and nothing serves /${source} now: links and bookmarks to it get a 404.`,
				'redirect-removed',
			),
		);
	}
	return findings;
}

function currentSources(config: ConfigNode): string[] {
	const list = getValue(config, 'redirects');
	if (list?.kind !== 'array') return [];
	return list.items.flatMap(item => {
		const source = getValue(item, 'source');
		return source?.kind === 'string' ? [normalizeRedirectPath(source.value as string)] : [];
	});
}

/** The range of a top-level key of docs.json (when written in docs.json itself), else the file's first character. */
function rangeOf(site: SiteModel, property: ReturnType<typeof getProperty>): Range {
	const document = site.config.files.get(site.config.configUri)!;
	if (!property || property.keyUri !== site.config.configUri) return { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
	return { start: document.positionAt(property.keyOffset), end: document.positionAt(property.keyOffset + property.keyLength) };
}

/** Page path → its (first) navigation entry in docs.json; entries in `$ref` files are left out (the finding stays on docs.json). */
function entryNodes(site: SiteModel): Map<string, ConfigNode> {
	const nodes = new Map<string, ConfigNode>();
	for (const entry of site.navigation?.pages ?? []) {
		// Most entries are written as the path itself: only the others are normalized.
		const path = /^\/|\.mdx?$|\/\/|(^|\/)\.|[#?]/i.test(entry.value) ? normalizeRedirectPath(entry.value) : entry.value;
		if (entry.node.uri === site.config.configUri && !nodes.has(path)) nodes.set(path, entry.node);
	}
	return nodes;
}

function nodeRange(site: SiteModel, node: ConfigNode | undefined): Range | undefined {
	const document = site.config.files.get(site.config.configUri);
	return node && document && { start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) };
}
