import { isObject, normalizeOpenApiPath, readNavigationInput, type JsonObject, type JsonPath } from './mintConfig';
import { emptyReport, type UpgradeReport } from './upgradeReport';
import { upgradeNavigation } from './upgradeNavigation';
import { appendAll } from '../arrays';

/*
 * mint.json (v1) → docs.json (v2), key by key. The mapping is ours, written from the platform's
 * documentation of both formats and from what its converter produces on real files (see
 * docs/legacy-mint-json.md for the table); the conformance harness's legacy mode holds the two
 * side by side. Keys the platform's converter drops without a word are dropped here too, but
 * named in the report with the reason.
 */

/** The docs.json `$schema` the platform writes. */
export const docsSchemaUrl = 'https://mintlify.com/docs.json';

export interface ConfigUpgrade {
	/** The docs.json value, keys in the order the platform writes them (`$schema` first). */
	readonly docs: { [key: string]: unknown };
	readonly report: UpgradeReport;
	/** docs.json path (JSON.stringify of its segments) → the mint.json path it came from. */
	readonly origins: Map<string, JsonPath>;
}

/** Why v1 keys with no docs.json equivalent are left out. */
const droppedWhy: Record<string, string> = {
	feedback: 'docs.json has no feedback-button settings (the thumbs and suggest-edit buttons are configured in the dashboard)',
	sidebar: 'docs.json has no sidebar item style; the theme decides it',
	rounded: 'docs.json has no rounded-corner setting; the theme decides it',
	isWhiteLabeled: 'white-labelling is a plan setting, not a docs.json key',
	topbar: 'docs.json has no top-bar style; the theme decides it',
	layout: 'replaced by the theme chosen from it',
	backgroundImage: 'moved to background.image',
	primaryTab: 'used to name the first tab',
	topAnchor: 'used to name the first anchor',
	tabs: 'laid out in navigation',
	anchors: 'laid out in navigation',
	versions: 'laid out in navigation',
	openapi: 'moved to api.openapi',
	modeToggle: 'moved to appearance',
	eyebrow: 'moved to styling.eyebrows',
	codeBlock: 'moved to styling.codeblocks',
	footerSocials: 'moved to footer.socials',
	topbarLinks: 'moved to navbar.links',
	topbarCtaButton: 'moved to navbar.primary',
	metadata: 'moved to seo.metatags',
	analytics: 'moved to integrations',
};
const consumed = new Set([
	'$schema',
	'name',
	'theme',
	'colors',
	'favicon',
	'navigation',
	'logo',
	'api',
	'background',
	'search',
	'seo',
	'footer',
	'integrations',
	'font',
	'redirects',
]);

const keyOrigins: [JsonPath, JsonPath][] = [
	[['name'], ['name']],
	[['favicon'], ['favicon']],
	[['logo'], ['logo']],
	[['colors'], ['colors']],
	[['redirects'], ['redirects']],
	[['navigation'], ['navigation']],
	[['api', 'openapi'], ['openapi']],
	[['navbar', 'links'], ['topbarLinks']],
	[['navbar', 'primary'], ['topbarCtaButton']],
	[['footer', 'socials'], ['footerSocials']],
	[['seo', 'metatags'], ['metadata']],
];

const valueAt = (root: JsonObject, dotted: string): unknown =>
	dotted.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), root);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/** Upgrades a parsed mint.json. Never throws: values of the wrong shape are left out. */
