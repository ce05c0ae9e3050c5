import {
	CompletionItemKind,
	InsertTextFormat,
	MarkupKind,
	type CompletionItem,
	type Hover,
	type LocationLink,
	type Position,
	type Range,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CancellationToken } from '../cancellation';
import type { DocsWorkspace } from '../workspace';
import { snippetExports, type SnippetExport } from '../mdx/snippetExports';
import { dirnameUri, isUnder, joinUri } from '../uris';

/** The names a page imports from files of the site (`import { A, B as C } from "/snippets/x.jsx"`), with the file each comes from and where its exported name is written. */
export function importedNames(page: TextDocument, rootUri: string): Map<string, { readonly exported: string; readonly uri: string; readonly range: Range }> {
	const names = new Map<string, { exported: string; uri: string; range: Range }>();
	const text = page.getText();
	for (const match of text.matchAll(/^import\s+(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']((?:\/|\.\.?\/)[^"']+)["']/gm)) {
		const source = match[2]!;
		const uri = source.startsWith('/') ? joinUri(rootUri, ...source.slice(1).split('/')) : joinUri(dirnameUri(page.uri), ...source.split('/'));
		if (!isUnder(uri, rootUri)) continue;
		let at = match.index + match[0].indexOf('{') + 1;
		for (const part of match[1]!.split(',')) {
			const written = /^(\s*)([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
			if (written) {
				const start = at + written[1]!.length;
				const range = { start: page.positionAt(start), end: page.positionAt(start + written[2]!.length) };
				names.set(written[3] ?? written[2]!, { exported: written[2]!, uri, range });
			}
			at += part.length + 1;
		}
	}
	return names;
}

export type Reader = Pick<DocsWorkspace, 'readDocument'>;

/**
 * What a page imports from the site's snippets, under the page's names for it: for each imported
 * name, `pick` finds the export in the snippet (undefined when the file is missing or has no such
 * export). Each snippet file is read once.
 */
export async function importedFromSnippets<T>(
	page: TextDocument,
	rootUri: string,
	workspace: Reader,
	token: CancellationToken,
	pick: (snippet: TextDocument, exported: string) => T | undefined,
) {
	const found: { local: string; uri: string; snippet: TextDocument; exported: T }[] = [];
	const read = new Map<string, Promise<TextDocument | undefined>>();
	for (const [local, { exported, uri }] of importedNames(page, rootUri)) {
		if (token.isCancellationRequested) return [];
		if (!read.has(uri)) read.set(uri, workspace.readDocument(uri));
		const snippet = await read.get(uri)!;
		const value = snippet && pick(snippet, exported);
		if (snippet && value) found.push({ local, uri, snippet, exported: value });
	}
	return found;
}

/** The imported snippet components a page can use, each with its export. */
export const importedComponents = (page: TextDocument, rootUri: string, workspace: Reader, token: CancellationToken) =>
	importedFromSnippets(page, rootUri, workspace, token, (snippet, exported) => snippetExports(snippet).find(e => e.name === exported));

/** After `<`, the components the page imports from its snippets, with their props as a snippet to fill in. */
export async function snippetComponentCompletion(
	page: TextDocument,
	position: Position,
	rootUri: string,
	workspace: Reader,
	token: CancellationToken,
): Promise<CompletionItem[]> {
	const typed = /<([A-Za-z][\w.]*)?$/.exec(page.getText({ start: { line: position.line, character: 0 }, end: position }));
	if (!typed) return [];
	const range = { start: { line: position.line, character: position.character - (typed[1]?.length ?? 0) }, end: position };
	return (await importedComponents(page, rootUri, workspace, token)).map<CompletionItem>(({ local, snippet, exported }) => ({
		label: local,
		kind: CompletionItemKind.Class,
		detail: `Snippet component (${snippet.uri.slice(rootUri.length)})`,
		documentation: { kind: MarkupKind.Markdown, value: snippetDoc(local, snippet, exported) },
		insertTextFormat: InsertTextFormat.Snippet,
		textEdit: { range, newText: `${local}${exported.props.map((p, i) => ` ${p}="$${i + 1}"`).join('')} />` },
	}));
}

/** The snippet's first lines (where the component is defined) and its props. */
function snippetDoc(local: string, snippet: TextDocument, exported: SnippetExport): string {
	const first = exported.range.start.line;
	const lines = snippet.getText({ start: { line: first, character: 0 }, end: { line: first + 8, character: 0 } }).trimEnd();
	const props = exported.props.length ? exported.props.map(p => `\`${p}\``).join(', ') : 'none';
	return `**${local}** — snippet component\n\nProps: ${props}\n\n\`\`\`jsx\n${lines}\n\`\`\``;
}

/** The imported snippet component whose name (in `<Name` or `</Name`) is at `position`. */
export async function componentAt(page: TextDocument, position: Position, rootUri: string, workspace: Reader, token: CancellationToken) {
	const line = page.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } });
	for (const match of line.matchAll(/<\/?([A-Z][\w.]*)/g)) {
		const start = match.index + match[0].length - match[1]!.length;
		if (position.character < start || position.character > start + match[1]!.length) continue;
		const found = (await importedComponents(page, rootUri, workspace, token)).find(c => c.local === match[1]);
		const range = { start: { line: position.line, character: start }, end: { line: position.line, character: start + match[1]!.length } };
		return found && { ...found, range };
	}
	return undefined;
}

/** Hover on a snippet component's name: its first lines and its props. */
export async function snippetComponentHover(
	page: TextDocument,
	position: Position,
	rootUri: string,
	workspace: Reader,
	token: CancellationToken,
): Promise<Hover | undefined> {
	const found = await componentAt(page, position, rootUri, workspace, token);
	return found && { range: found.range, contents: { kind: MarkupKind.Markdown, value: snippetDoc(found.local, found.snippet, found.exported) } };
}

/** Go to definition from a snippet component's name to its export in the snippet. */
export async function snippetComponentDefinition(
	page: TextDocument,
	position: Position,
	rootUri: string,
	workspace: Reader,
	token: CancellationToken,
): Promise<LocationLink[]> {
	const found = await componentAt(page, position, rootUri, workspace, token);
	return found
		? [{ originSelectionRange: found.range, targetUri: found.uri, targetRange: found.exported.range, targetSelectionRange: found.exported.range }]
		: [];
}
