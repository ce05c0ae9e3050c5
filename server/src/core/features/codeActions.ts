import { CodeActionKind, type CodeAction, type Diagnostic, type WorkspaceEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { PageFix } from '../docsConfig/pageRules';
import type { SiteModel } from '../site/siteModel';
import { joinUri } from '../uris';
import { titleFromPath } from './pageInfo';
import { redirectEdits } from './movePageLinks';
import type { RemovedRouteFix } from '../site/removedRoutes';

/** Diagnostics fixed by writing another value: which field of their data holds it, and how the fix reads. */
const replacementFixes: Record<string, { field: 'normalized' | 'replacement' | 'suggestion'; verb: string }> = {
	'page-leading-slash': { field: 'normalized', verb: 'Change' },
	'page-extension': { field: 'normalized', verb: 'Change' },
	'nav-language-code': { field: 'replacement', verb: 'Change' },
	'config-unknown-key': { field: 'replacement', verb: 'Rename' },
	'openapi-method-case': { field: 'replacement', verb: 'Change' },
	'openapi-operation-not-found': { field: 'replacement', verb: 'Change' },
	'redirect-destination-missing': { field: 'suggestion', verb: 'Change' },
	'redirect-leading-slash': { field: 'replacement', verb: 'Change' },
	'redirect-chain': { field: 'replacement', verb: 'Redirect straight' },
	'a11y-contrast': { field: 'replacement', verb: 'Change' },
	'icon-unknown': { field: 'replacement', verb: 'Change' },
};

/** Quick fixes for MintDoc's diagnostics in a configuration file, built from the data each diagnostic carries. */
export function findCodeActions(site: SiteModel, document: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
	const actions: CodeAction[] = [];
	for (const diagnostic of diagnostics) {
		if (diagnostic.source !== 'mintdoc') continue;
		const data = (diagnostic.data ?? {}) as PageFix & { replacement?: string };
		const replaceValue = (title: string, value: string): CodeAction => ({
			title,
			kind: CodeActionKind.QuickFix,
			diagnostics: [diagnostic],
			isPreferred: true,
			edit: { changes: { [document.uri]: [{ range: diagnostic.range, newText: JSON.stringify(value) }] } },
		});
		// A page path that climbs out of the site (`../`) or is absolute is never created.
		if (
			diagnostic.code === 'page-not-found' &&
			data.create &&
			data.create.split('/').every(s => s !== '' && s !== '.' && s !== '..') &&
			!/[\\:]/.test(data.create)
		) {
			if (data.suggestion) actions.push(replaceValue(`Change to '${data.suggestion}'`, data.suggestion));
			actions.push({
				title: `Create page '${data.create}.mdx'`,
				kind: CodeActionKind.QuickFix,
				diagnostics: [diagnostic],
				edit: createPageEdit(site.rootUri, data.create),
			});
			continue;
		}
		if (diagnostic.code === 'page-removed-without-redirect') {
			const action = addRedirectAction(site, document, diagnostic);
			if (action) actions.push(action);
			continue;
		}
		const fix = replacementFixes[String(diagnostic.code)];
		const value = fix && data[fix.field];
		if (fix && value) actions.push(replaceValue(`${fix.verb} to '${value}'`, value));
	}
	return actions;
}

/** `page-removed-without-redirect` for a page git saw renamed: the redirect from its old route to the new one, added to docs.json. */
function addRedirectAction(site: SiteModel, document: TextDocument, diagnostic: Diagnostic): CodeAction | undefined {
	const { source, destination } = (diagnostic.data ?? {}) as Partial<RemovedRouteFix>;
	if (typeof source !== 'string' || typeof destination !== 'string' || document.uri !== site.config.configUri) return undefined;
	const edits = redirectEdits(site, new Map([[source.replace(/^\//, ''), destination.replace(/^\//, '')]]));
	if (edits.length === 0) return undefined;
	return {
		title: `Add a redirect from ${source} to ${destination}`,
		kind: CodeActionKind.QuickFix,
		diagnostics: [diagnostic],
		isPreferred: true,
		edit: { changes: { [document.uri]: edits } },
	};
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
