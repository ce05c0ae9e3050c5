import type { Code, Heading, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Table } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { sourceOf, writeInline, type InlineContext } from './inlineWriter';
import { writeCodeInfo } from './codeMeta';
import { imgAsMarkdown, isImagePair, writeImagePair, writeImgTag } from './imageWriter';
import { writeJsxAttributeList } from './jsxAttributes';
import { blank, raw } from './lineMarks';
import { asNamedCallout } from './namedCallout';
import type { HeadingWithId } from './customHeadingIds';
import { appendAll, minOf } from '../arrays';

/**
 * Writes block content in the web editor's form (learned from `mint format` output): one blank line
 * between blocks except between sibling Steps, Tabs and Columns; children of a component indented by
 * two spaces; lists tight with `-` and `1.` markers; code fences always carry a language (`text` when
 * none was given); tables as pipe tables with `---` delimiters.
 *
 * Output is a list of lines, marked as lineMarks.ts describes.
 */
export { blank } from './lineMarks';

export const ignoreComment = /^\s*\/\*\s*mintdoc-format-ignore\s*\*\/\s*$/;

/**
 * The built-in components that hold content: without any they are still written with an opening and
 * a closing tag, on two lines (`<Tab title="x">` then `</Tab>`), however they were written, as the
 * web editor writes them (each checked with `mint format`, @mintlify/cli 4.0.1552). Other components
 * (`Icon`, `Tree.File`, `Color.Item`, a snippet's) and HTML elements close themselves.
 */
const pairedWhenEmpty = new Set([
	...['Note', 'Tip', 'Info', 'Warning', 'Danger', 'Check', 'Callout', 'Frame', 'Card', 'CardGroup', 'Columns'],
	...['Step', 'Steps', 'Tab', 'Tabs', 'Accordion', 'AccordionGroup', 'Expandable', 'Panel', 'View', 'Tile', 'Update', 'Visibility'],
	...['ParamField', 'ResponseField', 'CodeGroup', 'RequestExample', 'ResponseExample', 'Mermaid', 'Latex'],
]);

/** Components whose code blocks the web editor writes unindented, each between blank lines. */
const codeGroups = new Set(['CodeGroup', 'RequestExample', 'ResponseExample']);

/** The callouts (and Frame, Card): block components however they are written. */
export const callouts = new Set(['Note', 'Tip', 'Info', 'Warning', 'Danger', 'Check', 'Callout', 'Frame', 'Card']);

/** Components whose siblings of the same kind the web editor writes without a blank line between. */
const packedComponents = new Set(['Step', 'Tab', 'Column']);

type Block = RootContent | MdxJsxFlowElement;

export interface BlockContext extends InlineContext {
	readonly source: string;
	/** Inside a component's children (whose indentation the parser partly keeps in expressions). */
	readonly inComponent?: boolean;
	/** Inside an HTML element (`<div>`): the web editor leaves the images there as written. */
	readonly inHtml?: boolean;
}

/**
 * Where one written unit stands: the nodes `from`..`to` (exclusive) of the list, written as the lines
 * `lineStart`..`lineEnd` (exclusive). A unit is one node, or a light/dark image pair written together.
 */
export interface WrittenSpan {
	readonly from: number;
	readonly to: number;
	readonly lineStart: number;
	readonly lineEnd: number;
}

/** `spans`, when given, receives where each unit of `nodes` was written (for the per-block proof, blockProof.ts). */
export function writeBlocks(nodes: readonly Block[], ctx: BlockContext, packed = false, spans?: WrittenSpan[]): string[] {
	const lines: string[] = [];
	let previous: Block | undefined;
	let keepNext = false;
	for (let i = 0; i < nodes.length; i++) {
		const node = nodes[i];
		if (node.type === 'yaml') continue;
		if (previous) {
			if (packed ? continuesLazily(previous, node) : needsBlankLine(previous, node)) lines.push(blank);
		}
		const next = nodes[i + 1];
		const darkFirst = !keepNext && !ctx.inHtml && isImagePair(next, node);
		if (darkFirst || (!keepNext && !ctx.inHtml && isImagePair(node, next))) {
			// A light/dark pair is one unit to the web editor: written together, light first, no blank line between.
			const [light, dark] = (darkFirst ? [next, node] : [node, next]) as MdxJsxFlowElement[];
			const lineStart = lines.length;
			appendAll(
				lines,
				writeImagePair(light, dark, a => writeJsxAttributeList('img', [a])[0]),
			);
			spans?.push({ from: i, to: i + 2, lineStart, lineEnd: lines.length });
			previous = next;
			i++;
			continue;
		}
		const lineStart = lines.length;
		// An `<img>` right under text in a tight list item stays a tag: as a Markdown image it would join that text.
		const imgUnderText = packed && node.type === 'mdxJsxFlowElement' && node.name === 'img' && takesLazyLines(previous);
		appendAll(lines, keepNext ? writeVerbatim(node, ctx.source) : writeBlock(node, imgUnderText ? { ...ctx, inHtml: true } : ctx));
		spans?.push({ from: i, to: i + 1, lineStart, lineEnd: lines.length });
		keepNext = node.type === 'mdxFlowExpression' && ignoreComment.test(node.value);
		previous = node;
	}
	return lines;
}

