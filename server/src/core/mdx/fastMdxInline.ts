import type { PhrasingContent } from 'mdast';
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import { declinedChecks } from './fastMdxDeclined';

/**
 * The inline reader of the fast MDX parser (fastMdxParse.ts): the content of one paragraph or
 * heading, as lines, read into exactly the mdast nodes (with positions) micromark and
 * mdast-util-from-markdown build — for plain text, backslash escapes, hard breaks, code spans,
 * `[text](destination)` links, brackets that make no link, `![alt](destination)` images with a
 * plain alt, JSX tags with string props on one line (`<br />`, `<Badge color="x">Beta</Badge>`)
 * and simple `*emphasis*`, `_emphasis_`, `**strong**` (a link in them, or them in a link).
 * Anything else (character references, other JSX, expressions, math, strikethrough, autolink
 * literals, emphasis nested in emphasis or next to a letter outside ASCII) returns undefined: the
 * caller hands the block to micromark.
 */

/** One line of the content: `text[from, to)` at 1-based `line`, `column` (indentation and trailing spaces excluded). */
export interface InlineLine {
	readonly from: number;
	readonly to: number;
	/** Where the line ends, after its trailing space (a text that starts at the line break starts there). */
	readonly end?: number;
	readonly line: number;
	readonly column: number;
}

interface Point {
	line: number;
	column: number;
	offset: number;
}

