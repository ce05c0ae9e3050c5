import * as vscode from 'vscode';
import { registerAutoCloseTags } from './autoCloseTags';
import { registerLmTools } from './agents/lmTools';
import { registerMcpDefinitions } from './agents/mcpDefinitions';
import { registerWhatAgentsRead } from './agents/whatAgentsRead';
import { registerSetUpAgents, type SetUpResult, type SetUpUi } from './agents/setUpAgents';
import { registerCommands } from './commands';
import { registerExternalLinks } from './externalLinks';
import { Ctx } from './ctx';
import { registerGeneratePagesCommand } from './generatePagesCommand';
import { registerLegacyUpgrade } from './legacyUpgrade';
import { createLanguageClient } from './languageClient';
import { startDemoTour } from './demo';
import { exportedApi, type PublicMintDocApi } from './exportedApi';
import { registerPreview, type PreviewTestApi } from './preview/registerPreview';
import { desktopPreview } from './preview/desktopPreview';
import { registerPlatform, type PlatformApi } from './platform/registerPlatform';
import type { ClientStatus } from './status';
import { createStatusItem } from './statusItem';
import { registerSiteView, type SiteViewApi } from './views/siteTree';

/** What activate() returns to the integration tests (ExtensionMode.Test); other extensions get the status only (see exportedApi.ts). */
export interface MintDocApi {
	readonly status: () => ClientStatus;
	readonly onDidChangeStatus: vscode.Event<ClientStatus>;
	/** Read-only view of the Feedback and Update Status views (what they show), for tests. */
	readonly platform: PlatformApi['views'];
	/** Read-only view of the Insights view and the page summary (what they show), for tests. */
	readonly insights: PlatformApi['insights'];
	/** The assistant chat: its state, and the webview's messages to drive it (integration tests). */
	readonly assistant: PlatformApi['assistant'];
	/** The Site view's top-level rows (what it shows), for tests. */
	readonly site: SiteViewApi;
	/** The last docs search results shown (Search Published Docs), for tests. */
	readonly search: PlatformApi['search'];
	/** Read-only view of the site preview panel (pages posted, pages rendered), for tests. */
	readonly preview: PreviewTestApi;
	/** Set Up Coding Agents… with the answers given in code, and whether the MCP server definition was registered (VS Code ≥ 1.101). */
	readonly agents: { setUp(ui: SetUpUi): Promise<SetUpResult | undefined>; readonly mcpRegistered: boolean };
	/** What MintDoc wrote and stored, for the secret-hygiene test to scan for keys. */
	readonly security: {
		outputText(): string;
		workspaceState(): Record<string, unknown>;
		globalState(): Record<string, unknown>;
		readonly globalStorageUri: vscode.Uri;
		readonly logUri: vscode.Uri;
	};
}

let ctx: Ctx | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<MintDocApi | PublicMintDocApi> {
	ctx = new Ctx(context, createLanguageClient);
	registerCommands(ctx);
	registerExternalLinks(ctx);
	registerAutoCloseTags(ctx);
	registerGeneratePagesCommand(ctx);
	registerLegacyUpgrade(ctx);
	ctx.pushCleanup(createStatusItem(ctx.status));
	const siteView = registerSiteView(ctx);
	registerLmTools(ctx);
	registerWhatAgentsRead(ctx);
	const mcpRegistered = registerMcpDefinitions(ctx);
	const setUpAgents = registerSetUpAgents(ctx);
	const preview = registerPreview(ctx, desktopPreview);
	startDemoTour(ctx);
	// The hosted platform's half (keys, assistant, search, deploy, its views): one part, registered as one.
	const platform = registerPlatform(ctx);
	await ctx.startServer();
	// Restricted Mode ends: a fresh server starts trusted (it may now fetch hosted OpenAPI documents).
	const current = ctx;
	ctx.pushCleanup(vscode.workspace.onDidGrantWorkspaceTrust(() => void current.restartServer()));
	const status = ctx.status;
	const api: MintDocApi = {
		status: () => status.current,
		onDidChangeStatus: status.onDidChange,
		platform: platform.views,
		insights: platform.insights,
		site: { shownItems: () => siteView.shownItems(), onDidChange: siteView.onDidChangeTreeData },
		preview,
		assistant: platform.assistant,
		search: platform.search,
		agents: { setUp: setUpAgents, mcpRegistered },
		security: {
			outputText: current.outputText,
			workspaceState: () => Object.fromEntries(context.workspaceState.keys().map(k => [k, context.workspaceState.get(k)])),
			globalState: () => Object.fromEntries(context.globalState.keys().map(k => [k, context.globalState.get(k)])),
			globalStorageUri: context.globalStorageUri,
			logUri: context.logUri,
		},
	};
	return exportedApi(api, context.extensionMode === vscode.ExtensionMode.Test);
}

export async function deactivate(): Promise<void> {
	await ctx?.dispose();
	ctx = undefined;
}
