import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { startServer } from '../server';
import { createBrowserRuntime } from './browserRuntime';

// The language server in a web worker (dist/browserServer.js): the client posts LSP messages to it
// (vscode-languageclient/browser), and every file comes back through the client (browserWorkspace.ts).
declare const self: DedicatedWorkerGlobalScope;

const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self));
// A bug in one feature must not end the server the user relies on all day: log and carry on.
self.addEventListener('error', event => {
	event.preventDefault();
	connection.console.error(`uncaught: ${event.error instanceof Error ? (event.error.stack ?? event.error.message) : event.message}`);
});
self.addEventListener('unhandledrejection', event => {
	event.preventDefault();
	const reason: unknown = event.reason;
	connection.console.error(`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
});
startServer(connection, createBrowserRuntime(connection));
