import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { unsafeSiteWrite } from './pathGuards';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { languageServerNodeFlags, type ServerInitOptions } from '../../server/src/protocol';
import { readSetting } from './config';

/**
 * Files the server watches on disk: configuration (docs.json and the JSON files it pulls in with
 * `$ref`), pages, OpenAPI documents, GraphQL schemas (`graphql` in docs.json: `.graphql`, `.graphqls`,
 * `.gql`) and .mintignore. The server ignores what is not part of a site.
 */
const watchedGlob = '**/{*.json,*.mdx,*.md,*.yaml,*.yml,*.graphql,*.graphqls,*.gql,.mintignore}';

/** Builds (but does not start) the client for the bundled server in `dist/server.js`, over Node IPC. */
export function createLanguageClient(context: vscode.ExtensionContext, outputChannel: vscode.OutputChannel): LanguageClient {
	const module = context.asAbsolutePath('dist/server.js');
	const flags = languageServerNodeFlags(availableParallelism());
	const serverOptions: ServerOptions = {
		run: { module, transport: TransportKind.ipc, options: { execArgv: flags } },
		debug: { module, transport: TransportKind.ipc, options: { execArgv: [...flags, '--nolazy', '--inspect=6011'] } },
	};
	const watcher = vscode.workspace.createFileSystemWatcher(watchedGlob);
	// A deleted folder is reported once, for the folder, which no file glob matches: its pages (or the
	// site it held) would stay. Deletions of anything, then; the server drops what belongs to no site.
	const deletions = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
	// A branch change moves .git/HEAD: the server compares the site with the new merge base (mintdoc.compareWith).
	const head = vscode.workspace.createFileSystemWatcher('**/.git/HEAD');
	context.subscriptions.push(watcher, deletions, head);
	const clientOptions: LanguageClientOptions = {
		// Every JSON buffer (a `$ref` file may have any name; the server ignores JSON no site uses), every page, and YAML (OpenAPI documents).
		documentSelector: [
			{ scheme: 'file', language: 'json' },
			{ scheme: 'file', language: 'jsonc' },
			{ scheme: 'file', pattern: '**/*.{mdx,md,yaml,yml}' },
			// Snippet components: references from their exported function.
			{ scheme: 'file', pattern: '**/snippets/**/*.{jsx,tsx,js}' },
		],
		synchronize: { fileEvents: [watcher, deletions, head], configurationSection: ['mintdoc.a11y', 'mintdoc.compareWith'] },
		outputChannel,
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
		// The server never crashes on bad input by design; if it dies anyway, restart it a few times before giving up.
		connectionOptions: { maxRestartCount: 4 },
	};
	return new LanguageClient('mintdoc', 'MintDoc Language Server', serverOptions, clientOptions);
}
