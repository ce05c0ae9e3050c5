import type { TextDocument } from 'vscode-languageserver-textdocument';
import { scanTag, type Tag } from './jsxTag';
import { InlineScanner } from './fastInline';
import { flowExpressionEnd } from './mdxExpression';
import { PageRecorder, type Extracted } from './pageRecords';

/**
 * The fast tier of the page summarizer: a line scanner that reads the plain MDX most documentation
 * pages are written in (frontmatter, ATX headings, paragraphs, lists and tables with simple inline
 * content, fenced code, JSX blocks with literal attributes, `import X from '…'` lines) and returns
 * exactly what the syntax-tree walk of pageSummary.ts returns for them. It is about twenty times
 * faster than micromark. Whenever a page holds anything outside that subset it returns undefined
 * ("declines") and micromark, the authority, reads the page: a page with an MDX syntax error is
 * always declined, so the parser reports it. test/unit/core/fastPageScan.test.ts compares both
 * summarizers on every page the scanner accepts.
 *
 * `frontmatterEndOffset`: where readFrontmatter found the closing `---` (saves a search).
 */
export function fastSummarize(
	document: TextDocument,
	text: string,
	frontmatterEndOffset?: number,
	customIds?: ReadonlyMap<number, string>,
): Extracted | undefined {
	const recorder = new PageRecorder(document, text, customIds);
	return fastScanInto(recorder, text, 0, text.length, frontmatterEndOffset) ? recorder.result() : undefined;
}

/**
 * Scans `text[from, to)` into `recorder`: the whole page, or a chunk of it (pageChunks.ts) that
 * starts and ends at a line start where the page is at its top level. The frontmatter is read when
 * `from` is 0. False when declined (the recorder then holds a part of the chunk's records).
 */
export function fastScanInto(recorder: PageRecorder, text: string, from: number, to: number, frontmatterEndOffset?: number): boolean {
	if (unsafeCharacters.test(from === 0 && to === text.length ? text : text.slice(from, to))) return false;
	let bodyStart = from;
	if (from === 0 && text.startsWith('---')) {
		// Only the plain form `---\n…\n---\n`; trailing blanks, `---js` and unclosed blocks go to micromark.
		if (!text.startsWith('---\n')) return false;
		const close = frontmatterEndOffset ?? closingFence(text);
		if (close === undefined || close < 4 || text[close - 1] !== '\n' || !text.startsWith('---', close) || (close + 3 < text.length && text[close + 3] !== '\n'))
			return false;
		if (/^---[ \t]*$/m.test(text.slice(4, close - 1))) return false;
		recorder.fold(0, recorder.line(close));
		bodyStart = Math.min(close + 4, text.length);
		if (bodyStart > to) return false;
	}
	return new BodyScanner(text, recorder).scan(bodyStart, to);
}

/** Control characters, line and paragraph separators, BOM, replacement character and lone surrogates: left to micromark. */
const unsafeCharacters = /[\0-\x08\x0B-\x1F\x7F-\x9F\u2028\u2029\uFEFF\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function closingFence(text: string): number | undefined {
	const match = /^---[ \t]*$/m.exec(text.slice(4));
	return match ? 4 + match.index : undefined;
}

const thematicBreakOrSetext = /^(?:([-*_])(?: *\1){2,}|-+|=+) *$/;
const listMarker = /^(?:[-+*]|\d{1,9}[.)])(?: +|$)/;
const identifier = '[A-Za-z_$][\\w$]*';
const importLine = new RegExp(
	`^import +(?:(${identifier})|\\{ *(${identifier}(?: +as +${identifier})?(?: *, *${identifier}(?: +as +${identifier})?)*) *,? *\\}) +from +(['"])([^'"\\\\]+)\\3 *;? *$`,
);
const reservedWords = new Set(
	'await break case catch class const continue debugger default delete do else enum eval export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield arguments'.split(
		' ',
	),
);
const delimiterRow = /^\|? *:?-+:? *(?:\| *:?-+:? *)*\|? *$/;

type LineKind = 'blank' | 'heading' | 'fence' | 'jsx' | 'esm' | 'list' | 'comment' | 'definition' | 'quote' | 'break' | 'text' | 'decline';
/** `***`, `- - -`, `___`: a thematic break (after a blank line; after a paragraph `---` would underline it). */
const thematicBreak = /^([-*_])(?: *\1){2,} *$/;

