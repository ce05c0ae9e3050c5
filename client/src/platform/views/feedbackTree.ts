import * as vscode from 'vscode';
import { isApiError } from '../api/errors';
import { isHttpsUrl } from '../../routeMap';
import type { FeedbackEntry, FeedbackFilters } from '../api/types';
import type { ViewRow } from '../../views/viewRow';
import type { Platform } from '../apiKeys';
import { readApiSettings, setProjectId } from '../../config';
import type { Ctx } from '../../ctx';
import { findCodeBlock } from './feedbackLocate';
import { pageFileCandidates } from '../../routeMap';
import { RowTreeProvider } from '../../views/rowTreeProvider';
import {
	describeFilters,
	feedbackKey,
	FeedbackCommands,
	feedbackRows,
	initialFeedbackState,
	normalizeFilters,
	reduceFeedback,
	type FeedbackAction,
	type FeedbackState,
	type GroupBy,
	type ViewError,
} from './feedbackModel';
import { pickFilters } from './feedbackFilters';
import type { UpdatesState } from './updateStatusModel';

export const feedbackViewId = 'mintdoc.feedback';
/** Page size asked for: the platform's default, stated so pages are predictable. */
const pageSize = 50;
const stateKeys = { filters: 'mintdoc.feedback.filters', groupBy: 'mintdoc.feedback.groupBy' };

/**
 * The Feedback view: user feedback of the project, grouped by page or status, filtered, paged
 * with "Load more…". The analytics API is rate-limited (about 100 requests an hour), so it
 * loads only on a user action: opening the view, refresh, a filter change, load more.
 */
export class FeedbackView implements vscode.Disposable {
	readonly provider = new RowTreeProvider();
	readonly #view: vscode.TreeView<ViewRow>;
	readonly #onDidChange = new vscode.EventEmitter<FeedbackState>();
	readonly onDidChange = this.#onDidChange.event;
	#state: FeedbackState;
	#request: AbortController | undefined;
	#requested = false;
	/** Base URL and project id the loaded entries came from. */
	#source = '';

