import {
	CompletionItemKind,
	InsertTextFormat,
	MarkupKind,
	type CompletionItem,
	type CompletionList,
	type Hover,
	type Position,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { codeMetaOrder } from '../format/codeMeta';
import { codeLanguages } from '../mdx/codeLanguages';

type MetaPart = (typeof codeMetaOrder)[number];

/** The platform's docs page for code blocks, linked from every meta word's documentation. */
const codeDocs = 'https://mintlify.com/docs/create/code';

/** Each meta part: what it inserts (a snippet) and what the platform does with it. */
const metaParts: Readonly<Record<MetaPart, { readonly insert: string; readonly doc: string }>> = {
	title: {
		insert: '${1:example.js}',
		doc: "The words before the options are the block's title (a file name, or text), shown in its header and as its tab in a `<CodeGroup>`.",
	},
	expandable: { insert: 'expandable', doc: 'Collapse a long block, with a button to expand it.' },
	highlight: { insert: 'highlight={${1:1}}', doc: 'Highlight lines: `highlight={1,3-5}` (`{1,3-5}` alone means the same).' },
	icon: { insert: 'icon=${1:js}', doc: "An icon in the block's header: a name from the site's icon library." },
	lines: { insert: 'lines', doc: 'Show line numbers.' },
	wrap: { insert: 'wrap', doc: 'Wrap long lines instead of scrolling sideways.' },
	focus: { insert: 'focus={${1:1}}', doc: 'Focus lines: the others are dimmed (`focus={2-4}`).' },
	twoslash: { insert: 'twoslash', doc: 'TypeScript hover information on identifiers (Twoslash), for `ts`/`js` blocks.' },
	nocopy: { insert: 'nocopy', doc: 'Hide the copy button.' },
};

const metaDoc = (part: MetaPart) => `**${part}** — ${metaParts[part].doc}\n\n[Code blocks in the platform docs](${codeDocs})`;

/** The opening fence on this line (its indent, backticks and what follows), or undefined when the line is not one or closes a block. */
function openingFence(document: TextDocument, line: number): { marker: string; info: string; start: number } | undefined {
	const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, '');
	const fence = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(text);
	if (!fence) return undefined;
	// Fences open and close in pairs; scanning the lines above tells whether this one closes a block. Frontmatter has no fences.
	let open: string | undefined;
	for (let i = 0; i < line; i++) {
		const above = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(
			document.getText({ start: { line: i, character: 0 }, end: { line: i + 1, character: 0 } }).replace(/\r?\n$/, ''),
		);
		if (!above) continue;
		if (!open) open = above[1];
		else if (above[1]![0] === open[0] && above[1]!.length >= open.length && !above[2]!.trim()) open = undefined;
	}
	if (open) return undefined;
	return { marker: fence[2]!, info: fence[3]!, start: fence[1]!.length + fence[2]!.length };
}

/**
 * Completion on a fence's opening line: the highlighter's languages right after the backticks,
 * then the meta parts not written yet, in the order `mint format` writes them.
 */
export function codeFenceCompletion(document: TextDocument, position: Position): CompletionList | undefined {
	const fence = openingFence(document, position.line);
	if (!fence || position.character < fence.start) return undefined;
	const typed = fence.info.slice(0, position.character - fence.start);
	const language = /^([\w+#.-]*)$/.exec(typed);
	if (language) {
		const range = { start: { line: position.line, character: fence.start }, end: position };
		const items = codeLanguages.map<CompletionItem>(id => ({
			label: id,
			kind: CompletionItemKind.EnumMember,
			detail: 'Shiki language',
			textEdit: { range, newText: id },
		}));
		return { isIncomplete: false, items };
	}
	const word = /(?:^|\s)([\w]*)$/.exec(typed);
	if (!word || !/^[\w+#.-]+\s/.test(typed)) return undefined;
	const written = new Set(fence.info.split(/\s+/).map(t => t.replace(/=.*$/, '')));
	if (/(?:^|\s)\{[\d,-]+\}/.test(fence.info)) written.add('highlight');
	const range = { start: { line: position.line, character: position.character - word[1]!.length }, end: position };
	const items = codeMetaOrder
		.filter(part => !written.has(part))
		.map<CompletionItem>(part => ({
			label: part,
			kind: part === 'title' ? CompletionItemKind.Text : CompletionItemKind.Property,
			documentation: { kind: MarkupKind.Markdown, value: metaDoc(part) },
			sortText: String(codeMetaOrder.indexOf(part)),
			insertTextFormat: InsertTextFormat.Snippet,
			textEdit: { range, newText: metaParts[part].insert },
		}));
	return { isIncomplete: false, items };
}

/** Hover on a meta word of a fence's opening line (`highlight={1-3}`, `wrap`, a bare `{1,3}`). */
export function codeFenceHover(document: TextDocument, position: Position): Hover | undefined {
	const fence = openingFence(document, position.line);
	if (!fence) return undefined;
	for (const token of fence.info.matchAll(/\S+/g)) {
		const from = fence.start + token.index;
		const to = from + token[0].length;
		if (token.index === 0 || position.character < from || position.character > to) continue;
		const name = /^\{[\d,-]+\}$/.test(token[0]) ? 'highlight' : token[0].replace(/=.*$/, '');
		if (name === 'title' || !Object.prototype.hasOwnProperty.call(metaParts, name)) return undefined;
		return {
			range: { start: { line: position.line, character: from }, end: { line: position.line, character: to } },
			contents: { kind: MarkupKind.Markdown, value: metaDoc(name as MetaPart) },
		};
	}
	return undefined;
}
