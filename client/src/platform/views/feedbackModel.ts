// The Feedback view's state and what it shows, as pure functions (no 'vscode'): a reducer over
// load events and a function from state to rows. feedbackTree.ts does the I/O and draws the rows.
import type { ApiErrorKind } from '../api/errors';
import type { FeedbackEntry, FeedbackFilters, FeedbackPage, FeedbackPageStats } from '../api/types';
import { feedbackStatuses } from '../api/types';
import { absoluteTime, codeFence, escapeMarkdown, firstLine, relativeTime, type RowAction, type RowIcon, type ViewRow } from '../../views/viewRow';
import { FeedbackCommands } from '../../commandIds';

export { FeedbackCommands };

export type GroupBy = 'path' | 'status';

/** An error as a view keeps it: the message names the next step. */
export interface ViewError {
	readonly message: string;
	readonly kind: ApiErrorKind;
	/** Seconds, from Retry-After. */
	readonly retryAfter?: number;
	readonly at: number;
}

export interface FeedbackState {
	/** Without `limit`: the page size is the view's business. */
	readonly filters: FeedbackFilters;
	readonly groupBy: GroupBy;
	/** Everything loaded so far, newest first, one per id. */
	readonly entries: readonly FeedbackEntry[];
	readonly nextCursor: string | null;
	readonly hasMore: boolean;
	readonly pagesLoaded: number;
	/** {@link feedbackKey} of the query `entries` answer; undefined before the first load. */
	readonly loadedKey?: string;
	readonly loading?: 'refresh' | 'more';
	readonly error?: ViewError;
	readonly loadedAt?: number;
	/**
	 * Counts per page from the by-page endpoint, for the query `key` (shown only with the entries
	 * of the same query). Undefined before they load, or when the server has no such endpoint.
	 */
	readonly pageStats?: { readonly key: string; readonly rows: readonly FeedbackPageStats[]; readonly hasMore: boolean };
}

export type FeedbackAction =
	| { readonly type: 'setFilters'; readonly filters: FeedbackFilters }
	| { readonly type: 'setGroupBy'; readonly groupBy: GroupBy }
	| { readonly type: 'loadStarted'; readonly mode: 'refresh' | 'more' }
	| { readonly type: 'pageLoaded'; readonly mode: 'refresh' | 'more'; readonly key: string; readonly page: FeedbackPage; readonly at: number }
	| { readonly type: 'loadFailed'; readonly error: ViewError }
	| { readonly type: 'statsLoaded'; readonly key: string; readonly rows: readonly FeedbackPageStats[]; readonly hasMore: boolean }
	| { readonly type: 'clear' };

export function initialFeedbackState(filters: FeedbackFilters = {}, groupBy: GroupBy = 'path'): FeedbackState {
	return { filters, groupBy, entries: [], nextCursor: null, hasMore: false, pagesLoaded: 0 };
}

/** Identifies a query: entries loaded for one key are never shown for another. */
export function feedbackKey(projectId: string, filters: FeedbackFilters): string {
	const { dateFrom, dateTo, source } = filters;
	return JSON.stringify([projectId, dateFrom ?? '', dateTo ?? '', source ?? '', [...(filters.statuses ?? [])].sort()]);
}

export function reduceFeedback(state: FeedbackState, action: FeedbackAction): FeedbackState {
	switch (action.type) {
		case 'setFilters': {
			const filters = normalizeFilters(action.filters);
			if (JSON.stringify(filters) === JSON.stringify(normalizeFilters(state.filters))) return state;
			return { ...initialFeedbackState(filters, state.groupBy) };
		}
		case 'setGroupBy':
			return { ...state, groupBy: action.groupBy };
		case 'loadStarted':
			return { ...state, loading: action.mode };
		case 'loadFailed':
			// What was loaded stays: the error is shown above it.
			return { ...state, loading: undefined, error: action.error };
		case 'clear':
			return initialFeedbackState(state.filters, state.groupBy);
		case 'statsLoaded':
			return { ...state, pageStats: { key: action.key, rows: action.rows, hasMore: action.hasMore } };
		case 'pageLoaded': {
			const { page, key, at } = action;
			if (action.mode === 'more') {
				if (key !== state.loadedKey) return state; // filters changed while it loaded
				return {
					...state,
					entries: merge(state.entries, page.feedback),
					nextCursor: page.nextCursor,
					hasMore: page.hasMore,
					pagesLoaded: state.pagesLoaded + 1,
					loading: undefined,
					error: undefined,
					loadedAt: at,
				};
			}
			// A refresh of the same query keeps the deeper pages already loaded (and their cursor):
			// the first page brings what is new, and changed entries replace their old versions.
			if (key === state.loadedKey && state.pagesLoaded > 1) {
				return { ...state, entries: merge(page.feedback, state.entries), loading: undefined, error: undefined, loadedAt: at };
			}
			return {
				...state,
				entries: merge([], page.feedback),
				nextCursor: page.nextCursor,
				hasMore: page.hasMore,
				pagesLoaded: 1,
				loadedKey: key,
				loading: undefined,
				error: undefined,
				loadedAt: at,
			};
		}
	}
}

