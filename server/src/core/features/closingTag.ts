import { CompletionItemKind, type CompletionList, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** HTML elements with no closing tag: a writer's `<br>` is not an element left open. */
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** What the tag scanner found up to an offset. */
export interface TagScan {
	/** The elements open there, outermost first (`''` for a fragment). */
	readonly open: string[];
	/** The offset is inside frontmatter, a code fence, inline code or a comment: no tag is being written. */
	readonly inCode: boolean;
	/** The last tag read whole: where it ends (just past its `>`), its name and kind. */
	readonly last?: { readonly end: number; readonly name: string; readonly kind: 'open' | 'close' | 'self' | 'void' };
}

/** The elements open at `end`, outermost first (`''` for a fragment). */
export function openElements(text: string, end: number): string[] {
	return scanTags(text, end).open;
}

/**
 * The tags up to `end`. A small scanner rather than the MDX parse: the page being typed is rarely
 * valid MDX (the `</` just typed is itself an error), so the parse has no tree to ask.
 * Frontmatter, code fences, inline code and comments are skipped; an attribute's strings and
 * `{…}` expressions may hold `>` and are read over.
 */
export function scanTags(text: string, end: number): TagScan {
	const stack: string[] = [];
	let last: TagScan['last'];
	let i = 0;
	const frontmatter = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
	if (frontmatter) i = frontmatter[0].length;
	else if (/^---[ \t]*\r?\n/.test(text)) return { open: stack, inCode: true };
	if (i > end) return { open: stack, inCode: true };
	let lineStart = true;
	while (i < end) {
		if (lineStart) {
			const fence = /^ {0,3}(`{3,}|~{3,})/.exec(text.slice(i, i + 100));
			if (fence) {
				// The block runs to a closing fence of the same kind, at least as long, or to the end.
				const closing = new RegExp(`\\n {0,3}${fence[1]![0] === '`' ? '`' : '~'}{${fence[1]!.length},}[ \\t]*(?:\\r?\\n|$)`, 'g');
				closing.lastIndex = i + fence[0].length;
				const close = closing.exec(text);
				i = close ? close.index + close[0].length : text.length;
				if (i > end) return { open: stack, inCode: true, last };
				continue;
			}
		}
		const c = text[i];
		lineStart = c === '\n';
		if (c === '`') {
			const run = /^`+/.exec(text.slice(i, i + 20))![0];
			const close = text.indexOf(run, i + run.length);
			// The offset inside a span closed later on its line: code being written.
			if (close !== -1 && close >= end && i + run.length <= end && !text.slice(i, close).includes('\n')) return { open: stack, inCode: true, last };
			i = close === -1 || close >= end ? i + run.length : close + run.length;
			continue;
		}
		if (text.startsWith('<!--', i) || text.startsWith('{/*', i)) {
			const close = text.indexOf(text[i] === '<' ? '-->' : '*/}', i + 3);
			if (close === -1 || close + 3 > end) return { open: stack, inCode: true, last };
			i = close + 3;
			continue;
		}
		if (c !== '<') {
			i++;
			continue;
		}
		const tag = /^<(\/?)(?:([A-Za-z][\w.-]*)(?=[\s/>])|(?=>))/.exec(text.slice(i, i + 200));
		if (!tag) {
			i++;
			continue;
		}
		const tagEnd = endOfTag(text, i + tag[0].length, end);
		if (tagEnd === undefined) break;
		const name = tag[2] ?? '';
		const selfClosing = text[tagEnd - 2] === '/';
		if (tag[1]) {
			const at = stack.lastIndexOf(name);
			if (at !== -1) stack.length = at;
			last = { end: tagEnd, name, kind: 'close' };
		} else if (selfClosing) last = { end: tagEnd, name, kind: 'self' };
		else if (voidElements.has(name.toLowerCase())) last = { end: tagEnd, name, kind: 'void' };
		else {
			stack.push(name);
			last = { end: tagEnd, name, kind: 'open' };
		}
		i = tagEnd;
	}
	return { open: stack, inCode: false, last };
}

/** Just past the `>` ending a tag whose attributes start at `from`, or undefined when it does not end before `end`. */
function endOfTag(text: string, from: number, end: number): number | undefined {
	let depth = 0;
	for (let i = from; i < end; i++) {
		const c = text[i];
		if (depth === 0 && (c === '"' || c === "'")) {
			const close = text.indexOf(c, i + 1);
			if (close === -1 || close >= end) return undefined;
			i = close;
		} else if (c === '{') depth++;
		else if (c === '}') depth = Math.max(0, depth - 1);
		else if (c === '>' && depth === 0) return i + 1;
		else if (c === '<' && depth === 0) return undefined;
	}
	return undefined;
}

/** After `</` (and any part of a name), the closing tag of the innermost element open there, as the platform's extension offers it. */
export function closingTagCompletion(document: TextDocument, position: Position): CompletionList | undefined {
	const before = document.getText({ start: { line: position.line, character: 0 }, end: position });
	const typed = /<\/([\w.-]*)$/.exec(before);
	if (!typed) return undefined;
	const offset = document.offsetAt(position);
	const start = offset - typed[0].length;
	const open = openElements(document.getText(), start);
	if (!open.length) return undefined;
	const name = open[open.length - 1]!;
	// An editor that closed the `<` with `>` already: replace that too rather than leave `</Note>>`.
	const after = document.getText({ start: position, end: { line: position.line, character: position.character + 1 } });
	const range = { start: document.positionAt(start), end: after === '>' ? { line: position.line, character: position.character + 1 } : position };
	return {
		isIncomplete: false,
		items: [
			{
				label: `</${name}>`,
				kind: CompletionItemKind.Property,
				detail: 'Close the open element',
				filterText: `</${name}>`,
				textEdit: { range, newText: `</${name}>` },
			},
		],
	};
}

/**
 * What to insert after a `>` just typed at `offset - 1` (the editor's auto-close, like the HTML
 * extension's): `</Name>` when that `>` ends an opening tag of a component or HTML element.
 * Nothing for a self-closing tag (`/>`), a void HTML element, a fragment, inside frontmatter,
 * code or a comment, or when the element is closed right after already.
 */
export function autoCloseTag(text: string, offset: number): string | undefined {
	if (text[offset - 1] !== '>' || text[offset - 2] === '/') return undefined;
	const scan = scanTags(text, offset);
	if (scan.inCode || scan.last?.end !== offset || scan.last.kind !== 'open' || scan.last.name === '') return undefined;
	const closing = `</${scan.last.name}>`;
	if (text.startsWith(closing, offset)) return undefined;
	return closing;
}
