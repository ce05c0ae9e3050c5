/*
 * The legacy mode's comparison: MintDoc's upgrade of a mint.json against the platform's, on what
 * docs.json means. Pure (unit-tested); legacy.ts runs both and feeds this.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with object keys sorted: the order of keys in an object means nothing to the platform. */
const canonical = (value: Json | undefined): string =>
	JSON.stringify(value, (_key, v: unknown) => (isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/**
 * One difference MintDoc makes on purpose, and why it is right: the platform copies nested v1
 * groups of a site without tabs or anchors as they are (`icon` + `iconType`, `version`), keys
 * docs.json does not have (its validator strips them, so the icon loses its style); MintDoc writes
 * them as docs.json groups (`icon: { name, style }`). Folded here so the rest compares exactly.
 */
function asDocsJsonGroup(node: JsonObject): JsonObject {
	if (typeof node.group !== 'string') return node;
	const { iconType, version: _version, ...rest } = node;
	void _version;
	if (typeof rest.icon === 'string' && typeof iconType === 'string') rest.icon = { name: rest.icon, style: iconType };
	return rest;
}

/** A value with the intended differences folded away (see asDocsJsonGroup). */
export function normalized(value: Json): Json {
	if (Array.isArray(value)) return value.map(normalized);
	if (!isObject(value)) return value;
	const node = asDocsJsonGroup(value);
	return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, normalized(v)]));
}

/** Where two values differ: JSON paths, at most `limit`. */
export function differences(a: Json | undefined, b: Json | undefined, path = '', limit = 10, into: string[] = []): string[] {
	if (into.length >= limit) return into;
	if (Array.isArray(a) && Array.isArray(b)) {
		if (a.length !== b.length) into.push(`${path || '(root)'}: ${a.length} vs ${b.length} entries`);
		for (let i = 0; i < Math.min(a.length, b.length); i++) differences(a[i], b[i], `${path}[${i}]`, limit, into);
	} else if (isObject(a) && isObject(b)) {
		for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) differences(a[key], b[key], path ? `${path}.${key}` : key, limit, into);
	} else if (JSON.stringify(a) !== JSON.stringify(b))
		into.push(`${path || '(root)'}: ${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`);
	return into;
}

/** What a navigation holds, in order: every page, and every group, tab, anchor, version and language. */
export interface NavigationShape {
	readonly pages: string[];
	readonly groups: number;
	readonly tabs: number;
	readonly anchors: number;
	readonly versions: number;
	readonly languages: number;
}

export function navigationShape(navigation: Json | undefined): NavigationShape {
	const shape = { pages: [] as string[], groups: 0, tabs: 0, anchors: 0, versions: 0, languages: 0 };
	const walk = (node: Json | undefined) => {
		if (Array.isArray(node)) return node.forEach(walk);
		if (typeof node === 'string') return void shape.pages.push(node);
		if (!isObject(node)) return;
		if (typeof node.group === 'string') shape.groups++;
		if (typeof node.tab === 'string') shape.tabs++;
		if (typeof node.anchor === 'string') shape.anchors++;
		if (typeof node.version === 'string') shape.versions++;
		if (typeof node.language === 'string') shape.languages++;
		for (const [key, value] of Object.entries(node)) if (key !== 'global' && typeof value === 'object') walk(value);
	};
	walk(navigation);
	return shape;
}

export interface UpgradeComparison {
	/** The navigations are equal once the intended differences are folded. */
	readonly navigationEqual: boolean;
	readonly navigationDifferences: string[];
	/** Exactly equal, before folding (false where only an intended difference separates them). */
	readonly navigationIdentical: boolean;
	readonly ours: NavigationShape;
	readonly theirs: NavigationShape;
	/** Top-level keys other than navigation whose values differ (or that one side lacks). */
	readonly keyDifferences: string[];
	readonly keysCompared: number;
}

export function compareUpgrades(ours: JsonObject, theirs: JsonObject): UpgradeComparison {
	const navigationDifferences = differences(normalized(theirs.navigation), normalized(ours.navigation), 'navigation');
	const keys = [...new Set([...Object.keys(ours), ...Object.keys(theirs)])].filter(k => k !== 'navigation');
	return {
		navigationEqual: navigationDifferences.length === 0,
		navigationDifferences,
		navigationIdentical: canonical(ours.navigation) === canonical(theirs.navigation),
		ours: navigationShape(ours.navigation),
		theirs: navigationShape(theirs.navigation),
		keyDifferences: keys.filter(k => canonical(ours[k]) !== canonical(theirs[k])),
		keysCompared: keys.length,
	};
}
