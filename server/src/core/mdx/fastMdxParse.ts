import type { Point as UnistPoint, Position } from 'unist';
import type { BlockContent, Code, Heading, Paragraph, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { readInline, type InlineLine } from './fastMdxInline';
import { parseMdx, type MdxParse } from './mdxParser';

/**
 * A faster first parse of an MDX page for the formatter: the same tree as `parseMdx(text, true)`
 * (positions included), built directly for the blocks most pages are made of and by micromark for
 * the rest.
 *
 * Read directly: the frontmatter, ATX headings, paragraphs of plain inline content (fastMdxInline.ts),
 * fenced code, and JSX elements whose tags stand alone on their lines with literal string props and
 * whose children are all of these — in MDX a JSX tag is a block of its own and the blocks between an
 * element's tags are read as at the top level (no indented code), so an element's children are
 * read by the same rules. Everything else at the top level (lists, tables, quotes, expressions,
 * imports, a component holding any of those, …) is a "chunk" of lines given to micromark on its
 * own, its positions moved to where it stands in the page.
 *
 * A chunk parses alone as in the page when nothing in it reaches past it: it starts at a line start
 * after a closed block and ends before a blank line and a line at column 1. That is checked, not
 * assumed: the chunk is parsed with a paragraph `x` after it (after its blank line), which must
 * come back as a paragraph of its own — an unclosed fence, list or element would take it in or fail.
 * Whatever is not sure (definitions, which resolve across the page, a chunk that does not close, a
 * syntax error, control characters) gives the whole page to micromark, which then also reports the
 * error. test/unit/mdx/fastMdxParse.test.ts compares both parsers on generated and fixture pages.
 */
export function parseMdxFast(text: string): MdxParse {
	if (wholePageOnly.test(text)) return parseMdx(text, true);
	const tree = new FastReader(text).read();
	return tree ? { tree } : parseMdx(text, true);
}

/** Definitions (resolved across the page), carriage returns, control characters, BOM and lone surrogates. */
const wholePageOnly = /\]:|[\0-\x08\x0B-\x1F\x7F-\x9F\u2028\u2029\uFEFF\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Point {
	line: number;
	column: number;
	offset: number;
}

const fenceOpen = /^( *)(`{3,})([^`]*)$/;
const heading = /^( *)(#{1,6})(?: +(.*))?$/;
const attribute = / +([A-Za-z_][\w-]*)(?:="([^"\\{}<>&\n]*)"|='([^'\\{}<>&\n]*)')?/y;
const tagLine = /^( *)<([A-Za-z][A-Za-z0-9]*)((?: +[A-Za-z_][\w-]*(?:="[^"\\{}<>&\n]*"|='[^'\\{}<>&\n]*')?)*) *(\/?)>$/;
const closingTagLine = /^( *)<\/([A-Za-z][A-Za-z0-9]*)>$/;
/** `import`/`export` at a line start may be ESM. */
const esm = /^ *(?:import|export)\b/;
/** The first character of a paragraph's line: one that starts no other block. */
const paragraphStart = /^ *(?:[A-Za-z(\u00A0-\uFFFF]|["'](?![*_])|\d(?!\d{0,8}[.)](?: |$)))/;

class FastReader {
	private readonly starts: number[] = [];
	private readonly ends: number[] = [];

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

	private line(k: number): string {
		return this.text.slice(this.starts[k], this.ends[k]);
	}

	private blank(k: number): boolean {
		return /^[ \t]*$/.test(this.line(k));
	}

	private point(offset: number, k: number): Point {
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
		const endChunk = (to: number): void => {
			chunks.push({ from: chunk!, to, at: children.length });
			chunk = undefined;
		};
		while (k < n) {
			if (this.blank(k)) {
				k++;
				continue;
			}
			const block = chunk === undefined || (this.blank(k - 1) && this.text[this.starts[k]] !== ' ') ? this.block(k, undefined) : undefined;
			if (block) {
				if (chunk !== undefined) endChunk(k);
				children.push(...block.nodes);
				k = block.next;
				continue;
			}
			chunk ??= k;
			k = this.skip(k);
		}
		if (chunk !== undefined) endChunk(n);
		if (chunks.length && !this.parseChunks(chunks, children)) return undefined;
		const end = this.point(this.text.length, n - 1);
		return { type: 'root', children, position: { start: { line: 1, column: 1, offset: 0 }, end } };
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
		const tag = /^<([A-Za-z][\w.:-]*)[\s>]/.exec(l);
		if (tag && !/\/>\s*$/.test(l)) {
			let depth = 0;
			for (let j = k; j < this.starts.length; j++) {
				const m = this.line(j);
				if (m.startsWith(`<${tag[1]}`) && /^<[\w.:-]+[\s>]/.test(m) && !/\/>\s*$/.test(m) && !m.includes(`</${tag[1]}>`)) depth++;
				else if (m.startsWith(`</${tag[1]}>`) && --depth === 0) return j + 1;
			}
		}
		return k + 1;
	}

	/** The blocks read directly at line `k` (inside the element `parent` when given), or undefined. */
	private block(k: number, parent: string | undefined): { nodes: RootContent[]; next: number } | undefined {
		const l = this.line(k);
		const c = l[/^ */.exec(l)![0].length];
		if (c === '`') return this.fence(k);
		if (c === '#') return this.heading(k);
		if (c === '<') return this.element(k);
		if (paragraphStart.test(l)) return this.paragraph(k, parent);
		return undefined;
	}

	private fenceClose(k: number, size: number): number | undefined {
		for (let j = k + 1; j < this.starts.length; j++) {
			const m = /^ *(`{3,})[ \t]*$/.exec(this.line(j));
			if (m && m[1].length >= size) return j;
		}
		return undefined;
	}

	private fence(k: number): { nodes: RootContent[]; next: number } | undefined {
		const m = fenceOpen.exec(this.line(k));
		if (!m || /[\\&\t]/.test(m[3])) return undefined;
		const indent = m[1].length;
		const close = this.fenceClose(k, m[2].length);
		if (close === undefined || !/^ *`+$/.test(this.line(close))) return undefined;
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

	/** Lines until a blank line, the end or (inside an element) a JSX tag line; each must start a paragraph's line. */
	private paragraph(k: number, parent: string | undefined): { nodes: RootContent[]; next: number } | undefined {
		const lines: InlineLine[] = [];
		let j = k;
		for (; j < this.starts.length && !this.blank(j); j++) {
			const l = this.line(j);
			if (j > k && parent !== undefined && (tagLine.test(l) || closingTagLine.test(l))) break;
			if (!paragraphStart.test(l) || esm.test(l) || /\t/.test(l) || / {2}$/.test(l)) return undefined;
			const indent = /^ */.exec(l)![0].length;
			const from = this.starts[j] + indent;
			const to = this.starts[j] + l.replace(/ +$/, '').length;
			lines.push({ from, to, line: j + 1, column: indent + 1 });
		}
		if (parent === undefined && j < this.starts.length && !this.blank(j)) return undefined;
		const children = readInline(this.text, lines);
		if (!children?.length) return undefined;
		const first = lines[0];
		const last = lines[lines.length - 1];
		const node: Paragraph = {
			type: 'paragraph',
			children,
			// The paragraph ends with its last line's trailing space (its text does not).
			position: { start: this.point(first.from, first.line - 1), end: this.point(this.ends[last.line - 1], last.line - 1) },
		};
		return { nodes: [node], next: j };
	}

	private element(k: number): { nodes: RootContent[]; next: number } | undefined {
		const l = this.line(k);
		const m = tagLine.exec(l);
		if (!m) return undefined;
		const [, indent, name, attributeText, selfClosing] = m;
		const attributes: MdxJsxAttribute[] = [];
		let at = indent.length + 1 + name.length;
		attribute.lastIndex = at;
		for (let a = attribute.exec(l); a; a = attribute.exec(l)) {
			const start = a.index + a[0].length - a[0].trimStart().length;
			attributes.push({
				type: 'mdxJsxAttribute',
				name: a[1],
				value: a[2] ?? a[3] ?? null,
				position: { start: this.point(this.starts[k] + start, k), end: this.point(this.starts[k] + a.index + a[0].length, k) },
			});
			at = attribute.lastIndex;
		}
		if (at !== indent.length + 1 + name.length + attributeText.length) return undefined;
		const start = this.point(this.starts[k] + indent.length, k);
		const node = (children: RootContent[], endLine: number): MdxJsxFlowElement =>
			({ type: 'mdxJsxFlowElement', name, attributes, children, position: { start, end: this.point(this.ends[endLine], endLine) } }) as MdxJsxFlowElement;
		if (selfClosing) return { nodes: [node([], k)], next: k + 1 };
		const children: RootContent[] = [];
		let j = k + 1;
		while (j < this.starts.length) {
			if (this.blank(j)) {
				j++;
				continue;
			}
			const close = closingTagLine.exec(this.line(j));
			if (close) return close[2] === name ? { nodes: [node(children, j)], next: j + 1 } : undefined;
			const block = this.block(j, name);
			if (!block) return undefined;
			children.push(...(block.nodes as BlockContent[]));
			j = block.next;
		}
		return undefined;
	}

	/**
	 * The chunks parsed by micromark in one document (a parse has a fixed cost of ~0.1 ms): each
	 * chunk followed by a paragraph `x` and a blank line. Each `x` must come back as a paragraph of
	 * its own where it was put — then nothing in the chunk before it reached past it, and the chunk
	 * after it starts afresh, as in the page. The chunks' nodes, moved to their places in the page,
	 * are put into `children`.
	 */
	private parseChunks(chunks: readonly Chunk[], children: RootContent[]): boolean {
		const n = this.starts.length;
		let joined = '';
		const places: { start: number; line: number; offset: number; sentinel: number }[] = [];
		let line = 0;
		for (const { from, to } of chunks) {
			const start = this.starts[from];
			const text = this.text.slice(start, to < n ? this.starts[to] : this.text.length);
			const offset = joined.length;
			// A chunk that ends the page may end without a blank line: one is put after it.
			joined += to < n ? text : text.endsWith('\n') ? `${text}\n` : `${text}\n\n`;
			places.push({ start, line, offset, sentinel: joined.length });
			// The lines of the chunk (its text ends with a line break unless it ends the page), then `x` and a blank line.
			line += to - from + 2;
			joined += 'x\n\n';
		}
		const parsed = parseMdx(joined, true);
		if (!parsed.tree) return false;
		const nodes = parsed.tree.children;
		let i = 0;
		const placed: RootContent[][] = [];
		for (const place of places) {
			const own: RootContent[] = [];
			for (; i < nodes.length && (nodes[i].position?.start.offset ?? -1) < place.sentinel; i++) own.push(nodes[i]);
			const x = nodes[i++];
			if (x?.type !== 'paragraph' || x.position?.start.offset !== place.sentinel || x.position.end.offset !== place.sentinel + 1) return false;
			if (x.children.length !== 1 || x.children[0].type !== 'text' || x.children[0].value !== 'x') return false;
			const lineShift = this.line0(place.start) - place.line;
			for (const node of own) shift(node, place.start - place.offset, lineShift);
			placed.push(own);
		}
		if (i !== nodes.length) return false;
		// Back to front, so the indexes in `children` stay right.
		for (let c = chunks.length - 1; c >= 0; c--) children.splice(chunks[c].at, 0, ...placed[c]);
		return true;
	}

	/** The 0-based line of a line-start offset. */
	private line0(offset: number): number {
		let lo = 0;
		let hi = this.starts.length - 1;
		while (lo < hi) {
			const mid = (lo + hi + 1) >> 1;
			if (this.starts[mid] <= offset) lo = mid;
			else hi = mid - 1;
		}
		return lo;
	}
}

interface Chunk {
	/** Its first line and the line after it. */
	readonly from: number;
	readonly to: number;
	/** Where its nodes go among the page's top-level nodes. */
	readonly at: number;
}

function moved(p: UnistPoint, offset: number, lines: number): UnistPoint {
	return { line: p.line + lines, column: p.column, offset: (p.offset ?? 0) + offset };
}

/** Moves a node's positions (and its children's and props') by `offset` characters and `lines` lines. */
function shift(node: { position?: Position; children?: unknown[]; attributes?: unknown[] }, offset: number, lines: number): void {
	const p = node.position;
	// New points: a parser may share one point between nodes.
	if (p) node.position = { start: moved(p.start, offset, lines), end: moved(p.end, offset, lines) };
	if (node.children) for (const child of node.children) shift(child as typeof node, offset, lines);
	if (node.attributes) for (const a of node.attributes) shift(a as typeof node, offset, lines);
}
