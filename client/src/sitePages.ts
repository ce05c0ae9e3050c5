import * as vscode from 'vscode';
import { filesServing, type SitePath } from './routeMap';
import { activeRoot } from './status';

/**
 * The route map from the platform's page paths to the files of the open site, shared by the
 * assistant's citations, docs search results and the published-page view: a path the platform
 * names (`guides/setup`) opens the local page that serves it when there is one.
 */

/** The page file serving a site path in a docs root of the workspace (the root of `nearUri` first). */
export async function findLocalPage(roots: readonly string[], nearUri: string | undefined, { path }: SitePath): Promise<vscode.Uri | undefined> {
	const first = activeRoot(roots, nearUri);
	const ordered = [...new Set([...(first ? [first] : []), ...roots])].map(r => vscode.Uri.parse(r));
	if (!ordered.length) ordered.push(...(vscode.workspace.workspaceFolders ?? []).map(f => f.uri));
	for (const root of ordered) {
		for (const candidate of filesServing(path)) {
			const uri = vscode.Uri.joinPath(root, ...candidate.split('/'));
			try {
				if ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) return uri;
			} catch {
				// Not there: try the next candidate.
			}
		}
	}
	return undefined;
}

/**
 * Moves the cursor to the heading whose id is `anchor`, when the page has one. The ids come from
 * the language server's document symbols (each heading's `#id` as its detail), made by the core's
 * one slug module, so the cursor lands where the platform's page would scroll.
 */
export async function revealHeading(editor: vscode.TextEditor, anchor: string): Promise<void> {
	let wanted = anchor;
	try {
		wanted = decodeURIComponent(anchor);
	} catch {
		// A malformed escape: look for the anchor as written.
	}
	const symbols = await vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined>(
		'vscode.executeDocumentSymbolProvider',
		editor.document.uri,
	);
	const heading = findHeadingSymbol(symbols ?? [], wanted);
	if (!heading) return;
	const position = heading.selectionRange.start;
	editor.selection = new vscode.Selection(position, position);
	editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.AtTop);
}

/** The heading symbol whose detail is `#anchor`, searched depth first. */
function findHeadingSymbol(symbols: readonly (vscode.DocumentSymbol | vscode.SymbolInformation)[], anchor: string): vscode.DocumentSymbol | undefined {
	for (const symbol of symbols) {
		if (!('children' in symbol)) continue;
		if (symbol.detail === `#${anchor}`) return symbol;
		const inner = findHeadingSymbol(symbol.children, anchor);
		if (inner) return inner;
	}
	return undefined;
}
