import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type CancellationToken } from '../../cancellation';
import { createDiagnostic } from '../../diagnostic';
import { isExternalLink } from '../../docsConfig/pageEntries';
import { generatedPageFolders, type SiteModel } from '../../site/siteModel';
import { closestMatch } from '../../textDistance';
import { dirnameUri, joinUri, relativePath } from '../../uris';
import { redirectDestinations } from './linkRedirects';
import { cleanAnchor } from '../platformSlug';
import type { SnippetExport } from '../snippetExports';
import type { PageLink, PageSummary } from '../pageSummary';

/** What checking a page's links needs from the rest of the site. */
export interface LinkContext {
	readonly site: SiteModel;
	/** The summary of another page (for its anchors), read and parsed once. */
	summaryOf(fileUri: string): Promise<PageSummary | undefined>;
	exists(uri: string): Promise<boolean>;
	/** A file in the folder of `uri` with the same name as its last segment, extensions aside (`logo` or `logo.gif` finds `logo.png`). */
	fileNamedLike(uri: string): Promise<string | undefined>;
	/** The components a snippet file exports (undefined when it cannot be read), read once per run. */
	snippetExports(uri: string): Promise<readonly SnippetExport[] | undefined>;
	/**
	 * Where each site path led in this run, without its anchor (resolvePath); a context of another
	 * run has its own. Copies of a context (`{ ...context, summaryOf }` per page) share it.
	 */
	readonly resolvedPaths?: Map<string, Promise<LinkTarget>>;
}

/** Where an internal link leads, as the site serves it. */
export type LinkTarget =
	| { readonly kind: 'external' }
	| {
			readonly kind: 'page';
			readonly path: string;
			readonly fileUri: string;
			readonly anchor: string | undefined;
			readonly rootMissing?: string;
			readonly aboveRoot?: boolean;
	  }
	| { readonly kind: 'served'; readonly path: string; readonly rootMissing?: string; readonly aboveRoot?: boolean }
	/** No such file, but one named alike with another extension, which the platform's link check accepts. */
	| { readonly kind: 'similar'; readonly path: string; readonly file: string }
	/**
	 * Served by a redirect to `destination`. `checked`: the platform's link check follows it (the
	 * destination is `<destination>.mdx` or a file or folder of the site); otherwise readers still
	 * arrive (a `.md` page, an index page, a generated page, a URL, another redirect) but that check
	 * reports the link as broken.
	 */
	| { readonly kind: 'redirected'; readonly path: string; readonly destination: string; readonly checked: boolean }
	/** Nothing answers; `through`: the destination of a redirect that leads nowhere. */
	| { readonly kind: 'missing'; readonly path: string; readonly through?: string };

/**
 * Resolves a link the way readers' browsers do on the built site: `/guides/setup` from the root,
 * `setup` or `../x` relative to the page's folder, `#anchor` on the page itself. Pages, files
 * under the root (images), redirect sources and generated API pages are all served routes.
 */
