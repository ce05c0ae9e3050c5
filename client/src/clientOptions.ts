import * as vscode from 'vscode';
import type { LanguageClientOptions } from 'vscode-languageclient';

/*
 * What the desktop client (languageClient.ts, Node IPC) and the browser client
 * (browserLanguageClient.ts, a Web Worker) give their language server alike: the documents it is
 * sent, the file events it hears, the settings it is sent. No Node here: both bundles hold it.
 */

/**
 * Files the server watches: configuration (docs.json and the JSON files it pulls in with `$ref`),
 * pages, OpenAPI documents, GraphQL schemas (`graphql` in docs.json: `.graphql`, `.graphqls`,
 * `.gql`) and .mintignore. The server ignores what is not part of a site.
 */
const watchedGlob = '**/{*.json,*.mdx,*.md,*.yaml,*.yml,*.graphql,*.graphqls,*.gql,.mintignore}';

/** The sections of `mintdoc.*` the server is sent when they change (workspace/didChangeConfiguration). */
const synchronizedSections = ['mintdoc.a11y', 'mintdoc.compareWith'];

/**
 * The file watchers whose events reach the server (workspace/didChangeWatchedFiles), disposed
 * with the extension. On github.dev they report what the editor itself changes in the repository.
 */
function createWatchers(context: vscode.ExtensionContext): vscode.FileSystemWatcher[] {
	const watcher = vscode.workspace.createFileSystemWatcher(watchedGlob);
	// A deleted folder is reported once, for the folder, which no file glob matches: its pages (or the
	// site it held) would stay. Deletions of anything, then; the server drops what belongs to no site.
	const deletions = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
	// A branch change moves .git/HEAD: the server compares the site with the new merge base (mintdoc.compareWith).
	const head = vscode.workspace.createFileSystemWatcher('**/.git/HEAD');
	context.subscriptions.push(watcher, deletions, head);
	return [watcher, deletions, head];
}

/**
 * The options both clients share, for documents of the URI `schemes` given: every JSON buffer (a
 * `$ref` file may have any name; the server ignores JSON no site uses), every page, YAML (OpenAPI
 * documents) and snippet components (references from their exported function).
 */
export function sharedClientOptions(
	context: vscode.ExtensionContext,
	outputChannel: vscode.OutputChannel,
	schemes: readonly string[],
): Pick<LanguageClientOptions, 'documentSelector' | 'synchronize' | 'outputChannel' | 'connectionOptions'> {
	return {
		documentSelector: schemes.flatMap(scheme => [
			{ scheme, language: 'json' },
			{ scheme, language: 'jsonc' },
			{ scheme, pattern: '**/*.{mdx,md,yaml,yml}' },
			{ scheme, pattern: '**/snippets/**/*.{jsx,tsx,js}' },
		]),
		synchronize: { fileEvents: createWatchers(context), configurationSection: synchronizedSections },
		outputChannel,
		// The server never crashes on bad input by design; if it dies anyway, restart it a few times before giving up.
		connectionOptions: { maxRestartCount: 4 },
	};
}
