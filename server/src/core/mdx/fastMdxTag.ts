import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import type { Point } from 'unist';
import type { PageLines } from './fastMdxTable';
import { attributeExpressionEnd } from './mdxExpression';

/** An opening (or self-closing) JSX tag that stands alone on its lines, as micromark reads it. */
export interface OpeningTag {
	readonly name: string;
	readonly attributes: MdxJsxAttribute[];
	readonly selfClosing: boolean;
	/** Where `<` is, and the line and offset just after `>`. */
	readonly start: number;
	readonly endLine: number;
	readonly end: number;
}

/** A line that is one JSX tag with string props, opening or self-closing; a flow tag like it interrupts a paragraph. */
export const tagLine = /^( *)<([A-Za-z][A-Za-z0-9]*)((?: +[A-Za-z_][\w-]*(?:="[^"\\{}<>&\n]*"|='[^'\\{}<>&\n]*')?)*) *(\/?)>$/;
export const closingTagLine = /^( *)<\/([A-Za-z][A-Za-z0-9]*)>$/;

const name = /[A-Za-z][A-Za-z0-9]*/y;
const attributeName = /[A-Za-z_][\w-]*/y;
const literal = `(?:-?\\d+(?:\\.\\d+)?|true|false|null|"[^"\\\\\\n]*"|'[^'\\\\\\n]*')`;
/**
 * The expression values read without acorn: a number, `true`, `false`, `null`, a plain string or an
 * array of those — acorn accepts every one of them, so no syntax error is missed. Others on one line
 * (`style={{ width: '100%' }}`) are ended and judged by acorn, as micromark does.
 */
const expressionValue = new RegExp(`\\{(${literal}|\\[ *(?:${literal}(?: *, *${literal})* *,?)? *\\])\\}`, 'y');
/** A `&` that cannot start a character reference (`a & b`) is itself: the value is read as written. */
const stringValue = /"((?:[^"\\{}<>&\n]|&(?![#A-Za-z0-9]))*)"|'((?:[^'\\{}<>&\n]|&(?![#A-Za-z0-9]))*)'/y;

/**
 * The tag starting at line `k` (after its indentation): `<Name`, props separated by spaces or line
 * breaks — string values without escapes, references or braces, or the simple expression values
 * above — then `>` or `/>` at the end of a line. Undefined for anything else (blank lines or tabs
 * inside, `{...spread}`, expressions over several lines, text after the tag).
 */
export function readOpeningTag(page: PageLines, k: number): OpeningTag | undefined {
	const { text, starts, ends } = page;
	let line = k;
	let i = starts[k];
	while (text[i] === ' ') i++;
	const start = i;
	if (text[i] !== '<') return undefined;
	name.lastIndex = i + 1;
	const n = name.exec(text);
	if (!n) return undefined;
	i = name.lastIndex;
	const point = (offset: number, at: number): Point => ({ line: at + 1, column: offset - starts[at] + 1, offset });
	const attributes: MdxJsxAttribute[] = [];
	for (;;) {
		let spaced = false;
		for (;;) {
			if (text[i] === ' ') i++;
			else if (i === ends[line] && line + 1 < starts.length && ends[line] < text.length && !/^[ \t]*$/.test(text.slice(starts[line + 1], ends[line + 1]))) {
				line++;
				i = starts[line];
			} else break;
			spaced = true;
		}
		if (text[i] === '>' || (text[i] === '/' && text[i + 1] === '>')) {
			const selfClosing = text[i] === '/';
			const end = i + (selfClosing ? 2 : 1);
			if (end !== ends[line]) return undefined;
			return { name: n[0], attributes, selfClosing, start, endLine: line, end };
		}
		if (!spaced) return undefined;
		attributeName.lastIndex = i;
		const a = attributeName.exec(text);
		if (!a) return undefined;
		const from = i;
		i = attributeName.lastIndex;
		let value: MdxJsxAttribute['value'] = null;
		if (text[i] === '=') {
			stringValue.lastIndex = expressionValue.lastIndex = i + 1;
			const s = stringValue.exec(text);
			const e = s ? undefined : expressionValue.exec(text);
			if (s) {
				value = s[1] ?? s[2];
				i = stringValue.lastIndex;
			} else if (e) {
				value = { type: 'mdxJsxAttributeValueExpression', value: e[1] };
				i = expressionValue.lastIndex;
			} else if (text[i + 1] === '{') {
				// Any other expression on the line, ended where micromark ends it (judged by acorn).
				const close = attributeExpressionEnd(text, i + 1, ends[line]);
				if (close === undefined) return undefined;
				value = { type: 'mdxJsxAttributeValueExpression', value: text.slice(i + 2, close - 1) };
				i = close;
			} else return undefined;
		}
		attributes.push({ type: 'mdxJsxAttribute', name: a[0], value, position: { start: point(from, line), end: point(i, line) } });
	}
}
