import * as vscode from 'vscode';
import { pageFileCandidates } from './assistant/sourceTarget';
import { activeRoot } from './status';

/**
 * The route map from the platform's page paths to the files of the open site, shared by the
 * assistant's citations, docs search results and the published-page view: a path the platform
 * names (`guides/setup`) opens the local page that serves it when there is one.
 */

/** The page file serving `path` in a docs root of the workspace (the root of `nearUri` first). */
export async function findLocalPage(roots: readonly string[], nearUri: string | undefined, path: string): Promise<vscode.Uri | undefined> {
	const first = activeRoot(roots, nearUri);
	const ordered = [...new Set([...(first ? [first] : []), ...roots])].map(r => vscode.Uri.parse(r));
	if (!ordered.length) ordered.push(...(vscode.workspace.workspaceFolders ?? []).map(f => f.uri));
	for (const root of ordered) {
		for (const candidate of pageFileCandidates(path)) {
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

/** Moves the cursor to the heading whose slug is `anchor`, when the page has one. */
export function revealHeading(editor: vscode.TextEditor, anchor: string): void {
	const wanted = anchor.toLowerCase();
	for (let line = 0; line < editor.document.lineCount; line++) {
		const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(editor.document.lineAt(line).text);
		if (!m) continue;
		const slug = m[1]
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s-]/gu, '')
			.trim()
			.replace(/\s/g, '-');
		if (slug === wanted) {
			const position = new vscode.Position(line, 0);
			editor.selection = new vscode.Selection(position, position);
			editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.AtTop);
			return;
		}
	}
}