/** `[label]: destination` with an optional title, all on one line: a link reference definition. */
const definitionLine = /^\[[^\[\]\\^\n][^\[\]\\\n]*\]: *[^ <>\n]+(?: +(?:"[^"\n]*"|'[^'\n]*'))? *$/;

interface OpenElement {
	readonly name: string;
	readonly fold: { startLine: number; endLine: number };
}

/** Walks the lines after the frontmatter; `scan` returns false as soon as a line is outside the subset. */
class BodyScanner {
	/** An open code fence; `listIndent`: its indentation, when it opened inside a list. */
	private fence:
		| { readonly marker: string; readonly size: number; readonly fold: { startLine: number; endLine: number }; readonly listIndent: number | undefined }
		| undefined;
	private readonly open: OpenElement[] = [];
	/** Indentation of the outermost list marker while a list may still be open (its items must not hold JSX or code). */
	private listIndent: number | undefined;
	/** A line with `|` was seen since the last blank line: a GFM table may be open, whose end rules are not mirrored. */
	private table = false;
	private blankBefore = true;
	private previousKind: LineKind = 'blank';
	private esm: { start: number; end: number } | undefined;
	private readonly importedNames = new Set<string>();
	private readonly inlines: InlineScanner;
	/** The tags of the line `kind` judged a JSX flow line, with their starts (they may end on a later line). */
	private flowTags: { start: number; tag: Tag }[] = [];
	/** Set when a line's construct ran past its end (a tag over several lines): the offset of the end of its last line. */
	private resume: number | undefined;
	/** Where the expression `kind` found alone on its line(s) ends (after its `}`). */
	private flowExpressionEnd = 0;

	constructor(
		private readonly text: string,
		private readonly recorder: PageRecorder,
	) {
		this.inlines = new InlineScanner(text, recorder);
	}

	/** Scans the lines of `[from, to)`; `to` is the text's end or a line start (a chunk's end: no line may cross it). */
	scan(from: number, to = this.text.length): boolean {
		const { text } = this;
		let lineNumber = this.recorder.line(from);
		for (let start = from; to === text.length ? start <= to : start < to; lineNumber++) {
			let end = text.indexOf('\n', start);
			if (end === -1) end = text.length;
			if (!this.line(start, end, lineNumber)) return false;
			if (to < text.length && (this.resume ?? end) >= to) return false;
			if (this.resume !== undefined) {
				// The lines a multi-line tag spanned are behind us.
				for (let i = text.indexOf('\n', end + 1); i !== -1 && i < this.resume; i = text.indexOf('\n', i + 1)) lineNumber++;
				lineNumber++;
				end = this.resume;
				this.resume = undefined;
			}
			start = end + 1;
		}
		if (this.fence || this.open.length) return false;
		this.endEsm();
		return true;
	}

	private line(start: number, end: number, lineNumber: number): boolean {
		const { text } = this;
		if (this.fence) {
			const line = text.slice(start, end);
			const closing = /^( *)(`+|~+) *$/.exec(line);
			// In a list item, a line less indented than the fence would end the item (and the code with it), and a closing
			// fence indented otherwise may not close it: not mirrored.
			if (
				this.fence.listIndent !== undefined &&
				/\S/.test(line) &&
				(line.length - line.trimStart().length < this.fence.listIndent || (closing && closing[1].length !== this.fence.listIndent))
			)
				return false;
			if (closing && closing[2][0] === this.fence.marker && closing[2].length >= this.fence.size) {
				this.fence.fold.endLine = lineNumber;
				this.fence = undefined;
			}
			return true;
		}
		let at = start;
		while (at < end && text.charCodeAt(at) === 32) at++;
		const indent = at - start;
		const kind = at === end ? 'blank' : this.kind(at, end);
		if (kind === 'decline' || (kind !== 'blank' && text.slice(at, end).includes('\t'))) return false;
		// A table's delimiter row must follow its header, a paragraph line: after a heading or a tag, which wins is not mirrored.
		const previousKind = this.previousKind;
		this.previousKind = kind;
		if (kind !== 'blank' && kind !== 'break' && delimiterRow.test(text.slice(at, end))) {
			if (kind !== 'text' || previousKind !== 'text') return false;
			this.table = true;
		}
		if (kind === 'blank') {
			this.endEsm();
			this.blankBefore = true;
			this.table = false;
			return true;
		}
		if (this.esm) {
			if (kind !== 'esm' || indent || !this.addImport(at, end)) return false;
			this.esm.end = end;
			return true;
		}
		if (this.listIndent !== undefined && indent <= this.listIndent && kind !== 'list' && (kind !== 'text' || this.blankBefore)) this.listIndent = undefined;
		if (this.listIndent !== undefined && kind !== 'text' && kind !== 'list' && kind !== 'fence') return false;
		// A definition or comment line right after paragraph text continues the paragraph: a definition
		// would be text there (an autolink literal in it a link), and what follows must see a paragraph.
		const continuesParagraph = !this.blankBefore && (previousKind === 'text' || previousKind === 'list' || previousKind === 'quote');
		if ((kind === 'definition' || kind === 'break') && continuesParagraph) return false;
		if (kind === 'comment' && continuesParagraph) this.previousKind = previousKind;
		if (this.table && kind !== 'text') return false;
		const blankBefore = this.blankBefore;
		this.blankBefore = false;
		switch (kind) {
			case 'heading':
				return this.heading(at, end);
			case 'fence': {
				const marker = text[at];
				let size = 0;
				while (text[at + size] === marker) size++;
				if (marker === '`' && text.slice(at + size, end).includes('`')) return false;
				this.fence = { marker, size, fold: this.recorder.fold(lineNumber, lineNumber), listIndent: this.listIndent === undefined ? undefined : indent };
				return true;
			}
			case 'jsx':
				return this.flowTag(lineNumber);
			case 'comment': {
				// An expression (a comment, most often) over several lines: continue after its last line.
				const close = this.flowExpressionEnd;
				if (text.lastIndexOf('\n', close - 1) >= at) {
					const lineEnd = text.indexOf('\n', close);
					this.resume = lineEnd === -1 ? text.length : lineEnd;
				}
				return true;
			}
			case 'definition':
			case 'break':
				return true;
			case 'quote': {
				// A block quote of plain paragraph text: its links are the page's; lists, tables, code or tags in it are not mirrored.
				let content = at + 1;
				if (text[content] === ' ') content++;
				while (content < end && text[content] === ' ') content++;
				if (content === end) return true;
				if (this.kind(content, end) !== 'text' || text.slice(content, end).includes('|')) return false;
				return this.inlines.inline(content, end, false) !== undefined;
			}
			case 'esm':
				if (indent || !blankBefore || this.open.length || this.listIndent !== undefined || !this.addImport(at, end)) return false;
				this.esm = { start, end };
				return true;
			case 'list': {
				const marker = listMarker.exec(text.slice(at, end))![0];
				const content = at + marker.length;
				// Five spaces after the marker make a different item (its content starts one space after the marker).
				if (content >= end || marker.endsWith('     ') || this.kind(content, end) !== 'text') return false;
				this.listIndent = Math.min(this.listIndent ?? indent, indent);
				return this.inlines.inline(content, end, false) !== undefined;
			}
			default:
				if (text.slice(at, end).includes('|')) this.table = true;
				return this.inlines.inline(at, end, false) !== undefined;
		}
	}

	/** What a line starting (after its indentation) at `at` is, judged from its first characters. */
	private kind(at: number, end: number): LineKind {
		const { text } = this;
		const first = text[at];
		const rest = text.slice(at, Math.min(end, at + 16));
		if (first === '#') return 'heading';
		if ((first === '`' || first === '~') && text.startsWith(first.repeat(3), at)) return 'fence';
		if (first === '<') {
			// Tags alone on their line (one may span lines) are flow elements; followed by text they start a paragraph (`<Badge>new</Badge> in v2`).
			if (this.readFlowTags(at)) return 'jsx';
			const tag = scanTag(this.text, at, end);
			if (!tag) return 'decline';
			let after = tag.end;
			while (text[after] === ' ') after++;
			return after === end || text[after] === '<' ? 'decline' : 'text';
		}
		if (first === '{') return this.readFlowExpression(at) ? 'comment' : 'decline';
		if (first === '[' && text[at + 1] !== '^' && definitionLine.test(text.slice(at, end))) return 'definition';
		if (rest.startsWith('import') || rest.startsWith('export')) return rest.startsWith('import ') ? 'esm' : 'decline';
		if (thematicBreak.test(text.slice(at, end))) return 'break';
		if (thematicBreakOrSetext.test(text.slice(at, end))) return 'decline';
		if (first === '>') return 'quote';
		if (listMarker.test(rest)) return 'list';
		if ('>{}\\=]'.includes(first)) return 'decline';
		return 'text';
	}

	private heading(at: number, end: number): boolean {
		const { text } = this;
		let depth = 0;
		while (text[at + depth] === '#') depth++;
		if (depth > 6 || (at + depth < end && text[at + depth] !== ' ')) return false;
		let from = at + depth;
		let to = end;
		while (from < to && text[from] === ' ') from++;
		while (to > from && text[to - 1] === ' ') to--;
		// A closing `#` sequence (or a title ending in `#`): not mirrored.
		if (text[to - 1] === '#' && to > from) return false;
		const title = this.inlines.inline(from, to, true);
		if (!title) return false;
		this.recorder.heading(title.plain, depth, at, end);
		return true;
	}

	/** An expression alone on its line(s) (an MDX comment, `{props.children}`), ended where the MDX parser ends it. */
	private readFlowExpression(at: number): boolean {
		const { text } = this;
		const close = flowExpressionEnd(text, at);
		if (close === undefined) return false;
		let i = close;
		while (text[i] === ' ') i++;
		if (i < text.length && text[i] !== '\n') return false;
		this.flowExpressionEnd = close;
		return true;
	}

	/**
	 * The tags from `at` to the end of a line with nothing else on it (`<Card>`, `<br/><br/>`,
	 * `<iframe …></iframe>`, a tag whose attributes run over several lines): kept for `flowTag`.
	 */
	private readFlowTags(at: number): boolean {
		const { text } = this;
		const tags: { start: number; tag: Tag }[] = [];
		for (let i = at; ;) {
			const tag = scanTag(this.text, i, text.length, true);
			if (!tag) return false;
			tags.push({ start: i, tag });
			i = tag.end;
			while (text[i] === ' ') i++;
			if (i === text.length || text[i] === '\n') break;
			if (text[i] !== '<') return false;
		}
		this.flowTags = tags;
		return true;
	}

	/** JSX tags alone on their line(s) open, close or are elements of the tree; `kind` read them. */
	private flowTag(lineNumber: number): boolean {
		const { text } = this;
		for (const { start, tag } of this.flowTags) {
			const tagLine = start === this.flowTags[0].start ? lineNumber : this.recorder.line(start);
			const endLine = tag.end > start && text.lastIndexOf('\n', tag.end - 1) >= start ? this.recorder.line(tag.end) : tagLine;
			if (tag.closing) {
				const element = this.open.pop();
				if (element?.name !== tag.name) return false;
				element.fold.endLine = endLine;
				continue;
			}
			// Lists and quotes never hold tags here (the scanner declines them): the parent is the open element, if any.
			this.recorder.element(tag.name, tag.attributes, start, tag.end, this.open.at(-1)?.name ?? null);
			const fold = this.recorder.fold(tagLine, endLine);
			if (!tag.selfClosing) this.open.push({ name: tag.name, fold });
		}
		const last = this.flowTags[this.flowTags.length - 1].tag.end;
		const lineEnd = text.indexOf('\n', last);
		if (text.lastIndexOf('\n', last - 1) >= this.flowTags[0].start) this.resume = lineEnd === -1 ? text.length : lineEnd;
		return true;
	}

	/** One `import X from '…'` or `import { A, B as C } from '…'` line of an ESM block. */
	private addImport(at: number, end: number): boolean {
		const match = importLine.exec(this.text.slice(at, end));
		if (!match) return false;
		if ((match[1] ?? match[2]).split(/[ ,]+/).some(word => reservedWords.has(word))) return false;
		const names = match[1]
			? [match[1]]
			: match[2]
					.split(',')
					.filter(part => part.trim())
					.map(part =>
						part
							.trim()
							.split(/ +as +/)
							.pop()!,
					);
		for (const name of names) {
			if (this.importedNames.has(name)) return false;
			this.importedNames.add(name);
		}
		return true;
	}

	private endEsm(): void {
		if (!this.esm) return;
		this.recorder.esm(this.text.slice(this.esm.start, this.esm.end), this.esm.start);
		this.esm = undefined;
	}
}
