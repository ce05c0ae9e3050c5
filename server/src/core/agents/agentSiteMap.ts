import type { SiteTree, SiteTreeNode } from '../features/siteTree';

/** One node of the navigation as an agent reads it: a tab, group, page, endpoint… with its children. */
export interface AgentNavNode {
	readonly kind: SiteTreeNode['kind'];
	/** The element's name; for a page its path as docs.json writes it; for an endpoint `METHOD /path`. */
	readonly name: string;
	/** A page's title (frontmatter `title`). */
	readonly title?: string;
	/** A page's file, relative to the site folder. */
	readonly file?: string;
	/** Listed in the navigation, but no file exists. */
	readonly missing?: true;
	readonly children?: readonly AgentNavNode[];
}

/** The navigation of one site: its name, its folder, its tree and the pages nothing lists. */
export interface AgentSiteMap {
	readonly site: string;
	/** The folder holding docs.json, relative to the folder the agent works in ('.' for that folder). */
	readonly folder: string;
	readonly navigation: readonly AgentNavNode[];
	/** Page files no navigation entry names (they build, but no menu reaches them). */
	readonly unlisted: readonly string[];
}

/** A filter on the navigation's `languages` or `versions` level. */
export interface NavFilter {
	readonly language?: string;
	readonly version?: string;
}

/**
 * The site map of one site tree, with titles from `titleOf`; `relative` turns a file URI into a
 * path relative to the agent's folder. Throws a message naming the choices when a filter matches nothing.
 */
export async function agentSiteMap(
	tree: SiteTree,
	titleOf: (uri: string) => Promise<string | undefined>,
	relative: (uri: string) => string,
	filter: NavFilter = {},
): Promise<AgentSiteMap> {
	let nodes: readonly SiteTreeNode[] = tree.nodes;
	for (const kind of ['language', 'version'] as const) {
		const wanted = filter[kind];
		if (wanted === undefined) continue;
		const found = findLevel(nodes, kind);
		const match = found.find(n => n.label.toLowerCase() === wanted.toLowerCase());
		if (!match) {
			const choices = found.map(n => n.label);
			throw new Error(
				choices.length
					? `no ${kind} '${wanted}' in the navigation of ${tree.name}; it has: ${choices.join(', ')}`
					: `the navigation of ${tree.name} has no ${kind}s: leave ${kind} out`,
			);
		}
		nodes = match.children ?? [];
	}
	const convert = async (node: SiteTreeNode): Promise<AgentNavNode> => {
		const children = node.children && (await Promise.all(node.children.map(convert)));
		const title = node.kind === 'page' && node.fileUri ? await titleOf(node.fileUri) : undefined;
		return {
			kind: node.kind,
			name: node.label,
			...(title !== undefined ? { title } : {}),
			...(node.fileUri ? { file: relative(node.fileUri) } : {}),
			...(node.missing ? { missing: true as const } : {}),
			...(children?.length ? { children } : {}),
		};
	};
	return {
		site: tree.name,
		folder: relative(tree.rootUri),
		navigation: await Promise.all(nodes.map(convert)),
		unlisted: tree.orphans.map(o => relative(o.fileUri)),
	};
}

/** The nodes of `kind` at the first level of the tree that has any (languages may sit inside a product or version). */
function findLevel(nodes: readonly SiteTreeNode[], kind: SiteTreeNode['kind']): SiteTreeNode[] {
	const here = nodes.filter(n => n.kind === kind);
	if (here.length) return here;
	return nodes.flatMap(n => findLevel(n.children ?? [], kind));
}

/** The site map as an indented outline: `- [tab] Guides`, `- Title — path/to/page.mdx`. */
export function siteMapText(maps: readonly AgentSiteMap[]): string {
	const lines: string[] = [];
	const walk = (nodes: readonly AgentNavNode[], depth: number) => {
		for (const node of nodes) {
			const indent = '  '.repeat(depth);
			if (node.kind === 'page')
				lines.push(`${indent}- ${node.title ?? node.name} — ${node.missing ? `${node.name} (MISSING: no such file)` : (node.file ?? node.name)}`);
			else if (node.kind === 'endpoint') lines.push(`${indent}- endpoint ${node.name}`);
			else lines.push(`${indent}- [${node.kind}] ${node.name}`);
			walk(node.children ?? [], depth + 1);
		}
	};
	for (const map of maps) {
		lines.push(`Site "${map.site}" (${map.folder === '.' ? 'this folder' : map.folder}):`);
		walk(map.navigation, 0);
		if (map.unlisted.length) lines.push(`Pages in no navigation entry: ${map.unlisted.join(', ')}`);
	}
	return lines.join('\n');
}
