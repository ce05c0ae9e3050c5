import type { AssistantCallerStats, AssistantConversationsPage, AssistantThread, DateRange, SearchesPage, TrafficPage } from './analyticsTypes';
import { analyticsLimits } from './analyticsTypes';
import { parseCallerStats, parseConversations, parseSearches, parseThread, parseTraffic } from './analyticsParse';
import { checkId, feedbackQuery } from './docsApiClient';
import { ApiError } from './errors';
import { requestJson, type HttpOptions } from './http';
import { ShapeError } from './parse';

/**
 * The analytics export endpoints beside feedback (`/v1/analytics/{projectId}/…`, admin key,
 * 100 requests an hour per organization shared by all of them, so callers load on demand and
 * cache). Ranges are checked before sending (dates, `dateFrom` < `dateTo`), limits against the
 * documented maxima. Free of `vscode`.
 */
export interface AnalyticsClient {
	readonly baseUrl: string;
	/** `GET .../assistant`: one page of conversation turns, newest first; `cursor` is the previous page's `nextCursor` (a ULID). */
	conversations(
		projectId: string,
		range: DateRange,
		page?: { readonly limit?: number; readonly cursor?: string },
		signal?: AbortSignal,
	): Promise<AssistantConversationsPage>;
	/** `GET .../assistant/threads/{threadId}`: the whole transcript (the id of any row of the conversation works). */
	thread(projectId: string, threadId: string, signal?: AbortSignal): Promise<AssistantThread>;
	/** `GET .../assistant/caller-stats`: questions by caller (web, API, other). */
	callerStats(projectId: string, range: DateRange, signal?: AbortSignal): Promise<AssistantCallerStats>;
	/** `GET .../searches`: search terms by hits, with CTR and the page readers open; cursor paging. */
	searches(projectId: string, range: DateRange, page?: { readonly limit?: number; readonly cursor?: string }, signal?: AbortSignal): Promise<SearchesPage>;
	/** `GET .../views` or `.../visitors`: per-path traffic, human and AI; offset paging. */
	traffic(
		kind: 'views' | 'visitors',
		projectId: string,
		range: DateRange,
		page?: { readonly limit?: number; readonly offset?: number },
		signal?: AbortSignal,
	): Promise<TrafficPage>;
}

export function createAnalyticsClient(options: HttpOptions): AnalyticsClient {
	const base = (projectId: string) => `/v1/analytics/${encodeURIComponent(checkId('project id', projectId))}`;
	const notFound = (projectId: string) =>
		`unknown project id '${projectId.slice(0, 60)}': copy it from the API keys page of the dashboard into the setting mintdoc.projectId`;
	const get = async <T>(path: string, query: Record<string, string | undefined>, notFoundText: string, parse: (body: unknown) => T, signal?: AbortSignal) => {
		const body = await requestJson(options, { method: 'GET', path, query, signal, notFound: notFoundText });
		try {
			return parse(body);
		} catch (e) {
			if (e instanceof ShapeError)
				throw new ApiError(`Unexpected response: ${e.message}. Check mintdoc.api.baseUrl; try again later.`, { kind: 'badResponse', status: 200 });
			throw e;
		}
	};
	return {
		baseUrl: options.baseUrl,
		// async: bad input rejects the promise like every other failure (nothing thrown synchronously).
		conversations: async (projectId, range, page = {}, signal) =>
			get(
				`${base(projectId)}/assistant`,
				{ ...dates(range), limit: limit(page.limit, analyticsLimits.assistant.max), cursor: page.cursor || undefined },
				notFound(projectId),
				parseConversations,
				signal,
			),
		thread: async (projectId, threadId, signal) => {
			const id = checkId('thread id', threadId);
			return get(
				`${base(projectId)}/assistant/threads/${encodeURIComponent(id)}`,
				{},
				`no assistant thread '${id.slice(0, 60)}' in project '${projectId.slice(0, 60)}' (threads are kept for a limited time)`,
				body => parseThread(body, id),
				signal,
			);
		},
		callerStats: async (projectId, range, signal) =>
			get(`${base(projectId)}/assistant/caller-stats`, dates(range), notFound(projectId), parseCallerStats, signal),
		searches: async (projectId, range, page = {}, signal) =>
			get(
				`${base(projectId)}/searches`,
				{ ...dates(range), limit: limit(page.limit, analyticsLimits.searches.max), cursor: page.cursor || undefined },
				notFound(projectId),
				parseSearches,
				signal,
			),
		traffic: async (kind, projectId, range, page = {}, signal) => {
			const offset = page.offset ?? 0;
			if (!Number.isInteger(offset) || offset < 0) throw new ApiError(`The offset must be a whole number ≥ 0, not ${offset}.`, { kind: 'badRequest' });
			return get(
				`${base(projectId)}/${kind}`,
				{ ...dates(range), limit: limit(page.limit, analyticsLimits.traffic.max), offset: offset ? String(offset) : undefined },
				notFound(projectId),
				body => parseTraffic(body, kind),
				signal,
			);
		},
	};
}

/** The range, checked like the feedback filters (dates readable, `dateFrom` before the exclusive `dateTo`). */
function dates(range: DateRange): { dateFrom?: string; dateTo?: string } {
	const { dateFrom, dateTo } = feedbackQuery({ dateFrom: range.dateFrom, dateTo: range.dateTo });
	return { dateFrom, dateTo };
}

function limit(value: number | undefined, max: number): string | undefined {
	if (value === undefined) return undefined;
	if (!Number.isInteger(value) || value < 1 || value > max)
		throw new ApiError(`The page size must be a whole number from 1 to ${max}, not ${value}.`, { kind: 'badRequest' });
	return String(value);
}
