import { CompletionItemKind, type CompletionItem, type CompletionList, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CancellationToken } from '../cancellation';
import type { DocsWorkspace } from '../workspace';
import { dirnameUri, isUnder, joinUri } from '../uris';

/** Files a page can import: MDX snippets and the JSX/JS components of the site's snippets folder. */
const importable = /\.(mdx|md|jsx|js|tsx|ts)$/;

/**
 * Completion of the path in `import … from "…`: the entries of the folder typed so far, from the
 * docs root for `/…` (how the platform resolves it, so `/snippets/…`) or from the page's folder
 * for `./…` and `../…`. Folders end in `/` so the writer can go on typing; a bare name (a
 * package) completes nothing.
 */
export async function importPathCompletion(
	document: TextDocument,
	position: Position,
	rootUri: string,
	workspace: Pick<DocsWorkspace, 'readDirectory'>,
	token: CancellationToken,
): Promise<CompletionList | undefined> {
	const before = document.getText({ start: { line: position.line, character: 0 }, end: position });
	const typed = /^\s*import\s[^'"]*\bfrom\s*["']([^"']*)$/.exec(before)?.[1];
	if (typed === undefined) return undefined;
	const at = (length: number) => ({ start: { line: position.line, character: position.character - length }, end: position });
	if (typed === '' || typed === '.' || typed === '..') {
		const starts = ['/snippets/', './', '../'].filter(s => s.startsWith(typed));
		return {
			isIncomplete: true,
			items: starts.map<CompletionItem>(s => ({
				label: s,
				kind: CompletionItemKind.Folder,
				textEdit: { range: at(typed.length), newText: s },
				command: retrigger,
			})),
		};
	}
	if (!/^(\/|\.\.?\/)/.test(typed)) return undefined;
	const folder = typed.slice(0, typed.lastIndexOf('/') + 1);
	const segments = folder.split('/').filter(s => s && s !== '.');
	const base = typed.startsWith('/') ? rootUri : dirnameUri(document.uri);
	// Never above the docs root: the platform resolves nothing there.
	const folderUri = joinUri(base, ...segments);
	if (!isUnder(folderUri, rootUri)) return undefined;
	const entries = await workspace.readDirectory(folderUri);
	if (token.isCancellationRequested) return undefined;
	const name = typed.slice(folder.length);
	const items: CompletionItem[] = [];
	for (const [entry, kind] of entries) {
		if (entry.startsWith('.') || entry === 'node_modules') continue;
		if (kind === 'directory')
			items.push({ label: `${entry}/`, kind: CompletionItemKind.Folder, textEdit: { range: at(name.length), newText: `${entry}/` }, command: retrigger });
		else if (importable.test(entry)) items.push({ label: entry, kind: CompletionItemKind.File, textEdit: { range: at(name.length), newText: entry } });
	}
	return { isIncomplete: false, items };
}

/** After a folder is chosen, ask again so its entries show at once. */
const retrigger = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
