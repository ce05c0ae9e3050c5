import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

/** Files the server receives as open documents and watches on disk. */
const docsConfigGlob = '**/docs.json';

/** Builds (but does not start) the client for the bundled server in `dist/server.js`, over Node IPC. */
export function createLanguageClient(context: vscode.ExtensionContext, outputChannel: vscode.OutputChannel): LanguageClient {
	const module = context.asAbsolutePath('dist/server.js');
	const serverOptions: ServerOptions = {
		run: { module, transport: TransportKind.ipc },
		debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
	};
	const watcher = vscode.workspace.createFileSystemWatcher(docsConfigGlob);
	context.subscriptions.push(watcher);
	const clientOptions: LanguageClientOptions = {
		documentSelector: [{ scheme: 'file', pattern: docsConfigGlob }],
		synchronize: { fileEvents: watcher },
		outputChannel,
		// The server never crashes on bad input by design; if it dies anyway, restart it a few times before giving up.
		connectionOptions: { maxRestartCount: 4 },
	};
	return new LanguageClient('mintdoc', 'MintDoc Language Server', serverOptions, clientOptions);
}