function needsBlankLine(previous: Block, current: Block): boolean {
	return !(isPacked(previous) && isPacked(current));
}

/**
 * In a tight list item, a paragraph right after these would be read as part of them, and a quote
 * after a quote (a list after a list) as the same one: a blank line keeps them apart.
 */
function continuesLazily(previous: Block, current: Block): boolean {
	if (current.type === 'paragraph') return takesLazyLines(previous);
	return (current.type === 'blockquote' || current.type === 'list') && previous.type === current.type;
}

function takesLazyLines(node: Block | undefined): boolean {
	return node !== undefined && ['paragraph', 'blockquote', 'list', 'table'].includes(node.type);
}

export function isPacked(node: Block): boolean {
	return node.type === 'mdxJsxFlowElement' && packedComponents.has(node.name ?? '');
}

function writeBlock(node: Block, ctx: BlockContext): string[] {
	switch (node.type) {
		case 'paragraph': {
			const callout = calloutInParagraph(node);
			if (callout) return writeJsxElement(callout, ctx);
			// An image inside text is written as an inline `<img>`; images on their own stay Markdown (as
			// `<img>` tags alone on a line they would be read as blocks).
			return [escapeLineStart(writeInline(node.children, { ...ctx, imagesAsJsx: !onlyImages(node) }))];
		}
		case 'heading':
			return [writeHeading(node, ctx)];
		case 'thematicBreak':
			return ['---'];
		case 'code':
			return writeCode(node, ctx);
		case 'math':
			return ['$$', ...node.value.split(/\r?\n/), '$$'];
		case 'blockquote':
			return writeBlocks(node.children, ctx).map(line => (line === blank || line === '' ? '>' : `> ${line}`));
		case 'list':
			return writeList(node, ctx);
		case 'table':
			return writeTable(node, ctx);
		case 'mdxjsEsm':
			return node.value.split(/\r?\n/);
		case 'mdxFlowExpression': {
			const lines = `{${node.value}}`.split(/\r?\n/);
			return ctx.inComponent ? dedentContinuation(lines) : lines;
		}
		case 'mdxJsxFlowElement':
			return writeJsxElement(node, ctx);
		default:
			return writeVerbatim(node, ctx.source);
	}
}

/**
 * A paragraph's text at the start of a line must not read as another block: a heading, a quote, a
 * list item or a thematic break. The marker character is escaped.
 */
