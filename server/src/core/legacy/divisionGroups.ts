import { upgradeIcon, type JsonPath, type MintGroup, type MintPage } from './mintConfig';
import { appendAll } from '../arrays';

/*
 * How v1 groups are shared out among tabs and anchors. In mint.json a tab or an anchor owns the
 * pages whose path starts with its `url`; in docs.json each one holds its groups itself. A group
 * whose pages fall under several prefixes is split, keeping its name in each place; a nested
 * group follows the same rule. What no prefix claims stays for the primary tab or anchor.
 */

/** A group on its way to docs.json: a v1 group, or one already taken apart by prefix. */
export interface NavGroup {
	readonly group: string;
	readonly pages: readonly (MintPage | NavGroup)[];
	readonly icon?: string | { name: string; style: string };
	readonly iconType?: string;
	readonly version?: string;
	readonly public?: boolean;
	readonly origin: JsonPath;
}

export const isPage = (entry: MintPage | NavGroup | MintGroup): entry is MintPage => 'page' in entry;

/** `/a/b/`: the form prefixes are compared in, so `api` does not claim `api-v2/x`. */
export const asFolder = (path: string): string => {
	const lead = path.startsWith('/') ? path : '/' + path;
	return lead.endsWith('/') ? lead : lead + '/';
};
export const withLeadingSlash = (path: string): string => (path.startsWith('/') ? path : '/' + path);

/** The group as docs.json writes it: name, icon (with its style), pages. */
export function shapedGroup(source: NavGroup, pages: readonly (MintPage | NavGroup)[]): NavGroup {
	const icon = source.icon === undefined ? undefined : typeof source.icon === 'string' ? upgradeIcon(source.icon, source.iconType) : source.icon;
	return { group: source.group, ...(icon ? { icon } : {}), pages, origin: source.origin };
}

/** A version filter as v1 applies it: a group with no `version` belongs to every version. */
export const inVersion = (group: NavGroup, version: string | undefined): boolean => !version || group.version === undefined || group.version === version;

export interface PrefixSplit {
	/** The parts of the groups under the prefix, shaped for docs.json. */
	readonly claimed: NavGroup[];
	/** The rest, still in v1 shape, for the next division. */
	readonly left: NavGroup[];
}

/**
 * Splits `groups` by the URL prefix `prefix` (none: every page matches), leaving out pages that
 * belong to a more specific division (`excluded`, prefixes below this one). External prefixes
 * claim nothing. A nested group with pages on both sides goes whole to the rest as well, as the
 * platform does (the rest then shows it again wherever it lands).
 */
export function splitByPrefix(groups: readonly NavGroup[], prefix: string | undefined, version: string | undefined, excluded: readonly string[]): PrefixSplit {
	const claimed: NavGroup[] = [];
	const left: NavGroup[] = [];
	if (prefix !== undefined && /^https?:\/\//.test(prefix)) return { claimed, left: [...groups] };
	const under = (page: string) => {
		const folder = asFolder(page);
		return (prefix === undefined || folder.startsWith(asFolder(prefix))) && !excluded.some(e => folder.startsWith(asFolder(e)));
	};
	for (const group of groups) {
		if (!inVersion(group, version)) continue;
		const mine: (MintPage | NavGroup)[] = [];
		const rest: (MintPage | NavGroup)[] = [];
		for (const entry of group.pages) {
			if (isPage(entry)) (under(entry.page) ? mine : rest).push(entry);
			else {
				const nested = splitByPrefix([entry], prefix, version, excluded);
				appendAll(mine, nested.claimed);
				if (nested.left.length) rest.push(entry);
			}
		}
		if (mine.length) claimed.push(shapedGroup(group, mine));
		if (rest.length) left.push({ ...group, pages: rest });
	}
	return { claimed, left };
}

/**
 * The groups of one version or language. A page under the URL prefix of a tab or anchor tied to
 * versions belongs to those versions only; any other page belongs to every version.
 */
export function groupsOfVersion(groups: readonly NavGroup[], version: string, gatedPrefixes: ReadonlyMap<string, readonly string[]>): NavGroup[] {
	const result: NavGroup[] = [];
	for (const group of groups) {
		if (group.version !== undefined && group.version !== version) continue;
		const pages: (MintPage | NavGroup)[] = [];
		for (const entry of group.pages) {
			if (isPage(entry)) {
				// Plain string prefixes here (no slashes added): what the platform's converter compares.
				const gated = [...gatedPrefixes].some(([prefix, versions]) => versions.includes(version) && entry.page.startsWith(prefix));
				const ungated = [...gatedPrefixes.keys()].every(prefix => !entry.page.startsWith(prefix));
				if (gated || ungated) pages.push(entry);
			} else appendAll(pages, groupsOfVersion([entry], version, gatedPrefixes));
		}
		if (pages.length) result.push(shapedGroup(group, pages));
	}
	return result;
}
