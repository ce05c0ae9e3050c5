import type { ConfigNode } from '../../docsConfig/configTree';
import { getString, getValue } from '../../docsConfig/configTree';
import { isExternalLink } from '../../docsConfig/pageEntries';
import { applyPattern, isPattern, normalizeRedirectPath } from '../../docsConfig/redirectPatterns';

/** One `redirects` entry as a link is looked up against it: normalized paths, the destination as written. */
interface LinkRedirect {
	readonly from: string;
	readonly to: string;
	readonly external: boolean;
}

/** The redirects of one configuration, read once per configuration tree. */
interface RedirectTable {
	readonly exact: ReadonlyMap<string, LinkRedirect>;
	readonly patterns: readonly LinkRedirect[];
}

const tables = new WeakMap<object, RedirectTable>();

/**
 * Where the redirects take a path (normalized, no leading slash), in the order the platform's link
 * check tries them: the entry whose source is the path, then every pattern in order. Sources are
 * compared without their leading slash, as that check and the build read them
 * (`"source": "features/beta"` serves `/features/beta`). Each candidate's destination comes out
 * normalized (or the URL as written); none when no redirect matches.
 */
export function redirectDestinations(config: ConfigNode | undefined, path: string): { readonly to: string; readonly external: boolean }[] {
	const table = tableOf(config);
	if (!table) return [];
	const found: { to: string; external: boolean }[] = [];
	const exact = table.exact.get(path);
	if (exact) found.push({ to: exact.to, external: exact.external });
	for (const redirect of table.patterns) {
		const to = applyPattern(path, redirect.from, redirect.to);
		if (to !== undefined) found.push({ to: redirect.external ? to : normalizeRedirectPath(to), external: redirect.external });
	}
	return found;
}

function tableOf(config: ConfigNode | undefined): RedirectTable | undefined {
	if (!config) return undefined;
	const known = tables.get(config);
	if (known) return known;
	const list = getValue(config, 'redirects');
	const exact = new Map<string, LinkRedirect>();
	const patterns: LinkRedirect[] = [];
	if (list?.kind === 'array') {
		for (const item of list.items) {
			const source = getString(item, 'source');
			const destination = getString(item, 'destination');
			if (source === undefined || destination === undefined) continue;
			const external = isExternalLink(destination);
			const redirect = { from: normalizeRedirectPath(source), to: external ? destination : normalizeRedirectPath(destination), external };
			// The platform keeps the last entry of a source.
			if (isPattern(redirect.from)) patterns.push(redirect);
			else exact.set(redirect.from, redirect);
		}
	}
	const table = { exact, patterns };
	tables.set(config, table);
	return table;
}
