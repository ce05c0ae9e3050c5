import { scanTag } from './jsxTag';
import { textExpressionEnd } from './mdxExpression';
import type { PageRecorder } from './pageRecords';

/** Characters a link destination may hold here: no spaces, parentheses, angle brackets, quotes, backslashes or non-ASCII. */
const urlCharacter = /[A-Za-z0-9\-._~:/?#@!$%+,;=*&]/;
const entityLike = /^&#?[A-Za-z0-9]+;/;
const asciiPunctuation = /[!-/:-@[-`{-~]/;
const autolinkStart = /^(?:https?:\/\/|www\.)/i;
/** In a GFM autolink literal these could swallow link or code syntax (`https://x/[a](/b)` is one autolink). */
const autolinkUnsafe = /[[\]`<>{}\\]/;

/** Elements whose placement is judged (see treeRecords.ts): in text, the parser reads them. */
const unravelledNames: ReadonlySet<string> = new Set(['Tab', 'Step']);

/**
 * The characters `inline` looks at (ASCII codes); at any other character it only steps on, so it
 * skips runs of them in one tight loop (the step from character to character through every test was
 * ~7 % of a page worker on mintlify/docs). Characters outside ASCII are never looked at.
 */
const looked = new Uint8Array(128);
for (const c of '<`[!]\\{}$|*_~&hHwW') looked[c.charCodeAt(0)] = 1;

/** The last text asked about: the chunks of one page share their page's answer. */
let lastDollarText: { text: string; answer: boolean } | undefined;

/** True when `text` holds at most one `$` (see InlineScanner.dollarIsText). */
function dollarIsText(text: string): boolean {
	if (lastDollarText?.text !== text) lastDollarText = { text, answer: text.indexOf('$') === text.lastIndexOf('$') };
	return lastDollarText.answer;
}

/**
 * The fast tier's reader of inline content (one line of a paragraph, list item, table row, block
 * quote or heading): code spans, links and references, JSX elements closed on the line, escapes,
 * expressions. It records links and elements, and declines (undefined) whatever it does not mirror
 * exactly. Split from fastPageScan.ts, whose line scanner calls it.
 */
export class InlineScanner {
	/** A page with at most one `$` cannot hold math (it takes a pair): its `$` is a character. Known once a `$` is met. */
	#dollarIsText: boolean | undefined;

	constructor(
		private readonly text: string,
		private readonly recorder: PageRecorder,
	) {}

	/**
	 * Searched for only when a `$` is met, and once per text: a long page read in chunks makes a
	 * scanner per chunk (two per chunk: a trial, then the recording), and searching the whole text
	 * in each made crewAI's 150 KB changelogs quadratic (1.1 s of 3.8 s of the fast tier).
	 */
	private get dollarIsText(): boolean {
		return (this.#dollarIsText ??= dollarIsText(this.text));
	}

	/**
	 * Inline content from `from` to `to`: plain text, code spans closed on the line, `[text](url)`
	 * and `![alt](url)`. Records the links; returns the plain text of the content (what a heading
	 * is called), or undefined to decline. Headings also decline emphasis and character references,
	 * which would change their text; elsewhere those only change the tree's shape, not what is recorded.
	 */
	inline(from: number, to: number, heading: boolean, inLabel = false): { plain: string; end: number } | undefined {
		const { text } = this;
		let plain = '';
		let segment = from;
		let i = from;
		/** Names of the JSX text elements open at `i`: each must close on the line. */
		const elements: string[] = [];
		/** Offsets of `**` markers in a heading. */
		const strong: number[] = [];
		const loneMarker = heading && text.slice(from, to).match(/[*_~]/g)?.length === 1;
		while (i < to) {
			const c = text[i];
			if (c === '<') {
				// Headings would take the elements' text; inside a link's text the element would have to close there too.
				if (heading || inLabel) return undefined;
				const tag = scanTag(this.text, i, to);
				if (!tag) return undefined;
				// A Tab or Step in a paragraph of nothing but elements is a flow element to the platform's
				// compiler (it unravels such paragraphs), judged by its placement: the parser reads that page.
				if (unravelledNames.has(tag.name)) return undefined;
				if (tag.closing) {
					if (elements.pop() !== tag.name) return undefined;
				} else {
					this.recorder.element(tag.name, tag.attributes, i, tag.end);
					if (!tag.selfClosing) elements.push(tag.name);
				}
				i = segment = tag.end;
				continue;
			}
			if (c === '`' || c === '[' || (c === '!' && text[i + 1] === '[') || (inLabel && c === ']')) {
				if (heading) plain += text.slice(segment, i);
				if (inLabel && c === ']') return strongPairs(text, strong) ? { plain, end: i } : undefined;
				if (c === '`') {
					const code = this.codeSpan(i, to, inLabel);
					if (!code) return undefined;
					plain += code.value;
					i = code.end;
				} else {
					if (inLabel) return undefined;
					const link = this.link(c === '!' ? i + 1 : i, to, heading);
					if (!link) return undefined;
					if (c !== '!') plain += link.label;
					if (link.url !== undefined) this.recorder.link(link.url, c === '!' ? 'image' : 'link', i, link.end);
					i = link.end;
				}
				segment = i;
				continue;
			}
			if (c === '\\') {
				// An escaped ASCII punctuation character is that character (no link, tag, expression or math starts there);
				// a backslash before anything else is itself, or at the end of a line a hard break.
				if (i + 1 < to && asciiPunctuation.test(text[i + 1])) {
					if (heading) {
						plain += text.slice(segment, i) + text[i + 1];
						segment = i + 2;
					}
					i += 2;
					continue;
				}
				i++;
				continue;
			}
			if (c === '{' && !heading && !inLabel) {
				// An expression in text (`{'{'}`, `{props.limit}`), ending where the MDX parser ends it; nothing of it is recorded.
				const after = textExpressionEnd(text, i, to);
				if (after === undefined) return undefined;
				i = segment = after;
				continue;
			}
			// `$` may open math (the platform parses pages with remark-math): the parser reads those pages.
			// A `]` here has no `[` before it on the line (links are read whole, and never span lines here): it is text.
			if (c === '{' || c === '}' || (c === '$' && !this.dollarIsText) || (c === '|' && (inLabel || elements.length))) return undefined;
			if (heading && c === '*' && text[i + 1] === '*' && text[i + 2] !== '*' && text[i - 1] !== '*') {
				// `**strong**` in a heading: its text without the markers, checked once the heading is read.
				plain += text.slice(segment, i);
				strong.push(i);
				i = segment = i + 2;
				continue;
			}
			if (c === '*' || c === '_' || c === '~') {
				// In a heading (whose text we take) only a marker with no other to pair with, or a `_` between letters or
				// digits, which can neither open nor close emphasis.
				if (heading && !loneMarker && !(c === '_' && /[A-Za-z0-9]/.test(text[i - 1] ?? '') && /[A-Za-z0-9]/.test(text[i + 1] ?? ''))) return undefined;
				// A marker between an element's tags could pair with one outside them: an MDX error, not mirrored.
				if (elements.length) return undefined;
			}
			if (heading && c === '&' && entityLike.test(text.slice(i, i + 40))) return undefined;
			if ((c === 'h' || c === 'H' || c === 'w' || c === 'W') && /[tTwW]/.test(text[i + 1]) && autolinkStart.test(text.slice(i, i + 8))) {
				let tokenEnd = text.indexOf(' ', i);
				if (tokenEnd === -1 || tokenEnd > to) tokenEnd = to;
				if (autolinkUnsafe.test(text.slice(i, tokenEnd))) return undefined;
			}
			i++;
			for (let code = text.charCodeAt(i); i < to && (code > 0x7f || looked[code] === 0); code = text.charCodeAt(++i));
		}
		if (inLabel || elements.length || !strongPairs(text, strong)) return undefined;
		return { plain: heading ? plain + text.slice(segment, to) : '', end: to };
	}

	/** A code span opening at `at` and closed by a backtick run of the same length on the line. */
	private codeSpan(at: number, to: number, inLabel: boolean): { value: string; end: number } | undefined {
		const { text } = this;
		let size = 0;
		while (text[at + size] === '`') size++;
		for (let i = at + size; i < to;) {
			if (text[i] !== '`') {
				i++;
				continue;
			}
			let run = 0;
			while (text[i + run] === '`') run++;
			if (run === size) {
				let value = text.slice(at + size, i);
				// An unescaped `|` splits GFM table cells even inside code (`\|` does not); brackets inside a link's text are not mirrored.
				if (/(?<!\\)\||\\\\\|/.test(value) || (inLabel && /[[\]]/.test(value))) return undefined;
				if (value.length > 2 && value[0] === ' ' && value[value.length - 1] === ' ' && /[^ ]/.test(value)) value = value.slice(1, -1);
				return { value, end: i + run };
			}
			i += run;
		}
		return undefined;
	}

	/**
	 * `[label](url)` with `[` at `at`: the label's plain text, the URL and the offset after `)`. Also
	 * `[label][ref]`, `[label][]` and `[label]` (no URL): a reference, or literal text when nothing
	 * defines it; the tree records neither as a link. Outside headings only, whose text would
	 * depend on whether it is defined; and never followed by `(` or `[`, which could make a link of
	 * the rest.
	 */
	private link(at: number, to: number, heading: boolean): { label: string; url: string | undefined; end: number } | undefined {
		const { text } = this;
		if (text[at + 1] === '^') return undefined;
		const label = this.inline(at + 1, to, heading, true);
		if (!label) return undefined;
		let i = label.end;
		if (text[i + 1] !== '(') {
			if (heading) return undefined;
			let end = i + 1;
			if (text[end] === '[') {
				const close = text.indexOf(']', end + 1);
				if (close === -1 || close >= to || /[[\\^]/.test(text.slice(end + 1, close))) return undefined;
				end = close + 1;
			}
			return text[end] === '(' || text[end] === '[' ? undefined : { label: label.plain, url: undefined, end };
		}
		i += 2;
		const urlStart = i;
		while (i < to && urlCharacter.test(text[i])) {
			if (text[i] === '&' && entityLike.test(text.slice(i, i + 40))) return undefined;
			i++;
		}
		if (i === urlStart || text[i] !== ')') return undefined;
		return { label: label.plain, url: text.slice(urlStart, i), end: i + 1 };
	}
}

/**
 * Whether `**` markers of a heading pair up as plain strong text: alternately an opener followed by
 * a letter or digit and a closer preceded by one (so each can only open, or close, where it stands).
 */
function strongPairs(text: string, markers: readonly number[]): boolean {
	if (markers.length % 2) return false;
	return markers.every((at, k) => (k % 2 === 0 ? /[\p{L}\p{N}]/u.test(text[at + 2] ?? '') : /[\p{L}\p{N}]/u.test(text[at - 1] ?? '')));
}