function escapeLineStart(text: string): string {
	if (/^(#{1,6}(\s|$)|>|[-+](\s|$)|=+\s*$)/.test(text)) return `\\${text}`;
	if (/^(-\s*){3,}$/.test(text)) return `\\${text}`;
	// At a line's start `import ` and `export ` open an ESM block in MDX (an indented code block is a paragraph there).
	if (/^(import|export)\s/.test(text)) return `&#x${text.charCodeAt(0).toString(16)};${text.slice(1)}`;
	const ordered = /^(\d{1,9})([.)])(\s|$)/.exec(text);
	if (ordered) return `${ordered[1]}\\${text.slice(ordered[1].length)}`;
	return text;
}

function writeHeading(node: Heading, ctx: BlockContext): string {
	// A heading's own text may start with `#` or end with one: escaped, so neither reads as markers.
	const text = writeInline(node.children, ctx)
		.replace(/^#/, '\\#')
		.replace(/(^|\s)#+$/, m => m.replace(/#/, '\\#'));
	const id = (node as HeadingWithId).customId;
	const withId = id === undefined ? text : `${text} {#${id}}`;
	return withId ? `${'#'.repeat(node.depth)} ${withId}` : '#'.repeat(node.depth);
}

function writeCode(node: Code, ctx: BlockContext): string[] {
	const body = node.value.split(/\r?\n/);
	// The web editor drops a code block's trailing empty lines, except inside a component.
	if (!ctx.inComponent) while (body.length > 1 && body[body.length - 1] === '') body.pop();
	let fence = '```';
	while (body.some(line => line.trimStart().startsWith(fence))) fence += '`';
	const { lang, meta } = writeCodeInfo(node.lang, node.meta);
	const info = meta ? `${lang} ${meta}` : lang;
	return [`${fence}${info}`, ...body, fence];
}

function writeList(node: List, ctx: BlockContext): string[] {
	const lines: string[] = [];
	let number = node.start ?? 1;
	for (const item of node.children) {
		const marker = node.ordered ? `${number++}. ` : '- ';
		appendAll(lines, writeListItem(item, marker, ctx));
	}
	return lines;
}

function writeListItem(item: ListItem, marker: string, ctx: BlockContext): string[] {
	const check = item.checked === true ? '[x] ' : item.checked === false ? '[ ] ' : '';
	// Lists are tight: an item's blocks follow one another without blank lines.
	const body = writeBlocks(item.children, ctx, true);
	if (body.length === 0) return [marker.trimEnd()];
	const pad = ' '.repeat(marker.length);
	// Text that looks like a task marker is escaped so it stays text.
	if (!check && /^\[[ xX]\](\s|$)/.test(body[0])) body[0] = `\\${body[0]}`;
	return body.map((line, i) => (i === 0 ? `${marker}${check}${line}` : line === blank || line.startsWith(raw) ? line : `${pad}${line}`));
}

function writeTable(node: Table, ctx: BlockContext): string[] {
	const cellCtx: BlockContext = { ...ctx, inTable: true, imagesAsJsx: true };
	const rows = node.children.map(row => `| ${row.children.map(cell => writeInline(cell.children, cellCtx)).join(' | ')} |`);
	const columns = node.children[0]?.children.length ?? 0;
	const align = Array.from({ length: columns }, (_, i) => {
		const a = node.align?.[i];
		return a === 'left' ? ':--' : a === 'right' ? '--:' : a === 'center' ? ':-:' : '---';
	});
	return [rows[0] ?? '', `| ${align.join(' | ')} |`, ...rows.slice(1)];
}

function writeJsxElement(written: MdxJsxFlowElement, ctx: BlockContext): string[] {
	const node = asNamedCallout(written) ?? written;
	const name = node.name ?? '';
	if (name === 'img' && !ctx.inHtml && node.children.length === 0 && node.attributes.length > 0) {
		const image = imgAsMarkdown(node);
		return image ? [writeInline([image], { ...ctx, imagesAsJsx: false })] : writeImgTag(writeJsxAttributeList(name, node.attributes));
	}
	if (!name) return node.children.length ? ['<>', ...indent(writeBlocks(node.children, { ...ctx, inComponent: true })), '</>'] : ['<></>'];
	const attributes = writeJsxAttributeList(name, node.attributes);
	// A multi-line prop puts every prop on its own line, the tag's end on the last.
	const multiLine = attributes.some(a => a.includes('\n'));
	const html = /^[a-z]/.test(name);
	const lines = writeJsxElementLines(node, ctx, attributes, multiLine, html);
	// An HTML element, not inside another HTML element, is written as if it stood at column 0: only
	// its first line takes the indentation of the components around it.
	return html && !ctx.inHtml ? lines.map((line, i) => (i === 0 || line === blank || line.startsWith(raw) ? line : `${raw}${line}`)) : lines;
}

function writeJsxElementLines(node: MdxJsxFlowElement, ctx: BlockContext, attributes: string[], multiLine: boolean, html: boolean): string[] {
	const name = node.name ?? '';
	// An HTML element's multi-line prop goes on from column 0.
	const head = multiLine
		? [`<${name}`, ...attributes.flatMap(a => a.split('\n').map((line, i) => (i === 0 ? `  ${line}` : html ? `${raw}${line}` : line)))]
		: [`<${name}${attributes.map(a => ` ${a}`).join('')}`];
	const opened = (end: string) => (multiLine ? [...head, end] : [`${head[0]}${end === '/>' ? ' />' : end}`]);
	if (node.children.length === 0) return pairedWhenEmpty.has(name) ? [...opened('>'), `</${name}>`] : opened('/>');
	if (name === 'Prompt') {
		const body = promptBody(node, ctx.source);
		if (body) return [...opened('>'), ...body, `</${name}>`];
	}
	if (codeGroups.has(name) && node.children.every(c => c.type === 'code')) {
		return [...opened('>'), blank, ...writeBlocks(node.children, ctx), blank, `</${name}>`];
	}
	return [...opened('>'), ...indent(writeBlocks(node.children, { ...ctx, inComponent: true, inHtml: ctx.inHtml || html })), `</${name}>`];
}

/**
 * A Prompt's body is text for a model, not a page: the web editor writes it back as it stands
 * between the tags, the first line at the Prompt's own indentation, the others at the columns they
 * had. Undefined when the tags cannot be found in the source (the body is then written as blocks).
 */
function promptBody(node: MdxJsxFlowElement, source: string): string[] | undefined {
	const first = node.children[0]?.position?.start.offset;
	const whole = sourceOf(node, source);
	const close = whole.lastIndexOf('</Prompt');
	const start = node.position?.start.offset;
	if (first === undefined || start === undefined || close < 0 || start + close < first) return undefined;
	const lines = source
		.slice(first, start + close)
		.trimEnd()
		.split(/\r?\n/);
	return lines.map((line, i) => (i === 0 ? line : line === '' ? blank : `${raw}${line}`));
}

function onlyImages(node: Paragraph): boolean {
	return node.children.every(c => c.type === 'image' || (c.type === 'text' && c.value.trim() === ''));
}

function indent(lines: string[]): string[] {
	return lines.map(line => (line === blank || line.startsWith(raw) ? line : `  ${line}`));
}

/**
 * A callout written inline on its own line (`<Note>Text</Note>`) is a paragraph holding one inline
 * element to the parser; the web editor writes it as the block it stands for.
 */
function calloutInParagraph(node: Paragraph): MdxJsxFlowElement | undefined {
	const children = node.children.filter(c => !(c.type === 'text' && c.value.trim() === ''));
	const only = children.length === 1 ? (children[0] as unknown as MdxJsxTextElement) : undefined;
	if (only?.type !== 'mdxJsxTextElement' || !callouts.has(only.name ?? '')) return undefined;
	const inner = trimEdges(only.children as PhrasingContent[]);
	return { type: 'mdxJsxFlowElement', name: only.name, attributes: only.attributes, children: inner.length ? [{ type: 'paragraph', children: inner }] : [] };
}

function trimEdges(nodes: PhrasingContent[]): PhrasingContent[] {
	const out = nodes.map(n => ({ ...n }));
	const first = out[0];
	if (first?.type === 'text') first.value = first.value.trimStart();
	const last = out[out.length - 1];
	if (last?.type === 'text') last.value = last.value.trimEnd();
	return out.filter(n => !(n.type === 'text' && n.value === ''));
}

/** A block written back exactly as it stands, its first line's indentation removed from all its lines. */
export function writeVerbatim(node: Block, source: string): string[] {
	const text = sourceOf(node, source);
	const column = (node.position?.start.column ?? 1) - 1;
	return text.split(/\r?\n/).map((line, i) => (i === 0 ? line : stripIndent(line, column)));
}

/**
 * A multi-line expression's continuation lines, less the indentation they share: how much of the
 * surrounding components' indentation the parser leaves in an expression depends on the nesting, so
 * the written form is made independent of it (and a second run changes nothing). The component's
 * own indentation is added back by the caller.
 */
function dedentContinuation(lines: string[]): string[] {
	const rest = lines.slice(1).filter(line => line.trim() !== '');
	const common = minOf(
		rest.map(line => /^[ \t]*/.exec(line)![0].length),
		0,
	);
	return lines.map((line, i) => (i === 0 ? line : stripIndent(line, common)));
}

function stripIndent(line: string, count: number): string {
	let i = 0;
	while (i < count && (line[i] === ' ' || line[i] === '\t')) i++;
	return line.slice(i);
}

export function isRootEmpty(root: Root): boolean {
	return root.children.every(c => c.type === 'yaml');
}
