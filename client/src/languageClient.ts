import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { unsafeSiteWrite } from './pathGuards';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { languageServerNodeFlags, type ServerInitOptions } from '../../server/src/protocol';
import { readSetting } from './config';
import { sharedClientOptions } from './clientOptions';

/** Builds (but does not start) the client for the bundled server in `dist/server.js`, over Node IPC. */
export function createLanguageClient(context: vscode.ExtensionContext, outputChannel: vscode.OutputChannel): LanguageClient {
	const module = context.asAbsolutePath('dist/server.js');
	const flags = languageServerNodeFlags(availableParallelism());
	const serverOptions: ServerOptions = {
		run: { module, transport: TransportKind.ipc, options: { execArgv: flags } },
		debug: { module, transport: TransportKind.ipc, options: { execArgv: [...flags, '--nolazy', '--inspect=6011'] } },
	};
	const clientOptions: LanguageClientOptions = {
		...sharedClientOptions(context, outputChannel, ['file']),
		// Where the server caches hosted OpenAPI documents (with their ETags); in Restricted Mode it fetches none.
		initializationOptions: {
			storagePath: context.globalStorageUri.fsPath,
			workspaceTrusted: vscode.workspace.isTrusted,
			a11y: readSetting('a11y.enabled'),
		} satisfies ServerInitOptions,
		// "Create page" fixes name a path from docs.json: never offered where the new file would be (or pass through) a link.
		middleware: {
			provideCodeActions: async (document, range, context, token, next) => {
				const actions = await next(document, range, context, token);
				if (!actions) return actions;
				const folder = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath ?? path.dirname(document.uri.fsPath);
				const kept: typeof actions = [];
				for (const action of actions) {
					const created = 'edit' in action && action.title.startsWith('Create page') ? action.edit?.entries().map(([uri]) => uri.fsPath) : [];
					if (!(await Promise.all((created ?? []).map(file => unsafeSiteWrite(folder, file)))).some(Boolean)) kept.push(action);
				}
				return kept;
			},
		},
	};
	return new LanguageClient('mintdoc', 'MintDoc Language Server', serverOptions, clientOptions);
}
