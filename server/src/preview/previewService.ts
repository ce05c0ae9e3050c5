import { throwIfCancelled, type CancellationToken } from '../core/cancellation';
import { getValue } from '../core/docsConfig/configTree';
import { titleFromPath } from '../core/features/pageInfo';
import { pageMetadata } from '../core/mdx/frontmatter';
import type { OpenApiSpec } from '../core/openapi/openApiSpec';
import type { SiteModel } from '../core/site/siteModel';
import { closestMatch } from '../core/textDistance';
import { isDocsConfigUri, joinUri, relativePath } from '../core/uris';
import type { DocsWorkspace } from '../core/workspace';
import { renderApiPage, xMintContentOf, type ApiPageTarget } from './api/apiPage';
import { esc, renderLayout, type PageTitles } from './layout';
import { renderMdx, type TocEntry } from './mdxHtml';
import { navContext, neighbours, sectionPages } from './navContext';
import type { PreviewPage, PreviewProblem, PreviewRouteInfo, PreviewTarget } from './previewTypes';
import { buildSiteRoutes, findRoute, normalizeRoute, type NavNode, type PreviewRoute, type SiteRoutes } from './routes';

export interface PreviewRenderOptions {
	/** Maps a site path (`/images/a.png`) to a URL the host serves (a webview URI in VS Code). Default: the path. */
	readonly assetUrl?: (sitePath: string) => string;
}

export interface PreviewServiceHost {
	readonly workspace: DocsWorkspace;
	readonly roots: () => readonly string[];
	readonly rootOf: (uri: string) => string | undefined;
	readonly getSite: (rootUri: string, token: CancellationToken) => Promise<SiteModel>;
}

export interface PreviewService {
	/** One page of the site as it will render; never throws for bad input (the page shows the problem). */
	getPreviewPage(target: PreviewTarget, options: PreviewRenderOptions, token: CancellationToken): Promise<PreviewPage>;
	/** Every route of the site at `rootUri`, in navigation order. */
	getPreviewRoutes(rootUri: string, token: CancellationToken): Promise<PreviewRouteInfo[]>;
}

/** Content of one page before the site chrome goes around it. */
interface PageBody {
	readonly kind: PreviewPage['kind'];
	readonly title: string;
	readonly description?: string;
	readonly deprecated?: boolean;
	readonly html: string;
	readonly toc: readonly TocEntry[];
	readonly problems: readonly PreviewProblem[];
	readonly sourceUri?: string;
}

