/*
 * The legacy `mint.json` (configuration format v1) as the upgrade reads it. Values are taken
 * from parsed JSON of any shape: a field of the wrong type is treated as absent, so the converter
 * never throws on a broken file (the v1 schema reports the file's errors separately).
 */

/** Name of the legacy configuration file. */
export const legacyConfigFileName = 'mint.json';

/** A JSON path: object keys and array indexes from the root of a file. */
export type JsonPath = readonly (string | number)[];

/** A page entry of a v1 group, with where it was written in mint.json. */
export interface MintPage {
	readonly page: string;
	readonly origin: JsonPath;
}

/** A v1 navigation group (`{ group, pages, icon?, iconType?, version?, public? }`). */
export interface MintGroup {
	readonly group: string;
	readonly pages: readonly (MintPage | MintGroup)[];
	readonly icon?: string;
	readonly iconType?: string;
	readonly version?: string;
	readonly public?: boolean;
	readonly origin: JsonPath;
}

/** A v1 tab or anchor: a named URL prefix of the site (or an external link). */
export interface MintDivision {
	readonly name: string;
	readonly url: string;
	readonly version?: string;
	readonly openapi?: string;
	readonly isDefaultHidden?: boolean;
	readonly icon?: string;
	readonly iconType?: string;
	/** Anchors: one color, or a gradient (`{ from, to }`), of which docs.json keeps one color. */
	readonly color?: string;
	readonly origin: JsonPath;
}

/** A v1 version: a bare name, or `{ name, url?, default?, locale? }`. */
export interface MintVersion {
	readonly name: string;
	readonly url?: string;
	readonly default?: boolean;
	readonly locale?: string;
	/** The v1 entry was a bare string. */
	readonly bare: boolean;
	readonly origin: JsonPath;
}

/** What the navigation upgrade reads from mint.json. */
export interface MintNavigationInput {
	readonly groups: readonly MintGroup[];
	readonly tabs: readonly MintDivision[];
	readonly anchors: readonly MintDivision[];
	readonly versions: readonly MintVersion[];
	readonly topAnchor?: { readonly name?: string; readonly icon?: string; readonly iconType?: string };
	readonly primaryTab?: { readonly name: string; readonly isDefaultHidden?: boolean };
}

export type JsonObject = { readonly [key: string]: unknown };

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

/**
 * A page path as the platform's v1 reader keeps it: `.` and `..` segments resolved, leading
 * slashes dropped, one trailing slash kept (an endpoint such as `GET /users/` depends on it).
 */
export function normalizePagePath(value: string): string {
	const parts: string[] = [];
	for (const part of value.split('/')) {
		if (part === '' || part === '.') continue;
		if (part === '..') parts.pop();
		else parts.push(part);
	}
	const joined = parts.join('/');
	return value.endsWith('/') && joined ? joined + '/' : joined;
}

/** An OpenAPI reference as v1 keeps it: trimmed, a URL as written, a file path normalized like a page. */
export function normalizeOpenApiPath(value: string): string {
	const trimmed = value.trim();
	return canParseUrl(trimmed) ? trimmed : normalizePagePath(trimmed);
}

/** Any URL with a scheme (`https:`, `mailto:`, `foo:`): the platform treats it as absolute. */
export function canParseUrl(value: string | undefined): boolean {
	if (!value) return false;
	try {
		new URL(value);
		return true;
	} catch {
		return false;
	}
}

/** An http(s) link: a tab, anchor or version pointing away from the site. */
export const isRemoteUrl = (value: string | undefined): boolean => !!value && /^https?:\/\//.test(value);

/** A docs.json icon: the name alone, or `{ name, style }` when v1 gave an `iconType`. */
export const upgradeIcon = (icon: string, iconType: string | undefined): string | { name: string; style: string } =>
	iconType ? { name: icon, style: iconType } : icon;

function readGroup(value: unknown, origin: JsonPath): MintGroup | undefined {
	if (!isObject(value) || typeof value.group !== 'string' || !Array.isArray(value.pages)) return undefined;
	const pages: (MintPage | MintGroup)[] = [];
	value.pages.forEach((entry: unknown, i) => {
		const at = [...origin, 'pages', i];
		if (typeof entry === 'string') {
			if (entry) pages.push({ page: normalizePagePath(entry), origin: at });
		} else {
			const nested = readGroup(entry, at);
			if (nested) pages.push(nested);
		}
	});
	return {
		group: value.group,
		pages,
		icon: str(value.icon),
		iconType: str(value.iconType),
		version: str(value.version),
		public: bool(value.public),
		origin,
	};
}

function readDivision(value: unknown, origin: JsonPath): MintDivision | undefined {
	if (!isObject(value) || typeof value.name !== 'string' || typeof value.url !== 'string') return undefined;
	const color = isObject(value.color) ? str(value.color.from) : str(value.color);
	const openapi = str(value.openapi);
	return {
		name: value.name,
		url: value.url,
		version: str(value.version),
		openapi,
		isDefaultHidden: bool(value.isDefaultHidden),
		icon: str(value.icon),
		iconType: str(value.iconType),
		color,
		origin,
	};
}

function readVersion(value: unknown, origin: JsonPath): MintVersion | undefined {
	if (typeof value === 'string') return { name: value, bare: true, origin };
	if (!isObject(value) || typeof value.name !== 'string') return undefined;
	return { name: value.name, url: str(value.url), default: bool(value.default), locale: str(value.locale), bare: false, origin };
}

function readList<T>(value: unknown, key: string, read: (entry: unknown, origin: JsonPath) => T | undefined): T[] {
	if (!Array.isArray(value)) return [];
	return value.flatMap((entry: unknown, i) => read(entry, [key, i]) ?? []);
}

/** The navigation-related part of a parsed mint.json. */
export function readNavigationInput(mint: JsonObject): MintNavigationInput {
	const topAnchor = isObject(mint.topAnchor)
		? { name: str(mint.topAnchor.name), icon: str(mint.topAnchor.icon), iconType: str(mint.topAnchor.iconType) }
		: undefined;
	const primaryTab =
		isObject(mint.primaryTab) && typeof mint.primaryTab.name === 'string'
			? { name: mint.primaryTab.name, isDefaultHidden: bool(mint.primaryTab.isDefaultHidden) }
			: undefined;
	return {
		groups: readList(mint.navigation, 'navigation', readGroup),
		tabs: readList(mint.tabs, 'tabs', readDivision),
		anchors: readList(mint.anchors, 'anchors', readDivision),
		versions: readList(mint.versions, 'versions', readVersion),
		topAnchor,
		primaryTab,
	};
}