const asciiAlnum = /[A-Za-z0-9]/;
const asciiPunctuation = /[!-/:-@[-`{-~]/;
/** What micromark counts as punctuation next to an emphasis delimiter (Unicode punctuation and symbols). */
const unicodePunctuation = /[\p{P}\p{S}]/u;
const whitespace = /\s/;
/**
 * An image with a plain alt and a link's destination. In the alt `>`, a `&` that starts no reference
 * and a `_` between letters or digits (which can neither open nor close emphasis) are themselves.
 */
const imageHead = /!\[((?:[^[\]\\`*_<>{}&!\n$~|]|>|&(?![#A-Za-z0-9])|(?<=[A-Za-z0-9])_(?=[A-Za-z0-9]))*)\]\(([^\s()<>\\&"']+)\)/y;
/** An opening or self-closing JSX tag on one line with string props (values without escapes, references, braces or angle brackets). */
const inlineTag = /<([A-Za-z][A-Za-z0-9]*)((?: +[A-Za-z_][\w-]*(?:="[^"\\{}<>&\n]*"|='[^'\\{}<>&\n]*')?)*) *(\/?)>/y;
const inlineAttribute = /( +)([A-Za-z_][\w-]*)(?:="([^"]*)"|='([^']*)')?/g;
const top = 0;
const inLink = 1;
const inEmphasis = 2;
/** A backslash escape: the backslash is dropped from the text. */
const escape = /\\([!-/:-@[-`{-~])/g;

/**
 * `inTable`: the content of a GFM table cell, where `\|` is an escaped pipe (in code spans too).
 * A single `$` is text (math takes a pair; the caller sees that a table row holds at most one).
 */
export function readInline(text: string, lines: readonly InlineLine[], inTable = false): PhrasingContent[] | undefined {
	if (lines.length === 0) return [];
	const confirm = declinedChecks(text, lines, inTable);
	if (!confirm) return undefined;
	const nodes = new InlineReader(text, lines, inTable).read();
	return nodes && confirm(nodes) ? nodes : undefined;
}

class InlineReader {
	/** The content as one string: the lines joined by `\n` (what micromark's text sees, indentation removed). */
	private readonly joined: string;
	/** Offset in `joined` where each line starts. */
	private readonly starts: number[] = [];

	constructor(
		private readonly source: string,
		private readonly lines: readonly InlineLine[],
		private readonly inTable: boolean,
	) {
		let joined = '';
		for (const l of lines) {
			if (joined) joined += '\n';
			this.starts.push(joined.length);
			joined += source.slice(l.from, l.to);
		}
		this.joined = joined;
	}

	read(): PhrasingContent[] | undefined {
		return this.content(0, this.joined.length, top);
	}

	/**
	 * The point in the source of `joined[i]`. The end of a line's content stands for its line
	 * ending: a node ends there before the line's trailing space, a text that starts there (with the
	 * line break) starts after it; a text that ends at a line's start ends before its indentation.
	 */
	private point(i: number, text?: 'start' | 'end'): Point {
		let k = this.starts.length - 1;
		while (k > 0 && this.starts[k] > i) k--;
		const l = this.lines[k];
		// A text that ends with a line break ends at the next line's first column, before its indentation.
		if (text === 'end' && k > 0 && i === this.starts[k]) return { line: l.line, column: 1, offset: l.from - (l.column - 1) };
		const offset = text === 'start' && k < this.lines.length - 1 && i === this.starts[k] + (l.to - l.from) ? (l.end ?? l.to) : l.from + (i - this.starts[k]);
		return { line: l.line, column: l.column + (offset - l.from), offset };
	}

	/** The trailing spaces of the line before the one starting at `joined[i]`. */
	private spacesBefore(i: number): number {
		const k = this.starts.indexOf(i);
		if (k < 1) return 0;
		const l = this.lines[k - 1];
		return (l.end ?? l.to) - l.to;
	}

	/**
	 * Nodes for `joined[from, to)`; `inside`: `inLink` and `inEmphasis` (emphasis in a link and a link
	 * in emphasis are read, not emphasis in emphasis or a link in a link).
	 */
	private content(from: number, to: number, inside: number): PhrasingContent[] | undefined {
		const s = this.joined;
		const out: PhrasingContent[] = [];
		/** Brackets read as text whose `]` is still ahead. */
		let textBrackets = 0;
		let textStart = from;
		let escaped = false;
		const flush = (end: number): void => {
			if (end <= textStart) return;
			const raw = s.slice(textStart, end);
			const value = escaped ? raw.replace(escape, '$1') : raw;
			out.push({ type: 'text', value, position: { start: this.point(textStart, 'start'), end: this.point(end, 'end') } });
			escaped = false;
		};
		let i = from;
		while (i < to) {
			const c = s[i];
			if (c === '\n' && this.spacesBefore(i + 1) >= 2) {
				// Two spaces or more before a line break: a hard break, from the spaces to the next line.
				flush(i);
				out.push({ type: 'break', position: { start: this.point(i), end: this.point(i + 1, 'end') } });
				i = textStart = i + 1;
			} else if (c === '\\') {
				const next = s[i + 1];
				// A backslash before a line break is a hard break (not with spaces between); before other punctuation an escape.
				if (next === '\n') {
					if (this.spacesBefore(i + 2) !== 0) return undefined;
					flush(i);
					out.push({ type: 'break', position: { start: this.point(i), end: this.point(i + 2, 'end') } });
					i = textStart = i + 2;
					continue;
				}
				if (i + 1 < to && asciiPunctuation.test(next)) {
					escaped = true;
					i += 2;
				} else i++;
			} else if (c === '!' && s[i + 1] === '[') {
				const image = this.image(i, to);
				if (!image) return undefined;
				flush(i);
				out.push(image.node);
				i = textStart = image.end;
			} else if (c === '<') {
				const element = this.element(i, to, inside);
				if (!element) return undefined;
				flush(i);
				out.push(element.node);
				i = textStart = element.end;
			} else if (c === '`') {
				const code = this.codeSpan(i, to);
				if (!code) return undefined;
				flush(i);
				out.push(code.node);
				i = textStart = code.end;
			} else if (c === '[') {
				if (inside & inLink) return undefined;
				const link = this.link(i, to, inside);
				if (!link) return undefined;
				if (link === 'text') {
					textBrackets++;
					i++;
					continue;
				}
				flush(i);
				out.push(link.node);
				i = textStart = link.end;
			} else if (c === ']') {
				// Text: the page has no definitions, and a `[` before it was text or made a link that ended before.
				if (textBrackets > 0) textBrackets--;
				else if (inside) return undefined;
				i++;
			} else if (c === '*' || c === '_') {
				if (c === '_' && asciiAlnum.test(s[i - 1] ?? '') && asciiAlnum.test(s[i + 1] ?? '') && i > from) {
					i++;
					continue;
				}
				if (inside & inEmphasis) return undefined;
				const mark = this.emphasis(i, to, inside);
				if (!mark) return undefined;
				flush(i);
				out.push(mark.node);
				i = textStart = mark.end;
			} else i++;
		}
		flush(to);
		return out;
	}

	private codeSpan(open: number, to: number): { node: PhrasingContent; end: number } | undefined {
		const s = this.joined;
		let n = 0;
		while (s[open + n] === '`') n++;
		let i = open + n;
		while (i < to) {
			if (s[i] === '\n') return undefined;
			if (s[i] === '`') {
				let m = 0;
				while (s[i + m] === '`') m++;
				if (m === n) {
					let value = s.slice(open + n, i);
					if (value.length > 2 && value.startsWith(' ') && value.endsWith(' ') && value.trim()) value = value.slice(1, -1);
					else if (value.startsWith(' ') || value.endsWith(' ') || !value) return undefined;
					// In a table cell a code span's `\|` is a pipe (mdast-util-gfm-table); `\\` stays.
					if (this.inTable) value = value.replace(/\\([\\|])/g, (all, c: string) => (c === '|' ? c : all));
					return { node: { type: 'inlineCode', value, position: { start: this.point(open), end: this.point(i + n) } }, end: i + n };
				}
				i += m;
			} else i++;
		}
		return undefined;
	}

	/** `[text](destination)`, or 'text' for brackets without `(` after them: a destination without spaces, parentheses, angle brackets, escapes or references; no title. */
	private link(open: number, to: number, inside: number): { node: PhrasingContent; end: number } | 'text' | undefined {
		const s = this.joined;
		if (s[open - 1] === '!') return undefined;
		let close = open + 1;
		while (close < to && s[close] !== ']' && s[close] !== '[') {
			// A code span inside the text may hold `]`; an escaped `]` does not close it.
			if (s[close] === '`') {
				const code = this.codeSpan(close, to);
				if (!code) return undefined;
				close = code.end;
			} else close += s[close] === '\\' ? 2 : 1;
		}
		// Brackets not followed by `(` are text: the page has no definitions (fastMdxParse.ts sends pages with `]:` to micromark).
		// Inside emphasis only with their `]` before its end: a `[` whose `]` is past it may make a link across the delimiter.
		if ((close === to && !inside) || (close < to && s[close] === ']' && s[close + 1] !== '(')) return 'text';
		if (s[close] !== ']' || close === open + 1) return undefined;
		const destStart = close + 2;
		let destEnd = destStart;
		while (destEnd < to && /[^\s()<>\\&"']/.test(s[destEnd])) destEnd++;
		if (s[destEnd] !== ')' || destEnd === destStart) return undefined;
		const children = this.content(open + 1, close, inside | inLink);
		if (!children?.length) return undefined;
		const node: PhrasingContent = {
			type: 'link',
			title: null,
			url: s.slice(destStart, destEnd),
			children: children as never,
			position: { start: this.point(open), end: this.point(destEnd + 1) },
		};
		return { node, end: destEnd + 1 };
	}

	/** `![alt](destination)`: an alt of plain characters (no markup, escapes or line breaks), a destination as a link's. */
	private image(open: number, to: number): { node: PhrasingContent; end: number } | undefined {
		imageHead.lastIndex = open;
		const m = imageHead.exec(this.joined);
		if (!m || open + m[0].length > to) return undefined;
		const end = open + m[0].length;
		const node: PhrasingContent = { type: 'image', title: null, url: m[2], alt: m[1], position: { start: this.point(open), end: this.point(end) } };
		return { node, end };
	}

	/**
	 * `<Name />`, `<Name a="b" c />` or `<Name a="b">content</Name>` on one line: string props
	 * without escapes, references or braces; content without tags.
	 */
	private element(open: number, to: number, inside: number): { node: PhrasingContent; end: number } | undefined {
		inlineTag.lastIndex = open;
		const m = inlineTag.exec(this.joined);
		if (!m || open + m[0].length > to) return undefined;
		const attributes: MdxJsxAttribute[] = [];
		const from = open + 1 + m[1].length;
		inlineAttribute.lastIndex = 0;
		for (let a = inlineAttribute.exec(m[2]); a; a = inlineAttribute.exec(m[2])) {
			const start = from + a.index + a[1].length;
			const value = a[3] ?? a[4] ?? null;
			attributes.push({ type: 'mdxJsxAttribute', name: a[2], value, position: { start: this.point(start), end: this.point(from + a.index + a[0].length) } });
		}
		let end = open + m[0].length;
		let children: PhrasingContent[] = [];
		if (!m[3]) {
			const close = this.joined.indexOf(`</${m[1]}>`, end);
			if (close < 0 || close >= to || /[<\n]/.test(this.joined.slice(end, close))) return undefined;
			const read = this.content(end, close, inside);
			if (!read) return undefined;
			children = read;
			end = close + m[1].length + 3;
			if (end > to) return undefined;
		}
		const node = { type: 'mdxJsxTextElement', name: m[1], attributes, children, position: { start: this.point(open), end: this.point(end) } };
		return { node: node as PhrasingContent, end };
	}

	/**
	 * `*a*`, `_a_`, `**a**`, `__a__` whose delimiters are plainly an opener and a closer: the opener
	 * after the start, a space or ASCII punctuation and before a non-space; the closer after a
	 * non-space and before the end, a space or ASCII punctuation; no other `*` or `_` between.
	 */
	private emphasis(open: number, to: number, inside: number): { node: PhrasingContent; end: number } | undefined {
		const s = this.joined;
		const c = s[open];
		let n = 0;
		while (s[open + n] === c) n++;
		if (n > 2) return undefined;
		const before = s[open - 1];
		const first = s[open + n];
		if (before !== undefined && before !== ' ' && before !== '\n' && !(unicodePunctuation.test(before) && before !== c && before !== '\\')) return undefined;
		if (first === undefined || whitespace.test(first) || first === '*' || first === '_') return undefined;
		let i = open + n;
		while (i < to) {
			const d = s[i];
			if (d === '\\') {
				i += 2;
				continue;
			}
			if (d === '`') {
				const code = this.codeSpan(i, to);
				if (!code) return undefined;
				i = code.end;
				continue;
			}
			if (d === '*' || d === '_') {
				if (d === '_' && c !== '_' && asciiAlnum.test(s[i - 1]) && asciiAlnum.test(s[i + 1] ?? '')) {
					i++;
					continue;
				}
				if (d !== c) return undefined;
				let m = 0;
				while (s[i + m] === c) m++;
				const last = s[i - 1];
				const after = s[i + m];
				const closes = m === n && !whitespace.test(last);
				const ends = after === undefined || after === ' ' || after === '\n' || (unicodePunctuation.test(after) && after !== c && after !== '\\');
				if (!closes || !ends) return undefined;
				const children = this.content(open + n, i, inside | inEmphasis);
				if (!children?.length) return undefined;
				const node = {
					type: n === 2 ? 'strong' : 'emphasis',
					children,
					position: { start: this.point(open), end: this.point(i + m) },
				} as PhrasingContent;
				return { node, end: i + m };
			}
			i++;
		}
		return undefined;
	}
}
