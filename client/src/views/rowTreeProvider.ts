import * as vscode from 'vscode';
import { isHttpsUrl } from '../routeMap';
import type { ViewRow } from './viewRow';

/** A TreeDataProvider over rows computed elsewhere (a pure *Model.ts): the platform views and any tree of plain rows. */
export class RowTreeProvider implements vscode.TreeDataProvider<ViewRow>, vscode.Disposable {
	readonly #onDidChange = new vscode.EventEmitter<void>();
	readonly onDidChangeTreeData = this.#onDidChange.event;
	#rows: readonly ViewRow[] = [];

	get rows(): readonly ViewRow[] {
		return this.#rows;
	}

	setRows(rows: readonly ViewRow[]): void {
		this.#rows = rows;
		this.#onDidChange.fire();
	}

	getChildren(row?: ViewRow): ViewRow[] {
		return [...(row ? (row.children ?? []) : this.#rows)];
	}

	getTreeItem(row: ViewRow): vscode.TreeItem {
		const { None, Collapsed, Expanded } = vscode.TreeItemCollapsibleState;
		const item = new vscode.TreeItem(row.label, row.children ? (row.expanded ? Expanded : Collapsed) : None);
		item.id = row.id;
		item.description = row.description;
		if (row.tooltip) item.tooltip = new vscode.MarkdownString(row.tooltip);
		if (row.icon) item.iconPath = new vscode.ThemeIcon(row.icon.id, row.icon.color ? new vscode.ThemeColor(row.icon.color) : undefined);
		item.contextValue = row.contextValue;
		if (row.action?.type === 'command') item.command = { command: row.action.command, title: row.label, arguments: [...(row.action.args ?? [])] };
		// URLs come from the network: only https opens (never command:, file: or vscode: URIs).
		if (row.action?.type === 'openUrl' && isHttpsUrl(row.action.url))
			item.command = { command: 'vscode.open', title: 'Open', arguments: [vscode.Uri.parse(row.action.url, true)] };
		return item;
	}

	dispose(): void {
		this.#onDidChange.dispose();
	}
}
