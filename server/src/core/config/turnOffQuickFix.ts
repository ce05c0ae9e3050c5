import { modify } from 'jsonc-parser';
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver-types';
import { diagnosticSource } from '../diagnostic';
import type { DocsWorkspace } from '../workspace';
import { teamConfigFileName } from './teamConfig';
import { findWorkspaceTeamConfig } from './teamConfigLookup';

/**
 * "Turn off <code> in mintdoc.json" on a page's findings: `"rules": { "<code>": "off" }` written
 * into the site's mintdoc.json (keeping its comments and layout), or a new one beside docs.json.
 */
export async function turnOffActions(diagnostics: readonly Diagnostic[], root: string | undefined, workspace: DocsWorkspace): Promise<CodeAction[]> {
	const codes = [...new Set(diagnostics.filter(d => d.source === diagnosticSource && typeof d.code === 'string').map(d => d.code as string))];
	if (!root || codes.length === 0) return [];
	const loaded = await findWorkspaceTeamConfig(root, workspace);
	const existing = loaded && (await workspace.readDocument(loaded.uri));
	return codes.map(code => {
		const title = `Turn off ${code} in ${teamConfigFileName}`;
		const related = diagnostics.filter(d => d.code === code);
		if (existing) {
			const text = existing.getText();
			const edits: TextEdit[] = modify(text, ['rules', code], 'off', { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } }).map(e => ({
				range: { start: existing.positionAt(e.offset), end: existing.positionAt(e.offset + e.length) },
				newText: e.content,
			}));
			return { title, kind: CodeActionKind.QuickFix, diagnostics: related, edit: { changes: { [existing.uri]: edits } } };
		}
		const uri = `${root}/${teamConfigFileName}`;
		return {
			title,
			kind: CodeActionKind.QuickFix,
			diagnostics: related,
			edit: {
				documentChanges: [
					{ kind: 'create', uri, options: { ignoreIfExists: true } },
					{
						textDocument: { uri, version: null },
						edits: [
							{
								range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
								newText: `${JSON.stringify({ rules: { [code]: 'off' } }, null, 2)}\n`,
							},
						],
					},
				],
			},
		};
	});
}