export function upgradeMintConfig(mint: JsonObject): ConfigUpgrade {
	const report = emptyReport();
	const out: { [key: string]: unknown } = { $schema: docsSchemaUrl };
	const mapped = (from: string | [string, string][], to?: string) => {
		if (typeof from === 'string') report.mapped.push({ from, to: to ?? from });
		else for (const [f, t] of from) report.mapped.push({ from: f, to: t });
	};
	// The pairs whose v1 key (a dotted path) the file has.
	const present = (...pairs: [string, string][]) => pairs.filter(([from]) => valueAt(mint, from) !== undefined);
	const dropped = (key: string, why: string) => report.dropped.push({ key, why });
	const has = (key: string) => mint[key] !== undefined;

	out.theme = themeOf(mint);
	if (has('theme') || has('layout'))
		mapped([has('theme') ? 'theme' : '', has('layout') ? 'layout' : ''].filter(Boolean).join(' + '), `theme (${String(out.theme)})`);
	else report.defaults.push({ key: 'theme', value: out.theme, why: 'docs.json requires a theme; v1 sites without one looked like "mint"' });
	out.name = mint.name;
	if (has('name')) mapped('name', 'name');

	const colors = isObject(mint.colors) ? mint.colors : undefined;
	if (colors) {
		out.colors = { primary: colors.primary, light: colors.light, dark: colors.dark };
		mapped(present(['colors.primary', 'colors.primary'], ['colors.light', 'colors.light'], ['colors.dark', 'colors.dark']));
		if (colors.anchors !== undefined) dropped('colors.anchors', 'anchor gradients are gone: each anchor keeps one color (the gradient\'s "from")');
		for (const key of ['ultraLight', 'ultraDark']) if (colors[key] !== undefined) dropped(`colors.${key}`, 'docs.json has no such color');
	} else {
		out.colors = { primary: '#16A34A' };
		report.defaults.push({ key: 'colors.primary', value: '#16A34A', why: 'docs.json requires a primary color; the platform uses this green' });
	}
	out.favicon = mint.favicon;
	if (has('favicon')) mapped('favicon', 'favicon');

	const nav = upgradeNavigation(readNavigationInput(mint));
	out.navigation = nav.navigation;
	appendAll(report.navigation, nav.decisions);
	mapped(['navigation', ...['tabs', 'anchors', 'versions', 'topAnchor', 'primaryTab'].filter(has)].join(' + '), 'navigation');

	const styling = {
		eyebrows: isObject(mint.eyebrow) && mint.eyebrow.display !== undefined ? (mint.eyebrow.display === 'breadcrumbs' ? 'breadcrumbs' : 'section') : undefined,
		codeblocks: isObject(mint.codeBlock) && mint.codeBlock.mode !== undefined ? (mint.codeBlock.mode === 'dark' ? 'dark' : 'system') : undefined,
	};
	if (styling.eyebrows || styling.codeblocks) out.styling = styling;
	// Written in the order of the platform's own files (light, then dark).
	out.logo = isObject(mint.logo) ? { light: mint.logo.light, dark: mint.logo.dark, href: mint.logo.href } : mint.logo;
	if (has('logo')) mapped('logo', 'logo');

	const api = upgradeApi(mint, mapped, dropped);
	if (api) out.api = api;

	const mode = isObject(mint.modeToggle) ? mint.modeToggle : undefined;
	if (mode && (mode.default || mode.isHidden !== undefined)) {
		out.appearance = { default: mode.default, strict: mode.isHidden };
		mapped(present(['modeToggle.default', 'appearance.default'], ['modeToggle.isHidden', 'appearance.strict']));
	}
	const background = isObject(mint.background) ? mint.background : undefined;
	const backgroundColor = colors && isObject(colors.background) ? colors.background : undefined;
	if (mint.background || mint.backgroundImage || backgroundColor) {
		out.background = {
			...(mint.backgroundImage ? { image: mint.backgroundImage } : {}),
			decoration: background?.style,
			...(backgroundColor ? { color: { light: backgroundColor.light, dark: backgroundColor.dark } } : {}),
		};
		mapped(present(['background', 'background.decoration'], ['backgroundImage', 'background.image'], ['colors.background', 'background.color']));
	}
	const navbar = upgradeNavbar(mint);
	if (navbar) {
		out.navbar = navbar;
		mapped(present(['topbarLinks', 'navbar.links'], ['topbarCtaButton', 'navbar.primary']));
	}
	const search = isObject(mint.search) ? mint.search : undefined;
	if (search?.prompt) {
		out.search = { prompt: search.prompt };
		mapped('search.prompt', 'search.prompt');
	}
	const seo = isObject(mint.seo) ? mint.seo : undefined;
	if (mint.metadata || seo?.indexHiddenPages !== undefined) {
		out.seo = { ...(mint.metadata ? { metatags: mint.metadata } : {}), indexing: seo?.indexHiddenPages ? 'all' : 'navigable' };
		mapped(present(['metadata', 'seo.metatags'], ['seo.indexHiddenPages', 'seo.indexing']));
	}
	const footer = upgradeFooter(mint);
	if (footer) {
		out.footer = footer;
		mapped(present(['footerSocials', 'footer.socials'], ['footer.socials', 'footer.socials'], ['footer.links', 'footer.links']));
	}
	const integrations = upgradeIntegrations(mint, dropped);
	if (integrations) {
		out.integrations = integrations;
		mapped(
			present(
				['analytics', 'integrations'],
				['integrations.intercom', 'integrations.intercom.appId'],
				['integrations.frontchat', 'integrations.frontchat.snippetId'],
			),
		);
	}
	const fonts = upgradeFonts(mint.font);
	if (fonts) {
		out.fonts = fonts;
		mapped('font', 'fonts');
	}
	if (mint.redirects) {
		out.redirects = mint.redirects;
		mapped('redirects', 'redirects');
	}
	for (const key of Object.keys(mint)) {
		if (consumed.has(key)) continue;
		const why = droppedWhy[key];
		if (!why) dropped(key, "no docs.json equivalent; the platform's upgrade leaves it out");
		else if (!why.startsWith('moved') && !why.startsWith('laid out') && !why.startsWith('used') && !why.startsWith('replaced')) dropped(key, why);
	}
	if (seo) for (const key of Object.keys(seo)) if (key !== 'indexHiddenPages') dropped(`seo.${key}`, 'docs.json has no such SEO setting');

	const origins = new Map<string, JsonPath>();
	const docs = materialize(out, [], nav.origins, origins) as { [key: string]: unknown };
	// Keys carried over as they are: a finding inside one maps to the same place in mint.json.
	for (const [to, from] of keyOrigins) if (has(from[0] as string) && !origins.has(JSON.stringify(to))) origins.set(JSON.stringify(to), from);
	return { docs, report, origins };
}

