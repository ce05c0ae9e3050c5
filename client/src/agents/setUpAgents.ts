import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { AgentConfigsRequest, type AgentName, type ServerCommand } from '../../../server/src/protocol';
import type { Ctx } from '../ctx';
import { unsafeSiteWrite } from '../pathGuards';
import { appendMarkdownSection, appendTomlSection, mergeJsonConfig, type FileEdit } from './agentFileEdits';
import { Commands } from '../commandIds';

/** What the set-up asks the user; the command uses dialogs, the integration test answers in code. */
export interface SetUpUi {
	pickAgents(): Promise<{ readonly agents: readonly AgentName[]; readonly agentsMd: boolean } | undefined>;
	/** Asked while the file's new text is shown in an editor: write it? */
	confirm(file: string, text: string): Promise<boolean>;
	/** Where `~/` files go (Codex's config.toml); default the user's home. */
	readonly home?: string;
}

export interface SetUpResult {
	readonly written: readonly string[];
	/** Files left alone, with why (declined, already set up, refused). */
	readonly skipped: readonly string[];
}

const agentItems: readonly (vscode.QuickPickItem & { agent: AgentName })[] = [
	{ agent: 'vscode', label: 'VS Code (Copilot agent mode)', description: '.vscode/mcp.json', picked: true },
	{ agent: 'cursor', label: 'Cursor', description: '.cursor/mcp.json' },
	{ agent: 'claude', label: 'Claude Code', description: '.mcp.json' },
	{ agent: 'codex', label: 'Codex', description: '~/.codex/config.toml' },
];

/** The dialogs of the command: a multi-select quick pick, then a modal confirmation per file. */
export const dialogUi: SetUpUi = {
	async pickAgents() {
		const agentsMd = { label: 'AGENTS.md', description: 'a section: run the MintDoc check after editing docs' };
		const picked = await vscode.window.showQuickPick([...agentItems, agentsMd], {
			canPickMany: true,
			title: 'MintDoc: Set Up Coding Agents',
			placeHolder: 'The agents to give the MintDoc MCP server (each file is shown before it is written)',
		});
		if (!picked?.length) return undefined;
		return { agents: picked.flatMap(p => ('agent' in p ? [p.agent] : [])), agentsMd: picked.includes(agentsMd) };
	},
	async confirm(file) {
		const write = 'Write';
		return (
			(await vscode.window.showInformationMessage(`Write ${file}?`, { modal: true, detail: 'The editor shows what the file will hold.' }, write)) === write
		);
	},
};

/**
 * MintDoc: Set Up Coding Agents…: for each agent picked, its MCP configuration merged into its file,
 * shown in an editor, written only when confirmed; and the AGENTS.md section if asked.
 */
export async function setUpAgents(ctx: Ctx, ui: SetUpUi): Promise<SetUpResult | undefined> {
	const folder = siteFolder(ctx);
	if (!folder) {
		void vscode.window.showWarningMessage('MintDoc: open a folder with a docs site (docs.json) to set up coding agents.');
		return undefined;
	}
	const client = ctx.client;
	if (!client?.isRunning()) {
		void vscode.window.showWarningMessage('MintDoc: the language server is not running (see the MintDoc output).');
		return undefined;
	}
	const choice = await ui.pickAgents();
	if (!choice) return undefined;
	const { configs, agentsSection } = await client.sendRequest(AgentConfigsRequest.type, { agents: choice.agents, server: serverCommand(ctx, folder) });
	const files = configs.map(config => ({
		target: config.file.startsWith('~/') ? path.join(ui.home ?? os.homedir(), config.file.slice(2)) : path.join(folder.workspace, config.file),
		shown: config.file,
		edit: (existing: string | undefined) => (config.format === 'toml' ? appendTomlSection(existing, config.text) : mergeJsonConfig(existing, config.text)),
		inHome: config.file.startsWith('~/'),
	}));
	if (choice.agentsMd)
		files.push({ target: path.join(folder.workspace, 'AGENTS.md'), shown: 'AGENTS.md', edit: e => appendMarkdownSection(e, agentsSection), inHome: false });
	const written: string[] = [];
	const skipped: string[] = [];
	for (const file of files) {
		const existing = await readText(file.target);
		const edit: FileEdit = file.edit(existing);
		if ('refused' in edit) {
			skipped.push(`${file.shown}: ${edit.refused}`);
			continue;
		}
		if (edit.text === existing) {
			skipped.push(`${file.shown}: already set up`);
			continue;
		}
		const unsafe = file.inHome ? undefined : await unsafeSiteWrite(folder.workspace, file.target);
		if (unsafe) {
			skipped.push(`${file.shown}: ${unsafe}`);
			continue;
		}
		// The new text in a read-only editor named like the file while the user decides; closed either way.
		const preview = await showPreview(file.shown, edit.text);
		const ok = await ui.confirm(file.shown, edit.text);
		await closePreview(preview);
		if (!ok) {
			skipped.push(`${file.shown}: not confirmed`);
			continue;
		}
		const uri = vscode.Uri.file(file.target);
		await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
		await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(edit.text));
		written.push(file.shown);
	}
	const report = [written.length ? `wrote ${written.join(', ')}` : 'wrote nothing', ...skipped.map(s => `left ${s}`)].join('; ');
	ctx.outputChannel.appendLine(`Set Up Coding Agents: ${report}`);
	void vscode.window.showInformationMessage(`MintDoc: ${report}.`);
	return { written, skipped };
}

