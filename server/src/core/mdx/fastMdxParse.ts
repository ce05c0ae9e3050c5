import type { BlockContent, Code, Heading, List, ListItem, Paragraph, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { parseChunks, type Chunk } from './fastMdxChunks';
import { readInline, type InlineLine } from './fastMdxInline';
import { readTable } from './fastMdxTable';
import { interruptingList, listItem, listLike, readList, thematicBreak, type ListPage } from './fastMdxList';
import { closingTagLine, readOpeningTag, tagLine } from './fastMdxTag';
import { onlyInCode, outsideFences } from './fastMdxDefinitions';
import { chunksHoldEsm, esmLine, readEsm } from './fastMdxEsm';
import { lfPage, withCrlf } from './fastMdxLineEndings';
import { parseMdx, type MdxParse } from './mdxParser';
import { appendAll } from '../arrays';

/**
 * A faster first parse of an MDX page for the formatter: the same tree as `parseMdx(text, true)`
 * (positions included), built directly for the blocks most pages are made of and by micromark for
 * the rest.
 *
 * Read directly: the frontmatter, ATX headings, paragraphs of plain inline content (fastMdxInline.ts),
 * lists of such paragraphs, fenced code and lists, tight or loose (fastMdxList.ts), GFM tables
 * (fastMdxTable.ts), fenced code, thematic breaks after a blank or tag line, top-level ESM blocks (fastMdxEsm.ts), and JSX elements whose tags
 * stand alone on their lines with literal props (fastMdxTag.ts) and whose children are all of these
 * — in MDX a JSX tag is a block of its own and the blocks between an element's tags are read as at
 * the top level (no indented code), so an element's children are read by the same rules. Everything
 * else at the top level (quotes, expressions, a component holding any of those, …) is a "chunk" of
 * lines given to micromark, its positions moved to where it stands in the page — all of a page's
 * chunks in one call (fastMdxChunks.ts).
 *
 * A chunk parses alone as in the page when nothing in it reaches past it: it starts at a line start
 * after a closed block and ends before a blank line and a line at column 1 (not a list item, which
 * could go on with a list in the chunk). That is checked, not assumed: the chunk is followed by a
 * paragraph `x` (after its blank line), which must come back as a paragraph of its own — an
 * unclosed fence, list or element would take it in or fail.
 * Whatever is not sure (definitions, which resolve across the page: `]:` anywhere but in code; a
 * chunk that does not close, a syntax error, control characters) gives the whole page to micromark,
 * which then also reports the error. test/unit/mdx/fastMdxParse.test.ts compares both parsers on
 * generated and fixture pages.
 */
export function parseMdxFast(text: string): MdxParse {
	const read = fastTree(text);
	return read ? { tree: read.tree } : parseMdx(text, true);
}

/**
 * The page's tree and how many chunks of it micromark read, or undefined when the whole page
 * must go to micromark.
 */
export function fastTree(text: string): { readonly tree: Root; readonly chunks: number } | undefined {
	if (wholePageOnly.test(text)) {
		// A page with CRLF line endings: read with LF ones, its positions and values then moved back.
		const lf = text.includes('\r') ? lfPage(text) : undefined;
		const read = lf === undefined ? undefined : fastTree(lf);
		return read && { tree: withCrlf(read.tree), chunks: read.chunks };
	}
	const colons = text.includes(']:');
	if (colons && outsideFences(text, ']:')) return undefined;
	const reader = new FastReader(text);
	const tree = reader.read();
	// Definitions resolve across the page: `]:` is read here only inside code (and frontmatter), where it defines nothing.
	if (tree && colons && !onlyInCode(text, ']:', tree)) return undefined;
	return tree && { tree, chunks: reader.chunks };
}

/** Carriage returns (a page whose every line ends with CRLF is read as LF, see fastMdxLineEndings.ts), control characters, BOM and lone surrogates. */
const wholePageOnly = /[\0-\x08\x0B-\x1F\x7F-\x9F\u2028\u2029\uFEFF\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Point {
	line: number;
	column: number;
	offset: number;
}

const fenceOpen = /^( *)(`{3,})([^`]*)$/;
/** A fence that interrupts a paragraph, however indented (MDX has no indented code; read by `fence`, or declined there). */
const interruptingFence = /^ *```/;
const heading = /^( *)(#{1,6})(?: +(.*))?$/;
/** `import`/`export` at a line start may be ESM. */
const esm = /^ *(?:import|export)\b/;
/** The first character of a paragraph's line: one that starts no other block. */
const paragraphStart =
	/^ *(?:[A-Za-z(\u00A0-\uFFFF[_\\@]|!\[|\*(?! |$)|`(?!``)|["'](?![*_])|\d(?!\d{0,8}[.)](?: |$))|<[A-Za-z][A-Za-z0-9]*(?: +[A-Za-z_][\w-]*(?:="[^"\\{}<>&\n]*"|='[^'\\{}<>&\n]*')?)* *\/?> *[A-Za-z0-9(])/;
/**
 * A line that starts with a tag (self-closing or opening an inline element, `<Badge>Beta</Badge> x`)
 * followed by text: a paragraph (a tag alone, or followed by tags, is a block).
 */
const inlineTagFirst = /^ *<[A-Za-z][A-Za-z0-9]*(?: +[A-Za-z_][\w-]*(?:="[^"\\{}<>&\n]*"|='[^'\\{}<>&\n]*')?)* *\/?> *[A-Za-z0-9(]/;

class FastReader implements ListPage {
	private readonly starts: number[] = [];
	private readonly ends: number[] = [];
	/** How many chunks micromark read. */
	chunks = 0;
	/** The block a top-level paragraph found interrupting it (read once). */
	private interrupting: { readonly line: number; readonly block: { nodes: RootContent[]; next: number } } | undefined;

	constructor(private readonly text: string) {
		let from = 0;
		for (;;) {
			const nl = text.indexOf('\n', from);
			this.starts.push(from);
			this.ends.push(nl < 0 ? text.length : nl);
			if (nl < 0) break;
			from = nl + 1;
		}
	}

	get lineCount(): number {
		return this.starts.length;
	}

	lineStart(k: number): number {
		return this.starts[k];
	}

	line(k: number): string {
		return this.text.slice(this.starts[k], this.ends[k]);
	}

	blank(k: number): boolean {
		return /^[ \t]*$/.test(this.line(k));
	}

	point(offset: number, k: number): Point {
		return { line: k + 1, column: offset - this.starts[k] + 1, offset };
	}

	read(): Root | undefined {
		const n = this.starts.length;
		const children: RootContent[] = [];
		let k = 0;
		if (this.text.startsWith('---')) {
			const front = this.frontmatter();
			if (!front) return undefined;
			children.push(front.node);
			k = front.next;
		}
		/** Chunks of lines for micromark, and where their nodes go in `children`. */
		const chunks: Chunk[] = [];
		let chunk: number | undefined;
		/** The local names of the imports read so far, in page order (fastMdxEsm.ts). */
		const imports: string[] = [];
		let esmRead = false;
		const blockStart = k;
		const endChunk = (to: number): void => {
			chunks.push({ from: chunk!, to, at: children.length });
			chunk = undefined;
		};
		while (k < n) {
			if (this.blank(k)) {
				k++;
				continue;
			}
			// After a chunk, a block at column 1 after a blank line, but a list item only where no list of the chunk is open.
			const opens =
				chunk === undefined || (this.blank(k - 1) && this.text[this.starts[k]] !== ' ' && (!listItem.test(this.line(k)) || this.listsClosed(chunk, k)));
			// ESM where no block is open: at the start or after a blank line.
			if (opens && (k === blockStart || this.blank(k - 1)) && esmLine.test(this.line(k))) {
				const esm = readEsm({ text: this.text, starts: this.starts, ends: this.ends }, k, imports);
				if (!esm) return undefined;
				if (chunk !== undefined) endChunk(k);
				children.push(esm.node);
				k = esm.next;
				esmRead = true;
				continue;
			}
			const block = opens ? this.block(k, undefined) : undefined;
			if (block) {
				if (chunk !== undefined) endChunk(k);
				appendAll(children, block.nodes);
				k = block.next;
				continue;
			}
			chunk ??= k;
			k = this.skip(k);
		}
		if (chunk !== undefined) endChunk(n);
		if (esmRead && chunksHoldEsm({ text: this.text, starts: this.starts, ends: this.ends }, chunks)) return undefined;
		this.chunks = chunks.length;
		if (chunks.length && !parseChunks(this.text, this.starts, chunks, children)) return undefined;
		const end = this.point(this.text.length, n - 1);
		return { type: 'root', children, position: { start: { line: 1, column: 1, offset: 0 }, end } };
	}

	/**
	 * Whether the chunk of lines `[from, to)` ends with every list closed: its last lines after a
	 * blank line (or all its lines) start at column 1 and hold no line like a list item. A line at
	 * column 1 after a blank line ends every list before it (only an indented line goes on with an
	 * item after a blank line); a fence or element reaching past the chunk is caught by the sentinel.
	 */
	private listsClosed(from: number, to: number): boolean {
		let j = to - 1;
		while (j > from && this.blank(j)) j--;
		for (; j >= from && !this.blank(j); j--) if (listLike.test(this.line(j))) return false;
		const l = this.line(j + 1);
		return l[0] !== ' ' && l[0] !== '\t';
	}

	private frontmatter(): { node: RootContent; next: number } | undefined {
		if (this.line(0) !== '---') return undefined;
		for (let k = 1; k < this.starts.length; k++) {
			const l = this.line(k);
			if (!/^---[ \t]*$/.test(l)) continue;
			if (l !== '---') return undefined;
			const value = k === 1 ? '' : this.text.slice(this.starts[1], this.ends[k - 1]);
			const node = { type: 'yaml', value, position: { start: this.point(0, 0), end: this.point(this.ends[k], k) } } as RootContent;
			return { node, next: k + 1 };
		}
		return undefined;
	}

	/** The line after a block this reader declines: past a fence or a top-level element, so a chunk is not cut inside them. */
	private skip(k: number): number {
		const l = this.line(k);
		const fence = fenceOpen.exec(l);
		if (fence) return (this.fenceClose(k, fence[2].length) ?? this.starts.length - 1) + 1;
		// An expression (a `{/* … */}` comment) may hold blank lines: past its closing brace, counted plainly (the sentinel checks it).
		if (/^ *\{/.test(l)) {
			let depth = 0;
			for (let j = k; j < this.starts.length; j++) {
				for (const ch of this.line(j)) depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
				if (depth <= 0) return j + 1;
			}
		}
		// An element's opening tag (its props may go on over the next lines).
		const tag = /^<([A-Za-z][\w.:-]*)(?:[\s>]|$)/.exec(l);
		if (tag && !/\/>\s*$/.test(l) && !l.includes(`</${tag[1]}>`)) {
			let depth = 0;
			for (let j = k; j < this.starts.length; j++) {
				const m = this.line(j);
				if (m.startsWith(`<${tag[1]}`) && /^<[\w.:-]+(?:[\s>]|$)/.test(m) && !/\/>\s*$/.test(m) && !m.includes(`</${tag[1]}>`)) depth++;
				else if (m.startsWith(`</${tag[1]}>`) && --depth === 0) return j + 1;
			}
		}
		return k + 1;
	}

	/** The blocks read directly at line `k` (inside the element `parent` when given), or undefined. */
	private block(k: number, parent: string | undefined): { nodes: RootContent[]; next: number } | undefined {
		if (parent === undefined && this.interrupting?.line === k) return this.interrupting.block;
		const l = this.line(k);
		const c = l[/^ */.exec(l)![0].length];
		if (c === '`' && /^ *```/.test(l)) return this.fence(k);
		if (c === '#') return this.heading(k);
		if (c === '<') return this.element(k) ?? (inlineTagFirst.test(l) ? this.paragraph(k, parent) : undefined);
		if (c === '|') {
			const read = readTable({ text: this.text, starts: this.starts, ends: this.ends }, k, parent !== undefined);
			if (!read || (parent === undefined && read.next < this.starts.length && !this.blank(read.next))) return undefined;
			return { nodes: [read.table], next: read.next };
		}
		if (thematicBreak.test(l)) return this.thematicBreak(k);
		if (listItem.test(l)) return this.list(k, parent);
		if (paragraphStart.test(l)) return this.paragraph(k, parent);
		return undefined;
	}

	/** `***`, `- - -`, … where a block starts after a blank line or a JSX tag line (not under a paragraph or in a list), from its first mark to the end of its line. */
	private thematicBreak(k: number): { nodes: RootContent[]; next: number } | undefined {
		if (k > 0 && !(this.blank(k - 1) || tagLine.test(this.line(k - 1)) || closingTagLine.test(this.line(k - 1)))) return undefined;
		const l = this.line(k);
		const from = this.starts[k] + /^ */.exec(l)![0].length;
		return { nodes: [{ type: 'thematicBreak', position: { start: this.point(from, k), end: this.point(this.ends[k], k) } }], next: k + 1 };
	}

	private fenceClose(k: number, size: number): number | undefined {
		for (let j = k + 1; j < this.starts.length; j++) {
			const m = /^ *(`{3,})[ \t]*$/.exec(this.line(j));
			if (m && m[1].length >= size) return j;
		}
		return undefined;
	}

	/** `min`: inside a list item whose content starts at column `min` + 1, which every line of the block must reach. */
	fence(k: number, min = 0): { nodes: RootContent[]; next: number } | undefined {
		const m = fenceOpen.exec(this.line(k));
		if (!m || /[\\&\t]/.test(m[3]) || m[3].endsWith(' ')) return undefined;
		const indent = m[1].length;
		const close = this.fenceClose(k, m[2].length);
		if (close === undefined || !/^ *`+$/.test(this.line(close))) return undefined;
		if (min > 0) {
			const lead = /^ */.exec(this.line(close))![0].length;
			if (lead < min || lead > min + 3) return undefined;
			// A line left of the item's content would end the item (and the code); a blank one with spaces is left to micromark.
			for (let j = k + 1; j < close; j++) if (this.line(j) !== '' && (this.blank(j) || !this.line(j).startsWith(' '.repeat(min)))) return undefined;
		}
		const info = m[3].replace(/^ +| +$/g, '');
		const space = info.search(/ /);
		const lang = info ? (space < 0 ? info : info.slice(0, space)) : null;
		const meta = space < 0 ? null : info.slice(space).replace(/^ +/, '') || null;
		const lines: string[] = [];
		for (let j = k + 1; j < close; j++) {
			const line = this.line(j);
			if (indent === 0) lines.push(line);
			else {
				const lead = /^[ \t]*/.exec(line)![0];
				if (lead.slice(0, indent).includes('\t')) return undefined;
				lines.push(line.slice(Math.min(indent, lead.length)));
			}
		}
		const node: Code = {
			type: 'code',
			lang,
			meta,
			value: lines.join('\n'),
			position: { start: this.point(this.starts[k] + indent, k), end: this.point(this.ends[close], close) },
		};
		return { nodes: [node], next: close + 1 };
	}

	private heading(k: number): { nodes: RootContent[]; next: number } | undefined {
		const l = this.line(k);
		const m = heading.exec(l);
		if (!m || !m[3] || /[ \t#]$/.test(l) || m[3].startsWith(' ')) return undefined;
		const from = this.starts[k] + l.length - m[3].length;
		const children = readInline(this.text, [{ from, to: this.ends[k], line: k + 1, column: from - this.starts[k] + 1 }]);
		if (!children) return undefined;
		const node: Heading = {
			type: 'heading',
			depth: m[2].length as Heading['depth'],
			children,
			position: { start: this.point(this.starts[k] + m[1].length, k), end: this.point(this.ends[k], k) },
		};
		return { nodes: [node], next: k + 1 };
	}

	/**
	 * Lines until a blank line, the end, a list, fence or JSX tag line that interrupts the paragraph
	 * (or, inside an element, a closing tag line); each must start a paragraph's line.
	 */
	private paragraph(k: number, parent: string | undefined): { nodes: RootContent[]; next: number } | undefined {
		const lines: InlineLine[] = [];
		let j = k;
		for (; j < this.starts.length && !this.blank(j); j++) {
			const l = this.line(j);
			if (j > k && (tagLine.test(l) || (parent !== undefined && closingTagLine.test(l)) || interruptingList.test(l) || interruptingFence.test(l))) break;
			const line = this.paragraphLine(j);
			if (!line) return undefined;
			lines.push(line);
		}
		// At the top level a list, fence or element that interrupts the paragraph must be read here too (and is
		// kept for the next block): micromark reads a line that interrupts a paragraph differently (an
		// empty item inside it cannot start a list), so it is not cut there for a chunk.
		if (parent === undefined && j < this.starts.length && !this.blank(j)) {
			const l = this.line(j);
			const after = tagLine.test(l) ? this.element(j) : interruptingList.test(l) ? this.list(j, parent) : interruptingFence.test(l) ? this.fence(j) : undefined;
			if (!after) return undefined;
			this.interrupting = { line: j, block: after };
		}
		const node = this.paragraphNode(lines);
		return node && { nodes: [node], next: j };
	}

	/** Line `j` (from column `skip` + 1) as a line of a paragraph (its text without indentation and trailing space), or undefined. */
	paragraphLine(j: number, skip = 0): InlineLine | undefined {
		const l = this.line(j).slice(skip);
		if (!paragraphStart.test(l) || esm.test(l) || thematicBreak.test(l) || /\t/.test(l)) return undefined;
		const indent = /^ */.exec(l)![0].length;
		const from = this.starts[j] + skip;
		return { from: from + indent, to: from + l.replace(/ +$/, '').length, end: this.ends[j], line: j + 1, column: skip + indent + 1 };
	}

	paragraphNode(lines: readonly InlineLine[]): Paragraph | undefined {
		const children = readInline(this.text, lines);
		if (!children?.length) return undefined;
		const first = lines[0];
		const last = lines[lines.length - 1].line - 1;
		// The paragraph ends with its last line's trailing space (its text does not).
		return { type: 'paragraph', children, position: { start: this.point(first.from, first.line - 1), end: this.point(this.ends[last], last) } };
	}

	private list(k: number, parent: string | undefined): { nodes: RootContent[]; next: number } | undefined {
		const read = readList(this, k, parent !== undefined);
		return read && { nodes: [read.list], next: read.next };
	}

	private element(k: number): { nodes: RootContent[]; next: number } | undefined {
		const tag = readOpeningTag({ text: this.text, starts: this.starts, ends: this.ends }, k);
		if (!tag) return undefined;
		const { name, attributes } = tag;
		const start = this.point(tag.start, k);
		const node = (children: RootContent[], endLine: number): MdxJsxFlowElement =>
			({ type: 'mdxJsxFlowElement', name, attributes, children, position: { start, end: this.point(this.ends[endLine], endLine) } }) as MdxJsxFlowElement;
		if (tag.selfClosing) return { nodes: [node([], tag.endLine)], next: tag.endLine + 1 };
		const children: RootContent[] = [];
		let j = tag.endLine + 1;
		while (j < this.starts.length) {
			if (this.blank(j)) {
				j++;
				continue;
			}
			const close = closingTagLine.exec(this.line(j));
			if (close) return close[2] === name ? { nodes: [node(children, j)], next: j + 1 } : undefined;
			const block = this.block(j, name);
			if (!block) return undefined;
			appendAll(children, block.nodes as BlockContent[]);
			j = block.next;
		}
		return undefined;
	}
}