export function createPreviewService(host: PreviewServiceHost): PreviewService {
	const routesOf = new WeakMap<SiteModel, SiteRoutes>();
	// A sidebar of thousands of pages needs their titles on every render: keep them per file text.
	const titleCache = new Map<string, { text: string; titles: { title?: string; sidebarTitle?: string } }>();
	const routes = (site: SiteModel) => {
		let built = routesOf.get(site);
		if (!built) routesOf.set(site, (built = buildSiteRoutes(site)));
		return built;
	};
	const readText = async (uri: string) => (await host.workspace.readDocument(uri))?.getText();

	async function getPreviewPage(target: PreviewTarget, options: PreviewRenderOptions, token: CancellationToken): Promise<PreviewPage> {
		const rootUri = target.rootUri ?? (target.uri ? host.rootOf(target.uri) : undefined) ?? host.roots()[0];
		if (!rootUri) return bare('error', 'No docs site', 'No docs.json was found in the workspace, so there is no site to preview.', target.route ?? '/');
		const site = await host.getSite(rootUri, token);
		const siteRoutes = routes(site);
		const route = routeOfTarget(site, siteRoutes, target);
		const requested = target.route ? normalizeRoute(target.route) : (route?.route ?? '/');
		const assetUrl = options.assetUrl ?? ((path: string) => path);
		let body: PageBody;
		if (!route) {
			body = notFoundBody(siteRoutes, requested);
		} else {
			try {
				body = await renderBody(site, route, assetUrl, token);
			} catch (e) {
				if (token.isCancellationRequested) throw e;
				body = {
					kind: 'error',
					title: 'This page could not be rendered',
					html: '',
					toc: [],
					problems: [{ message: e instanceof Error ? e.message : String(e), uri: route.fileUri ?? route.spec?.uri }],
				};
			}
		}
		throwIfCancelled(token);
		const titles = await titlesFor(site, siteRoutes, route);
		const bannerHtml = await languageBanner(site, siteRoutes, route, assetUrl, token);
		const html = renderLayout({
			site,
			routes: siteRoutes,
			route,
			title: body.title,
			description: body.description,
			deprecated: body.deprecated,
			contentHtml: body.html,
			toc: body.toc,
			problems: body.problems,
			titles,
			bannerHtml,
			assetUrl,
			ownHeader: body.kind === 'page' || body.kind === 'error' || body.kind === 'notFound',
		});
		return {
			rootUri,
			route: route ? (requested === '/' ? '/' : route.route) : requested,
			title: body.title,
			description: body.description,
			sourceUri: body.sourceUri,
			kind: body.kind,
			html,
			problems: body.problems,
			theme: themeOf(site),
		};
	}

	async function renderBody(site: SiteModel, route: PreviewRoute, assetUrl: (path: string) => string, token: CancellationToken): Promise<PageBody> {
		if (route.kind === 'operation' && route.spec && route.operation) {
			return apiBody(
				site,
				route.spec,
				{ kind: 'operation', method: route.operation.method, path: route.operation.path },
				undefined,
				undefined,
				assetUrl,
				token,
			);
		}
		const fileUri = route.fileUri;
		const text = fileUri ? await readText(fileUri) : undefined;
		const label = route.pagePath ?? route.route;
		if (!fileUri || text === undefined) {
			const expected = joinUri(site.rootUri, `${route.pagePath ?? route.route.slice(1)}.mdx`);
			return {
				kind: 'error',
				title: titleFromPath(label),
				html: '',
				toc: [],
				problems: [{ message: `The navigation lists '${label}' but there is no ${label}.mdx or ${label}.md file.`, uri: expected }],
			};
		}
		const rendered = await renderMdx(text, { uri: fileUri, rootUri: site.rootUri, readText, assetUrl, token });
		const frontmatter = rendered.frontmatter;
		const title = str(frontmatter.title) ?? titleFromPath(label);
		if (!rendered.ok)
			return {
				kind: 'error',
				title,
				description: str(frontmatter.description),
				html: sourceExcerpt(text, rendered.problems[0]),
				toc: [],
				problems: rendered.problems,
				sourceUri: fileUri,
			};
		const api = apiTargetOf(site, frontmatter);
		if (api && 'problem' in api)
			return {
				kind: 'page',
				title,
				description: str(frontmatter.description),
				html: rendered.html,
				toc: rendered.toc,
				problems: [...rendered.problems, { message: api.problem, uri: fileUri }],
				sourceUri: fileUri,
			};
		if (api) {
			const page = await apiBody(site, api.spec, api.target, rendered.html, frontmatter, assetUrl, token);
			return { ...page, sourceUri: fileUri, problems: [...rendered.problems, ...page.problems] };
		}
		return {
			kind: 'page',
			title,
			description: str(frontmatter.description),
			deprecated: frontmatter.deprecated === true,
			html: rendered.html,
			toc: rendered.toc,
			problems: rendered.problems,
			sourceUri: fileUri,
		};
	}

	/** A generated API page (helper module api/): operation, webhook or schema, with `x-mint.content` rendered as MDX. */
	async function apiBody(
		site: SiteModel,
		spec: OpenApiSpec,
		target: ApiPageTarget,
		contentHtml: string | undefined,
		frontmatter: Record<string, unknown> | undefined,
		assetUrl: (path: string) => string,
		token: CancellationToken,
	): Promise<PageBody> {
		const document = site.specFiles.get(spec.uri);
		const label = target.kind === 'operation' ? `${target.method} ${target.path}` : target.name;
		if (!document)
			return {
				kind: 'error',
				title: label,
				html: '',
				toc: [],
				problems: [{ message: `The OpenAPI document ${relativePath(site.rootUri, spec.uri) ?? spec.uri} is not available.`, uri: spec.uri }],
			};
		const xMint = xMintContentOf(document, target);
		const xMintContentHtml = xMint
			? (await renderMdx(xMint, { uri: joinUri(site.rootUri, 'x-mint-content.mdx'), rootUri: site.rootUri, readText, assetUrl, token })).html
			: undefined;
		const page = renderApiPage({ spec: document, target, contentHtml: contentHtml || undefined, frontmatter, xMintContentHtml });
		return {
			kind: target.kind,
			title: page.title,
			description: page.description,
			deprecated: page.deprecated,
			html: page.html,
			toc: [],
			problems: page.problems,
			sourceUri: spec.uri,
		};
	}

	/** Titles of the pages the sidebar, the pager and the breadcrumbs of this route show. */
	async function titlesFor(site: SiteModel, siteRoutes: SiteRoutes, route: PreviewRoute | undefined): Promise<PageTitles> {
		const context = navContext(siteRoutes, route);
		const nodes: NavNode[] = [...sectionPages(context.section)];
		const { previous, next } = neighbours(context.section, context.node);
		for (const node of [previous, next]) if (node) nodes.push(node);
		const titles = new Map<string, { title?: string; sidebarTitle?: string }>();
		await Promise.all(
			nodes.map(async node => {
				const uri = node.pagePath !== undefined ? site.pages.fileOf(node.pagePath) : undefined;
				const text = uri ? await readText(uri) : undefined;
				if (text === undefined || node.pagePath === undefined) return;
				let known = titleCache.get(uri!);
				if (known?.text !== text) titleCache.set(uri!, (known = { text, titles: quickTitles(text) ?? pageMetadata(text) }));
				titles.set(node.pagePath, known.titles);
			}),
		);
		return titles;
	}

	async function languageBanner(
		site: SiteModel,
		siteRoutes: SiteRoutes,
		route: PreviewRoute | undefined,
		assetUrl: (path: string) => string,
		token: CancellationToken,
	): Promise<string | undefined> {
		const language = navContext(siteRoutes, route).choices.find(c => c.kind === 'language')?.selected;
		if (!language?.banner) return undefined;
		const rendered = await renderMdx(language.banner.content, { uri: joinUri(site.rootUri, 'banner.mdx'), rootUri: site.rootUri, readText, assetUrl, token });
		return rendered.ok ? rendered.html : `<p>${esc(language.banner.content)}</p>`;
	}

	return {
		getPreviewPage,
		async getPreviewRoutes(rootUri, token) {
			const site = await host.getSite(rootUri, token);
			const siteRoutes = routes(site);
			const infos: PreviewRouteInfo[] = [];
			if (siteRoutes.home && siteRoutes.home.route !== '/')
				infos.push({ route: '/', kind: siteRoutes.home.kind, sourceUri: siteRoutes.home.fileUri ?? siteRoutes.home.spec?.uri, inNavigation: true });
			for (const route of siteRoutes.routes)
				infos.push({ route: route.route, kind: route.kind, sourceUri: route.fileUri ?? route.spec?.uri, inNavigation: !!route.node });
			return infos;
		},
	};
}

