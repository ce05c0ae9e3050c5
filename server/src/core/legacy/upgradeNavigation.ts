import { groupsOfVersion, inVersion, splitByPrefix, withLeadingSlash, type NavGroup } from './divisionGroups';
import { canParseUrl, isRemoteUrl, upgradeIcon, type JsonPath, type MintDivision, type MintNavigationInput } from './mintConfig';

/*
 * mint.json's navigation → docs.json's `navigation`. v1 lists groups once and lays tabs, anchors
 * and versions over them by URL prefix; v2 nests groups inside the tab, anchor, version or
 * language that shows them. The rules follow what the platform's own converter produces on real
 * files (the conformance harness compares the two on every legacy site of the corpus), written
 * here from that behaviour and the documentation of both formats.
 */

/** A navigation node of the result: plain JSON, except pages, which keep where they came from. */
export type NavNode = { [key: string]: unknown };

/** The upgraded navigation, its decisions in words, and the mint.json entry behind each node. */
export interface NavigationUpgrade {
	readonly navigation: NavNode;
	readonly decisions: string[];
	/** Output node → the mint.json path it was made from (tabs, anchors, versions, groups). */
	readonly origins: Map<object, JsonPath>;
}

type DivisionKind = 'tabs' | 'anchors';
const nameKey = (kind: DivisionKind) => (kind === 'tabs' ? 'tab' : 'anchor');
const quoted = (names: readonly string[]) => names.map(n => `"${n}"`).join(', ');

