import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import { describeRoot } from './statusItem';

/** Command ids, as contributed in package.json. */
export const Commands = {
	restartServer: 'mintdoc.restartServer',
	showOutput: 'mintdoc.showOutput',
	showStatusMenu: 'mintdoc.showStatusMenu',
} as const;

export function registerCommands(ctx: Ctx): void {
	ctx.pushCleanup(
		vscode.commands.registerCommand(Commands.restartServer, () => ctx.restartServer()),
		vscode.commands.registerCommand(Commands.showOutput, () => ctx.outputChannel.show(true)),
		vscode.commands.registerCommand(Commands.showStatusMenu, () => showStatusMenu(ctx)),
	);
}

/** The status item's menu: open a site's docs.json, restart, or read the log. */
async function showStatusMenu(ctx: Ctx): Promise<void> {
	type Item = vscode.QuickPickItem & { run: () => unknown };
	const roots: Item[] = ctx.status.current.roots.map(root => ({
		label: `$(json) ${describeRoot(root)}/docs.json`,
		description: 'Open site configuration',
		run: () => vscode.window.showTextDocument(vscode.Uri.joinPath(vscode.Uri.parse(root), 'docs.json')),
	}));
	const items: Item[] = [
		...roots,
		{ label: '$(debug-restart) Restart Language Server', run: () => ctx.restartServer() },
		{ label: '$(output) Show Output', run: () => ctx.outputChannel.show(true) },
	];
	const picked = await vscode.window.showQuickPick(items, { placeHolder: 'MintDoc' });
	await picked?.run();
}
