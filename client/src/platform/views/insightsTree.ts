import * as vscode from 'vscode';
import { createAnalyticsClient, type AnalyticsClient } from '../api/analyticsClient';
import type { DateRange } from '../api/analyticsTypes';
import { periodChoices, periodRange, toPeriod, type PeriodDays } from '../api/period';
import type { ViewRow } from '../../views/viewRow';
import type { Platform } from '../apiKeys';
import { readApiSettings } from '../../config';
import type { Ctx } from '../../ctx';
import { findLocalPage } from '../../sitePages';
import { sitePathOfPage } from '../../routeMap';
import { toViewError } from './feedbackTree';
import { RowTreeProvider } from '../../views/rowTreeProvider';
import {
	initialInsightsState,
	insightsKey,
	reduceInsights,
	InsightsCommands,
	type InsightsAction,
	type InsightsSection,
	type InsightsState,
} from './insightsModel';
import { insightsRows } from './insightsRows';
import { threadMarkdown } from './threadMarkdown';

export const insightsViewId = 'mintdoc.insights';
const periodKey = 'mintdoc.insights.period';
const threadScheme = 'mintdoc-insights';
/** Rows asked per request: enough to see the shape of a period, few enough to page through. */
const pageSizes = { searches: 50, assistant: 50, traffic: 50 } as const;

/** A client for the analytics endpoints with the current settings; the admin key is read from secret storage per request. */
export function analyticsClientFor(platform: Platform): AnalyticsClient {
	return createAnalyticsClient({ baseUrl: readApiSettings().baseUrl, getApiKey: () => platform.keys.get('admin') });
}

/**
 * The Insights view: for a period, search terms, assistant questions and page traffic of the
 * project, gaps marked, each row opening its page. Loads only on a user action (opening the view,
 * refresh, period change, load more): all analytics endpoints share about 100 requests an hour.
 */
export class InsightsView implements vscode.Disposable {
	readonly provider = new RowTreeProvider();
	readonly #view: vscode.TreeView<ViewRow>;
	readonly #onDidChange = new vscode.EventEmitter<InsightsState>();
	readonly onDidChange = this.#onDidChange.event;
	#state: InsightsState;
	#request: AbortController | undefined;
	#requested = false;

	constructor(
		private readonly ctx: Ctx,
		private readonly platform: Platform,
	) {
		this.#state = initialInsightsState(toPeriod(ctx.context.workspaceState.get(periodKey)));
		this.#view = vscode.window.createTreeView(insightsViewId, { treeDataProvider: this.provider, showCollapseAll: true });
		this.#view.onDidChangeVisibility(e => {
			if (e.visible && !this.#requested) void this.refresh();
		});
		this.#render();
		if (this.#view.visible) void this.refresh();
	}

	get state(): InsightsState {
		return this.#state;
	}

	get period(): PeriodDays {
		return this.#state.period;
	}