export function upgradeNavigation(input: MintNavigationInput): NavigationUpgrade {
	const decisions: string[] = [];
	const origins = new Map<object, JsonPath>();
	const node = <T extends object>(value: T, origin: JsonPath): T => (origins.set(value, origin), value);
	const groupNodes = (groups: readonly NavGroup[]) => groups.map(g => node(g as unknown as NavNode, g.origin));

	// Divisions that are all external links go to `global` (links on every page), not into the tree.
	const allExternal = (divisions: readonly MintDivision[]) => divisions.length > 0 && divisions.every(d => !d.version && isRemoteUrl(d.url));
	const globalTabs = allExternal(input.tabs)
		? input.tabs.map(t => node({ tab: t.name, href: t.url, ...(t.isDefaultHidden ? { hidden: true } : {}) }, t.origin))
		: [];
	const globalAnchors = allExternal(input.anchors)
		? input.anchors.map(a =>
				node(
					{
						anchor: a.name,
						href: a.url,
						...(a.icon ? { icon: upgradeIcon(a.icon, a.iconType) } : {}),
						...(a.color ? { color: { light: a.color, dark: a.color } } : {}),
						...(a.isDefaultHidden ? { hidden: true } : {}),
					},
					a.origin,
				),
			)
		: [];
	const externalVersions = input.versions.length > 0 && input.versions.every(v => !v.bare && isRemoteUrl(v.url));
	if (globalTabs.length) decisions.push(`Tabs ${quoted(input.tabs.map(t => t.name))} are all external links: they became navigation.global.tabs.`);
	if (globalAnchors.length) decisions.push(`Anchors ${quoted(input.anchors.map(a => a.name))} are all external links: they became navigation.global.anchors.`);
	if (externalVersions)
		decisions.push(`Versions ${quoted(input.versions.map(v => v.name))} are all external links: docs.json has no place for them, they were dropped.`);
	const hadTabs = input.tabs.length > 0;
	const hadAnchors = input.anchors.length > 0;
	const tabs = globalTabs.length ? [] : input.tabs;
	const anchors = globalAnchors.length ? [] : input.anchors;

	const primary = (kind: DivisionKind): NavNode => {
		if (kind === 'anchors') {
			const top = input.topAnchor;
			return {
				...(top?.name ? { anchor: top.name } : { anchor: 'Documentation', icon: 'book-open' }),
				...(top?.icon ? { icon: upgradeIcon(top.icon, top.iconType) } : {}),
			};
		}
		const tab = input.primaryTab;
		return tab ? { tab: tab.name, ...(tab.isDefaultHidden !== undefined ? { hidden: tab.isDefaultHidden } : {}) } : { tab: 'Documentation' };
	};
	const notePrimary = (kind: DivisionKind, made: NavNode, groups: readonly NavGroup[], scope: string) => {
		if (groups.length)
			decisions.push(
				`${scope}Groups ${quoted(groups.map(g => g.group))} match no ${kind === 'tabs' ? 'tab' : 'anchor'} URL: they went to the first ${nameKey(kind)}, "${String(made[nameKey(kind)])}".`,
			);
	};

	/** Builds one kind of division from v1 tabs or anchors, each taking the groups under its URL. */
	const divide = (
		kind: DivisionKind,
		divisions: readonly MintDivision[],
		groups: readonly NavGroup[],
		takeRest: boolean,
		version: string | undefined,
		other: readonly MintDivision[] = [],
	) => {
		const scope = version ? `[${version}] ` : '';
		let rest = groups.filter(g => inVersion(g, version));
		const made: NavNode[] = [];
		for (const division of divisions) {
			if (version && division.version && division.version !== version) continue;
			const openapi = division.openapi && (isRemoteUrl(division.url) ? division.openapi : { source: division.openapi, directory: division.url });
			const base: NavNode = { [nameKey(kind)]: division.name, ...(division.isDefaultHidden ? { hidden: true } : {}), ...(openapi ? { openapi } : {}) };
			if (kind === 'anchors' && division.icon) base.icon = upgradeIcon(division.icon, division.iconType);
			if (kind === 'anchors' && division.color) base.color = { light: division.color, dark: division.color };
			const prefix = withLeadingSlash(division.url);
			// A tab at `api` gives up `api/v2/...` to a tab at `api/v2`.
			const deeper = divisions.filter(d => d.url && withLeadingSlash(d.url).startsWith(prefix) && d.url !== division.url).map(d => d.url);
			const inside = other.filter(d => withLeadingSlash(d.url).startsWith(prefix));
			const nested = inside.length ? divide(kind === 'tabs' ? 'anchors' : 'tabs', inside, groups, false, version) : [];
			const split = splitByPrefix(rest, division.url, version, deeper);
			rest = split.left;
			const label = `${scope}${kind === 'tabs' ? 'Tab' : 'Anchor'} "${division.name}"`;
			if (nested.length) {
				decisions.push(`${label} holds the ${kind === 'tabs' ? 'anchors' : 'tabs'} whose URL starts with "${division.url}".`);
				made.push(node({ ...base, [kind === 'tabs' ? 'anchors' : 'tabs']: nested }, division.origin));
			} else if (split.claimed.length) {
				decisions.push(`${label} took groups ${quoted(split.claimed.map(g => g.group))} by URL prefix "${division.url}".`);
				made.push(node({ ...base, groups: groupNodes(split.claimed) }, division.origin));
			} else if (division.openapi && !isRemoteUrl(division.url)) {
				decisions.push(`${label} has no pages under "${division.url}": its pages are generated from ${division.openapi}.`);
				made.push(node(base, division.origin));
			} else if (canParseUrl(division.url)) {
				decisions.push(`${label} is a link to ${division.url}.`);
				made.push(node({ ...base, href: division.url }, division.origin));
			} else decisions.push(`${label} was dropped: no page of the navigation is under "${division.url}".`);
		}
		if (rest.length && takeRest) {
			const claimed = splitByPrefix(rest, undefined, version, []).claimed;
			const first = { ...primary(kind), groups: groupNodes(claimed) };
			notePrimary(kind, first, claimed, scope);
			made.unshift(first);
		}
		return Object.assign(made, { rest });
	};

	/** The navigation below a version (or the whole site without versions). */
	const layOut = (groups: readonly NavGroup[], version: string | undefined): NavNode | undefined => {
		const scope = version ? `[${version}] ` : '';
		const [outer, inner]: [DivisionKind, DivisionKind] = outermost(tabs, anchors) === 'anchors' ? ['anchors', 'tabs'] : ['tabs', 'anchors'];
		const outerList = outer === 'tabs' ? tabs : anchors;
		const innerList = outer === 'tabs' ? anchors : tabs;
		if (outer === 'tabs' ? hadTabs : hadAnchors) {
			const made = divide(outer, outerList, groups, false, version, innerList);
			if (made.rest.length || innerList.length) {
				if (innerList.length) {
					const first = { ...primary(outer), [inner]: [...divide(inner, innerList, made.rest.length ? made.rest : groups, true, version)] };
					decisions.push(`${scope}The first ${nameKey(outer)}, "${String(first[nameKey(outer)])}", holds the ${inner} and the groups they claim.`);
					made.unshift(first);
				} else {
					const claimed = splitByPrefix(made.rest, undefined, version, []).claimed;
					const first = { ...primary(outer), groups: groupNodes(claimed) };
					notePrimary(outer, first, claimed, scope);
					made.unshift(first);
				}
			}
			return { [outer]: [...made] };
		}
		if (outer === 'anchors' ? hadTabs : hadAnchors) return { [inner]: [...divide(inner, innerList, groups, true, version)] };
		if (!groups.length) return undefined;
		decisions.push(`${scope}No tabs or anchors: the groups became navigation groups as they are.`);
		return {
			groups: groups
				.filter(g => inVersion(g, version))
				.map(g => node({ group: g.group, pages: g.pages.map(p => ('page' in p ? p : plainGroup(p, node))), ...(g.icon ? { icon: iconOf(g) } : {}) }, g.origin)),
		};
	};

	let navigation: NavNode;
	if (input.versions.length && !externalVersions) {
		// Prefixes of tabs and anchors tied to a version: their pages belong to that version only.
		const gated = new Map<string, string[]>();
		for (const v of input.versions)
			for (const d of [...anchors, ...tabs].filter(d => d.version === v.name && !isRemoteUrl(d.url))) gated.set(d.url, [...(gated.get(d.url) ?? []), v.name]);
		const asLanguages = input.versions.every(v => !v.bare && v.locale);
		if (asLanguages) decisions.push(`Versions ${quoted(input.versions.map(v => v.name))} all name a locale: they became languages.`);
		const key = asLanguages ? 'language' : 'version';
		const items = input.versions.map(v => {
			const head: NavNode = asLanguages
				? { language: v.locale, ...(v.default ? { default: true } : {}) }
				: { version: v.name, ...(v.default !== undefined ? { default: v.default } : {}) };
			if (v.url) return node({ ...head, href: v.url }, v.origin);
			const own = groupsOfVersion(input.groups, v.name, gated);
			const label = `${asLanguages ? 'Language' : 'Version'} "${String(head[key])}"`;
			decisions.push(
				own.length
					? `${label} took groups ${quoted(own.map(g => g.group))} (tagged with it, untagged, or under a URL prefix of its own).`
					: `${label} has no group of its own: the whole navigation was laid out for it.`,
			);
			const below = layOut(own.length ? own : input.groups, v.name || v.locale);
			return node(below ? { ...head, ...below } : { ...head, groups: groupNodes(own) }, v.origin);
		});
		navigation = { [asLanguages ? 'languages' : 'versions']: items };
	} else navigation = layOut(input.groups, undefined) ?? { groups: [] };
	if (globalTabs.length || globalAnchors.length)
		navigation.global = { ...(globalTabs.length ? { tabs: globalTabs } : {}), ...(globalAnchors.length ? { anchors: globalAnchors } : {}) };
	return { navigation, decisions, origins };
}

