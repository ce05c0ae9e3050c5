import type { Root, RootContent } from 'mdast';
import { onlyInCode } from '../mdx/fastMdxDefinitions';
import { parseMdx, type MdxParse } from '../mdx/mdxParser';
import { isPacked } from './blockWriter';
import { isImagePair } from './imageWriter';
import { writePage, type WrittenPage } from './pageWriter';
import { firstDifference } from './treeEquality';

/**
 * The per-block proof that a formatted page says what the original says and is settled, without
 * parsing the whole formatted page again (the parse is most of the formatter's time).
 *
 * The formatted page is its top-level units (the frontmatter, each top-level block) with one blank
 * line between each two, each starting at column 1 with no indentation. A top-level block that
 * starts at column 1 after a blank line and is followed by a blank line and a line at column 1 is
 * parsed the same wherever it stands — except for what crosses blocks, which is refused here:
 *  - reference and footnote definitions resolve across the page (`]:` outside code: not proved), and
 *    so do the names an `import` declares (an import block the writer changed: not proved);
 *  - a list goes on across a blank line with a new item (a list followed by a list marker: not proved);
 *  - the writer itself looks at neighbours: packed siblings, light/dark image pairs, an ignore comment;
 *  - `---` at the very top would start frontmatter.
 * So a unit written exactly as its source stood (from column 1) parses to the same nodes as in the
 * original page, and is written again the same; any other unit is parsed on its own, compared with
 * its original nodes (treeEquality.ts) and written again, which must give the same text.
 *
 * `written` must be what writePageUnits wrote for `original` (a unit equal to its source is taken as
 * written back the same because the writer wrote it so).
 *
 * `parse`: the parser of the changed units (micromark's tree; fastMdxParse.ts gives the same faster).
 *
 * `true` only when all of that holds; `false` means "not proved" (the caller parses the whole
 * formatted page, as before), never "different".
 */
export function provedByUnits(original: Root, source: string, written: WrittenPage, parse: (text: string) => MdxParse = micromarkOnly): boolean {
	if (!written.joined) return false;
	// A `]:` in code defines nothing (TypeScript's index signatures, PowerShell's `[Type]::`): only one outside code may.
	if ((source.includes(']:') && !onlyInCode(source, ']:', original)) || source.includes('mintdoc-format-ignore')) return false;
	if (source.charCodeAt(0) === 0xfeff) return false;
	const children = original.children;
	if (children[0]?.type !== 'yaml' && written.text.startsWith('---')) return false;
	let expected = 0;
	let before: RootContent | undefined;
	for (const unit of written.units) {
		const { text } = unit;
		if (unit.from !== expected || unit.to <= unit.from || !text || /^\s/.test(text) || text.endsWith('\n')) return false;
		expected = unit.to;
		const nodes = children.slice(unit.from, unit.to);
		const start = nodes[0].position?.start;
		const end = nodes[nodes.length - 1].position?.end;
		if (start?.offset === undefined || end?.offset === undefined) return false;
		let inPage: readonly RootContent[] = nodes;
		if (start.column !== 1 || source.slice(start.offset, end.offset) !== text) {
			if (nodes.some(node => node.type === 'mdxjsEsm')) return false;
			const own = parse(text).tree;
			if (!own?.children.length || (text.includes(']:') && !onlyInCode(text, ']:', own))) return false;
			if (firstDifference({ type: 'root', children: nodes }, own) !== undefined) return false;
			if (writePage(own, text) !== `${text}\n`) return false;
			inPage = own.children;
		}
		if (before && !apart(before, inPage[0], text)) return false;
		before = inPage[inPage.length - 1];
	}
	return expected === children.length;
}

function micromarkOnly(text: string): MdxParse {
	return parseMdx(text, true);
}

/** Two neighbouring units that neither the parser nor the writer reads together. */
function apart(before: RootContent, after: RootContent, afterText: string): boolean {
	if (before.type === 'list' && (after.type === 'list' || /^([-*+]|\d{1,9}[.)])([ \t]|$)/.test(afterText))) return false;
	if (isImagePair(before, after) || isImagePair(after, before)) return false;
	return !(isPacked(before) && isPacked(after));
}
