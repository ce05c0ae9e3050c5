import * as vscode from 'vscode';
import { AutoCloseTagRequest } from '../../server/src/protocol';
import { readSetting } from './config';
import type { Ctx } from './ctx';

/**
 * Closes an element as its opening tag is typed (`<Note>` → `<Note>|</Note>`), like VS Code's HTML
 * extension does (`html.autoClosingTags`): on a `>` typed in an MDX page, the server says what to
 * insert (the decision is in the core, so every editor could share it); the client inserts it after
 * the cursor unless the writer typed on meanwhile. Off with `mintdoc.autoClosingTags`.
 */
export function registerAutoCloseTags(ctx: Ctx): void {
	ctx.pushCleanup(
		vscode.workspace.onDidChangeTextDocument(event => {
			const { document, contentChanges, reason } = event;
			// Not for undo and redo, nor for pastes and edits of several places at once.
			if (reason !== undefined || contentChanges.length !== 1 || document.languageId !== 'mdx') return;
			const [change] = contentChanges;
			if (change!.text !== '>' || change!.rangeLength !== 0) return;
			const editor = vscode.window.activeTextEditor;
			if (editor?.document !== document || !readSetting('autoClosingTags', document.uri)) return;
			const position = change!.range.start.translate(0, 1);
			const version = document.version;
			// Asked on the next turn: the language client hears of this change after this listener, and
			// the server must have the `>` before the question (it answers null for another version).
			setTimeout(() => {
				void ctx.client?.sendRequest(AutoCloseTagRequest.type, { textDocument: { uri: document.uri.toString(), version }, position }).then(
					closing => {
						const now = vscode.window.activeTextEditor;
						if (!closing || now?.document !== document || document.version !== version) return;
						if (!now.selections.every(s => s.isEmpty) || !now.selection.active.isEqual(position)) return;
						void now.insertSnippet(new vscode.SnippetString('$0' + closing.replace(/[$}\\]/g, '\\$&')), position, {
							undoStopBefore: false,
							undoStopAfter: false,
						});
					},
					() => undefined,
				);
			}, 0);
		}),
	);
}
