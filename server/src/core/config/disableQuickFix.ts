import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { diagnosticSource } from '../diagnostic';

/**
 * "Disable <code> for this line" on a page's findings: a `{/* mintdoc-disable-next-line code *\/}`
 * line above the finding's, indented like it. Not offered in frontmatter (YAML, where the comment
 * would be text) nor for the comments' own finding.
 */
export function disableLineActions(document: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
	const text = document.getText();
	const frontmatterEnd = frontmatterLines(text);
	const actions: CodeAction[] = [];
	for (const diagnostic of diagnostics) {
		const code = diagnostic.code;
		if (diagnostic.source !== diagnosticSource || typeof code !== 'string' || code === 'unused-disable-directive') continue;
		const line = diagnostic.range.start.line;
		if (line < frontmatterEnd) continue;
		const start = document.offsetAt({ line, character: 0 });
		const indent = /^[ \t]*/.exec(text.slice(start, text.indexOf('\n', start) === -1 ? undefined : text.indexOf('\n', start)))?.[0] ?? '';
		actions.push({
			title: `Disable ${code} for this line`,
			kind: CodeActionKind.QuickFix,
			diagnostics: [diagnostic],
			edit: {
				changes: {
					[document.uri]: [
						{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${indent}{/* mintdoc-disable-next-line ${code} */}\n` },
					],
				},
			},
		});
	}
	return actions;
}

/** How many lines the frontmatter block takes (0 without one). */
function frontmatterLines(text: string): number {
	if (!/^---\r?\n/.test(text)) return 0;
	const lines = text.split('\n');
	const end = lines.findIndex((l, i) => i > 0 && l.replace(/\r$/, '') === '---');
	return end === -1 ? lines.length : end + 1;
}
