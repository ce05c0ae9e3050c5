import { getString, getValue, toPlainValue } from '../core/docsConfig/configTree';
import { languageNames } from '../core/languageCodes';
import type { SiteModel } from '../core/site/siteModel';
import { relativePath } from '../core/uris';
import { iconSvg } from './icons';
import type { TocEntry } from './mdxHtml';
import { navContext, neighbours, type NavChoice, type NavContext } from './navContext';
import type { PreviewProblem } from './previewTypes';
import type { NavNode, PreviewRoute, SiteRoutes } from './routes';

/** Title and sidebar title of pages (from frontmatter), by page path. */
export type PageTitles = ReadonlyMap<string, { readonly title?: string; readonly sidebarTitle?: string }>;

export interface LayoutInput {
	readonly site: SiteModel;
	readonly routes: SiteRoutes;
	/** The route shown; undefined for a 404 page. */
	readonly route: PreviewRoute | undefined;
	readonly title: string;
	readonly description?: string;
	readonly deprecated?: boolean;
	/** Sanitized HTML of the page content. */
	readonly contentHtml: string;
	readonly toc: readonly TocEntry[];
	readonly problems: readonly PreviewProblem[];
	readonly titles: PageTitles;
	/** Sanitized HTML of the current language's banner. */
	readonly bannerHtml?: string;
	readonly assetUrl: (sitePath: string) => string;
	/** Render the title and description (false: the content brings its own header, as generated API pages do). */
	readonly ownHeader?: boolean;
}

