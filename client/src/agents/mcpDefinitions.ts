import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';

/** The MCP API of VS Code 1.101+ (our engine, 1.100, does not declare it): looked up at run time. */
interface McpApi {
	registerMcpServerDefinitionProvider(
		id: string,
		provider: { onDidChangeMcpServerDefinitions?: vscode.Event<void>; provideMcpServerDefinitions(token: vscode.CancellationToken): unknown[] },
	): vscode.Disposable;
}
type McpStdioServerDefinitionClass = new (
	label: string,
	command: string,
	args?: string[],
	env?: Record<string, string>,
	version?: string,
) => { cwd?: vscode.Uri };

/** The id contributed in package.json (`contributes.mcpServerDefinitionProviders`, and `modelContextServerCollections`, its name in VS Code 1.100). */
export const mcpProviderId = 'mintdoc.mcp';

/**
 * Where the editor offers `vscode.lm.registerMcpServerDefinitionProvider`, `mintdoc mcp` for each
 * open docs site, run with the CLI shipped in the extension and the editor's own Node (Electron in
 * Node mode). Older editors: nothing (the language-model tools still work there).
 */
export function registerMcpDefinitions(ctx: Ctx): boolean {
	const lm = vscode.lm as unknown as Partial<McpApi> | undefined;
	const Definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioServerDefinitionClass }).McpStdioServerDefinition;
	if (typeof lm?.registerMcpServerDefinitionProvider !== 'function' || typeof Definition !== 'function') return false;
	const changed = new vscode.EventEmitter<void>();
	const cli = path.join(ctx.context.extensionPath, 'dist', 'cli.js');
	const version = String((ctx.context.extension.packageJSON as { version?: string }).version);
	let registration: vscode.Disposable;
	try {
		registration = lm.registerMcpServerDefinitionProvider(mcpProviderId, {
			onDidChangeMcpServerDefinitions: changed.event,
			provideMcpServerDefinitions: () =>
				ctx.status.current.roots.map(root => {
					const folder = vscode.Uri.parse(root);
					const label = ctx.status.current.roots.length > 1 ? `MintDoc (${path.basename(folder.fsPath)})` : 'MintDoc';
					const definition = new Definition(label, process.execPath, [cli, 'mcp', folder.fsPath], { ELECTRON_RUN_AS_NODE: '1' }, version);
					definition.cwd = folder;
					return definition;
				}),
		});
	} catch (e) {
		// An editor whose MCP API differs (VS Code 1.100 names the contribution modelContextServerCollections): the tools still work.
		ctx.outputChannel.appendLine(`MCP server definition not registered: ${e instanceof Error ? e.message : String(e)}`);
		changed.dispose();
		return false;
	}
	let lastRoots = ctx.status.current.roots.join('\n');
	ctx.pushCleanup(
		registration,
		changed,
		// Only a different set of sites changes the servers (not every indexing/ready report).
		ctx.status.onDidChange(status => {
			const key = status.roots.join('\n');
			if (key !== lastRoots) changed.fire();
			lastRoots = key;
		}),
	);
	return true;
}