/** The workspace folder holding the active docs site, and the site's folder relative to it ('.' when the same). */
function siteFolder(ctx: Ctx): { workspace: string; site: string } | undefined {
	const folders = vscode.workspace.workspaceFolders ?? [];
	const root = ctx.status.current.roots[0];
	const rootPath = root ? vscode.Uri.parse(root).fsPath : undefined;
	const folder = (rootPath && folders.find(f => rootPath === f.uri.fsPath || rootPath.startsWith(f.uri.fsPath + path.sep))) ?? folders[0];
	if (!folder) return undefined;
	const site = rootPath ? path.relative(folder.uri.fsPath, rootPath).split(path.sep).join('/') || '.' : '.';
	return { workspace: folder.uri.fsPath, site };
}

/** `npx mintdoc mcp <site>` when the project has the CLI installed, else node with the CLI shipped in this extension. */
export function serverCommand(ctx: Ctx, folder: { workspace: string; site: string }): ServerCommand {
	if (existsSync(path.join(folder.workspace, 'node_modules', 'mintdoc', 'package.json'))) return { command: 'npx', args: ['mintdoc', 'mcp', folder.site] };
	return { command: 'node', args: [path.join(ctx.context.extensionPath, 'dist', 'cli.js'), 'mcp', folder.site] };
}

async function readText(file: string): Promise<string | undefined> {
	try {
		return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(file)));
	} catch {
		return undefined;
	}
}

/** Read-only documents showing what a file will hold (scheme below), by URI. */
const previewScheme = 'mintdoc-agent-setup';
const previews = new Map<string, string>();
let previewCount = 0;

async function showPreview(file: string, text: string): Promise<vscode.Uri> {
	const uri = vscode.Uri.from({ scheme: previewScheme, path: `/${file.replace(/^~\//, 'home/')}`, query: String(++previewCount) });
	previews.set(uri.toString(), text);
	await vscode.window.showTextDocument(uri, { preview: true });
	return uri;
}

async function closePreview(uri: vscode.Uri): Promise<void> {
	previews.delete(uri.toString());
	const tabs = vscode.window.tabGroups.all
		.flatMap(group => group.tabs)
		.filter(tab => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());
	if (tabs.length) await vscode.window.tabGroups.close(tabs);
}

/** Registers the command; returns the set-up for the integration tests (which answer in code). */
export function registerSetUpAgents(ctx: Ctx): (ui: SetUpUi) => Promise<SetUpResult | undefined> {
	ctx.pushCleanup(
		vscode.workspace.registerTextDocumentContentProvider(previewScheme, { provideTextDocumentContent: uri => previews.get(uri.toString()) ?? '' }),
		vscode.commands.registerCommand(Commands.setUpCodingAgents, async () => {
			try {
				await setUpAgents(ctx, dialogUi);
			} catch (e) {
				void vscode.window.showErrorMessage(`MintDoc: setting up coding agents failed: ${e instanceof Error ? e.message : String(e)}`);
			}
		}),
	);
	return ui => setUpAgents(ctx, ui);
}
