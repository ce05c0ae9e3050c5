import * as vscode from 'vscode';
import { maxIdLength } from '../api/docsApiClient';
import { redact } from '../../redaction';
import { isFinalState } from '../api/types';
import type { ViewRow } from '../../views/viewRow';
import type { Platform } from '../apiKeys';
import type { Ctx } from '../../ctx';
import { toViewError } from './feedbackTree';
import { RowTreeProvider } from '../../views/rowTreeProvider';
import {
	logsText,
	nextPollDelay,
	reduceUpdates,
	shouldPoll,
	statusBarText,
	statusIdProblem,
	UpdateCommands,
	updateRows,
	type TrackedUpdate,
	type UpdatesAction,
	type UpdatesState,
} from './updateStatusModel';

export const updateStatusViewId = 'mintdoc.updateStatus';
const trackedKey = 'mintdoc.updateStatus.tracked';
const logsScheme = 'mintdoc-update-logs';

/**
 * The Update Status view and its status bar item: tracked status ids (persisted per workspace),
 * each with its latest state, commit, changed files, logs and screenshots. While an update is
 * queued or in progress it is refreshed with backoff (2 s growing to 60 s) until it ends; a
 * failure raises the only notification.
 */
export class UpdateStatusView implements vscode.Disposable {
	readonly provider = new RowTreeProvider();
	readonly #view: vscode.TreeView<ViewRow>;
	readonly #item: vscode.StatusBarItem;
	readonly #onDidChange = new vscode.EventEmitter<UpdatesState>();
	readonly onDidChange = this.#onDidChange.event;
	readonly #onDidChangeLogs = new vscode.EventEmitter<vscode.Uri>();
	/** Fires with the logs document of an update after each refresh of it. */
	readonly onDidChangeLogs = this.#onDidChangeLogs.event;
	readonly #timers = new Map<string, NodeJS.Timeout>();
	readonly #requests = new Map<string, AbortController>();
	#state: UpdatesState;
	#loadedOnce = false;

