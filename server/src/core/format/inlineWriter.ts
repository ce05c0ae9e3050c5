import type { Image, Link, PhrasingContent, Text } from 'mdast';
import type { MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { writeInlineImg } from './imageWriter';
import { writeJsxAttributes } from './jsxAttributes';

/**
 * Writes phrasing content the way the platform's web editor does (learned from `mint format`
 * output): soft line breaks become spaces, emphasis is `_x_`, strong `**x**`, strikethrough `~~x~~`,
 * hard breaks `<br />`, inline math `$$x$$`, and the characters MDX or Markdown would read as syntax
 * are escaped with a backslash.
 */
export interface InlineContext {
	/** Inside a table cell: `|` must be escaped. */
	readonly inTable?: boolean;
	/** Inside a link's text: a bracket would end it early. */
	readonly inLink?: boolean;
	/** In text (a paragraph holding more than one image, a table cell): images are written as `<img>` tags. */
	readonly imagesAsJsx?: boolean;
	/** The page source, for nodes written back as they were (references, footnotes). */
	readonly source: string;
}

type Phrasing = PhrasingContent | MdxJsxTextElement | { type: string; value?: string; children?: Phrasing[] };

/** Characters that are syntax wherever they stand in MDX text (`{`, `<`), Markdown (`*`, `` ` ``, `\`) or math (`$`). */
const alwaysEscaped = new Set(['\\', '`', '*', '{', '}', '<', '$']);
const wordChar = /[\p{L}\p{N}]/u;

export function writeInline(nodes: readonly Phrasing[], ctx: InlineContext): string {
	const parts = nodes.map(node => writeOne(node, ctx));
	// `_` does not open or close emphasis inside a word (`ページの*コンテンツ*が`): there it is written with `*`.
	for (let i = 0; i < parts.length; i++) {
		const part = parts[i];
		if (!part.startsWith('_') || !part.endsWith('_') || nodes[i].type === 'text') continue;
		if (wordChar.test(parts[i - 1]?.slice(-1) ?? '') || wordChar.test(parts[i + 1]?.[0] ?? '')) parts[i] = `*${part.slice(1, -1)}*`;
	}
	return parts.join('');
}

function writeOne(node: Phrasing, ctx: InlineContext): string {
	switch (node.type) {
		case 'text':
			return escapeText((node as Text).value, ctx);
		case 'emphasis': {
			// Emphasis around strong text is written strong around emphasis (`_**a**_` → `**_a_**`), as the editor does.
			const only = children(node);
			if (only.length === 1 && only[0].type === 'strong')
				return writeOne({ type: 'strong', children: [{ type: 'emphasis', children: children(only[0]) }] }, ctx);
			const link = linkInMark(node, ctx);
			return link ? writeOne(link, ctx) : `_${edgeSpaceAsReference(writeInline(children(node), ctx))}_`;
		}
		case 'strong': {
			const link = linkInMark(node, ctx);
			return link ? writeOne(link, ctx) : `**${edgeSpaceAsReference(writeInline(children(node), ctx))}**`;
		}
		case 'delete':
			return `~~${writeInline(children(node), ctx)}~~`;
		case 'inlineCode':
			return writeInlineCode(node.value ?? '', ctx);
		case 'inlineMath':
			return `$$${node.value ?? ''}$$`;
		case 'break':
			return '<br />';
		case 'link': {
			const link = node as { url: string; title?: string | null; children: Phrasing[] };
			// A bare URL or e-mail address (GFM's literal autolink) is written as a link to itself
			// (`[a@b.io](mailto:a@b.io)`), as the web editor does; the same link to the renderer.
			return `[${writeInline(link.children, { ...ctx, inLink: true, imagesAsJsx: false })}](${writeDestination(link.url)}${writeTitle(link.title)})`;
		}
		case 'image': {
			const image = node as Image;
			if (ctx.imagesAsJsx) return writeInlineImg(image);
			return `![${escapeText(image.alt ?? '', { ...ctx, inLink: true })}](${writeDestination(image.url)}${writeTitle(image.title)})`;
		}
		case 'mdxTextExpression':
			return `{${node.value ?? ''}}`;
		case 'mdxJsxTextElement': {
			const el = node as MdxJsxTextElement;
			const open = `<${el.name ?? ''}${writeJsxAttributes(el.name, el.attributes)}`;
			// Images inside an inline component stay Markdown: the web editor makes such a component a block.
			const inner = { ...ctx, imagesAsJsx: false };
			if (!el.name) return `<>${writeInline(el.children as Phrasing[], inner)}</>`;
			if (el.children.length === 0) return `${open} />`;
			return `${open}>${writeInline(el.children as Phrasing[], inner)}</${el.name}>`;
		}
		default:
			// References, footnote calls, raw HTML: written back exactly as they were.
			return sourceOf(node, ctx.source).replace(/[ \t]*\r?\n[ \t]*/g, ' ');
	}
}

/**
 * Strong or emphasised text that is all one link (`**[Pay](/pay)**`, `_[Pay](/pay)_`): the web
 * editor keeps these as marks on the link's text, so it writes the link around the marked text
 * (`[**Pay**](/pay)`, `[_Pay_](/pay)`), which renders the same. Only for a link written with
 * brackets whose text has no space at its edges (where the mark would not open or close).
 */
function linkInMark(node: Phrasing, ctx: InlineContext): Phrasing | undefined {
	const inner = children(node);
	const link = inner.length === 1 && inner[0].type === 'link' ? (inner[0] as Link) : undefined;
	if (!link || !link.children.length || ctx.source[link.position?.start.offset ?? -1] !== '[') return undefined;
	const first = link.children[0];
	const last = link.children[link.children.length - 1];
	if ((first.type === 'text' && /^\s/.test(first.value)) || (last.type === 'text' && /\s$/.test(last.value))) return undefined;
	return { ...link, children: [{ type: node.type, children: link.children }] } as Phrasing;
}

/**
 * Strong or emphasised text that starts or ends with a space: a delimiter next to a space neither
 * opens nor closes, so that space is written as a character reference (`**Docs title&#x20;**`), the
 * form the page itself must have used.
 */
function edgeSpaceAsReference(inner: string): string {
	return inner.replace(/^[ \t]/, c => reference(c)).replace(/(?<!\\)[ \t]$/, c => reference(c));
}

function reference(c: string): string {
	return `&#x${c.charCodeAt(0).toString(16)};`;
}

function children(node: Phrasing): Phrasing[] {
	return (node as { children?: Phrasing[] }).children ?? [];
}

export function sourceOf(node: { position?: { start: { offset?: number }; end: { offset?: number } } } | object, source: string): string {
	const pos = (node as { position?: { start: { offset?: number }; end: { offset?: number } } }).position;
	if (pos?.start.offset === undefined || pos.end.offset === undefined) return '';
	return source.slice(pos.start.offset, pos.end.offset);
}

function writeInlineCode(value: string, ctx: InlineContext): string {
	let fence = '`';
	while (value.includes(fence)) fence += '`';
	const v = ctx.inTable ? value.replace(/\|/g, '\\|') : value;
	const pad = /^`|`$/.test(v) || (/^ .*[^ ].* $/.test(v) && v.length > 2) ? ' ' : '';
	return `${fence}${pad}${v}${pad}${fence}`;
}

function writeDestination(url: string): string {
	if (url === '' || /[\s<>]/.test(url)) return `<${url.replace(/[<>\\]|&(?=(#\d+|#x[\da-f]+|[a-z][a-z\d]*);)/gi, c => `\\${c}`)}>`;
	// Parentheses are escaped, as the web editor writes them (`(1\).png`), not put between `<>`.
	// A `&` that would read as a character reference (a bare URL keeps `&#x5F;` as written) is escaped too.
	return url.replace(/[()\\]|&(?=(#\d+|#x[\da-f]+|[a-z][a-z\d]*);)/gi, c => `\\${c}`);
}

function writeTitle(title: string | null | undefined): string {
	if (title === null || title === undefined) return '';
	return ` "${title.replace(/(["\\])/g, '\\$1')}"`;
}

/** Soft line breaks (and the indentation the parser kept after them) become one space. */
function escapeText(value: string, ctx: InlineContext): string {
	const text = value.replace(/[ \t]*\r?\n[ \t]*/g, ' ');
	let out = '';
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (alwaysEscaped.has(c)) out += `\\${c}`;
		else if (c === '_' && !(wordChar.test(text[i - 1] ?? '') && wordChar.test(text[i + 1] ?? ''))) out += '\\_';
		else if (c === '|' && ctx.inTable) out += '\\|';
		// As the web editor does: a `+` opening a text run and followed by a space (a list marker,
		// were the run at a line's start) is escaped; `+20` is not.
		else if (c === '+' && i === 0 && /^\s?$/.test(text[1] ?? '')) out += '\\+';
		else if ((c === ']' || c === '[') && ctx.inLink) out += `\\${c}`;
		else if (c === ']' && /[([:]/.test(text[i + 1] ?? '')) out += '\\]';
		else if (c === '~' && text[i + 1] === '~') out += '\\~';
		else if (c === '&' && /^&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i.test(text.slice(i))) out += '\\&';
		else out += c;
	}
	return out;
}
