import type { BlockContent, List, ListItem, Paragraph, RootContent } from 'mdast';
import type { InlineLine } from './fastMdxInline';
import { closingTagLine, tagLine } from './fastMdxTag';
import { appendAll } from '../arrays';

/** What the list reader needs of the fast MDX parser's page reader (fastMdxParse.ts). */
export interface ListPage {
	readonly lineCount: number;
	line(k: number): string;
	blank(k: number): boolean;
	/** Line `j` (from column `skip` + 1) as a line of a paragraph, or undefined. */
	paragraphLine(j: number, skip?: number): InlineLine | undefined;
	paragraphNode(lines: readonly InlineLine[]): Paragraph | undefined;
	/** A fenced code block at line `k` whose lines all stand at column `min` + 1 or further in. */
	fence(k: number, min: number): { nodes: RootContent[]; next: number } | undefined;
	point(offset: number, k: number): { line: number; column: number; offset: number };
	lineStart(k: number): number;
}

/** A list item's first line: indentation, bullet or number and delimiter, 1–4 spaces, content. */
export const listItem = /^( *)(?:([-*+])|(\d{1,9})([.)]))( {1,4})(?=\S)/;
/** A list item that may interrupt a paragraph: a bullet, or the number 1. */
export const interruptingList = /^ *(?:[-*+]|1[.)]) +\S/;
/** A line that may start a list item (at any indentation, empty or not). */
export const listLike = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
export const thematicBreak = /^ *([-*_])(?: *\1){2,} *$/;
/** A line that starts with a tag (read here as neither paragraph nor item content). */
const tagStart = /^ *<\/?[A-Za-z]/;
const fenceLine = /^ *```/;

/**
 * A list as micromark and mdast-util-from-markdown read it: items with the same marker at the same
 * indentation, each holding paragraphs (lazy continuation lines included), fenced code and nested
 * lists of the same kind; tight or loose — a list is spread when a blank line stands between two
 * of its items, an item when one stands between two of its children. Anything else in an item
 * (quotes, headings, JSX, indented code, a blank line inside code, a task marker) returns undefined.
 *
 * `inElement`: the list stands inside a JSX element, where a tag line ends it. `nested`: inside a
 * list item, where a line left of the list ends it.
 */
export function readList(page: ListPage, k: number, inElement: boolean, outer: readonly number[] = []): { list: List; next: number } | undefined {
	const nested = outer.length > 0;
	const first = listItem.exec(page.line(k))!;
	const indent = first[1].length;
	const marker = first[3] ? first[4] : first[2];
	const items: ListItem[] = [];
	let spread = false;
	let j = k;
	for (;;) {
		const item = readItem(page, j, indent, inElement, outer);
		if (!item) return undefined;
		items.push(item.node);
		j = item.next;
		// After the item: blank lines, then another item, the end of the list, or (nested) a line of an outer item.
		let q = j;
		while (q < page.lineCount && page.blank(q)) q++;
		if (q >= page.lineCount) break;
		const l = page.line(q);
		const m = listItem.exec(l);
		const lead = /^ */.exec(l)![0].length;
		if (m && lead === indent && (m[3] ? m[4] : m[2]) === marker && !thematicBreak.test(l)) {
			if (q > j) spread = true;
			j = q;
			continue;
		}
		if (inElement && (tagLine.test(l) || closingTagLine.test(l))) break;
		if (q === j && !nested) return undefined;
		// After a blank line an item with another marker starts another list; one further left belongs to an outer list.
		if (listLike.test(l) && !(m && lead === indent && q > j) && !(nested && lead < indent)) return undefined;
		// After a blank line a line left of the items' content ends the list. Not nested, one at the list's own
		// indentation or further left is the next block (in an element, a changelog's `  ### Fixes` after its list);
		// one between that and the content is left to micromark.
		if (nested ? lead >= indent && q > j : lead > indent && q > j) return undefined;
		break;
	}
	const list: List = {
		type: 'list',
		ordered: first[3] !== undefined,
		start: first[3] !== undefined ? Number(first[3]) : null,
		spread,
		children: items,
		position: { start: items[0].position!.start, end: items[items.length - 1].position!.end },
	};
	return { list, next: j };
}

/**
 * One item at line `k`: its children and the line after its last one (blank lines after it not
 * taken). `outer`: where the content of the items around it starts.
 */
function readItem(page: ListPage, k: number, indent: number, inElement: boolean, outer: readonly number[]): { node: ListItem; next: number } | undefined {
	const l = page.line(k);
	const m = listItem.exec(l)!;
	if (thematicBreak.test(l) || / $/.test(l)) return undefined;
	const content = m[0].length;
	// `[ ]` or `[x]` first in an item makes it a GFM task.
	if (/^\[[ \txX]\]/.test(l.slice(content))) return undefined;
	const head = page.paragraphLine(k, content);
	if (!head) return undefined;
	const children: BlockContent[] = [];
	let paragraph: InlineLine[] | undefined = [head];
	let spread = false;
	let last = k;
	const flush = (): boolean => {
		if (!paragraph) return true;
		// A `$` in an item's paragraph of several lines moves where its texts end at a line break (after the item's indentation).
		if (paragraph.length > 1 && paragraph.some(l => page.line(l.line - 1).includes('$'))) return false;
		const node = page.paragraphNode(paragraph);
		paragraph = undefined;
		if (!node) return false;
		children.push(node);
		return true;
	};
	let j = k + 1;
	while (j < page.lineCount) {
		if (page.blank(j)) {
			j++;
			continue;
		}
		const blankBefore = j > last + 1;
		const line = page.line(j);
		if (/^ *\t/.test(line)) return undefined;
		const lead = /^ */.exec(line)![0].length;
		if (lead < content) {
			// A lazy line goes on with the paragraph; anything else left of the content ends the item.
			if (blankBefore || !paragraph || listLike.test(line) || (inElement && (tagLine.test(line) || closingTagLine.test(line)))) break;
			const lazy = page.paragraphLine(j);
			if (!lazy || / $/.test(line)) return undefined;
			paragraph.push(lazy);
			last = j++;
			continue;
		}
		if (lead >= content + 4 && (blankBefore || !paragraph)) return undefined;
		if (listItem.test(line) && lead < content + 4) {
			if (paragraph && !blankBefore && !interruptingList.test(line)) return undefined;
			if (!flush()) return undefined;
			if (blankBefore) spread = true;
			const inner = readList(page, j, inElement, [...outer, content]);
			if (!inner) return undefined;
			children.push(inner.list);
			last = inner.next - 1;
			j = inner.next;
			continue;
		}
		if (fenceLine.test(line) && lead < content + 4) {
			if (!flush()) return undefined;
			if (blankBefore) spread = true;
			const code = page.fence(j, content);
			if (!code) return undefined;
			appendAll(children, code.nodes as BlockContent[]);
			last = code.next - 1;
			j = code.next;
			continue;
		}
		if (tagStart.test(line) || / $/.test(line)) return undefined;
		const text = page.paragraphLine(j);
		if (!text) return undefined;
		if (paragraph && !blankBefore) paragraph.push(text);
		else {
			if (!flush()) return undefined;
			if (blankBefore) spread = true;
			paragraph = [text];
		}
		last = j++;
	}
	if (!flush()) return undefined;
	const start = page.point(page.lineStart(k) + indent, k);
	const node: ListItem = { type: 'listItem', spread, checked: null, children, position: { start, end: children[children.length - 1].position!.end } };
	return { node, next: last + 1 };
}