/** v1 `theme` and `layout` → a v2 theme name. */
function themeOf(mint: JsonObject): string {
	if (mint.layout === 'sidenav') return 'maple';
	if (mint.layout === 'solidSidenav') return 'willow';
	if (mint.theme === 'venus') return 'palm';
	if (mint.theme === 'quill') return 'willow';
	return 'mint';
}

type Note = (a: string, b: string) => void;

function upgradeApi(mint: JsonObject, mapped: Note, dropped: Note): { [key: string]: unknown } | undefined {
	const api = isObject(mint.api) ? mint.api : {};
	const playground = isObject(api.playground) ? api.playground : undefined;
	const example = isObject(api.request) && isObject(api.request.example) ? api.request.example : undefined;
	const auth = isObject(api.auth) ? api.auth : undefined;
	const openapi = Array.isArray(mint.openapi)
		? mint.openapi.map(o => (typeof o === 'string' ? normalizeOpenApiPath(o) : o))
		: typeof mint.openapi === 'string'
			? normalizeOpenApiPath(mint.openapi)
			: mint.openapi;
	// v1's playground mode defaults to "show" whenever a playground object is written.
	const modes: Record<string, string> = { show: 'interactive', hide: 'none' };
	const mode = playground ? (str(playground.mode) ?? 'show') : undefined;
	if (!playground && !example?.languages && !api.baseUrl && !auth?.method && !openapi) return undefined;
	const result: { [key: string]: unknown } = {};
	if (openapi) ((result.openapi = openapi), mapped('openapi', 'api.openapi'));
	if (playground) {
		result.playground = {
			...(mode ? { display: modes[mode] ?? mode } : {}),
			...(typeof playground.disableProxy === 'boolean' ? { proxy: !playground.disableProxy } : {}),
		};
		mapped('api.playground.mode/disableProxy', 'api.playground.display/proxy');
	}
	if (example?.languages) ((result.examples = { languages: example.languages }), mapped('api.request.example.languages', 'api.examples.languages'));
	if (api.baseUrl || auth?.method || auth?.name) {
		result.mdx = { server: api.baseUrl, ...(auth?.method || auth?.name ? { auth: { method: auth.method, name: auth.name } } : {}) };
		mapped('api.baseUrl / api.auth', 'api.mdx.server / api.mdx.auth');
	}
	for (const key of ['maintainOrder', 'paramFields']) if (api[key] !== undefined) dropped(`api.${key}`, 'docs.json has no such API setting');
	if (example?.showOptionalParams !== undefined) dropped('api.request.example.showOptionalParams', 'docs.json has no such API setting');
	return result;
}

