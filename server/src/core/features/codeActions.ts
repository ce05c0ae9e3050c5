import { CodeActionKind, type CodeAction, type Diagnostic, type WorkspaceEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { PageFix } from '../docsConfig/pageRules';
import type { SiteModel } from '../site/siteModel';
import { joinUri } from '../uris';
import { titleFromPath } from './pageInfo';

/** Quick fixes for MintDoc's diagnostics in a configuration file, built from the data each diagnostic carries. */
export function findCodeActions(site: SiteModel, document: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
	const actions: CodeAction[] = [];
	for (const diagnostic of diagnostics) {
		if (diagnostic.source !== 'mintdoc') continue;
		const data = (diagnostic.data ?? {}) as PageFix & { replacement?: string };
		const replaceValue = (title: string, value: string, preferred: boolean): CodeAction => ({
			title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: preferred,
			edit: { changes: { [document.uri]: [{ range: diagnostic.range, newText: JSON.stringify(value) }] } },
		});
		switch (diagnostic.code) {
			case 'page-not-found':
				if (data.suggestion) actions.push(replaceValue(`Change to '${data.suggestion}'`, data.suggestion, true));
				if (data.create) actions.push({ title: `Create page '${data.create}.mdx'`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: createPageEdit(site.rootUri, data.create) });
				break;
			case 'page-leading-slash':
			case 'page-extension':
				if (data.normalized) actions.push(replaceValue(`Change to '${data.normalized}'`, data.normalized, true));
				break;
			case 'nav-language-code':
				if (data.replacement) actions.push(replaceValue(`Change to '${data.replacement}'`, data.replacement, true));
				break;
			case 'config-unknown-key':
				if (data.replacement) actions.push(replaceValue(`Rename to '${data.replacement}'`, data.replacement, true));
				break;
			case 'openapi-method-case':
			case 'openapi-operation-not-found':
				if (data.replacement) actions.push(replaceValue(`Change to '${data.replacement}'`, data.replacement, true));
				break;
			case 'redirect-destination-missing':
				if (data.suggestion) actions.push(replaceValue(`Change to '${data.suggestion}'`, data.suggestion, true));
				break;
		}
	}
	return actions;
}

/** Creates `<root>/<path>.mdx` with a title taken from the path, as a writer would start it. */
export function createPageEdit(rootUri: string, pagePath: string): WorkspaceEdit {
	const uri = joinUri(rootUri, ...`${pagePath}.mdx`.split('/'));
	const text = `---\ntitle: ${JSON.stringify(titleFromPath(pagePath))}\ndescription: ""\n---\n\n`;
	return {
		documentChanges: [
			{ kind: 'create', uri, options: { ignoreIfExists: true } },
			{ textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: text }] },
		],
	};
}
