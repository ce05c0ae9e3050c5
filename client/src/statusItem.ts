import * as vscode from 'vscode';
import { Commands } from './commandIds';
import { activeRoot, type ClientStatus, type StatusModel } from './status';
import { restrictedModeNote, statusItemText } from './trust';

/**
 * The status bar item: which docs root is in use and what the server is doing. Always visible
 * once MintDoc is active, because a docs repository is where the user spends the day.
 */
export function createStatusItem(model: StatusModel, limits?: string): vscode.Disposable {
	const item = vscode.window.createStatusBarItem('mintdoc.status', vscode.StatusBarAlignment.Left, 10);
	item.name = 'MintDoc';
	item.command = Commands.showStatusMenu;
	const render = () => renderStatus(item, model.current, vscode.window.activeTextEditor?.document.uri.toString(), limits);
	render();
	item.show();
	return vscode.Disposable.from(
		item,
		model.onDidChange(render),
		vscode.window.onDidChangeActiveTextEditor(render),
		vscode.workspace.onDidGrantWorkspaceTrust(render),
	);
}

/** `limits`: what does not run where the extension runs (the browser), said once in the tooltip (Markdown). */
function renderStatus(item: vscode.StatusBarItem, status: ClientStatus, activeUri: string | undefined, limits: string | undefined): void {
	const root = activeRoot(status.roots, activeUri);
	const rootLabel = root ? describeRoot(root) : undefined;
	const more = status.roots.length > 1 ? ` (+${status.roots.length - 1})` : '';
	item.backgroundColor = undefined;
	if (status.server === 'stopped') {
		item.text = '$(error) MintDoc: server stopped';
		item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
	} else if (status.server === 'starting' || status.state === undefined) {
		item.text = '$(sync~spin) MintDoc: starting';
	} else if (status.state === 'indexing') {
		item.text = `$(sync~spin) MintDoc: ${rootLabel ?? 'indexing'}${more}`;
	} else {
		item.text = rootLabel ? `$(book) MintDoc: ${rootLabel}${more}` : '$(book) MintDoc: no docs.json';
	}
	item.text = statusItemText(item.text, vscode.workspace.isTrusted);
	const tooltip = new vscode.MarkdownString(undefined, true);
	tooltip.isTrusted = { enabledCommands: [Commands.restartServer, Commands.showOutput] };
	tooltip.appendMarkdown(`**MintDoc** — language server ${status.server}${status.state ? `, ${status.state}` : ''}\n\n`);
	if (status.roots.length) {
		tooltip.appendMarkdown('Docs roots:\n');
		for (const r of status.roots) tooltip.appendMarkdown(`- \`${describeRoot(r)}\`${r === root ? ' (in use)' : ''}\n`);
	}
	if (limits) tooltip.appendMarkdown(`\n$(globe) ${limits}\n`);
	if (!vscode.workspace.isTrusted) tooltip.appendMarkdown(`\n$(shield) ${restrictedModeNote}\n`);
	tooltip.appendMarkdown(`\n[Restart server](command:${Commands.restartServer}) · [Show output](command:${Commands.showOutput})`);
	item.tooltip = tooltip;
}

/** A root as the user knows it: the workspace folder's name, or its path inside the workspace. */
export function describeRoot(root: string): string {
	const uri = vscode.Uri.parse(root);
	const folder = vscode.workspace.getWorkspaceFolder(uri);
	if (folder && folder.uri.toString() === uri.toString()) return folder.name;
	return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}
