import type { Heading, Root } from 'mdast';
import type { MdxParse } from '../mdx/mdxParser';
import { maskCustomHeadingIds } from '../mdx/platformSlug';

/**
 * `## Title {#custom-id}` (the platform's custom anchor ids) for the formatter: not MDX (the parser
 * would read `{#…}` as an expression and fail), so the suffix is blanked before parsing, as `check`
 * does (platformSlug.ts), and the id is kept on the heading node as `customId`. The writer puts it
 * back after the heading's text, and the tree-equality proof compares it like any other field, so
 * a page cannot lose or move an id unnoticed.
 */
export type HeadingWithId = Heading & { customId?: string };

export function withCustomHeadingIds(parse: (text: string) => MdxParse): (text: string) => MdxParse {
	return text => {
		const masked = maskCustomHeadingIds(text);
		if (!masked) return parse(text);
		const parsed = parse(masked.text);
		if (parsed.tree) markHeadings(parsed.tree, masked.ids);
		return parsed;
	};
}

/** `ids`: by zero-based line number, the heading line each id ends. */
function markHeadings(tree: Root, ids: ReadonlyMap<number, string>): void {
	const visit = (node: { type: string; children?: unknown[]; position?: { start: { line: number } } }): void => {
		if (node.type === 'heading' && node.position) {
			const id = ids.get(node.position.start.line - 1);
			if (id !== undefined) (node as HeadingWithId).customId = id;
		}
		for (const child of node.children ?? []) visit(child as typeof node);
	};
	visit(tree);
}
