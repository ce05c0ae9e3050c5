import type * as vscode from 'vscode';
import { registerCommands } from './commands';
import { Ctx } from './ctx';
import { startDemoTour } from './demo';
import type { ClientStatus } from './status';
import { createStatusItem } from './statusItem';
import { registerSiteView } from './views/siteTree';

/** What activate() returns: read by the integration tests, and by other extensions if they like. */
export interface MintDocApi {
	readonly status: () => ClientStatus;
	readonly onDidChangeStatus: vscode.Event<ClientStatus>;
}

let ctx: Ctx | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<MintDocApi> {
	ctx = new Ctx(context);
	registerCommands(ctx);
	ctx.pushCleanup(createStatusItem(ctx.status));
	registerSiteView(ctx);
	startDemoTour(ctx);
	await ctx.startServer();
	const status = ctx.status;
	return { status: () => status.current, onDidChangeStatus: status.onDidChange };
}

export async function deactivate(): Promise<void> {
	await ctx?.dispose();
	ctx = undefined;
}
