import { CodeActionKind, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** How a page diagnostic's fix reads, for the codes whose `data.replacement` replaces the diagnostic's range. */
const replacements: Record<string, string> = {
	'component-unknown-prop': 'Rename to',
	'snippet-unknown-prop': 'Rename to',
	'component-prop-value': 'Change to',
	'icon-unknown': 'Change to',
	'link-redirected': 'Link straight to',
	// A misspelt page key (`sidebartitle`): the frontmatter rule names the nearest key by edit distance.
	'frontmatter-unknown-key': 'Rename to',
};

/** A fix a page diagnostic carries: `data.edit` (title, range, text) or `data.replacement` for its own range. */
interface PageFixData {
	readonly replacement?: string;
	readonly edit?: { readonly title: string; readonly range: Range; readonly newText: string };
}

/** Quick fixes of MintDoc's page diagnostics: the prop or value meant, a literal of the right type, the nearest icon. */
export function pageCodeActions(document: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
	const actions: CodeAction[] = [];
	for (const diagnostic of diagnostics) {
		if (diagnostic.source !== 'mintdoc') continue;
		const data = (diagnostic.data ?? {}) as PageFixData;
		const verb = replacements[String(diagnostic.code)];
		const edit =
			data.edit ?? (verb && data.replacement ? { title: `${verb} '${data.replacement}'`, range: diagnostic.range, newText: data.replacement } : undefined);
		if (!edit) continue;
		actions.push({
			title: edit.title,
			kind: CodeActionKind.QuickFix,
			diagnostics: [diagnostic],
			isPreferred: true,
			edit: { changes: { [document.uri]: [{ range: edit.range, newText: edit.newText }] } },
		});
	}
	return actions;
}