	/** Loads the first page of every section for the period (six requests). */
	async refresh(): Promise<void> {
		this.#requested = true;
		const { projectId, baseUrl } = readApiSettings();
		if (!projectId || !(await this.platform.keys.get('admin'))) {
			this.#request?.abort();
			return this.#dispatch({ type: 'clear' });
		}
		this.#request?.abort();
		const request = (this.#request = new AbortController());
		const key = insightsKey(baseUrl, projectId, this.#state.period);
		const range = periodRange(this.#state.period, Date.now());
		const client = analyticsClientFor(this.platform);
		const started = Date.now();
		await vscode.window.withProgress({ location: { viewId: insightsViewId } }, () =>
			Promise.all(
				(['searches', 'assistant', 'pages'] as const).map(section => this.#load(section, 'refresh', { client, projectId, key, range, signal: request.signal })),
			),
		);
		if (request.signal.aborted) return;
		this.#dispatch({ type: 'loaded', at: Date.now() });
		this.platform.log.append(`Insights: last ${this.#state.period} days loaded from ${new URL(baseUrl).host} in ${Date.now() - started} ms`);
	}

	async loadMore(section: InsightsSection): Promise<void> {
		const { projectId, baseUrl } = readApiSettings();
		const key = insightsKey(baseUrl, projectId, this.#state.period);
		if (!projectId || key !== this.#state.key || this.#state[section].loading) return;
		const request = this.#request ?? new AbortController();
		await vscode.window.withProgress({ location: { viewId: insightsViewId } }, () =>
			this.#load(section, 'more', {
				client: analyticsClientFor(this.platform),
				projectId,
				key,
				range: periodRange(this.#state.period, Date.now()),
				signal: request.signal,
			}),
		);
	}

	async setPeriod(period: PeriodDays): Promise<void> {
		await this.ctx.context.workspaceState.update(periodKey, period);
		this.#request?.abort();
		this.#dispatch({ type: 'setPeriod', period });
		await this.refresh();
	}

	/** Shows only what is about `page` (a site path); undefined shows every page. Loads when nothing is loaded yet. */
	async showPage(page: string | undefined): Promise<void> {
		this.#dispatch({ type: 'setPage', page });
		if (this.#state.key === undefined) await this.refresh();
	}

	/** After a settings or key change: starts over, reloading only if the user had asked before. */
	async reset(): Promise<void> {
		this.#request?.abort();
		this.#dispatch({ type: 'clear' });
		if (this.#requested && this.#view.visible) await this.refresh();
	}

	async #load(
		section: InsightsSection,
		mode: 'refresh' | 'more',
		io: { client: AnalyticsClient; projectId: string; key: string; range: DateRange; signal: AbortSignal },
	): Promise<void> {
		const { client, projectId, key, range, signal } = io;
		this.#dispatch({ type: 'loadStarted', section, mode, key });
		const s = this.#state;
		try {
			let action: InsightsAction;
			if (section === 'searches') {
				const page = await client.searches(
					projectId,
					range,
					{ limit: pageSizes.searches, cursor: mode === 'more' ? (s.searches.nextCursor ?? undefined) : undefined },
					signal,
				);
				action = { type: 'searchesLoaded', mode, key, terms: page.searches, totalSearches: page.totalSearches, nextCursor: page.nextCursor };
			} else if (section === 'assistant') {
				if (mode === 'refresh')
					void this.#side(
						client.callerStats(projectId, range, signal).then(callers => ({ type: 'callersLoaded', key, callers }) as const),
						signal,
					);
				const page = await client.conversations(
					projectId,
					range,
					{ limit: pageSizes.assistant, cursor: mode === 'more' ? (s.assistant.nextCursor ?? undefined) : undefined },
					signal,
				);
				action = { type: 'assistantLoaded', mode, key, ...page };
			} else {
				const offset = mode === 'more' ? s.pages.offset : 0;
				if (mode === 'refresh') {
					const feedback = this.platform.adminClient().feedbackByPage(projectId, range, 100, signal);
					void this.#side(
						feedback.then(stats => ({ type: 'feedbackLoaded', key, rows: stats.feedback }) as const),
						signal,
					);
				}
				const [views, visitors] = await Promise.all([
					client.traffic('views', projectId, range, { limit: pageSizes.traffic, offset }, signal),
					client.traffic('visitors', projectId, range, { limit: pageSizes.traffic, offset }, signal),
				]);
				action = {
					type: 'pagesLoaded',
					mode,
					key,
					views: views.rows,
					visitors: visitors.rows,
					viewTotals: views.totals,
					visitorTotals: visitors.totals,
					hasMore: views.hasMore,
					pageSize: pageSizes.traffic,
				};
			}
			if (!signal.aborted) this.#dispatch(action);
		} catch (e) {
			if (signal.aborted) return;
			const error = toViewError(e);
			this.platform.log.append(`Insights (${section}): ${error.message}`);
			this.#dispatch({ type: 'loadFailed', section, key, error });
		}
	}

	/** A secondary request (caller stats, feedback counts): its failure is logged, the section still shows. */
	async #side(promise: Promise<InsightsAction>, signal: AbortSignal): Promise<void> {
		try {
			const action = await promise;
			if (!signal.aborted) this.#dispatch(action);
		} catch (e) {
			if (!signal.aborted) this.platform.log.append(`Insights: ${toViewError(e).message}`);
		}
	}

	#dispatch(action: InsightsAction): void {
		this.#state = reduceInsights(this.#state, action);
		this.#render();
	}

	#render(): void {
		const s = this.#state;
		this.provider.setRows(insightsRows(s, Date.now()));
		this.#view.description = `last ${s.period} days${s.page ? ` · ${s.page}` : ''}`;
		this.#onDidChange.fire(s);
	}

	dispose(): void {
		this.#request?.abort();
		this.#view.dispose();
		this.provider.dispose();
		this.#onDidChange.dispose();
	}
}

/** What the integration tests read of the view. */
export interface InsightsApi {
	readonly provider: { readonly rows: readonly ViewRow[] };
	readonly state: InsightsState;
	readonly onDidChange: vscode.Event<InsightsState>;
}

export function registerInsightsView(ctx: Ctx, platform: Platform): InsightsView {
	const view = new InsightsView(ctx, platform);
	const threads = new Map<string, string>();
	const threadChanged = new vscode.EventEmitter<vscode.Uri>();
	const openPage = async (path: unknown) => {
		if (typeof path !== 'string') return;
		const sitePath = sitePathOfPage(path);
		const uri = sitePath && (await findLocalPage(ctx.status.current.roots, vscode.window.activeTextEditor?.document.uri.toString(), sitePath));
		if (uri) await vscode.window.showTextDocument(uri, { preview: true });
		else void vscode.window.showInformationMessage(`MintDoc: no local page serves '${path.slice(0, 120)}'.`);
	};
	ctx.pushCleanup(
		view,
		threadChanged,
		vscode.workspace.registerTextDocumentContentProvider(threadScheme, {
			onDidChange: threadChanged.event,
			provideTextDocumentContent: uri => threads.get(uri.path) ?? '',
		}),
		vscode.commands.registerCommand(InsightsCommands.refresh, () => view.refresh()),
		vscode.commands.registerCommand(InsightsCommands.loadMore, (section: unknown) =>
			section === 'searches' || section === 'assistant' || section === 'pages' ? view.loadMore(section) : undefined,
		),
		vscode.commands.registerCommand(InsightsCommands.setPeriod, async (given?: unknown) => {
			const picked =
				typeof given === 'number'
					? given
					: (
							await vscode.window.showQuickPick(
								periodChoices.map(days => ({
									label: `Last ${days} days`,
									days,
									picked: days === view.period,
									description: days === view.period ? 'current' : undefined,
								})),
								{ title: 'MintDoc: Insights Period' },
							)
						)?.days;
			if (picked !== undefined) await view.setPeriod(toPeriod(picked));
		}),
		vscode.commands.registerCommand(InsightsCommands.showPage, async (path?: unknown) => {
			await vscode.commands.executeCommand(`${insightsViewId}.focus`);
			await view.showPage(typeof path === 'string' && path ? path : undefined);
		}),
		vscode.commands.registerCommand(InsightsCommands.clearPage, () => view.showPage(undefined)),
		vscode.commands.registerCommand(InsightsCommands.openPage, openPage),
		vscode.commands.registerCommand(InsightsCommands.openThread, async (id: unknown) => {
			const { projectId } = readApiSettings();
			if (typeof id !== 'string' || !projectId) return undefined;
			try {
				const thread = await analyticsClientFor(platform).thread(projectId, id);
				const conversation = view.state.assistant.conversations.find(c => c.id === id);
				const path = `/thread-${thread.threadId.replace(/[^\w-]/g, '')}.md`;
				threads.set(path, threadMarkdown(thread, conversation));
				const uri = vscode.Uri.from({ scheme: threadScheme, path });
				threadChanged.fire(uri);
				const document = await vscode.workspace.openTextDocument(uri);
				await vscode.languages.setTextDocumentLanguage(document, 'markdown');
				await vscode.window.showTextDocument(document, { preview: true });
				return uri;
			} catch (e) {
				const error = toViewError(e);
				platform.log.append(`Insights: thread ${id.slice(0, 40)}: ${error.message}`);
				void vscode.window.showErrorMessage(`MintDoc: ${error.message}`);
				return undefined;
			}
		}),
		platform.keys.onDidChange(kind => kind === 'admin' && void view.reset()),
		platform.onDidChangeSettings(() => void view.reset()),
	);
	return view;
}