function upgradeNavbar(mint: JsonObject): { [key: string]: unknown } | undefined {
	if (!mint.topbarLinks && !mint.topbarCtaButton) return undefined;
	const links = Array.isArray(mint.topbarLinks)
		? mint.topbarLinks.filter(isObject).map(l => ({ label: l.type === undefined || l.type === 'link' ? l.name : capitalized(String(l.type)), href: l.url }))
		: undefined;
	const cta = isObject(mint.topbarCtaButton) ? mint.topbarCtaButton : undefined;
	const primary =
		cta && (cta.type === undefined || cta.type === 'link' ? { type: 'button', label: cta.name, href: cta.url } : { type: 'github', href: cta.url });
	return { ...(links ? { links } : {}), ...(primary ? { primary } : {}) };
}

function upgradeFooter(mint: JsonObject): { [key: string]: unknown } | undefined {
	const footer = isObject(mint.footer) ? mint.footer : undefined;
	if (!mint.footer && !mint.footerSocials) return undefined;
	const socials = footer?.socials ?? mint.footerSocials;
	const socialMap = Array.isArray(socials) ? Object.fromEntries(socials.filter(isObject).map(s => [String(s.type), s.url])) : socials;
	const links = Array.isArray(footer?.links)
		? footer.links.filter(isObject).map(g => ({
				header: g.title,
				items: (Array.isArray(g.links) ? g.links : []).filter(isObject).map(l => ({ label: l.label, href: l.url })),
			}))
		: undefined;
	return { ...(socials ? { socials: socialMap } : {}), ...(links ? { links } : {}) };
}

function upgradeIntegrations(mint: JsonObject, dropped: Note): { [key: string]: unknown } | undefined {
	if (!mint.integrations && !mint.analytics) return undefined;
	const integrations = isObject(mint.integrations) ? mint.integrations : {};
	for (const key of Object.keys(integrations))
		if (key !== 'intercom' && key !== 'frontchat') dropped(`integrations.${key}`, "the platform's upgrade carries over only intercom and frontchat");
	return {
		...(isObject(mint.analytics) ? mint.analytics : {}),
		...(integrations.intercom ? { intercom: { appId: integrations.intercom } } : {}),
		...(integrations.frontchat ? { frontchat: { snippetId: integrations.frontchat } } : {}),
	};
}

function upgradeFonts(font: unknown): { [key: string]: unknown } | undefined {
	if (!isObject(font)) return undefined;
	const details = (f: unknown) => {
		if (!isObject(f)) return f;
		const { url, ...rest } = f;
		return { ...rest, ...(url ? { source: url } : {}) };
	};
	if ('family' in font) return details(font) as { [key: string]: unknown };
	return { ...(font.headings ? { heading: details(font.headings) } : {}), ...(font.body ? { body: details(font.body) } : {}) };
}

/**
 * The result as plain JSON: pages become their path, `undefined` values go (as in the file the
 * platform writes), and each navigation node's mint.json origin is noted under its docs.json path.
 */
function materialize(value: unknown, path: JsonPath, nodeOrigins: Map<object, JsonPath>, origins: Map<string, JsonPath>): unknown {
	if (Array.isArray(value)) return value.map((v, i) => materialize(v, [...path, i], nodeOrigins, origins));
	if (!isObject(value)) return value;
	if (typeof value.page === 'string' && Array.isArray(value.origin)) {
		origins.set(JSON.stringify(path), value.origin as JsonPath);
		return value.page;
	}
	const origin = nodeOrigins.get(value) ?? (Array.isArray(value.origin) ? (value.origin as JsonPath) : undefined);
	if (origin) origins.set(JSON.stringify(path), origin);
	const result: { [key: string]: unknown } = {};
	for (const [key, v] of Object.entries(value)) {
		if (v === undefined || (key === 'origin' && Array.isArray(v))) continue;
		result[key] = materialize(v, [...path, key], nodeOrigins, origins);
	}
	return result;
}
