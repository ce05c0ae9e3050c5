import * as vscode from 'vscode';
import { analyticsLimits } from '../api/analyticsTypes';
import { isApiError } from '../api/errors';
import { periodRange } from '../api/period';
import type { Platform } from '../apiKeys';
import { routeOfFile } from '../../routeMap';
import { readApiSettings, readSetting } from '../../config';
import type { Ctx } from '../../ctx';
import { activeRoot } from '../../status';
import { toViewError } from './feedbackTree';
import { analyticsClientFor, type InsightsView } from './insightsTree';
import { InsightsCommands, insightsKey } from './insightsModel';
import { summarizePage, summaryText, summaryTooltip, type PageSummary, type PeriodData } from './pageSummaryModel';

export const pageSummarySetting = 'insights.pageSummary';
/** A period's lists are kept this long: long enough that moving between pages costs nothing. */
const cacheMs = 30 * 60_000;
/** After a failure, the next try waits this long (or the server's Retry-After); a reload (key, settings) tries at once. */
const retryMs = 2 * 60_000;

/** What the status item shows now, for tests: the page, the summary once loaded, or why there is none. */
export type PageSummaryState =
	| { readonly kind: 'hidden'; readonly reason: string }
	| { readonly kind: 'loading'; readonly path: string }
	| { readonly kind: 'shown'; readonly summary: PageSummary; readonly text: string }
	| { readonly kind: 'error'; readonly path: string; readonly message: string };

/**
 * A status bar item with what readers did with the MDX page in the active editor in the Insights
 * period: views (people / AI), thumbs up/down, assistant answers citing it, the search term that
 * leads there most. Loaded when a page becomes active (never on a keystroke), once per period
 * and project for all pages (four requests), kept 30 minutes. Click: the Insights view of the page.
 * Off with `mintdoc.insights.pageSummary`.
 */
export class PageSummaryItem implements vscode.Disposable {
	readonly #item = vscode.window.createStatusBarItem('mintdoc.pageSummary', vscode.StatusBarAlignment.Right, 90);
	readonly #cache = new Map<string, { at: number; data: Promise<PeriodData> }>();
	readonly #onDidChange = new vscode.EventEmitter<PageSummaryState>();
	readonly onDidChange = this.#onDidChange.event;
	#state: PageSummaryState = { kind: 'hidden', reason: 'not started' };
	#generation = 0;

	constructor(
		private readonly ctx: Ctx,
		private readonly platform: Platform,
		private readonly insights: InsightsView,
	) {
		this.#item.name = 'MintDoc Page Insights';
	}

	get state(): PageSummaryState {
		return this.#state;
	}

