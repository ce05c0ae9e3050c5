import type { RootContent } from 'mdast';
import type { Point, Position } from 'unist';
import { parseMdx } from './mdxParser';
import { appendAll } from '../arrays';

/*
 * The part of the fast MDX parser (fastMdxParse.ts) that gives micromark the chunks of a page it
 * does not read itself — in one call, as a parse costs ~0.1 ms however short the text — and checks
 * that each chunk parses on its own as it does in the page.
 */

/**
 * The chunks parsed by micromark in one document (a parse has a fixed cost of ~0.1 ms): each
 * chunk followed by a paragraph `x` and a blank line. Each `x` must come back as a paragraph of
 * its own where it was put — then nothing in the chunk before it reached past it, and the chunk
 * after it starts afresh, as in the page. The chunks' nodes, moved to their places in the page,
 * are put into `children`.
 */
export function parseChunks(page: string, starts: readonly number[], chunks: readonly Chunk[], children: RootContent[]): boolean {
	const n = starts.length;
	// A leading `x` too: at the very start `---` would open frontmatter.
	let joined = 'x\n\n';
	const places: { start: number; line: number; offset: number; sentinel: number }[] = [];
	let line = 2;
	for (const { from, to } of chunks) {
		const start = starts[from];
		const text = page.slice(start, to < n ? starts[to] : page.length);
		const offset = joined.length;
		// A chunk that ends the page may end without a blank line: one is put after it.
		joined += to < n ? text : text.endsWith('\n') ? `${text}\n` : `${text}\n\n`;
		places.push({ start, line, offset, sentinel: joined.length });
		// The lines of the chunk (its text ends with a line break unless it ends the page), then `x` and a blank line.
		line += to - from + 2;
		joined += 'x\n\n';
	}
	const parsed = parseMdx(joined, true);
	// A root with more than these (`[x]` read as a task at the top level marks the root `checked`) is the page's, not the chunks'.
	if (!parsed.tree || Object.keys(parsed.tree).some(key => key !== 'type' && key !== 'children' && key !== 'position')) return false;
	const nodes = parsed.tree.children;
	if (!isX(nodes[0], 0)) return false;
	let i = 1;
	const placed: RootContent[][] = [];
	for (const place of places) {
		const own: RootContent[] = [];
		for (; i < nodes.length && (nodes[i].position?.start.offset ?? -1) < place.sentinel; i++) own.push(nodes[i]);
		if (!isX(nodes[i++], place.sentinel)) return false;
		const lineShift = line0(starts, place.start) - place.line;
		for (const node of own) shift(node, place.start - place.offset, lineShift);
		placed.push(own);
	}
	if (i !== nodes.length) return false;
	// One pass that builds the new list: splicing each chunk's nodes in as arguments overflows the stack on a long page.
	const merged: typeof children = [];
	let c = 0;
	for (let at = 0; at <= children.length; at++) {
		for (; c < chunks.length && chunks[c].at === at; c++) appendAll(merged, placed[c]);
		if (at < children.length) merged.push(children[at]);
	}
	children.length = 0;
	appendAll(children, merged);
	return true;
}

/** The 0-based line of a line-start offset. */
function line0(starts: readonly number[], offset: number): number {
	let lo = 0;
	let hi = starts.length - 1;
	while (lo < hi) {
		const mid = (lo + hi + 1) >> 1;
		if (starts[mid] <= offset) lo = mid;
		else hi = mid - 1;
	}
	return lo;
}

/** A paragraph `x` at `offset`, alone. */
function isX(node: RootContent | undefined, offset: number): boolean {
	if (node?.type !== 'paragraph' || node.position?.start.offset !== offset || node.position.end.offset !== offset + 1) return false;
	return node.children.length === 1 && node.children[0].type === 'text' && node.children[0].value === 'x';
}

export interface Chunk {
	/** Its first line and the line after it. */
	readonly from: number;
	readonly to: number;
	/** Where its nodes go among the page's top-level nodes. */
	readonly at: number;
}

function moved(p: Point, offset: number, lines: number): Point {
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
