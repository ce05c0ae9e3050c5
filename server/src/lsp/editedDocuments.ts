import type { TextDocumentsConfiguration } from 'vscode-languageserver';
import { TextDocument, type Range, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { noteTextEdit } from '../core/docsConfig/incrementalJson';

/**
 * The open documents' configuration for `TextDocuments`: vscode-languageserver-textdocument's, and
 * each single-range edit is reported to the core as the region it replaced, so the next comparison
 * of the two versions (crewAI's 2.4 MB docs.json, three readers per keystroke) starts at the edit
 * instead of reading both texts whole.
 */
export const editedDocuments: TextDocumentsConfiguration<TextDocument> = {
	create: TextDocument.create,
	update(document: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument {
		// A full-text change has no range: nothing to tell.
		const change = changes.length === 1 ? (changes[0] as { range?: Range; text: string }) : undefined;
		if (!change?.range) return TextDocument.update(document, changes, version);
		const oldText = document.getText();
		const start = document.offsetAt(change.range.start);
		const oldEnd = document.offsetAt(change.range.end);
		const updated = TextDocument.update(document, changes, version);
		noteTextEdit(oldText, updated.getText(), start, oldEnd, change.text.length);
		return updated;
	},
};