	constructor(
		private readonly ctx: Ctx,
		private readonly platform: Platform,
	) {
		const memento = ctx.context.workspaceState;
		this.#state = initialFeedbackState(
			normalizeFilters(memento.get<FeedbackFilters>(stateKeys.filters) ?? {}),
			memento.get<GroupBy>(stateKeys.groupBy) === 'status' ? 'status' : 'path',
		);
		this.#view = vscode.window.createTreeView(feedbackViewId, { treeDataProvider: this.provider, showCollapseAll: true });
		this.#view.onDidChangeVisibility(e => {
			if (e.visible && !this.#requested) void this.refresh();
		});
		this.#render();
		if (this.#view.visible) void this.refresh();
	}

	get state(): FeedbackState {
		return this.#state;
	}

	/** Loads the first page (keeping deeper pages of the same query). */
	async refresh(): Promise<void> {
		this.#requested = true;
		const projectId = readApiSettings().projectId;
		await this.#updateContext(projectId);
		if (!projectId || !(await this.platform.keys.get('admin'))) {
			this.#request?.abort();
			return this.#dispatch({ type: 'clear' });
		}
		await this.#load('refresh', projectId);
	}

	async loadMore(): Promise<void> {
		const projectId = readApiSettings().projectId;
		if (this.#state.loading || !this.#state.hasMore || !this.#state.nextCursor || !projectId) return;
		await this.#load('more', projectId);
	}

	async setFilters(filters: FeedbackFilters): Promise<void> {
		const normalized = normalizeFilters(filters);
		await this.ctx.context.workspaceState.update(stateKeys.filters, normalized);
		this.#request?.abort();
		this.#dispatch({ type: 'setFilters', filters: normalized });
		await this.refresh();
	}

	async setGroupBy(groupBy: GroupBy): Promise<void> {
		await this.ctx.context.workspaceState.update(stateKeys.groupBy, groupBy);
		this.#dispatch({ type: 'setGroupBy', groupBy });
	}

	/** After a settings change: starts over when the base URL or the project id changed. */
	async settingsChanged(): Promise<void> {
		const { baseUrl, projectId } = readApiSettings();
		if (`${baseUrl} ${projectId}` !== this.#source) await this.reset();
	}

	/** Drops what was loaded (project or key changed); reloads only if the user had asked before. */
	async reset(): Promise<void> {
		const { baseUrl, projectId } = readApiSettings();
		this.#source = `${baseUrl} ${projectId}`;
		this.#request?.abort();
		this.#dispatch({ type: 'clear' });
		await this.#updateContext(readApiSettings().projectId);
		if (this.#requested && this.#view.visible) await this.refresh();
	}

	entry(id: string): FeedbackEntry | undefined {
		return this.#state.entries.find(e => e.id === id);
	}

	async #load(mode: 'refresh' | 'more', projectId: string): Promise<void> {
		this.#request?.abort();
		const request = (this.#request = new AbortController());
		const filters = this.#state.filters;
		const key = feedbackKey(projectId, filters);
		const cursor = mode === 'more' ? (this.#state.nextCursor ?? undefined) : undefined;
		this.#dispatch({ type: 'loadStarted', mode });
		const started = Date.now();
		const client = this.platform.adminClient();
		await vscode.window.withProgress({ location: { viewId: feedbackViewId } }, async () => {
			try {
				const page = await client.listFeedback(projectId, { ...filters, limit: pageSize }, cursor, request.signal);
				if (request.signal.aborted) return;
				this.platform.log.append(
					`Feedback: ${page.feedback.length} entries (${mode === 'more' ? `page ${this.#state.pagesLoaded + 1}` : 'first page'}, hasMore ${page.hasMore}) from ${new URL(client.baseUrl).host} in ${Date.now() - started} ms`,
				);
				this.#dispatch({ type: 'pageLoaded', mode, key, page, at: Date.now() });
				if (mode === 'refresh') void this.#loadStats(client, projectId, filters, key, request.signal);
			} catch (e) {
				if (request.signal.aborted) return;
				const error = toViewError(e);
				this.platform.log.append(`Feedback: ${error.message}`);
				this.#dispatch({ type: 'loadFailed', error });
			}
		});
	}

	/**
	 * The page nodes' counts (by-page endpoint), after a refresh: one more request, same rate
	 * limit. A server without the endpoint (the spec's API) leaves the nodes with plain counts.
	 */
	async #loadStats(client: ReturnType<Platform['adminClient']>, projectId: string, filters: FeedbackFilters, key: string, signal: AbortSignal): Promise<void> {
		try {
			const stats = await client.feedbackByPage(projectId, filters, 100, signal);
			if (signal.aborted) return;
			this.#dispatch({ type: 'statsLoaded', key, rows: stats.feedback, hasMore: stats.hasMore });
		} catch (e) {
			if (signal.aborted) return;
			this.platform.log.append(`Feedback: per-page counts not shown: ${toViewError(e).message}`);
		}
	}

	#dispatch(action: FeedbackAction): void {
		this.#state = reduceFeedback(this.#state, action);
		this.#render();
	}

	#render(): void {
		const s = this.#state;
		this.provider.setRows(feedbackRows(s, Date.now()));
		this.#view.description = feedbackDescription(s);
		void vscode.commands.executeCommand('setContext', 'mintdoc.feedback.groupBy', s.groupBy);
		void vscode.commands.executeCommand('setContext', 'mintdoc.feedback.empty', s.loadedKey !== undefined && s.entries.length === 0 && !s.error && !s.loading);
		this.#onDidChange.fire(s);
	}

	async #updateContext(projectId: string): Promise<void> {
		await vscode.commands.executeCommand('setContext', 'mintdoc.hasProjectId', !!projectId);
	}

	dispose(): void {
		this.#request?.abort();
		this.#view.dispose();
		this.provider.dispose();
		this.#onDidChange.dispose();
	}
}

function feedbackDescription(s: FeedbackState): string {
	const filters = Object.keys(s.filters).length ? describeFilters(s.filters) : '';
	const count = s.loadedKey !== undefined ? `${s.entries.length}${s.hasMore ? '+' : ''}` : '';
	return [count, filters].filter(Boolean).join(' · ');
}

/** Any failure as the view shows it (non-API errors are bugs, but still get a message). */
export function toViewError(e: unknown): ViewError {
	if (isApiError(e)) return { message: e.message, kind: e.kind, retryAfter: e.retryAfter, at: Date.now() };
	return { message: `Unexpected error: ${e instanceof Error ? e.message : String(e)}`, kind: 'badResponse', at: Date.now() };
}

/** The local file for a feedback entry's page: under a docs root or workspace folder, else found by name. */
async function findPageFile(ctx: Ctx, path: string): Promise<vscode.Uri | undefined> {
	const candidates = pageFileCandidates(path);
	const roots = [...ctx.status.current.roots.map(r => vscode.Uri.parse(r)), ...(vscode.workspace.workspaceFolders ?? []).map(f => f.uri)];
	for (const root of roots) {
		for (const candidate of candidates) {
			const uri = vscode.Uri.joinPath(root, candidate);
			try {
				if ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) return uri;
			} catch {
				// Not there: try the next one.
			}
		}
	}
	for (const candidate of candidates.slice(0, 2)) {
		const [found] = await vscode.workspace.findFiles(`**/${candidate}`, '**/node_modules/**', 1);
		if (found) return found;
	}
	return undefined;
}

