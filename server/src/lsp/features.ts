import { CodeActionKind, type Connection, type TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../core/languageService';
import type { Logger } from '../core/logger';
import { autoCloseTag } from '../core/features/closingTag';
import { AutoCloseTagRequest, SiteTreeRequest } from '../protocol';
import { runSafeAsync } from './runner';

/**
 * Server capabilities of the features registered below; files moved are followed on the URI schemes
 * of the workspace folders (`file` on the desktop, `vscode-vfs` on github.dev).
 */
export function featureCapabilities(schemes: readonly string[]) {
	return {
		completionProvider: { triggerCharacters: ['"', '/', '<', '#', ' ', '{'], resolveProvider: true },
		hoverProvider: true,
		definitionProvider: true,
		referencesProvider: true,
		renameProvider: { prepareProvider: true },
		documentLinkProvider: { resolveProvider: false },
		documentSymbolProvider: { label: 'MintDoc' },
		foldingRangeProvider: true,
		codeLensProvider: { resolveProvider: false },
		codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
		workspace: {
			fileOperations: {
				// Moving a page keeps docs.json pointing at it: one undoable edit before the move.
				willRename: {
					filters: schemes.flatMap(scheme => [
						{ scheme, pattern: { glob: '**/*', matches: 'file' as const } },
						{ scheme, pattern: { glob: '**/*', matches: 'folder' as const } },
					]),
				},
			},
		},
	};
}

/** The URI schemes of the workspace folders (`file` when there are none). */
export function folderSchemes(folders: readonly string[]): string[] {
	const schemes = new Set(folders.map(uri => /^([a-z][a-z0-9+.-]*):/i.exec(uri)?.[1].toLowerCase()).filter((s): s is string => !!s));
	return schemes.size ? [...schemes] : ['file'];
}

/** One line of wiring per LSP feature: look up the document, call the core, never throw. */
export function registerFeatures(
	connection: Connection,
	documents: TextDocuments<TextDocument>,
	service: LanguageService,
	logger: Logger,
	sitesSettled: () => Promise<void>,
): void {
	const safe = <T>(label: string, token: Parameters<typeof runSafeAsync>[4], fallback: T, work: () => Promise<T>) =>
		runSafeAsync(logger, work, fallback, label, token);
	const doc = (uri: string) => documents.get(uri);

	connection.onCompletion((p, token) =>
		safe('completion', token, null, async () =>
			doc(p.textDocument.uri) ? ((await service.doComplete(doc(p.textDocument.uri)!, p.position, token)) ?? null) : null,
		),
	);
	connection.onCompletionResolve((item, token) => safe('completion resolve', token, item, () => service.resolveCompletion(item, token)));
	connection.onHover((p, token) =>
		safe('hover', token, null, async () => (doc(p.textDocument.uri) ? ((await service.doHover(doc(p.textDocument.uri)!, p.position, token)) ?? null) : null)),
	);
	connection.onDefinition((p, token) =>
		safe('definition', token, [], async () => (doc(p.textDocument.uri) ? service.findDefinition(doc(p.textDocument.uri)!, p.position, token) : [])),
	);
	connection.onReferences((p, token) =>
		safe('references', token, [], async () => (doc(p.textDocument.uri) ? service.findReferences(doc(p.textDocument.uri)!, p.position, token) : [])),
	);
	connection.onPrepareRename((p, token) =>
		safe('prepare rename', token, null, async () =>
			doc(p.textDocument.uri) ? ((await service.prepareRename(doc(p.textDocument.uri)!, p.position, token)) ?? null) : null,
		),
	);
	connection.onRenameRequest((p, token) =>
		safe('rename', token, null, async () =>
			doc(p.textDocument.uri) ? ((await service.rename(doc(p.textDocument.uri)!, p.position, p.newName, token)) ?? null) : null,
		),
	);
	connection.onDocumentLinks((p, token) =>
		safe('document links', token, [], async () => (doc(p.textDocument.uri) ? service.findDocumentLinks(doc(p.textDocument.uri)!, token) : [])),
	);
	connection.onDocumentSymbol((p, token) =>
		safe('document symbols', token, [], async () => (doc(p.textDocument.uri) ? service.findDocumentSymbols(doc(p.textDocument.uri)!, token) : [])),
	);
	connection.onFoldingRanges((p, token) =>
		safe('folding', token, [], async () => (doc(p.textDocument.uri) ? service.findFoldingRanges(doc(p.textDocument.uri)!, token) : [])),
	);
	connection.onCodeLens((p, token) =>
		safe('code lens', token, [], async () => (doc(p.textDocument.uri) ? service.findCodeLenses(doc(p.textDocument.uri)!, token) : [])),
	);
	connection.onCodeAction((p, token) =>
		safe('code actions', token, [], async () =>
			doc(p.textDocument.uri) ? service.findCodeActions(doc(p.textDocument.uri)!, p.context.diagnostics, token) : [],
		),
	);
	// Asked for early (the view opens with the window), it waits for the sites to be found rather than answering "none".
	connection.onRequest(SiteTreeRequest.type, (_, token) => safe('site tree', token, [], async () => (await sitesSettled(), service.getSiteTrees(token))));
	connection.onRequest(AutoCloseTagRequest.type, p => {
		const document = doc(p.textDocument.uri);
		if (!document || !/\.mdx$/i.test(document.uri) || (p.textDocument.version !== undefined && p.textDocument.version !== document.version)) return null;
		return autoCloseTag(document.getText(), document.offsetAt(p.position)) ?? null;
	});
	connection.workspace.onWillRenameFiles((p, token) =>
		safe('will rename files', token, null, async () => {
			// Settings are pulled when needed, never kept in server globals.
			const addRedirects = (await connection.workspace.getConfiguration('mintdoc.pages').catch(() => undefined))?.addRedirectOnMove !== false;
			return (await service.willRenameFiles(p.files, { addRedirects }, token)) ?? null;
		}),
	);
}
