import * as vscode from 'vscode';
import { createBrowserLanguageClient } from './browserLanguageClient';
import { browserContextKey } from './commandIds';
import { registerCommands } from './commands';
import { Ctx } from './ctx';
import { registerPlatform } from './platform/registerPlatform';
import type { ClientStatus } from './status';
import { createStatusItem } from './statusItem';
import { registerWhatAgentsRead } from './agents/whatAgentsRead';
import { browserPreview } from './preview/browserPreview';
import { registerPreview } from './preview/registerPreview';
import { registerSiteView } from './views/siteTree';

/**
 * What does not run in a browser (vscode.dev, github.dev), said once in the status item's tooltip:
 * the rest of MintDoc's checks run there with the same findings as on the desktop.
 */
export const browserLimits =
	'In the browser MintDoc checks the site as on the desktop, except: external links are not checked, ' +
	'the site is not compared with a git ref (`mintdoc.compareWith`), hosted OpenAPI documents are not fetched ' +
	"(the browser refuses cross-origin requests), symbolic links are not followed, the preview's API playground sends no requests, and the commands that run the " +
	'`mintdoc` command-line tool are not available. Use VS Code on the desktop for those. The platform views and ' +
	'the assistant call the platform API from the browser: they work where it accepts requests from a web page.';

/** What activate() returns: the status, for tests and other extensions (as the desktop entry's public API). */
export interface BrowserMintDocApi {
	readonly status: () => ClientStatus;
	readonly onDidChangeStatus: vscode.Event<ClientStatus>;
}

let ctx: Ctx | undefined;

/**
 * The extension in VS Code's web worker extension host (package.json `browser`): activated like the
 * desktop one by a docs.json or mint.json in the workspace, it starts the language server in a Web
 * Worker and answers its file requests. No Node module is bundled here (test/unit/browserBundles.test.ts).
 */
export async function activate(context: vscode.ExtensionContext): Promise<BrowserMintDocApi> {
	// package.json hides the views and the commands this entry does not register (browserCommandIds).
	void vscode.commands.executeCommand('setContext', browserContextKey, true);
	ctx = new Ctx(context, createBrowserLanguageClient);
	registerCommands(ctx);
	// The platform's half speaks HTTP with `fetch`: the browser's, bound by the API's CORS answers (platform/api/http.ts).
	registerPlatform(ctx);
	ctx.pushCleanup(createStatusItem(ctx.status, browserLimits));
	// The Site view (its llms.txt row opens what agents read) and the preview: the worker answers their requests as the Node server does.
	registerSiteView(ctx);
	registerWhatAgentsRead(ctx);
	registerPreview(ctx, browserPreview());
	await ctx.startServer();
	const status = ctx.status;
	return { status: () => status.current, onDidChangeStatus: status.onDidChange };
}

export async function deactivate(): Promise<void> {
	await ctx?.dispose();
	ctx = undefined;
}
