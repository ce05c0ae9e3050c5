import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import { Commands } from './commandIds';
import { describeRoot } from './statusItem';

export { Commands } from './commandIds';

export function registerCommands(ctx: Ctx): void {
	ctx.pushCleanup(
		vscode.commands.registerCommand(Commands.restartServer, () => ctx.restartServer()),
		vscode.commands.registerCommand(Commands.showOutput, () => ctx.outputChannel.show(true)),
		vscode.commands.registerCommand(Commands.showStatusMenu, () => showStatusMenu(ctx)),
		vscode.commands.registerCommand(Commands.movePage, (uri?: vscode.Uri) => movePage(uri ?? vscode.window.activeTextEditor?.document.uri)),
	);
}

/**
 * Moves or renames a page to a path the user types. The move is an ordinary file rename, so the
 * language server's rename participant updates docs.json entries, links and redirects with it.
 */
async function movePage(uri: vscode.Uri | undefined): Promise<void> {
	if (!uri || !/\.(mdx|md)$/i.test(uri.path)) {
		void vscode.window.showWarningMessage('MintDoc: open or select an .mdx or .md page to move it.');
		return;
	}
	const folder = vscode.workspace.getWorkspaceFolder(uri);
	const current = vscode.workspace.asRelativePath(uri, false);
	const target = await vscode.window.showInputBox({
		title: 'MintDoc: Move Page',
		prompt: 'New path of the page (relative to the workspace folder). Links, docs.json entries and a redirect follow.',
		value: current,
		valueSelection: [current.lastIndexOf('/') + 1, current.length - (current.endsWith('.mdx') ? 4 : 3)],
		validateInput: value =>
			!/\.(mdx|md)$/i.test(value.trim()) ? 'Keep the .mdx or .md extension.' : value.trim() === current ? 'Type a different path.' : undefined,
	});
	if (!target || !folder) return;
	const destination = vscode.Uri.joinPath(folder.uri, ...target.trim().split('/'));
	const edit = new vscode.WorkspaceEdit();
	edit.renameFile(uri, destination, { overwrite: false });
	if (!(await vscode.workspace.applyEdit(edit)))
		void vscode.window.showErrorMessage(`MintDoc: could not move the page to ${target} (does a file exist there?).`);
}

/** The status item's menu: open a site's docs.json, restart, or read the log. */
async function showStatusMenu(ctx: Ctx): Promise<void> {
	type Item = vscode.QuickPickItem & { run: () => unknown };
	const roots: Item[] = ctx.status.current.roots.map(root => ({
		label: `$(json) ${describeRoot(root)}/docs.json`,
		description: 'Open site configuration',
		// A legacy site (mint.json alone) opens its mint.json.
		run: async () => {
			const docs = vscode.Uri.joinPath(vscode.Uri.parse(root), 'docs.json');
			const exists = await vscode.workspace.fs.stat(docs).then(
				() => true,
				() => false,
			);
			return vscode.window.showTextDocument(exists ? docs : vscode.Uri.joinPath(vscode.Uri.parse(root), 'mint.json'));
		},
	}));
	const items: Item[] = [
		...roots,
		{ label: '$(debug-restart) Restart Language Server', run: () => ctx.restartServer() },
		{ label: '$(output) Show Output', run: () => ctx.outputChannel.show(true) },
	];
	const picked = await vscode.window.showQuickPick(items, { placeHolder: 'MintDoc' });
	await picked?.run();
}