export async function resolveLink(url: string, fromPath: string, context: LinkContext): Promise<LinkTarget> {
	// Browsers (and the platform's link check) drop spaces around an attribute's URL: `href="x  "` works.
	url = url.trim();
	// `//cloud/get-started` is no host (no dot): the platform's link check reads it as a path of the site.
	if (/^\/\/[^/.]*(\/|$)/.test(url)) url = url.replace(/^\/+/, '/');
	if (isExternalLink(url)) return { kind: 'external' };
	const [beforeHash, anchor] = splitOnce(url, '#');
	const rawPath = beforeHash.split('?')[0];
	const { site } = context;
	if (rawPath === '') {
		const fileUri = site.pages.fileOf(fromPath);
		return fileUri ? { kind: 'page', path: fromPath, fileUri, anchor } : { kind: 'served', path: fromPath };
	}
	let decoded: string;
	try {
		decoded = decodeURIComponent(rawPath);
	} catch {
		decoded = rawPath;
	}
	const relative = normalize([...fromPath.split('/').slice(0, -1), ...decoded.split('/')]);
	const fromRoot = normalize(decoded.split('/'));
	// The platform's link check reads `a/b` (no leading `.` or `/`) from the root, browsers from the
	// page's folder: a link that works either way is not judged broken.
	const tries = decoded.startsWith('/') ? [fromRoot] : decoded.startsWith('.') || relative === fromRoot ? [relative] : [relative, fromRoot];
	let first: LinkTarget | undefined;
	for (const path of tries) {
		const target = await resolvePath(path, anchor, context);
		// `../../x` from a page one folder deep: browsers stop at the root, the platform's link check calls it broken.
		if ((target.kind === 'page' || target.kind === 'served') && path === relative && climbsAboveRoot(fromPath, decoded)) return { ...target, aboveRoot: true };
		if (target.kind !== 'missing') {
			// Found from the page's folder only: say so, since the platform's link check reads it from the root.
			if (
				(target.kind === 'page' || target.kind === 'served') &&
				path === relative &&
				tries.length === 2 &&
				(await resolvePath(fromRoot, anchor, context)).kind === 'missing'
			)
				return { ...target, rootMissing: '/' + fromRoot };
			return target;
		}
		first ??= target;
	}
	return first!;
}

/**
 * Where a site path leads, with the link's anchor. What a path leads to depends on the run's site and
 * files only, so it is asked once per run (crewAI: 24,803 pages whose links name the same few
 * thousand paths; resolution was ~0.6 s of the cold check's last phase).
 */
async function resolvePath(path: string, anchor: string | undefined, context: LinkContext): Promise<LinkTarget> {
	const known = context.resolvedPaths;
	let target = known?.get(path);
	if (!target) {
		target = resolvePathNow(path, context);
		known?.set(path, target);
	}
	const found = await target;
	return found.kind === 'page' && anchor !== undefined ? { ...found, anchor } : found;
}

async function resolvePathNow(path: string, context: LinkContext): Promise<LinkTarget> {
	const anchor = undefined;
	const { site } = context;
	const pagePath = path.replace(/\.(mdx|md)$/i, '');
	for (const candidate of pagePath === '' ? ['index'] : [pagePath, `${pagePath}/index`]) {
		const fileUri = site.pages.fileOf(candidate);
		if (fileUri) return { kind: 'page', path: candidate, fileUri, anchor };
	}
	// The site's home is its first page.
	if (pagePath === '' && site.pages.size > 0) return { kind: 'served', path: '' };
	if (isGeneratedPage(site, pagePath)) return { kind: 'served', path: pagePath };
	// x-mint.href gives a generated page its own URL, anywhere on the site.
	if (site.specs.specs.some(spec => spec.operations.some(op => typeof op.xMint?.href === 'string' && op.xMint.href.replace(/^\/+|\/+$/g, '') === pagePath)))
		return { kind: 'served', path: pagePath };
	// Any file or folder under the root, and (as the platform's link check does) a file named like
	// the link's last segment with any extension (`/images/logo` finds `images/logo.png`).
	if (path !== '' && (await context.exists(joinUri(site.rootUri, ...path.split('/'))))) return { kind: 'served', path };
	const redirected = await followRedirect(pagePath, context);
	if (redirected) return redirected;
	const similar = path !== '' ? await context.fileNamedLike(joinUri(site.rootUri, ...path.split('/'))) : undefined;
	if (similar) return /\.[^/.]+$/.test(path) ? { kind: 'similar', path, file: similar } : { kind: 'served', path };
	return { kind: 'missing', path: pagePath };
}

function isGeneratedPage(site: SiteModel, pagePath: string): boolean {
	return generatedPageFolders(site.config.root, site.navigation).some(folder => pagePath === folder || pagePath.startsWith(folder + '/'));
}

/**
 * A path only a redirect serves, judged as the platform's link check judges it: it follows the
 * first redirect whose destination is `<destination>.mdx` or any file or folder of the site, and
 * calls the link broken otherwise (also when readers would still arrive somewhere).
 */