	constructor(
		private readonly ctx: Ctx,
		private readonly platform: Platform,
	) {
		const ids = ctx.context.workspaceState.get<string[]>(trackedKey, []).filter(id => typeof id === 'string' && id.length <= maxIdLength);
		this.#state = { tracked: ids.map(id => ({ id, polls: 0 })) };
		this.#view = vscode.window.createTreeView(updateStatusViewId, { treeDataProvider: this.provider, showCollapseAll: true });
		this.#view.onDidChangeVisibility(e => e.visible && this.#loadAllOnce());
		this.#item = vscode.window.createStatusBarItem('mintdoc.updateStatus', vscode.StatusBarAlignment.Left, 9);
		this.#item.name = 'MintDoc: Docs Update';
		this.#item.command = UpdateCommands.focus;
		this.#render();
		// The status bar follows the newest tracked update from the start.
		const newest = this.#state.tracked[0];
		if (newest) void this.fetch(newest.id, false);
		if (this.#view.visible) this.#loadAllOnce();
	}

	get state(): UpdatesState {
		return this.#state;
	}

	/** Starts tracking `id` (or moves it to the top) and loads it. */
	async track(id: string): Promise<void> {
		this.#dispatch({ type: 'track', id });
		await this.#persist();
		await this.fetch(id, false);
	}

	async untrack(id: string): Promise<void> {
		this.#stop(id);
		this.#dispatch({ type: 'untrack', id });
		await this.#persist();
	}

	/** Loads the status now; `automatic` for the polling timer (counts toward its backoff). */
	async fetch(id: string, automatic: boolean): Promise<void> {
		if (!this.#find(id)) return;
		this.#stop(id);
		const request = new AbortController();
		this.#requests.set(id, request);
		const before = this.#find(id)?.status?.status;
		this.#dispatch({ type: 'fetchStarted', id, automatic });
		try {
			const status = await this.platform.adminClient().getUpdateStatus(id, request.signal);
			if (request.signal.aborted) return;
			this.#dispatch({ type: 'fetched', id, status, at: Date.now() });
			if (status.status === 'failure' && before !== undefined && !isFinalState(before)) {
				void vscode.window
					.showErrorMessage(
						redact(`MintDoc: the docs update ${id} failed${status.summary ? `: ${status.summary}` : ''}.`, this.platform.keys.knownValues()),
						'Show Logs',
					)
					.then(choice => choice && this.openLogs(id));
			}
		} catch (e) {
			if (request.signal.aborted) return;
			const error = toViewError(e);
			this.platform.log.append(`Update status ${id}: ${error.message}`);
			this.#dispatch({ type: 'failed', id, error });
		} finally {
			if (this.#requests.get(id) === request) this.#requests.delete(id);
		}
		this.#onDidChangeLogs.fire(logsUri(id));
		this.#schedule(id);
	}

	async refreshAll(): Promise<void> {
		await Promise.all(this.#state.tracked.map(t => this.fetch(t.id, false)));
	}

	/** Opens the logs of an update in a read-only editor that follows later refreshes. */
	async openLogs(id: string): Promise<void> {
		const document = await vscode.workspace.openTextDocument(logsUri(id));
		await vscode.window.showTextDocument(document, { preview: true });
	}

	/** Text of the read-only logs document `uri`. */
	provideTextDocumentContent(uri: vscode.Uri): string {
		const id = decodeURIComponent(uri.path.replace(/^\//, '').replace(/\.log$/, ''));
		return logsText(id, this.#find(id)?.status);
	}

	#loadAllOnce(): void {
		if (this.#loadedOnce) return;
		this.#loadedOnce = true;
		for (const t of this.#state.tracked) if (!t.status && !t.loading) void this.fetch(t.id, false);
	}

	#schedule(id: string): void {
		const t = this.#find(id);
		if (!t || !shouldPoll(t)) return;
		this.#timers.set(
			id,
			setTimeout(() => void this.fetch(id, true), nextPollDelay(t)),
		);
	}

	#stop(id: string): void {
		clearTimeout(this.#timers.get(id));
		this.#timers.delete(id);
		this.#requests.get(id)?.abort();
		this.#requests.delete(id);
	}

	#find(id: string): TrackedUpdate | undefined {
		return this.#state.tracked.find(t => t.id === id);
	}

	async #persist(): Promise<void> {
		await this.ctx.context.workspaceState.update(
			trackedKey,
			this.#state.tracked.map(t => t.id),
		);
	}

	#dispatch(action: UpdatesAction): void {
		this.#state = reduceUpdates(this.#state, action);
		this.#render();
	}

	#render(): void {
		this.provider.setRows(updateRows(this.#state, Date.now()));
		const bar = statusBarText(this.#state.tracked[0]);
		if (bar) {
			this.#item.text = bar.text;
			this.#item.tooltip = bar.tooltip;
			this.#item.show();
		} else {
			this.#item.hide();
		}
		void vscode.commands.executeCommand('setContext', 'mintdoc.updateStatus.empty', this.#state.tracked.length === 0);
		this.#onDidChange.fire(this.#state);
	}

	dispose(): void {
		for (const id of [...this.#timers.keys(), ...this.#requests.keys()]) this.#stop(id);
		this.#view.dispose();
		this.#item.dispose();
		this.provider.dispose();
		this.#onDidChange.dispose();
		this.#onDidChangeLogs.dispose();
	}
}

function logsUri(id: string): vscode.Uri {
	return vscode.Uri.from({ scheme: logsScheme, path: `/${encodeURIComponent(id)}.log` });
}

/** Opens a changed file of a commit when it exists in the workspace (under a docs root, a folder, or anywhere). */
async function openChangedFile(ctx: Ctx, file: string): Promise<void> {
	const relative = file.replace(/^\/+/, '');
	if (!relative || relative.split('/').some(s => s === '..')) return;
	const roots = [...ctx.status.current.roots.map(r => vscode.Uri.parse(r)), ...(vscode.workspace.workspaceFolders ?? []).map(f => f.uri)];
	for (const root of roots) {
		const uri = vscode.Uri.joinPath(root, relative);
		try {
			if ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) return void (await vscode.window.showTextDocument(uri, { preview: true }));
		} catch {
			// Not under this root.
		}
	}
	const [found] = await vscode.workspace.findFiles(`**/${relative}`, '**/node_modules/**', 1);
	if (found) return void (await vscode.window.showTextDocument(found, { preview: true }));
	void vscode.window.showInformationMessage(`MintDoc: ${relative} is not in this workspace (removed by the update, or in another repository).`);
}

export function registerUpdateStatusView(ctx: Ctx, platform: Platform): UpdateStatusView {
	const view = new UpdateStatusView(ctx, platform);
	/** The id a command was invoked on: a string argument, or a row of the view (the tracked id it belongs to). */
	const idOf = (arg: unknown): string | undefined => {
		if (typeof arg === 'string') return arg;
		const rowId = (arg as ViewRow | undefined)?.id;
		return rowId === undefined ? undefined : view.state.tracked.find(t => rowId === t.id || rowId.startsWith(`${t.id}/`))?.id;
	};
	ctx.pushCleanup(
		view,
		vscode.workspace.registerTextDocumentContentProvider(logsScheme, {
			onDidChange: view.onDidChangeLogs,
			provideTextDocumentContent: uri => view.provideTextDocumentContent(uri),
		}),
		// With an argument (scripts, tests) the id is used as given and the client checks it.
		vscode.commands.registerCommand(UpdateCommands.track, async (given?: unknown) => {
			const id =
				typeof given === 'string'
					? given.trim()
					: await vscode.window.showInputBox({
							title: 'MintDoc: Track Docs Update',
							prompt: 'Status id of a triggered update (the statusId returned when the update was triggered)',
							ignoreFocusOut: true,
							validateInput: statusIdProblem,
						});
			if (!id?.trim()) return;
			if (id.length > maxIdLength) {
				void vscode.window.showErrorMessage(`MintDoc: ${statusIdProblem(id)}`);
				return;
			}
			await view.track(id.trim());
		}),
		vscode.commands.registerCommand(UpdateCommands.untrack, (arg?: unknown) => {
			const id = idOf(arg);
			return id ? view.untrack(id) : undefined;
		}),
		vscode.commands.registerCommand(UpdateCommands.refresh, (arg?: unknown) => {
			const id = idOf(arg);
			return id ? view.fetch(id, false) : view.refreshAll();
		}),
		vscode.commands.registerCommand(UpdateCommands.openLogs, (arg?: unknown) => {
			const id = idOf(arg);
			return id ? view.openLogs(id) : undefined;
		}),
		vscode.commands.registerCommand(UpdateCommands.openFile, (file?: unknown) => (typeof file === 'string' ? openChangedFile(ctx, file) : undefined)),
		vscode.commands.registerCommand(UpdateCommands.focus, () => vscode.commands.executeCommand(`${updateStatusViewId}.focus`)),
		platform.keys.onDidChange(kind => kind === 'admin' && void view.refreshAll()),
	);
	return view;
}