/** The route a target names: a URL path, a page file, docs.json (the first page) or an OpenAPI file (its first generated page). */
function routeOfTarget(site: SiteModel, routes: SiteRoutes, target: PreviewTarget): PreviewRoute | undefined {
	if (target.route !== undefined) return findRoute(routes, target.route);
	if (!target.uri) return routes.home;
	if (isDocsConfigUri(target.uri) || site.config.files.has(target.uri)) return routes.home;
	const pagePath = site.pages.pagePathOfFile(target.uri);
	if (pagePath !== undefined) return routes.routes.find(r => r.pagePath === pagePath);
	return routes.routes.find(r => r.spec?.uri === target.uri) ?? routes.routes.find(r => r.fileUri === target.uri);
}

/** What an MDX page's `openapi` / `openapi-schema` frontmatter documents, resolved in the site's OpenAPI documents. */
function apiTargetOf(
	site: SiteModel,
	frontmatter: Readonly<Record<string, unknown>>,
): { spec: OpenApiSpec; target: ApiPageTarget } | { problem: string } | undefined {
	const openapi = str(frontmatter.openapi)?.trim();
	const schema = str(frontmatter['openapi-schema'])?.trim();
	if (!openapi && !schema) return undefined;
	const pick = (file: string | undefined, has: (spec: OpenApiSpec) => boolean, what: string) => {
		const candidates = file ? [site.specs.resolve(file)].flatMap(s => s ?? []) : site.specs.specs;
		const spec = candidates.find(has);
		return spec ?? `No OpenAPI document of this site has ${what}${file ? ` (looked in ${file})` : ''}.`;
	};
	if (schema) {
		const match = /^(?:(\S+)\s+)?(\S+)$/.exec(schema);
		if (!match) return { problem: `openapi-schema "${schema}" is not "[file] SchemaName".` };
		const spec = pick(match[1], s => s.schemas.some(x => x.name === match[2]), `a schema "${match[2]}"`);
		return typeof spec === 'string' ? { problem: spec } : { spec, target: { kind: 'schema', name: match[2] } };
	}
	const webhook = /^(?:(\S+)\s+)?webhook\s+(\S+)$/i.exec(openapi!);
	if (webhook) {
		const spec = pick(webhook[1], s => s.webhooks.some(w => w.name === webhook[2]), `a webhook "${webhook[2]}"`);
		return typeof spec === 'string' ? { problem: spec } : { spec, target: { kind: 'webhook', name: webhook[2] } };
	}
	const operation = /^(?:(\S+)\s+)?([A-Za-z]+)\s+(\/\S*)$/.exec(openapi!);
	if (!operation) return { problem: `openapi "${openapi}" is not "[file] METHOD /path" or "[file] webhook name".` };
	const method = operation[2].toUpperCase();
	const spec = pick(operation[1], s => s.operations.some(o => o.method === method && o.path === operation[3]), `the operation ${method} ${operation[3]}`);
	return typeof spec === 'string' ? { problem: spec } : { spec, target: { kind: 'operation', method, path: operation[3] } };
}

