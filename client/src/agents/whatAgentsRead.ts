import * as vscode from 'vscode';
import { AgentsCommands } from '../commandIds';
import type { Ctx } from '../ctx';
import { AgentsReadRequest, type AgentsReadResult } from '../../../server/src/protocol';

/** The scheme of the read-only documents "Show What Agents Read" opens. */
export const agentsReadScheme = 'mintdoc-agents';

/** Edits typed within this long are one refresh of the documents (the server reads the site each time). */
const refreshDelayMs = 300;

/**
 * "MintDoc: Show What Agents Read": the site's llms.txt and the current page's Markdown export, as
 * read-only documents beside the page, refreshed as you type (a virtual document provider asking
 * the server, `AgentsReadRequest`). `mintdoc-agents:/llms.txt?<file>` and `mintdoc-agents:/<name>.md?<file>`.
 */
export function registerWhatAgentsRead(ctx: Ctx): void {
	const changed = new vscode.EventEmitter<vscode.Uri>();
	const shown = new Set<string>();
	const provider: vscode.TextDocumentContentProvider = {
		onDidChange: changed.event,
		async provideTextDocumentContent(uri, token) {
			const client = ctx.client;
			if (!client) return 'The MintDoc language server is not running.';
			const file = decodeURIComponent(uri.query);
			const kind = uri.path.endsWith('/llms.txt') ? 'llms.txt' : 'page';
			const result: AgentsReadResult = await client.sendRequest(AgentsReadRequest.type, { uri: file, kind }, token);
			if (result.text === undefined) return kind === 'page' ? 'This file is not a page of a docs site.' : 'This file is in no docs site.';
			return result.text;
		},
	};
	ctx.pushCleanup(changed, vscode.workspace.registerTextDocumentContentProvider(agentsReadScheme, provider));
	ctx.pushCleanup(
		vscode.workspace.onDidCloseTextDocument(document => {
			if (document.uri.scheme === agentsReadScheme) shown.delete(document.uri.toString());
		}),
	);
	let timer: ReturnType<typeof setTimeout> | undefined;
	ctx.pushCleanup(
		vscode.workspace.onDidChangeTextDocument(event => {
			if (event.document.uri.scheme === agentsReadScheme || !shown.size) return;
			clearTimeout(timer);
			timer = setTimeout(() => {
				for (const uri of shown) changed.fire(vscode.Uri.parse(uri));
			}, refreshDelayMs);
		}),
		{ dispose: () => clearTimeout(timer) },
	);
	ctx.pushCleanup(
		vscode.commands.registerCommand(AgentsCommands.showWhatAgentsRead, async (target?: vscode.Uri) => {
			const page = target ?? vscode.window.activeTextEditor?.document.uri;
			if (!page || page.scheme === agentsReadScheme) {
				void vscode.window.showInformationMessage('Open a page (or docs.json) of a docs site first.');
				return;
			}
			const query = encodeURIComponent(page.toString());
			const name =
				page.path
					.split('/')
					.pop()
					?.replace(/\.(mdx|md)$/i, '') ?? 'page';
			const documents = [vscode.Uri.from({ scheme: agentsReadScheme, path: '/llms.txt', query })];
			if (/\.(mdx|md)$/i.test(page.path)) documents.push(vscode.Uri.from({ scheme: agentsReadScheme, path: `/${name}.md`, query }));
			for (const uri of documents) {
				shown.add(uri.toString());
				const document = await vscode.workspace.openTextDocument(uri);
				await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false, preserveFocus: true });
			}
		}),
	);
}