async function followRedirect(pagePath: string, context: LinkContext): Promise<LinkTarget | undefined> {
	const { site } = context;
	const candidates = redirectDestinations(site.config.root, pagePath);
	if (candidates.length === 0) return undefined;
	const underRoot = (path: string) => joinUri(site.rootUri, ...path.split('/'));
	for (const { to, external } of candidates) {
		if (external) continue;
		if (to === '' || (await context.exists(underRoot(`${to}.mdx`))) || (await context.exists(underRoot(to))))
			return { kind: 'redirected', path: pagePath, destination: to, checked: true };
	}
	const { to, external } = candidates[0]!;
	const arrives =
		external ||
		site.pages.fileOf(to) !== undefined ||
		site.pages.fileOf(`${to}/index`) !== undefined ||
		isGeneratedPage(site, to) ||
		redirectDestinations(site.config.root, to).length > 0;
	return arrives ? { kind: 'redirected', path: pagePath, destination: to, checked: false } : { kind: 'missing', path: pagePath, through: to };
}

/** Link and import problems of one page. Links to missing pages are errors; a missing #anchor on an existing page is a warning. */
export async function checkPageLinks(pageUri: string, summary: PageSummary, context: LinkContext, token: CancellationToken): Promise<Diagnostic[]> {
	const { site } = context;
	const fromPath = site.pages.pagePathOfFile(pageUri) ?? relativePath(site.rootUri, pageUri) ?? '';
	const diagnostics: Diagnostic[] = [];
	for (const link of summary.links) {
		throwIfCancelled(token);
		const target = await resolveLink(link.url, fromPath, context);
		if (target.kind === 'missing') {
			const suggestion = site.pages.closestPath(target.path);
			const checked = isCheckedByPlatform(link);
			const why = checked
				? ''
				: ` The platform's link check does not read ${link.attribute} of <${link.element ?? '…'}>, so its build and link check accept it.`;
			const what = target.through
				? `'/${target.path}' redirects to '/${target.through}', which is no page or file of this site.`
				: `No page or file '/${target.path}' in this site.`;
			const diagnostic = createDiagnostic(
				link.range,
				`${what}${suggestion ? ` Did you mean '/${suggestion}'?` : ''}${why}`,
				checked ? 'link-broken' : 'link-broken-unchecked',
			);
			if (suggestion) diagnostic.data = { replacement: rewriteKeepingAnchor(link.url, '/' + suggestion) };
			diagnostics.push(diagnostic);
		} else if ('aboveRoot' in target && target.aboveRoot && isCheckedByPlatform(link)) {
			const written = link.url.split('#')[0];
			diagnostics.push(
				createDiagnostic(
					link.range,
					`'${written}' climbs above the docs root: browsers stop at the root and open '/${target.path}', but the platform's link check reports it as broken. Write '/${target.path}'.`,
					'link-relative',
				),
			);
		} else if ('rootMissing' in target && target.rootMissing && isCheckedByPlatform(link)) {
			const written = link.url.split('#')[0];
			diagnostics.push(
				createDiagnostic(
					link.range,
					`'/${target.path}' is where browsers take '${written}' (from this page's folder), but the platform's link check reads it from the root ('${target.rootMissing}', which does not exist) and reports it as broken. Write './${written}' or '/${target.path}'.`,
					'link-relative',
				),
			);
		}
		if (target.kind === 'similar') {
			diagnostics.push(
				createDiagnostic(
					link.range,
					`No file '/${target.path}': the folder has '${target.file}', which the platform's link check accepts for it, but readers get a 404.`,
					'link-wrong-extension',
				),
			);
		} else if (target.kind === 'redirected') {
			const destination = isExternalLink(target.destination) ? target.destination : '/' + target.destination;
			const diagnostic = createDiagnostic(
				link.range,
				target.checked
					? `'/${target.path}' is a redirect to '${destination}': readers take one hop more. Link to '${destination}'.`
					: `'/${target.path}' is a redirect to '${destination}': readers arrive, but the platform's link check (mint broken-links) does not follow this redirect and reports the link as broken. Link to '${destination}'.`,
				'link-redirected',
			);
			// One hop more is a hint; a link the platform's link check fails is a warning.
			if (!target.checked) diagnostic.severity = DiagnosticSeverity.Warning;
			diagnostic.data = { replacement: rewriteKeepingAnchor(link.url, destination) };
			diagnostics.push(diagnostic);
		} else if (target.kind === 'page' && target.anchor) {
			const targetSummary = target.fileUri === pageUri ? summary : await context.summaryOf(target.fileUri);
			const anchors = targetSummary?.anchors;
			// An API page (frontmatter `openapi`) renders its operation's parameters as fields with
			// `param-…` ids that its text does not have.
			const generated = target.anchor.startsWith('param-') && typeof targetSummary?.frontmatter?.openapi === 'string';
			// A target that does not parse has unknown anchors: its own error says so, this link is not judged.
			if (anchors && !generated && !anchors.has(target.anchor) && !anchors.has(cleanAnchor(target.anchor))) {
				const suggestion = closestMatch(target.anchor, anchors);
				diagnostics.push(
					createDiagnostic(
						link.range,
						`'${target.path}' has no heading '#${target.anchor}'.${suggestion ? ` Did you mean '#${suggestion}'?` : ''}`,
						'link-anchor-missing',
					),
				);
			}
		}
	}
	for (const { source, range, defaultName } of summary.imports) {
		if (isExternalLink(source) || !/^[./]/.test(source)) continue; // packages are not files of the site
		const target = source.startsWith('/') ? joinUri(site.rootUri, ...source.slice(1).split('/')) : joinUri(dirnameUri(pageUri), ...source.split('/'));
		if (!(await context.exists(target)))
			diagnostics.push(
				createDiagnostic(range, `Cannot find '${source}' (imports are resolved from the docs root for paths starting with /).`, 'import-not-found'),
			);
		else if (defaultName && /\.mdx?$/i.test(source)) {
			const snippet = await defaultImportProblem(defaultName, source, target, site.rootUri, context);
			if (snippet) diagnostics.push(createDiagnostic(range, snippet, 'snippet-default-import'));
		}
	}
	return diagnostics;
}

