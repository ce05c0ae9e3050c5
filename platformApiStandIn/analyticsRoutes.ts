import type { StandInAnalytics, ViewBucket } from './analyticsData';
import { errorReply, type Reply, type Router } from './router';
import { ulidPattern } from './ulid';

/**
 * The analytics export endpoints besides feedback (platform `analytics.openapi.json`, 2026):
 * assistant conversations (ULID cursor), one thread, caller stats, search terms (opaque cursor),
 * page views and visitors (offset paging). Dates are `YYYY-MM-DD` or ISO 8601, `dateTo`
 * exclusive; without them the whole data set counts (the API documents no default range).
 */
export const analyticsPaths = {
	assistant: '/v1/analytics/:projectId/assistant',
	thread: '/v1/analytics/:projectId/assistant/threads/:threadId',
	callerStats: '/v1/analytics/:projectId/assistant/caller-stats',
	searches: '/v1/analytics/:projectId/searches',
	views: '/v1/analytics/:projectId/views',
	visitors: '/v1/analytics/:projectId/visitors',
} as const;

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

interface Range {
	readonly from: number;
	readonly to: number;
}

export function registerAnalyticsRoutes(router: Router, config: { readonly projectId: string; readonly analytics: () => StandInAnalytics }): void {
	const project = (id: string) => (id === config.projectId ? undefined : errorReply(404, 'not_found', `No project with id '${id.slice(0, 80)}'`));

	router.add('GET', analyticsPaths.assistant, ({ params, url }) => {
		const q = url.searchParams;
		const failed = project(params.projectId) ?? unknownParams(q, ['dateFrom', 'dateTo', 'limit', 'cursor']);
		if (failed) return failed;
		const range = parseRange(q);
		if ('status' in range) return range;
		const limit = parseLimit(q, 'limit', 100, 1000);
		if (typeof limit !== 'number') return limit;
		const cursor = q.get('cursor') || undefined;
		if (cursor !== undefined && !ulidPattern.test(cursor)) return bad('cursor must be a ULID: the nextCursor of the previous page');
		const matching = config.analytics().turns.filter(t => inRange(t.at, range) && (cursor === undefined || t.id < cursor));
		const page = matching.slice(0, limit);
		const hasMore = matching.length > limit;
		return {
			status: 200,
			body: {
				conversations: page.map(t => ({
					id: t.id,
					conversationId: t.threadId,
					timestamp: new Date(t.at).toISOString(),
					query: t.query,
					response: t.response,
					responseType: t.responseType,
					sources: t.sources,
					resolutionStatus: t.resolutionStatus,
					queryCategory: t.queryCategory,
					pageUrl: t.pageUrl,
				})),
				nextCursor: hasMore ? page[page.length - 1].id : null,
				hasMore,
			},
		};
	});

	router.add('GET', analyticsPaths.thread, ({ params }) => {
		const failed = project(params.projectId);
		if (failed) return failed;
		if (!ulidPattern.test(params.threadId)) return bad(`threadId must be a ULID, got '${params.threadId.slice(0, 40)}'`);
		const data = config.analytics();
		// The id of any row of a conversation names its thread (platform docs, "Getting a thread ID").
		const threadId = data.threads.has(params.threadId) ? params.threadId : data.turns.find(t => t.id === params.threadId)?.threadId;
		const thread = threadId ? data.threads.get(threadId) : undefined;
		return thread ? { status: 200, body: thread } : errorReply(404, 'not_found', `No assistant thread '${params.threadId}'`);
	});

	router.add('GET', analyticsPaths.callerStats, ({ params, url }) => {
		const q = url.searchParams;
		const failed = project(params.projectId) ?? unknownParams(q, ['dateFrom', 'dateTo']);
		if (failed) return failed;
		const range = parseRange(q);
		if ('status' in range) return range;
		const counts = { web: 0, api: 0, other: 0, total: 0 };
		for (const turn of config.analytics().turns) {
			if (!inRange(turn.at, range)) continue;
			counts[turn.caller]++;
			counts.total++;
		}
		return { status: 200, body: counts };
	});

	router.add('GET', analyticsPaths.searches, ({ params, url }) => {
		const q = url.searchParams;
		const failed = project(params.projectId) ?? unknownParams(q, ['dateFrom', 'dateTo', 'limit', 'cursor']);
		if (failed) return failed;
		const range = parseRange(q);
		if ('status' in range) return range;
		const limit = parseLimit(q, 'limit', 50, 100);
		if (typeof limit !== 'number') return limit;
		const key = `${range.from}-${range.to}`;
		let offset = 0;
		const cursor = q.get('cursor');
		if (cursor) {
			const decoded = decodeSearchCursor(cursor);
			if (!decoded || decoded.key !== key) return bad('cursor is not one this server issued for this date range; start again without one');
			offset = decoded.offset;
		}
		const terms = new Map<string, { hits: number; clicks: Map<string, number>; clicked: number; last: number }>();
		let total = 0;
		for (const event of config.analytics().searches) {
			if (!inRange(event.at, range)) continue;
			total++;
			const row = terms.get(event.term) ?? { hits: 0, clicks: new Map(), clicked: 0, last: 0 };
			row.hits++;
			row.last = Math.max(row.last, event.at);
			if (event.clicked) {
				row.clicked++;
				row.clicks.set(event.clicked, (row.clicks.get(event.clicked) ?? 0) + 1);
			}
			terms.set(event.term, row);
		}
		const sorted = [...terms].sort((a, b) => b[1].hits - a[1].hits || a[0].localeCompare(b[0]));
		const page = sorted.slice(offset, offset + limit).map(([term, row]) => ({
			searchQuery: term,
			hits: row.hits,
			ctr: Math.round((row.clicked / row.hits) * 1000) / 1000,
			topClickedPage: [...row.clicks].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null,
			lastSearchedAt: new Date(row.last).toISOString(),
		}));
		const next = offset + limit < sorted.length ? encodeSearchCursor({ key, offset: offset + limit }) : null;
		return { status: 200, body: { searches: page, totalSearches: total, nextCursor: next } };
	});

	const traffic = (kind: 'views' | 'visitors') => (ctx: { params: Readonly<Record<string, string>>; url: URL }) => {
		const q = ctx.url.searchParams;
		const failed = project(ctx.params.projectId) ?? unknownParams(q, ['dateFrom', 'dateTo', 'limit', 'offset']);
		if (failed) return failed;
		const range = parseRange(q);
		if ('status' in range) return range;
		const limit = parseLimit(q, 'limit', 50, 250);
		if (typeof limit !== 'number') return limit;
		const offset = parseLimit(q, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
		if (typeof offset !== 'number') return offset;
		const rows = trafficByPath(config.analytics().views, range, kind);
		const totals = rows.reduce((t, r) => ({ human: t.human + r.human, ai: t.ai + r.ai, total: t.total + r.total }), { human: 0, ai: 0, total: 0 });
		return { status: 200, body: { totals, [kind]: rows.slice(offset, offset + limit), hasMore: offset + limit < rows.length } };
	};
	router.add('GET', analyticsPaths.views, traffic('views'));
	router.add('GET', analyticsPaths.visitors, traffic('visitors'));
}

/** Per-path counts in the range, most total first. Visitors: `total` dedupes human and AI (a few are both). */
function trafficByPath(buckets: readonly ViewBucket[], range: Range, kind: 'views' | 'visitors') {
	const byPath = new Map<string, { path: string; human: number; ai: number; total: number }>();
	for (const b of buckets) {
		if (!inRange(b.day, range)) continue;
		const row = byPath.get(b.path) ?? { path: b.path, human: 0, ai: 0, total: 0 };
		const [human, ai] = kind === 'views' ? [b.human, b.ai] : [b.humanVisitors, b.aiVisitors];
		row.human += human;
		row.ai += ai;
		row.total += kind === 'views' ? human + ai : human + ai - Math.min(human, ai, Math.floor(ai / 10));
		byPath.set(b.path, row);
	}
	return [...byPath.values()].filter(r => r.total > 0).sort((a, b) => b.total - a.total || a.path.localeCompare(b.path));
}

function inRange(at: number, range: Range): boolean {
	return at >= range.from && at < range.to;
}

function bad(message: string): Reply {
	return { status: 400, body: { error: message, details: [{ message }] } };
}

/** A misspelt parameter is a 400 naming it, not silently ignored (what a typo deserves). */
function unknownParams(q: URLSearchParams, known: readonly string[]): Reply | undefined {
	for (const name of q.keys()) if (!known.includes(name)) return bad(`unknown query parameter '${name.slice(0, 40)}'; known: ${known.join(', ')}`);
	return undefined;
}

/** `dateFrom`/`dateTo` as an interval; absent bounds are open. */
export function parseRange(q: URLSearchParams): Range | Reply {
	const bound = (name: string, open: number): number | Reply => {
		const value = q.get(name);
		if (value === null || value === '') return open;
		const t = dateOnly.test(value) ? Date.parse(`${value}T00:00:00Z`) : isoDateTime.test(value) ? Date.parse(value) : NaN;
		return Number.isNaN(t) ? bad(`${name} must be an ISO 8601 date or YYYY-MM-DD, got '${value.slice(0, 40)}'`) : t;
	};
	const from = bound('dateFrom', -Infinity);
	if (typeof from !== 'number') return from;
	const to = bound('dateTo', Infinity);
	if (typeof to !== 'number') return to;
	if (from >= to) return bad('dateFrom must be before dateTo (dateTo is excluded)');
	return { from, to };
}

/** A whole number parameter in [min, max] with its default. */
function parseLimit(q: URLSearchParams, name: string, fallback: number, max: number, min = 1): number | Reply {
	const value = q.get(name);
	if (value === null || value === '') return fallback;
	const n = /^\d{1,16}$/.test(value) ? Number(value) : NaN;
	return n >= min && n <= max ? n : bad(`${name} must be a whole number from ${min} to ${max}, got '${value.slice(0, 20)}'`);
}

function encodeSearchCursor(cursor: { key: string; offset: number }): string {
	return Buffer.from(JSON.stringify({ v: 1, k: cursor.key, o: cursor.offset })).toString('base64url');
}

function decodeSearchCursor(cursor: string): { key: string; offset: number } | undefined {
	if (cursor.length > 300 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
	try {
		const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
		return value.v === 1 && typeof value.k === 'string' && Number.isInteger(value.o) && (value.o as number) >= 0
			? { key: value.k, offset: value.o as number }
			: undefined;
	} catch {
		return undefined;
	}
}