/** Opens the page of an entry, at its code block for code-snippet feedback. */
async function openEntry(ctx: Ctx, platform: Platform, entry: FeedbackEntry): Promise<void> {
	const uri = await findPageFile(ctx, entry.path);
	if (!uri) {
		void vscode.window.showInformationMessage(
			`MintDoc: no local page for '${entry.path}' (looked for ${pageFileCandidates(entry.path).join(', ') || 'nothing: not a page path'}).`,
		);
		return;
	}
	const document = await vscode.workspace.openTextDocument(uri);
	const block = entry.code !== undefined || entry.filename ? findCodeBlock(document.getText(), entry) : undefined;
	const selection = block ? new vscode.Range(block.startLine, 0, block.endLine, document.lineAt(block.endLine).text.length) : undefined;
	const editor = await vscode.window.showTextDocument(document, { selection, preview: true });
	if (selection) editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
	platform.log.append(`Feedback: opened ${vscode.workspace.asRelativePath(uri)}${block ? ` at line ${block.startLine + 1}` : ''} for ${entry.id}`);
}

/** The entry a command was invoked on: its id (row click) or its row (context menu). */
function entryIdOf(arg: unknown): string | undefined {
	if (typeof arg === 'string') return arg;
	const id = (arg as ViewRow | undefined)?.id;
	return id?.startsWith('entry:') ? id.slice('entry:'.length) : undefined;
}

export function registerFeedbackView(ctx: Ctx, platform: Platform): FeedbackView {
	const view = new FeedbackView(ctx, platform);
	const withEntry = (run: (entry: FeedbackEntry) => unknown) => (arg: unknown) => {
		const entry = view.entry(entryIdOf(arg) ?? '');
		return entry ? run(entry) : undefined;
	};
	ctx.pushCleanup(
		view,
		vscode.commands.registerCommand(FeedbackCommands.refresh, () => view.refresh()),
		vscode.commands.registerCommand(FeedbackCommands.loadMore, () => view.loadMore()),
		// With an argument (scripts, tests) the filters are set as given; otherwise quick picks ask.
		vscode.commands.registerCommand(FeedbackCommands.filter, async (filters?: FeedbackFilters) => {
			const picked = filters && typeof filters === 'object' ? filters : await pickFilters(view.state.filters);
			if (picked) await view.setFilters(picked);
		}),
		vscode.commands.registerCommand(FeedbackCommands.clearFilters, () => view.setFilters({})),
		vscode.commands.registerCommand(FeedbackCommands.groupByPath, () => view.setGroupBy('path')),
		vscode.commands.registerCommand(FeedbackCommands.groupByStatus, () => view.setGroupBy('status')),
		vscode.commands.registerCommand(
			FeedbackCommands.open,
			withEntry(entry => openEntry(ctx, platform, entry)),
		),
		vscode.commands.registerCommand(
			FeedbackCommands.copyComment,
			withEntry(async entry => {
				await vscode.env.clipboard.writeText(entry.comment);
				vscode.window.setStatusBarMessage('MintDoc: comment copied', 2000);
			}),
		),
		vscode.commands.registerCommand(FeedbackCommands.setProjectId, async (given?: unknown) => {
			const value =
				typeof given === 'string'
					? given
					: await vscode.window.showInputBox({
							title: 'MintDoc: Set Project ID',
							prompt: 'Project id from the API keys page of the dashboard (stored in the workspace setting mintdoc.projectId)',
							value: readApiSettings().projectId,
							ignoreFocusOut: true,
						});
			if (value !== undefined) await setProjectId(value);
		}),
		platform.keys.onDidChange(kind => kind === 'admin' && void view.reset()),
		platform.onDidChangeSettings(() => void view.settingsChanged()),
	);
	void view.reset();
	return view;
}

/** What the extension's API exposes of the platform views (read-only in spirit: tests read rows and states). */
export interface PlatformViewsApi {
	readonly feedback: {
		readonly provider: { readonly rows: readonly ViewRow[] };
		readonly state: FeedbackState;
		readonly onDidChange: vscode.Event<FeedbackState>;
	};
	readonly updates: {
		readonly provider: { readonly rows: readonly ViewRow[] };
		readonly state: UpdatesState;
		readonly onDidChange: vscode.Event<UpdatesState>;
	};
	/** Lines the platform features wrote to the MintDoc output channel (already redacted). */
	logLines(): readonly string[];
	/** Fires with each line as it is written. */
	readonly onDidLog: vscode.Event<string>;
}