/**
 * A default import of a snippet that holds nothing but named exports renders nothing; the platform
 * warns (@mintlify/common 1.0.1211 `resolveAllImports`, "default-import-no-default-export"), in its words.
 */
async function defaultImportProblem(name: string, source: string, target: string, rootUri: string, context: LinkContext): Promise<string | undefined> {
	const exported = (await context.summaryOf(target))?.exportsOnly;
	if (!exported || exported.includes('default')) return undefined;
	const path = '/' + (relativePath(rootUri, target) ?? source.replace(/^\/+/, ''));
	return `Default import "${name}" will not render — ${path} has no default export. Use a named import instead: import { ${exported.join(', ')} } from '${source}'`;
}

/**
 * Whether the platform's link check (mint broken-links) reads this link: Markdown links and
 * images, `src` of `<img>` and `<source>`, `href` of `<a>` and `<Card>`.
 */
export function isCheckedByPlatform(link: PageLink): boolean {
	if (link.kind !== 'attribute') return true;
	return link.attribute === 'src' ? link.element === 'img' || link.element === 'source' : link.element === 'a' || link.element === 'Card';
}

/** Whether a relative link (`../x`) from the page at `fromPath` goes up past the docs root. */
function climbsAboveRoot(fromPath: string, link: string): boolean {
	if (link.startsWith('/')) return false;
	let depth = fromPath.split('/').length - 1;
	for (const segment of link.split('/')) {
		if (segment === '..') depth--;
		else if (segment !== '' && segment !== '.') depth++;
		if (depth < 0) return true;
	}
	return false;
}

function normalize(segments: string[]): string {
	const out: string[] = [];
	for (const segment of segments) {
		if (segment === '' || segment === '.') continue;
		if (segment === '..') out.pop();
		else out.push(segment);
	}
	return out.join('/');
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
	const at = value.indexOf(separator);
	return at === -1 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)];
}

function rewriteKeepingAnchor(url: string, path: string): string {
	const hash = url.indexOf('#');
	return hash === -1 ? path : path + url.slice(hash);
}