/** Union by id (the first list's version wins), newest first. */
function merge(first: readonly FeedbackEntry[], second: readonly FeedbackEntry[]): FeedbackEntry[] {
	const byId = new Map<string, FeedbackEntry>();
	for (const entry of [...first, ...second]) if (!byId.has(entry.id)) byId.set(entry.id, entry);
	return [...byId.values()].sort((a, b) => (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** Drops empty values so equal filters compare equal. */
export function normalizeFilters(filters: FeedbackFilters): FeedbackFilters {
	const statuses = [...new Set(filters.statuses ?? [])].filter(Boolean).sort();
	return {
		...(filters.dateFrom ? { dateFrom: filters.dateFrom } : {}),
		...(filters.dateTo ? { dateTo: filters.dateTo } : {}),
		...(filters.source ? { source: filters.source } : {}),
		...(statuses.length ? { statuses } : {}),
	};
}

/** The view's description: what the filters keep, e.g. "since 2026-01-01 · code snippet · pending". */
export function describeFilters(filters: FeedbackFilters): string {
	const parts: string[] = [];
	if (filters.dateFrom && filters.dateTo) parts.push(`${filters.dateFrom.slice(0, 10)} to ${filters.dateTo.slice(0, 10)}`);
	else if (filters.dateFrom) parts.push(`since ${filters.dateFrom.slice(0, 10)}`);
	else if (filters.dateTo) parts.push(`before ${filters.dateTo.slice(0, 10)}`);
	if (filters.source) parts.push(sourceLabel(filters.source));
	if (filters.statuses?.length) parts.push(filters.statuses.map(statusLabel).join(', '));
	return parts.length ? parts.join(' · ') : 'all feedback';
}

/** `dateFrom` for "the last N days" (UTC day), as YYYY-MM-DD. */
export function lastDays(days: number, now: number): FeedbackFilters {
	return { dateFrom: new Date(now - days * 86_400_000).toISOString().slice(0, 10) };
}

export function sourceLabel(source: string): string {
	return source === 'code_snippet' ? 'code snippet' : source === 'thumbs_only' ? 'vote' : source.replace(/_/g, ' ');
}

export function statusLabel(status: string): string {
	return status.replace(/_/g, ' ');
}

const statusColors: Record<string, string> = {
	pending: 'charts.yellow',
	in_progress: 'charts.blue',
	resolved: 'charts.green',
	dismissed: 'disabledForeground',
};

/**
 * Icon by source (thumbs for page ratings, filled thumbs for bare votes, code, robot for the
 * agent), colored by status.
 */
export function entryIcon(entry: FeedbackEntry): RowIcon {
	const id =
		entry.source === 'contextual'
			? entry.helpful === true
				? 'thumbsup'
				: entry.helpful === false
					? 'thumbsdown'
					: 'feedback'
			: entry.source === 'thumbs_only'
				? entry.helpful === false
					? 'thumbsdown-filled'
					: 'thumbsup-filled'
				: entry.source === 'code_snippet'
					? 'code'
					: entry.source === 'agent'
						? 'hubot'
						: 'comment';
	return { id, color: statusColors[entry.status] };
}

/** Markdown tooltip: the comment, page, source, status, helpful, contact, date, and code with its filename. */
export function entryTooltip(entry: FeedbackEntry): string {
	const lines = [
		entry.comment.trim()
			? entry.comment
					.split(/\r?\n/)
					.map(l => `> ${escapeMarkdown(l)}`)
					.join('\n')
			: '_No comment_',
		'',
	];
	const facts: [string, string | undefined][] = [
		['Page', entry.path ? `\`${entry.path.replace(/`/g, '')}\`` : undefined],
		['Source', sourceLabel(entry.source)],
		['Status', statusLabel(entry.status)],
		['Helpful', entry.helpful === undefined ? undefined : entry.helpful ? 'yes' : 'no'],
		['Contact', entry.contact ? escapeMarkdown(entry.contact) : undefined],
		['Date', absoluteTime(entry.createdAt)],
	];
	for (const [name, value] of facts) if (value) lines.push(`**${name}:** ${value}  `);
	if (entry.code !== undefined) {
		lines.push(
			'',
			entry.filename ? `**${escapeMarkdown(entry.filename)}**${entry.lang ? ` (${escapeMarkdown(entry.lang)})` : ''}` : '',
			codeFence(entry.code, entry.lang),
		);
	}
	return lines.join('\n');
}

function entryRow(entry: FeedbackEntry, groupBy: GroupBy, now: number): ViewRow {
	const comment = firstLine(entry.comment);
	const label =
		comment ||
		(entry.source === 'thumbs_only'
			? entry.helpful === false
				? 'Not helpful (vote)'
				: 'Helpful (vote)'
			: entry.helpful === true
				? '(helpful, no comment)'
				: entry.helpful === false
					? '(not helpful, no comment)'
					: '(no comment)');
	const where = groupBy === 'status' ? entry.path : statusLabel(entry.status);
	const detail = entry.code !== undefined ? (entry.filename ?? entry.lang) : entry.contact;
	return {
		id: `entry:${entry.id}`,
		label,
		description: [sourceLabel(entry.source), where, relativeTime(entry.createdAt, now), detail].filter(Boolean).join(' · '),
		tooltip: entryTooltip(entry),
		icon: entryIcon(entry),
		contextValue: 'feedbackEntry',
		action: { type: 'command', command: FeedbackCommands.open, args: [entry.id] },
	};
}

/**
 * Groups in display order: pages by count (then name), statuses in workflow order (unknown
 * last). With per-page counts, pages go by their total, and pages not in the loaded entries are
 * listed too (empty until more is loaded): the pages that draw the most feedback come first.
 */
export function groupEntries(
	entries: readonly FeedbackEntry[],
	groupBy: GroupBy,
	stats?: readonly FeedbackPageStats[],
): { key: string; entries: FeedbackEntry[] }[] {
	const groups = new Map<string, FeedbackEntry[]>();
	for (const entry of entries) {
		const key = groupBy === 'path' ? entry.path || '(no page)' : entry.status;
		groups.set(key, [...(groups.get(key) ?? []), entry]);
	}
	if (groupBy === 'path' && stats?.length) {
		const total = new Map(stats.map(row => [row.path, row.total]));
		for (const row of stats) if (!groups.has(row.path)) groups.set(row.path, []);
		return [...groups]
			.map(([key, list]) => ({ key, entries: list }))
			.sort(
				(a, b) =>
					(total.get(b.key) ?? b.entries.length) - (total.get(a.key) ?? a.entries.length) || b.entries.length - a.entries.length || a.key.localeCompare(b.key),
			);
	}
	const order = (key: string) => {
		const i = (feedbackStatuses as readonly string[]).indexOf(key);
		return i < 0 ? feedbackStatuses.length : i;
	};
	return [...groups]
		.map(([key, list]) => ({ key, entries: list }))
		.sort((a, b) =>
			groupBy === 'status' ? order(a.key) - order(b.key) || a.key.localeCompare(b.key) : b.entries.length - a.entries.length || a.key.localeCompare(b.key),
		);
}

/**
 * The rows of the Feedback view. An error comes first (with what to do), then the groups of
 * what is loaded, then "Load more…" while the server has more. No rows at all means "nothing
 * to show": the welcome view explains why (no key, no project id, no feedback).
 */
export function feedbackRows(state: FeedbackState, now: number): ViewRow[] {
	const rows: ViewRow[] = [];
	if (state.error) rows.push(errorRow(state.error, FeedbackCommands.refresh, [], 'error', { type: 'command', command: FeedbackCommands.setProjectId }));
	if (state.loading === 'refresh' && state.entries.length === 0) rows.push({ id: 'loading', label: 'Loading feedback…', icon: { id: 'loading~spin' } });
	const stats = state.pageStats && state.pageStats.key === state.loadedKey ? state.pageStats.rows : undefined;
	const statsByPath = new Map(stats?.map(row => [row.path, row]));
	for (const group of groupEntries(state.entries, state.groupBy, stats)) {
		const pageStats = state.groupBy === 'path' ? statsByPath.get(group.key) : undefined;
		rows.push({
			id: `group:${state.groupBy}:${group.key}`,
			label: state.groupBy === 'status' ? statusLabel(group.key) : group.key,
			description: pageStats ? pageStatsDescription(pageStats, group.entries.length) : String(group.entries.length),
			...(pageStats ? { tooltip: pageStatsTooltip(pageStats, group.entries.length) } : {}),
			icon:
				state.groupBy === 'status'
					? { id: 'circle-filled', color: statusColors[group.key] }
					: pageStats && pageStats.thumbsDown > pageStats.thumbsUp
						? { id: 'file', color: 'charts.orange' }
						: { id: 'file' },
			contextValue: state.groupBy === 'path' ? 'feedbackPage' : 'feedbackStatus',
			expanded: state.groupBy === 'status',
			children: group.entries.map(e => entryRow(e, state.groupBy, now)),
		});
	}
	if (state.hasMore && state.entries.length > 0) {
		rows.push(
			state.loading === 'more'
				? { id: 'more', label: 'Loading more…', icon: { id: 'loading~spin' } }
				: {
						id: 'more',
						label: 'Load more…',
						description: `${state.entries.length} loaded`,
						icon: { id: 'fold-down' },
						action: { type: 'command', command: FeedbackCommands.loadMore },
					},
		);
	}
	return rows;
}

/** A page node's counts: "3 up · 5 down · 2 code · 12 total (4 loaded)" (words: emoji need a font the tree may not have). */
export function pageStatsDescription(stats: FeedbackPageStats, loaded: number): string {
	return `${stats.thumbsUp} up · ${stats.thumbsDown} down · ${stats.code} code · ${stats.total} total${loaded < stats.total ? ` (${loaded} loaded)` : ''}`;
}

function pageStatsTooltip(stats: FeedbackPageStats, loaded: number): string {
	return [
		`**\`${stats.path.replace(/`/g, '')}\`**`,
		'',
		`Helpful: ${stats.thumbsUp}  `,
		`Not helpful: ${stats.thumbsDown}  `,
		`Code snippet feedback: ${stats.code}  `,
		`All feedback: ${stats.total}  `,
		'',
		loaded < stats.total ? `${loaded} of them loaded; "Load more…" fetches the rest.` : 'All of them are loaded.',
	].join('\n');
}

/**
 * An error row: clicking it does the next step: set the key (401/403), open the base URL setting
 * (a URL that cannot work), `onNotFound` if given (e.g. set the project id), else retry.
 * Shared with the Update Status view.
 */
export function errorRow(error: ViewError, retryCommand: string, retryArgs: readonly unknown[] = [], id = 'error', onNotFound?: RowAction): ViewRow {
	const waiting = error.kind === 'rateLimited';
	const [description, action]: [string | undefined, RowAction] =
		error.kind === 'auth' || error.kind === 'forbidden'
			? ['click to set the key', { type: 'command', command: FeedbackCommands.setAdminKey }]
			: error.kind === 'config'
				? ['click to open the setting', { type: 'command', command: 'workbench.action.openSettings', args: ['mintdoc.api.baseUrl'] }]
				: error.kind === 'notFound' && onNotFound
					? ['click to fix', onNotFound]
					: ['click to retry', { type: 'command', command: retryCommand, args: retryArgs }];
	return {
		id,
		label: error.message,
		description,
		tooltip: escapeMarkdown(error.message),
		icon: { id: waiting ? 'watch' : 'error', color: waiting ? 'charts.yellow' : 'errorForeground' },
		contextValue: 'apiError',
		action,
	};
}
