import type { DocsSearchFilter, DocsSearchResult } from '../api/discoveryClient';
import type { SiteTree, SiteTreeNode } from '../../../../server/src/protocol';

/**
 * Pure parts of "Search Published Docs": where the open file sits in the navigation (its
 * version and language become the search filter), and how results show in the quick pick.
 */

/** The version and language of the navigation branch holding `fileUri`, when the site has them. */
export function navigationPlace(trees: readonly SiteTree[], fileUri: string | undefined): DocsSearchFilter {
	if (!fileUri) return {};
	for (const tree of trees) {
		const found = findPath(tree.nodes, fileUri);
		if (!found) continue;
		const version = [...found].reverse().find(n => n.kind === 'version')?.label;
		const language = [...found].reverse().find(n => n.kind === 'language')?.label;
		return { ...(version ? { version } : {}), ...(language ? { language } : {}) };
	}
	return {};
}

/** The ancestors of the page node of `fileUri` (outermost first), or undefined. */
function findPath(nodes: readonly SiteTreeNode[], fileUri: string): SiteTreeNode[] | undefined {
	for (const node of nodes) {
		if (node.kind === 'page' && node.fileUri === fileUri) return [];
		const below = node.children && findPath(node.children, fileUri);
		if (below) return [node, ...below];
	}
	return undefined;
}

/** A result as a quick pick row: title (or path), path, and the first words of the text. */
export interface SearchItem {
	readonly label: string;
	readonly description: string;
	readonly detail: string;
	readonly result: DocsSearchResult;
}

export function searchItems(results: readonly DocsSearchResult[]): SearchItem[] {
	return results.map(result => {
		const title = typeof result.metadata.title === 'string' && result.metadata.title.trim() ? result.metadata.title.trim() : result.path;
		const heading = /^##\s+(.+)$/m.exec(result.content)?.[1]?.trim();
		return {
			label: heading && heading !== title ? `${title} › ${heading}` : title,
			description: result.path,
			detail: excerpt(result.content.replace(/^##\s+.+$/m, '')),
			result,
		};
	});
}

/** The first ~160 characters of a Markdown text, on one line, without fences and markup. */
export function excerpt(markdown: string, max = 160): string {
	const plain = markdown
		.replace(/```[\s\S]*?```/g, ' ')
		.replace(/[#>*_`]/g, '')
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/\s+/g, ' ')
		.trim();
	return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** What the filter means for the user, in the quick pick's title. */
export function describeSearchFilter(filter: DocsSearchFilter): string {
	const parts = [filter.version && `version ${filter.version}`, filter.language && `language ${filter.language}`].filter(Boolean);
	return parts.length ? ` (${parts.join(', ')})` : '';
}
