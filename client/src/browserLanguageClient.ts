import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/browser';
import type { ServerInitOptions } from '../../server/src/protocol';
import { sharedClientOptions } from './clientOptions';
import { readSetting } from './config';
import { answerFileRequests } from './workspaceFiles';

/**
 * Builds (but does not start) the client for the language server in a Web Worker
 * (`dist/browserServer.js`), for VS Code in a browser. The server has no file system there: it asks
 * this client, which answers with `vscode.workspace.fs` (workspaceFiles.ts).
 */
export async function createBrowserLanguageClient(context: vscode.ExtensionContext, outputChannel: vscode.OutputChannel): Promise<LanguageClient> {
	const worker = await startServerWorker(vscode.Uri.joinPath(context.extensionUri, 'dist', 'browserServer.js'));
	const client = new WorkerLanguageClient(
		'mintdoc',
		'MintDoc Language Server',
		{
			...sharedClientOptions(context, outputChannel, workspaceSchemes()),
			// No storage path: the server in a browser keeps nothing between sessions. No hosted document is fetched there either.
			initializationOptions: { workspaceTrusted: vscode.workspace.isTrusted, a11y: readSetting('a11y.enabled') } satisfies ServerInitOptions,
		},
		worker,
	);
	// Handlers registered before start are installed when the connection opens (and again on each restart).
	context.subscriptions.push(answerFileRequests(client));
	return client;
}

/**
 * The schemes of the workspace's own file systems (vscode-vfs on github.dev): their documents are the
 * site's, not those of diff views or other schemes.
 */
export function workspaceSchemes(): string[] {
	const schemes = [...new Set((vscode.workspace.workspaceFolders ?? []).map(folder => folder.uri.scheme))];
	return schemes.length ? schemes : ['file', 'vscode-vfs'];
}

/** The browser client, which also ends its server's Worker when disposed (a restart starts a new one). */
class WorkerLanguageClient extends LanguageClient {
	constructor(
		id: string,
		name: string,
		options: LanguageClientOptions,
		private readonly serverWorker: Worker,
	) {
		super(id, name, options, serverWorker);
	}

	override async dispose(timeout?: number): Promise<void> {
		try {
			await super.dispose(timeout);
		} finally {
			// vscode-languageclient/browser leaves the Worker running after shutdown and exit.
			this.serverWorker.terminate();
		}
	}
}

/**
 * The server's Worker. VS Code's web worker extension host refuses a Worker from the URI of an
 * extension installed on a remote (`vscode-remote:`, as in code-server: "Creating workers from remote
 * extensions is currently not supported"): there the same script, read with the editor's file
 * system, runs from a blob URL. Extensions from the gallery (vscode.dev) take the first way.
 */
async function startServerWorker(script: vscode.Uri): Promise<Worker> {
	if (script.scheme !== 'vscode-remote')
		try {
			return new Worker(script.toString(true));
		} catch {
			// Refused for its URI: read it instead.
		}
	const bytes = await vscode.workspace.fs.readFile(script);
	return new Worker(URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: 'text/javascript' })));
}
