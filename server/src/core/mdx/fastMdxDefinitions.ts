import type { Root, RootContent } from 'mdast';

/*
 * The fast MDX parser's (fastMdxParse.ts) guard against definitions: `[label]: destination` resolves
 * references across the whole page, so a page holding `]:` is read directly only where every `]:`
 * stands in code (or the frontmatter), where it defines nothing.
 */

/** A quick look (before reading the page) for `needle` on a line outside fenced code: such a page is not read. */
export function outsideFences(text: string, needle: string): boolean {
	let fenced = false;
	for (const line of text.split('\n')) {
		if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
		else if (!fenced && line.includes(needle)) return true;
	}
	return false;
}

/** Whether every line holding `needle` lies within a code block or the frontmatter of `tree`. */
export function onlyInCode(text: string, needle: string, tree: Root): boolean {
	const spans: [number, number][] = [];
	const walk = (nodes: readonly RootContent[]): void => {
		for (const node of nodes) {
			if ((node.type === 'code' || node.type === 'yaml') && node.position) spans.push([node.position.start.offset!, node.position.end.offset!]);
			else if ('children' in node) walk(node.children as RootContent[]);
		}
	};
	walk(tree.children);
	for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
		if (!spans.some(([from, to]) => from <= at && at < to)) return false;
	}
	return true;
}
