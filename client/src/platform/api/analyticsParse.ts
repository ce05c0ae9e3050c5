import type {
	AssistantCallerStats,
	AssistantConversation,
	AssistantConversationsPage,
	AssistantThread,
	PageTraffic,
	SearchesPage,
	SearchTerm,
	Traffic,
	TrafficPage,
} from './analyticsTypes';
import { ShapeError } from './parse';

// Tolerant readers of the analytics responses: the list a body must have is required (else a
// ShapeError, shown as "unexpected response"); rows without their key field are dropped; wrong
// counts become 0; unknown fields and enum values are kept.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
const cursorOf = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function list(body: unknown, field: string, what: string): unknown[] {
	if (!isObject(body) || !Array.isArray(body[field])) throw new ShapeError(`expected ${what} with a "${field}" array`);
	return body[field] as unknown[];
}

export function parseConversations(body: unknown): AssistantConversationsPage {
	const rows = list(body, 'conversations', 'assistant conversations');
	const conversations = rows.filter(isObject).flatMap((row): AssistantConversation[] => {
		if (typeof row.id !== 'string' || !row.id) return [];
		const sources = Array.isArray(row.sources)
			? row.sources.filter(isObject).flatMap(s => (typeof s.url === 'string' ? [{ title: str(s.title, s.url), url: s.url }] : []))
			: [];
		return [
			{
				...row,
				id: row.id,
				timestamp: str(row.timestamp),
				query: str(row.query),
				response: str(row.response),
				responseType: str(row.responseType) || 'answer',
				sources,
				resolutionStatus: str(row.resolutionStatus) || 'answered',
				queryCategory: typeof row.queryCategory === 'string' ? row.queryCategory : null,
				pageUrl: typeof row.pageUrl === 'string' && row.pageUrl ? row.pageUrl : null,
			},
		];
	});
	const b = body as Json;
	const nextCursor = cursorOf(b.nextCursor);
	return { conversations, nextCursor, hasMore: typeof b.hasMore === 'boolean' ? b.hasMore && nextCursor !== null : nextCursor !== null };
}

export function parseThread(body: unknown, requestedId: string): AssistantThread {
	const rows = list(body, 'messages', 'an assistant thread');
	const b = body as Json;
	return {
		threadId: str(b.threadId, requestedId),
		createdAt: str(b.createdAt),
		messages: rows
			.filter(isObject)
			.map((m, i) => ({ id: str(m.id, String(i)), role: str(m.role, 'assistant'), content: str(m.content), createdAt: str(m.createdAt) })),
	};
}

export function parseCallerStats(body: unknown): AssistantCallerStats {
	if (!isObject(body)) throw new ShapeError('expected assistant caller stats');
	const web = count(body.web);
	const api = count(body.api);
	const other = count(body.other);
	return { web, api, other, total: typeof body.total === 'number' ? count(body.total) : web + api + other };
}

export function parseSearches(body: unknown): SearchesPage {
	const rows = list(body, 'searches', 'search terms');
	const searches = rows.filter(isObject).flatMap((row): SearchTerm[] =>
		typeof row.searchQuery === 'string'
			? [
					{
						searchQuery: row.searchQuery,
						hits: count(row.hits),
						ctr: Math.min(1, count(row.ctr)),
						topClickedPage: typeof row.topClickedPage === 'string' && row.topClickedPage ? row.topClickedPage : null,
						lastSearchedAt: str(row.lastSearchedAt),
					},
				]
			: [],
	);
	const b = body as Json;
	return { searches, totalSearches: count(b.totalSearches), nextCursor: cursorOf(b.nextCursor) };
}

/** Views (`views`) or visitors (`visitors`): the same shape under another list name. */
export function parseTraffic(body: unknown, field: 'views' | 'visitors'): TrafficPage {
	const rows = list(body, field, `page ${field}`);
	const traffic = (v: unknown): Traffic => (isObject(v) ? { human: count(v.human), ai: count(v.ai), total: count(v.total) } : { human: 0, ai: 0, total: 0 });
	const parsed = rows.filter(isObject).flatMap((row): PageTraffic[] => (typeof row.path === 'string' ? [{ path: row.path, ...traffic(row) }] : []));
	const b = body as Json;
	return { totals: traffic(b.totals), rows: parsed, hasMore: b.hasMore === true };
}