/** HTML-escapes text for element content and attribute values. */
export function esc(value: string): string {
	return value.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Links from the configuration: site paths, anchors and http(s)/mailto only (`javascript:` and the like become inert). */
export function safeHref(href: string | undefined): string | undefined {
	if (!href) return undefined;
	const value = href.trim();
	if (/^(https?:|mailto:)/i.test(value) || value.startsWith('#')) return value;
	if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//') || /[\u0000-\u001f]/.test(value)) return undefined;
	return value.startsWith('/') ? value : '/' + value;
}

const isExternal = (href: string) => /^(https?:|mailto:)/i.test(href);
const linkAttrs = (href: string | undefined) => (href ? ` href="${esc(href)}"${isExternal(href) ? ' target="_blank" rel="noopener noreferrer"' : ''}` : '');
const icon = (name: string | undefined) => (name && !/^(https?:|\/)/.test(name) ? `<span class="mp-icon" aria-hidden="true">${iconSvg(name)}</span>` : '');

/** The label of a page node: its sidebar title, else its title (frontmatter), else the path-derived name. */
export function labelOf(node: NavNode, titles: PageTitles): string {
	if (node.kind !== 'page' || !node.pagePath) return node.label;
	const meta = titles.get(node.pagePath);
	return meta?.sidebarTitle ?? meta?.title ?? node.label;
}

/** The whole page body: top bar, banner, sidebar, content with table of contents. */
export function renderLayout(input: LayoutInput): string {
	const context = navContext(input.routes, input.route);
	const current = input.route?.route;
	const language = context.choices.find(c => c.kind === 'language')?.selected;
	const banner =
		language?.banner && input.bannerHtml !== undefined
			? `<div class="mp-banner" data-banner="${esc(language.label)}">${input.bannerHtml}${language.banner.dismissible ? '<button type="button" class="mp-banner-close" data-dismiss-banner aria-label="Dismiss">×</button>' : ''}</div>`
			: '';
	return [
		`<div class="mp-app" data-route="${esc(current ?? '')}">`,
		topBar(input, context),
		banner,
		'<div class="mp-body">',
		`<aside class="mp-sidebar" id="mp-sidebar">${sidebar(input, context, current)}</aside>`,
		`<main class="mp-main" id="mp-main">${content(input, context)}${toc(input.toc)}</main>`,
		'</div>',
		'</div>',
	].join('');
}

function topBar(input: LayoutInput, context: NavContext): string {
	const { site } = input;
	const name = getString(site.config.root, 'name') ?? relativePath(site.rootUri, site.rootUri) ?? 'Docs';
	const logo = getValue(site.config.root, 'logo');
	const logoLight = logo?.kind === 'string' ? (logo.value as string) : getString(logo, 'light');
	const logoDark = getString(logo, 'dark') ?? logoLight;
	const home = input.routes.home ? '/' : undefined;
	const logoHtml =
		logoLight && logoLight.startsWith('/')
			? `<img class="mp-logo-img mp-logo-light" src="${esc(input.assetUrl(logoLight))}" alt="${esc(name)}"><img class="mp-logo-img mp-logo-dark" src="${esc(input.assetUrl(logoDark ?? logoLight))}" alt="${esc(name)}">`
			: `<span class="mp-logo-text">${esc(name)}</span>`;
	const switchers = ['product', 'version', 'language']
		.map(kind => context.choices.find(c => c.kind === kind))
		.filter((c): c is NavChoice => !!c && c.options.length > 0);
	const navbar = toPlainValue(getValue(site.config.root, 'navbar') ?? { kind: 'null', value: null, uri: '', offset: 0, length: 0 }) as {
		links?: { label?: unknown; href?: unknown }[];
		primary?: { label?: unknown; href?: unknown };
	} | null;
	const links = (Array.isArray(navbar?.links) ? navbar!.links : []).flatMap(l =>
		typeof l?.label === 'string' && typeof l.href === 'string' && safeHref(l.href)
			? [`<a class="mp-navlink"${linkAttrs(safeHref(l.href))}>${esc(l.label)}</a>`]
			: [],
	);
	const primary =
		navbar?.primary && typeof navbar.primary.label === 'string' && typeof navbar.primary.href === 'string' && safeHref(navbar.primary.href)
			? `<a class="mp-navbutton"${linkAttrs(safeHref(navbar.primary.href))}>${esc(navbar.primary.label)}</a>`
			: '';
	const tabs = context.choices.find(c => c.kind === 'tab');
	return [
		'<header class="mp-topbar">',
		'<div class="mp-topbar-row">',
		// Narrow panels (a preview beside the editor) hide the sidebar; this button shows it over the page.
		`<button type="button" class="mp-sidebar-toggle" data-toggle-sidebar aria-label="Show navigation" aria-expanded="false">${iconSvg('menu', 'mp-sidebar-toggle-icon')}</button>`,
		`<a class="mp-logo"${linkAttrs(home)}>${logoHtml}</a>`,
		`<div class="mp-switchers">${switchers
			.filter(c => c.kind !== 'product')
			.map(c => menu(c))
			.join('')}</div>`,
		`<nav class="mp-navlinks" aria-label="Site links">${links.join('')}${primary}</nav>`,
		'</div>',
		tabs ? `<nav class="mp-tabs" aria-label="Tabs">${tabs.options.map(tab => choiceLink(tab, tab === tabs.selected, 'mp-tab')).join('')}</nav>` : '',
		'</header>',
	].join('');
}

/** Where choosing a tab, version or anchor leads: its first page, else its link. */
function choiceTarget(node: NavNode): string | undefined {
	return node.firstRoute ?? safeHref(node.href);
}

function choiceLink(node: NavNode, selected: boolean, className: string): string {
	return `<a class="${className}${selected ? ' mp-selected' : ''}"${linkAttrs(choiceTarget(node))}${selected ? ' aria-current="true"' : ''}>${icon(node.icon)}<span>${esc(node.label)}</span></a>`;
}

/** A version, language, product, dropdown or menu switcher: a disclosure menu of links (works without script). */
function menu(choice: NavChoice): string {
	const label = (node: NavNode) => (choice.kind === 'language' ? (languageNames[node.label as keyof typeof languageNames] ?? node.label) : node.label);
	const selected = choice.selected ?? choice.options[0];
	const items = choice.options
		.map(
			option =>
				`<li>${`<a class="mp-menu-item${option === choice.selected ? ' mp-selected' : ''}"${linkAttrs(choiceTarget(option))}>${icon(option.icon)}<span>${esc(label(option))}</span>${option.description ? `<small>${esc(option.description)}</small>` : ''}</a>`}</li>`,
		)
		.join('');
	return `<details class="mp-menu mp-menu-${choice.kind}" data-switcher="${choice.kind}"><summary class="mp-menu-button">${icon(selected.icon)}<span>${esc(label(selected))}</span>${iconSvg('chevron-down', 'mp-chevron')}</summary><ul class="mp-menu-list">${items}</ul></details>`;
}

function sidebar(input: LayoutInput, context: NavContext, current: string | undefined): string {
	const anchors = [
		...input.routes.globalAnchors.map(anchor => choiceLink(anchor, false, 'mp-anchor')),
		...(context.choices.find(c => c.kind === 'anchor')?.options ?? []).map(anchor =>
			choiceLink(anchor, anchor === context.choices.find(c => c.kind === 'anchor')?.selected, 'mp-anchor'),
		),
	];
	const sidebarMenus = ['product', 'dropdown', 'menuItem'].map(kind => context.choices.find(c => c.kind === kind)).filter((c): c is NavChoice => !!c);
	const drilldown = getValue(getValue(input.site.config.root, 'interaction'), 'drilldown');
	const items = context.section.children.filter(child => !['tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'menuItem'].includes(child.kind));
	const active = new Set(context.chain);
	const renderItems = (nodes: readonly NavNode[], nested: boolean): string => nodes.map(node => item(node, nested)).join('');
	const item = (node: NavNode, nested: boolean): string => {
		if (node.kind === 'group') {
			const title = `${icon(node.icon)}<span class="mp-group-label">${esc(node.label)}</span>${node.tag ? `<span class="mp-tag">${esc(node.tag)}</span>` : ''}`;
			const rootLink = node.route ? `<a class="mp-group-root${node.route === current ? ' mp-active' : ''}" href="${esc(node.route)}">${title}</a>` : title;
			if (!nested)
				return `<div class="mp-group"><div class="mp-group-title">${rootLink}</div><ul class="mp-list">${renderItems(node.children, true)}</ul></div>`;
			// Nested groups: collapsed unless `expanded: true`, or open because the page shown is inside.
			const open = node.expanded === true || active.has(node);
			const drill = drilldown?.kind === 'boolean' && drilldown.value === true && node.firstRoute ? ` data-drilldown="${esc(node.firstRoute)}"` : '';
			return `<li><details class="mp-subgroup"${open ? ' open' : ''}${drill}><summary class="mp-subgroup-title">${title}${iconSvg('chevron-right', 'mp-chevron')}</summary><ul class="mp-list">${renderItems(node.children, true)}</ul></details></li>`;
		}
		if (node.kind === 'page' || node.kind === 'operation') {
			const isActive = node.route === current;
			const method = node.method
				? `<span class="mp-method mp-method-${esc(node.method.toLowerCase())}">${esc(node.method === 'DELETE' ? 'DEL' : node.method)}</span>`
				: '';
			const deprecated = node.deprecated ? '<span class="mp-deprecated">deprecated</span>' : '';
			const link = `<a class="mp-link${isActive ? ' mp-active' : ''}" href="${esc(node.route ?? '#')}"${isActive ? ' aria-current="page"' : ''}>${method}<span class="mp-link-label">${esc(labelOf(node, input.titles))}</span>${deprecated}</a>`;
			return nested ? `<li>${link}</li>` : `<div class="mp-toplink">${link}</div>`;
		}
		if (node.kind === 'link')
			return `${nested ? '<li>' : ''}<a class="mp-link"${linkAttrs(safeHref(node.href))}>${icon(node.icon)}<span class="mp-link-label">${esc(node.label)}</span></a>${nested ? '</li>' : ''}`;
		return '';
	};
	return [
		anchors.length ? `<nav class="mp-anchors" aria-label="Anchors">${anchors.join('')}</nav>` : '',
		sidebarMenus.map(c => `<div class="mp-sidebar-menu">${menu(c)}</div>`).join(''),
		`<nav class="mp-nav" aria-label="Navigation">${renderItems(items, false)}</nav>`,
	].join('');
}

function content(input: LayoutInput, context: NavContext): string {
	const eyebrows = getString(getValue(input.site.config.root, 'styling'), 'eyebrows');
	const trail = context.node ? context.chain.slice(1, -1).filter(n => n.label) : [];
	const eyebrow =
		eyebrows === 'breadcrumbs' && trail.length
			? `<nav class="mp-breadcrumbs" aria-label="Breadcrumbs">${trail.map(n => `<span class="mp-crumb">${esc(n.label)}</span>`).join('<span class="mp-crumb-sep">›</span>')}</nav>`
			: trail.filter(n => n.kind === 'group').length
				? `<div class="mp-eyebrow">${esc(trail.filter(n => n.kind === 'group').pop()!.label)}</div>`
				: '';
	const problems = input.problems.length
		? `<div class="mp-problems" role="alert">${input.problems.map(p => problem(p, input.site.rootUri)).join('')}</div>`
		: '';
	const { previous, next } = neighbours(context.section, context.node);
	const pager =
		previous || next
			? `<nav class="mp-pager" aria-label="Previous and next">${previous ? `<a class="mp-pager-prev" href="${esc(previous.route!)}"><small>Previous</small><span>${esc(labelOf(previous, input.titles))}</span></a>` : '<span></span>'}${next ? `<a class="mp-pager-next" href="${esc(next.route!)}"><small>Next</small><span>${esc(labelOf(next, input.titles))}</span></a>` : ''}</nav>`
			: '';
	return [
		'<article class="mp-content">',
		input.ownHeader === false
			? eyebrow
				? `<header class="mp-page-header">${eyebrow}</header>`
				: ''
			: `<header class="mp-page-header">${eyebrow}<h1 class="mp-title">${esc(input.title)}${input.deprecated ? ' <span class="mp-deprecated">deprecated</span>' : ''}</h1>${input.description ? `<p class="mp-description">${esc(input.description)}</p>` : ''}</header>`,
		problems,
		`<div class="mp-prose">${input.contentHtml}</div>`,
		pager,
		'</article>',
	].join('');
}

/** A problem with its place (`guides/a.mdx:12:5`), clickable where the host can open files. */
function problem(p: PreviewProblem, rootUri: string): string {
	if (!p.uri) return `<div class="mp-problem"><strong>Problem</strong> ${esc(p.message)}</div>`;
	const place = `${p.line !== undefined ? `:${p.line + 1}${p.character !== undefined ? `:${p.character + 1}` : ''}` : ''}`;
	const data = ` data-open-uri="${esc(p.uri)}"${p.line !== undefined ? ` data-line="${p.line}"` : ''}${p.character !== undefined ? ` data-character="${p.character}"` : ''}`;
	return `<div class="mp-problem"><a class="mp-problem-location"${data}><strong>${esc(relativePath(rootUri, p.uri) ?? p.uri)}${place}</strong></a> ${esc(p.message)}</div>`;
}

function toc(entries: readonly TocEntry[]): string {
	if (!entries.length) return '<aside class="mp-toc mp-toc-empty"></aside>';
	return `<aside class="mp-toc" aria-label="On this page"><div class="mp-toc-title">On this page</div><ul>${entries.map(e => `<li class="mp-toc-${e.depth}"><a href="#${esc(e.slug)}">${esc(e.text)}</a></li>`).join('')}</ul></aside>`;
}