	/** Recomputes for the active editor; `reload` drops the cached lists first. */
	async update(reload = false): Promise<void> {
		const generation = ++this.#generation;
		if (reload) this.#cache.clear();
		const editor = vscode.window.activeTextEditor;
		const enabled = readSetting('insights.pageSummary');
		const uri = editor?.document.uri.toString();
		const root = uri ? activeRoot(this.ctx.status.current.roots, uri) : undefined;
		const path = root && uri ? routeOfFile(root, uri) : undefined;
		const { projectId, baseUrl } = readApiSettings();
		const hiddenBecause = !enabled
			? 'off (mintdoc.insights.pageSummary)'
			: !path
				? 'no docs page in the active editor'
				: !projectId
					? 'no project id'
					: !(await this.platform.keys.get('admin'))
						? 'no admin key'
						: undefined;
		if (generation !== this.#generation) return;
		if (hiddenBecause || !path) return this.#set({ kind: 'hidden', reason: hiddenBecause ?? 'no page' });
		const period = this.insights.period;
		const key = insightsKey(baseUrl, projectId, period);
		let cached = this.#cache.get(key);
		if (!cached || Date.now() - cached.at > cacheMs) {
			cached = { at: Date.now(), data: this.#load(projectId, period) };
			this.#cache.set(key, cached);
		}
		this.#set({ kind: 'loading', path });
		try {
			const data = await cached.data;
			if (generation !== this.#generation) return;
			const summary = summarizePage(data, path);
			this.#set({ kind: 'shown', summary, text: summaryText(summary) });
		} catch (e) {
			// Kept as failed for a while (Retry-After, else 2 min): moving between pages must not spend the hourly budget.
			const wait = isApiError(e) && e.retryAfter !== undefined ? e.retryAfter * 1000 : retryMs;
			if (this.#cache.get(key) === cached) this.#cache.set(key, { at: Date.now() - cacheMs + wait, data: cached.data });
			if (generation !== this.#generation) return;
			const message = toViewError(e).message;
			this.platform.log.append(`Page insights: ${message}`);
			this.#set({ kind: 'error', path, message });
		}
	}

	/** The site-wide lists of a period: most viewed pages, feedback per page, newest answers, top terms. */
	async #load(projectId: string, period: number): Promise<PeriodData> {
		const client = analyticsClientFor(this.platform);
		const range = periodRange(period, Date.now());
		const started = Date.now();
		const [views, feedback, conversations, searches] = await Promise.all([
			client.traffic('views', projectId, range, { limit: analyticsLimits.traffic.max }),
			this.platform.adminClient().feedbackByPage(projectId, range, 100),
			client.conversations(projectId, range, { limit: analyticsLimits.assistant.max }),
			client.searches(projectId, range, { limit: analyticsLimits.searches.max }),
		]);
		this.platform.log.append(`Page insights: last ${period} days loaded (4 requests, ${Date.now() - started} ms)`);
		return {
			period,
			views: views.rows,
			feedback: feedback.feedback,
			conversations: conversations.conversations,
			searches: searches.searches,
			complete: !views.hasMore && !feedback.hasMore && !conversations.hasMore && searches.nextCursor === null,
			loadedAt: Date.now(),
		};
	}

	#set(state: PageSummaryState): void {
		this.#state = state;
		const item = this.#item;
		if (state.kind === 'hidden') item.hide();
		else {
			const path = state.kind === 'shown' ? state.summary.path : state.path;
			item.text = state.kind === 'shown' ? state.text : state.kind === 'loading' ? '$(loading~spin) Page insights' : '$(warning) Page insights';
			item.tooltip =
				state.kind === 'shown'
					? new vscode.MarkdownString(summaryTooltip(state.summary))
					: state.kind === 'error'
						? `Page insights unavailable: ${state.message}`
						: `Loading what readers did with ${path}…`;
			item.command = { command: InsightsCommands.showPage, title: 'Show Insights of This Page', arguments: [path] };
			item.show();
		}
		this.#onDidChange.fire(state);
	}

	dispose(): void {
		this.#item.dispose();
		this.#onDidChange.dispose();
	}
}

export function registerPageSummary(ctx: Ctx, platform: Platform, insights: InsightsView): PageSummaryItem {
	const item = new PageSummaryItem(ctx, platform, insights);
	let lastPeriod = insights.period;
	// Status reports follow edits: only a change of the docs roots matters here (never a keystroke).
	let roots = ctx.status.current.roots.join('\n');
	ctx.pushCleanup(
		item,
		vscode.window.onDidChangeActiveTextEditor(() => void item.update()),
		vscode.workspace.onDidChangeConfiguration(e => e.affectsConfiguration(`mintdoc.${pageSummarySetting}`) && void item.update()),
		ctx.status.onDidChange(status => {
			if (status.roots.join('\n') === roots) return;
			roots = status.roots.join('\n');
			void item.update();
		}),
		insights.onDidChange(state => {
			if (state.period === lastPeriod) return;
			lastPeriod = state.period;
			void item.update();
		}),
		platform.keys.onDidChange(kind => kind === 'admin' && void item.update(true)),
		platform.onDidChangeSettings(() => void item.update(true)),
	);
	void item.update();
	return item;
}