const iconOf = (g: NavGroup) => (typeof g.icon === 'string' ? upgradeIcon(g.icon, g.iconType) : g.icon);

/** A nested group of a site without tabs or anchors: carried over with its icon style and `public`. */
function plainGroup(g: NavGroup, node: <T extends object>(value: T, origin: JsonPath) => T): NavNode {
	return node(
		{
			group: g.group,
			...(g.public !== undefined ? { public: g.public } : {}),
			...(g.icon ? { icon: iconOf(g) } : {}),
			pages: g.pages.map(p => ('page' in p ? p : plainGroup(p, node))),
		},
		g.origin,
	);
}

/**
 * Which of tabs and anchors is the outer level: the one every member of the other kind falls
 * under by URL; when neither, the kind with more members inside the other.
 */
function outermost(tabs: readonly MintDivision[], anchors: readonly MintDivision[]): DivisionKind {
	if (!tabs.length) return 'anchors';
	if (!anchors.length) return 'tabs';
	const under = (a: MintDivision, b: MintDivision) => withLeadingSlash(a.url).startsWith(withLeadingSlash(b.url));
	const tabsInside = tabs.filter(t => anchors.some(a => under(t, a))).length;
	const anchorsInside = anchors.filter(a => tabs.some(t => under(a, t))).length;
	if (tabsInside === tabs.length) return 'tabs';
	if (anchorsInside === anchors.length) return 'anchors';
	return tabsInside > anchorsInside ? 'tabs' : 'anchors';
}
