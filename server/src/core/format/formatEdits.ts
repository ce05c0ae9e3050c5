import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range, TextEdit } from 'vscode-languageserver-types';
import { parseMdx } from '../mdx/mdxParser';
import { writeBlocks } from './blockWriter';
import { finalLine } from './lineMarks';
import { isFormatIgnored, mintdocConfigFileName, readFormatConfig } from './formatConfig';
import { formatMdx } from './formatPage';
import { firstDifference } from './treeEquality';
import type { CancellationToken } from '../cancellation';
import type { DocsWorkspace } from '../workspace';

/**
 * Editor formatting of an MDX page (format document, format on save, format selection). The page
 * is replaced by one edit covering only the part that changes, so the cursor and folds outside it
 * stay where they are. No edit when the page does not parse, is ignored by mintdoc.json, or when
 * formatting would change what it says.
 */
export async function formatDocumentEdits(document: TextDocument, workspace: DocsWorkspace, token: CancellationToken): Promise<TextEdit[]> {
	if (!isMdxUri(document.uri) || (await isIgnoredPage(document.uri, workspace)) || token.isCancellationRequested) return [];
	const text = document.getText();
	const result = formatMdx(text);
	if (result.kind !== 'formatted' || !result.changed) return [];
	return [minimalEdit(document, text, result.text)];
}

/**
 * Formats the top-level blocks a selection touches (the form is defined per block, so a range is
 * widened to whole blocks; frontmatter is formatted with the whole page only). The rest of the page
 * stays as written; the result must still say what the page said.
 */
export async function formatRangeEdits(document: TextDocument, range: Range, workspace: DocsWorkspace, token: CancellationToken): Promise<TextEdit[]> {
	if (!isMdxUri(document.uri) || (await isIgnoredPage(document.uri, workspace)) || token.isCancellationRequested) return [];
	const text = document.getText();
	const parsed = parseMdx(text, true);
	if (!parsed.tree) return [];
	const start = document.offsetAt(range.start);
	const end = document.offsetAt(range.end);
	const blocks = parsed.tree.children.filter(
		c => c.type !== 'yaml' && (c.position?.end.offset ?? 0) >= start && (c.position?.start.offset ?? Infinity) <= Math.max(start, end),
	);
	if (blocks.length === 0) return [];
	const from = blocks[0].position?.start.offset ?? 0;
	const to = blocks[blocks.length - 1].position?.end.offset ?? text.length;
	const written = writeBlocks(blocks, { source: text }).map(finalLine).join('\n');
	const next = text.slice(0, from) + written + text.slice(to);
	if (next === text) return [];
	const reparsed = parseMdx(next, true);
	if (!reparsed.tree || firstDifference(parsed.tree, reparsed.tree)) return [];
	return [minimalEdit(document, text, next)];
}

function isMdxUri(uri: string): boolean {
	return /\.mdx$/i.test(uri);
}

/** The one edit turning `before` into `after`: the common head and tail are left alone. */
function minimalEdit(document: TextDocument, before: string, after: string): TextEdit {
	let head = 0;
	const max = Math.min(before.length, after.length);
	while (head < max && before.charCodeAt(head) === after.charCodeAt(head)) head++;
	let tail = 0;
	while (tail < max - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
	return {
		range: { start: document.positionAt(head), end: document.positionAt(before.length - tail) },
		newText: after.slice(head, after.length - tail),
	};
}

/** Whether `mintdoc.json` (the nearest one between the page and its workspace folder) leaves the page as written. */
async function isIgnoredPage(uri: string, workspace: DocsWorkspace): Promise<boolean> {
	const folder = workspace.folders.filter(f => uri.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0];
	if (!folder) return false;
	let dir = uri.slice(0, uri.lastIndexOf('/'));
	while (dir.length >= folder.length) {
		const config = await workspace.readDocument(`${dir}/${mintdocConfigFileName}`);
		if (config) return isFormatIgnored(readFormatConfig(config.getText()), decodeURIComponent(uri.slice(dir.length + 1)));
		if (dir === folder) break;
		dir = dir.slice(0, dir.lastIndexOf('/'));
	}
	return false;
}
