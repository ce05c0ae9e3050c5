import type { PhrasingContent } from 'mdast';

/**
 * The inline reader of the fast MDX parser (fastMdxParse.ts): the content of one paragraph or
 * heading, as lines, read into exactly the mdast nodes (with positions) micromark and
 * mdast-util-from-markdown build — for plain text, code spans, `[text](destination)` links and
 * simple `*emphasis*`, `_emphasis_`, `**strong**`. Anything else (escapes, character references,
 * JSX, expressions, math, strikethrough, images, autolink literals, hard breaks, emphasis next to
 * non-ASCII text or nested in emphasis) returns undefined: the caller hands the block to micromark.
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

/** Characters that start a construct this reader does not mirror (or that could). */
const declined = /[\\{}<$~|]|&[#A-Za-z]|!\[|@|www\.|https?:|mailto:|xmpp:/i;
const asciiAlnum = /[A-Za-z0-9]/;
const asciiPunctuation = /[!-/:-@[-`{-~]/;

export function readInline(text: string, lines: readonly InlineLine[]): PhrasingContent[] | undefined {
	if (lines.length === 0) return [];
	for (const l of lines) {
		if (declined.test(text.slice(l.from, l.to)) && !declinedOnlyInDestination(text, l)) return undefined;
	}
	return new InlineReader(text, lines).read();
}

/** `&`, `@` or `http:` only inside link destinations (`](…)`) are fine: destinations are read separately. */
function declinedOnlyInDestination(text: string, l: InlineLine): boolean {
	const outside = text.slice(l.from, l.to).replace(/\]\([^()\s\\<>&]*\)/g, '](');
	return !declined.test(outside);
}

class InlineReader {
	/** The content as one string: the lines joined by `\n` (what micromark's text sees, indentation removed). */
	private readonly joined: string;
	/** Offset in `joined` where each line starts. */
	private readonly starts: number[] = [];

	constructor(
		private readonly source: string,
		private readonly lines: readonly InlineLine[],
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
		return this.content(0, this.joined.length, 0);
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

	/** Nodes for `joined[from, to)`; `depth` 1 inside emphasis or a link (no nesting of the same). */
	private content(from: number, to: number, depth: number): PhrasingContent[] | undefined {
		const s = this.joined;
		const out: PhrasingContent[] = [];
		let textStart = from;
		const flush = (end: number): void => {
			if (end > textStart)
				out.push({ type: 'text', value: s.slice(textStart, end), position: { start: this.point(textStart, 'start'), end: this.point(end, 'end') } });
		};
		let i = from;
		while (i < to) {
			const c = s[i];
			if (c === '`') {
				const code = this.codeSpan(i, to);
				if (!code) return undefined;
				flush(i);
				out.push(code.node);
				i = textStart = code.end;
			} else if (c === '[') {
				if (depth > 0) return undefined;
				const link = this.link(i, to);
				if (!link) return undefined;
				flush(i);
				out.push(link.node);
				i = textStart = link.end;
			} else if (c === ']') {
				return undefined;
			} else if (c === '*' || c === '_') {
				if (c === '_' && asciiAlnum.test(s[i - 1] ?? '') && asciiAlnum.test(s[i + 1] ?? '') && i > from) {
					i++;
					continue;
				}
				if (depth > 0) return undefined;
				const mark = this.emphasis(i, to);
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
					return { node: { type: 'inlineCode', value, position: { start: this.point(open), end: this.point(i + n) } }, end: i + n };
				}
				i += m;
			} else i++;
		}
		return undefined;
	}

	/** `[text](destination)`: a destination without spaces, parentheses, angle brackets, escapes or references; no title. */
	private link(open: number, to: number): { node: PhrasingContent; end: number } | undefined {
		const s = this.joined;
		if (s[open - 1] === '!') return undefined;
		let close = open + 1;
		while (close < to && s[close] !== ']' && s[close] !== '[') {
			// A code span inside the text may hold `]`.
			if (s[close] === '`') return undefined;
			close++;
		}
		if (s[close] !== ']' || s[close + 1] !== '(' || close === open + 1) return undefined;
		const destStart = close + 2;
		let destEnd = destStart;
		while (destEnd < to && /[^\s()<>\\&"']/.test(s[destEnd])) destEnd++;
		if (s[destEnd] !== ')' || destEnd === destStart) return undefined;
		const children = this.content(open + 1, close, 1);
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

	/**
	 * `*a*`, `_a_`, `**a**`, `__a__` whose delimiters are plainly an opener and a closer: the opener
	 * after the start, a space or ASCII punctuation and before a non-space; the closer after a
	 * non-space and before the end, a space or ASCII punctuation; no other `*` or `_` between.
	 */
	private emphasis(open: number, to: number): { node: PhrasingContent; end: number } | undefined {
		const s = this.joined;
		const c = s[open];
		let n = 0;
		while (s[open + n] === c) n++;
		if (n > 2) return undefined;
		const before = s[open - 1];
		const first = s[open + n];
		if (before !== undefined && before !== ' ' && before !== '\n' && !(asciiPunctuation.test(before) && before !== c && before !== '\\')) return undefined;
		if (first === undefined || first === ' ' || first === '\n' || first === '*' || first === '_' || !(asciiAlnum.test(first) || asciiPunctuation.test(first)))
			return undefined;
		let i = open + n;
		while (i < to) {
			const d = s[i];
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
				const closes = m === n && last !== ' ' && last !== '\n' && (asciiAlnum.test(last) || asciiPunctuation.test(last));
				const ends = after === undefined || after === ' ' || after === '\n' || (asciiPunctuation.test(after) && after !== c && after !== '\\');
				if (!closes || !ends) return undefined;
				const children = this.content(open + n, i, 1);
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
