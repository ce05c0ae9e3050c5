import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CancellationToken } from '../cancellation';
import { snippetExports, snippetVariables, type SnippetVariable } from '../mdx/snippetExports';
import { dirnameUri, isUnder, joinUri } from '../uris';
import { scanTags } from './closingTag';
import { importedFromSnippets, type Reader } from './snippetComponents';

/** The value a variable holds, as hover and completion show it: its first line. */
function variableDoc(local: string, source: string, variable: SnippetVariable): string {
	return `**${local}** — exported by \`${source}\`\n\n\`\`\`jsx\nexport const ${variable.name} = ${variable.firstLine}\n\`\`\``;
}

/**
 * Completion of what snippets export, in two places: the names between the braces of an import
 * (`import { | } from "/snippets/x.mdx"`: its components and variables, those not imported yet),
 * and after `{` in the page (an MDX expression: the variables the page imports).
 */
export async function snippetVariableCompletion(
	page: TextDocument,
	position: Position,
	rootUri: string,
	workspace: Reader,
	token: CancellationToken,
): Promise<CompletionItem[] | undefined> {
	const line = page.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } });
	const before = line.slice(0, position.character);
	const after = line.slice(position.character);
	const word = /[\w$]*$/.exec(before)![0];
	const range = { start: { line: position.line, character: position.character - word.length }, end: position };
	const inImport = /^import\s+(?:[\w$]+\s*,\s*)?\{([^}]*)$/.exec(before);
	const source = inImport && /^[^}]*\}\s*from\s*["']((?:\/|\.\.?\/)[^"']+)["']/.exec(after)?.[1];
	if (inImport && source) {
		const uri = source.startsWith('/') ? joinUri(rootUri, ...source.slice(1).split('/')) : joinUri(dirnameUri(page.uri), ...source.split('/'));
		const snippet = isUnder(uri, rootUri) ? await workspace.readDocument(uri) : undefined;
		if (!snippet || token.isCancellationRequested) return [];
		const written = new Set([...inImport[1]!.matchAll(/[\w$]+/g), .../^[^}]*/.exec(after)![0].matchAll(/[\w$]+/g)].map(m => m[0]));
		return [
			...snippetExports(snippet).map(e => ({ name: e.name, kind: CompletionItemKind.Class, detail: `Component (${source})` })),
			...snippetVariables(snippet).map(v => ({ name: v.name, kind: CompletionItemKind.Variable, detail: v.firstLine })),
		]
			.filter(e => !written.has(e.name) || e.name === word)
			.map(e => ({ label: e.name, kind: e.kind, detail: e.detail, textEdit: { range, newText: e.name } }));
	}
	if (!/\{\s*[\w$]*$/.test(before) || /^\s*(import|export)\s/.test(line)) return undefined;
	if (scanTags(page.getText(), page.offsetAt(position)).inCode) return undefined;
	const items: CompletionItem[] = [];
	for (const { local, source: from, variable } of await importedVariables(page, rootUri, workspace, token))
		items.push({
			label: local,
			kind: CompletionItemKind.Variable,
			detail: variable.firstLine,
			documentation: { kind: MarkupKind.Markdown, value: variableDoc(local, from, variable) },
			textEdit: { range, newText: local },
		});
	return items;
}

/** The variables a page imports from snippets of the site, under the page's names for them. */
async function importedVariables(page: TextDocument, rootUri: string, workspace: Reader, token: CancellationToken) {
	const found = await importedFromSnippets(page, rootUri, workspace, token, (snippet, exported) => snippetVariables(snippet).find(v => v.name === exported));
	return found.map(({ local, uri, exported }) => ({ local, source: '/' + uri.slice(rootUri.length).replace(/^\/+/, ''), variable: exported }));
}

/** Hover on an imported variable's name (in the import or in `{name}`): the first line of its value. */
export async function snippetVariableHover(
	page: TextDocument,
	position: Position,
	rootUri: string,
	workspace: Reader,
	token: CancellationToken,
): Promise<Hover | undefined> {
	const line = page.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } });
	for (const match of line.matchAll(/[\w$]+/g)) {
		if (position.character < match.index || position.character > match.index + match[0].length) continue;
		const found = (await importedVariables(page, rootUri, workspace, token)).find(v => v.local === match[0]);
		if (!found || scanTags(page.getText(), page.offsetAt(position)).inCode) return undefined;
		return {
			range: { start: { line: position.line, character: match.index }, end: { line: position.line, character: match.index + match[0].length } },
			contents: { kind: MarkupKind.Markdown, value: variableDoc(found.local, found.source, found.variable) },
		};
	}
	return undefined;
}