function notFoundBody(routes: SiteRoutes, requested: string): PageBody {
	const all = routes.routes.map(r => r.route);
	const closest = closestMatch(requested, all);
	const segment = requested.split('/').filter(Boolean)[0];
	const nearby = [...new Set([...(closest ? [closest] : []), ...all.filter(r => segment && r.startsWith(`/${segment}`))])].slice(0, 8);
	const list = nearby.length ? `<p>Pages nearby:</p><ul class="mp-nearby">${nearby.map(r => `<li><a href="${esc(r)}">${esc(r)}</a></li>`).join('')}</ul>` : '';
	return { kind: 'notFound', title: 'Page not found', description: `No page of this site is served at ${requested}.`, html: list, toc: [], problems: [] };
}

/** A few lines of the source around a syntax error, so the preview shows what is wrong where. */
function sourceExcerpt(text: string, problem: PreviewProblem | undefined): string {
	if (problem?.line === undefined) return '';
	const lines = text.split(/\r?\n/);
	const from = Math.max(0, problem.line - 3);
	const to = Math.min(lines.length, problem.line + 3);
	const rows = lines
		.slice(from, to)
		.map(
			(line, i) =>
				`<span class="mp-excerpt-line${from + i === problem.line ? ' mp-excerpt-error' : ''}"><span class="mp-excerpt-no">${from + i + 1}</span>${esc(line)}</span>`,
		);
	return `<pre class="mp-excerpt"><code>${rows.join('\n')}</code></pre>`;
}

/** A page without a site around it (no docs root at all). */
function bare(kind: PreviewPage['kind'], title: string, message: string, route: string): PreviewPage {
	return {
		rootUri: '',
		route,
		title,
		kind,
		html: `<div class="mp-app"><main class="mp-main" id="mp-main"><article class="mp-content"><h1 class="mp-title">${esc(title)}</h1><div class="mp-problems" role="alert"><div class="mp-problem">${esc(message)}</div></div></article></main></div>`,
		problems: [{ message }],
	};
}

/** The site's brand colors (validated hex), for the shell's stylesheet variables. */
function themeOf(site: SiteModel): PreviewPage['theme'] {
	const colors = getValue(site.config.root, 'colors');
	const hex = (key: string) => {
		const value = getValue(colors, key);
		return value?.kind === 'string' && /^#[0-9a-f]{3,8}$/i.test(value.value as string) ? (value.value as string) : undefined;
	};
	return { primary: hex('primary'), light: hex('light'), dark: hex('dark') };
}

/**
 * `title` and `sidebarTitle` of a page read without a YAML parser when the frontmatter is simple
 * (one-line plain or quoted values); undefined when it is not, and the full parser decides.
 */
export function quickTitles(text: string): { title?: string; sidebarTitle?: string } | undefined {
	const block = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
	if (!block) return text.startsWith('---') ? undefined : {};
	const result: { title?: string; sidebarTitle?: string } = {};
	for (const key of ['title', 'sidebarTitle'] as const) {
		const match = new RegExp(`^${key}:[ \\t]*(.*)$`, 'm').exec(block[1]);
		if (!match) continue;
		const raw = match[1].trim();
		const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(raw) ?? /^'((?:[^']|'')*)'$/.exec(raw);
		if (quoted) result[key] = raw.startsWith("'") ? quoted[1].replace(/''/g, "'") : quoted[1].replace(/\\(["\\/])/g, '$1');
		else if (raw && !/^["'|>&*!%@`{[?-]|\\|\s#|: /.test(raw)) result[key] = raw;
		else return undefined;
		if (quoted && !raw.startsWith("'") && /\\[^"\\/]/.test(quoted[1])) return undefined;
	}
	return result;
}

const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
