import { compareDesc, type StandInFeedback } from './feedbackData';
import { errorReply, type Reply } from './router';

/** Values the stand-in accepts for `source` and `status` (the platform's documented ones). */
export const knownSources = ['code_snippet', 'contextual', 'agent', 'thumbs_only'];
export const knownStatuses = ['pending', 'in_progress', 'resolved', 'dismissed'];
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** The query after validation. */
export interface FeedbackQuery {
	readonly from?: number;
	readonly to?: number;
	readonly source?: string;
	readonly statuses?: readonly string[];
	readonly limit: number;
	readonly after?: { readonly createdAt: string; readonly id: string };
}

/**
 * Parses `dateFrom`, `dateTo` (exclusive), `source`, `status` (comma-separated), `limit`
 * (1-100, default 50) and `cursor`. Returns a 400 Reply naming the parameter on bad input.
 */
export function parseFeedbackQuery(params: URLSearchParams): FeedbackQuery | Reply {
	const bad = (message: string) => errorReply(400, 'invalid_parameter', message);
	const date = (name: string): number | undefined | Reply => {
		const value = params.get(name);
		if (value === null || value === '') return undefined;
		const ok = dateOnly.test(value) ? Date.parse(`${value}T00:00:00Z`) : isoDateTime.test(value) ? Date.parse(value) : NaN;
		return Number.isNaN(ok) ? bad(`${name} must be an ISO 8601 date or YYYY-MM-DD, got '${value.slice(0, 40)}'`) : ok;
	};
	const from = date('dateFrom');
	if (typeof from === 'object') return from;
	const to = date('dateTo');
	if (typeof to === 'object') return to;
	const source = params.get('source') || undefined;
	if (source !== undefined && !knownSources.includes(source)) return bad(`source must be one of ${knownSources.join(', ')}, got '${source.slice(0, 40)}'`);
	const statusParam = params.get('status');
	const statuses = statusParam
		? statusParam
				.split(',')
				.map(s => s.trim())
				.filter(Boolean)
		: undefined;
	const unknown = statuses?.find(s => !knownStatuses.includes(s));
	if (unknown !== undefined) return bad(`status must be a comma-separated list of ${knownStatuses.join(', ')}, got '${unknown.slice(0, 40)}'`);
	const limitParam = params.get('limit');
	const limit = limitParam === null || limitParam === '' ? 50 : /^\d{1,3}$/.test(limitParam) ? Number(limitParam) : NaN;
	if (!(limit >= 1 && limit <= 100)) return bad(`limit must be a whole number from 1 to 100, got '${(limitParam ?? '').slice(0, 20)}'`);
	const cursorParam = params.get('cursor');
	let after: FeedbackQuery['after'];
	if (cursorParam) {
		after = decodeCursor(cursorParam);
		if (!after) return bad('cursor is not a cursor this server issued; start again without one');
	}
	return { from, to, source, statuses, limit, after };
}

/**
 * One page of the filtered list. Keyset pagination: the cursor names the last entry sent
 * (time and id) and the next page starts strictly after it in the newest-first order, so pages
 * stay consistent while other clients page concurrently, and no server state is kept.
 */
export function feedbackPage(
	entries: readonly StandInFeedback[],
	query: FeedbackQuery,
): { feedback: StandInFeedback[]; nextCursor: string | null; hasMore: boolean } {
	const matching = entries.filter(e => {
		const t = Date.parse(e.createdAt);
		if (query.from !== undefined && t < query.from) return false;
		if (query.to !== undefined && t >= query.to) return false;
		if (query.source !== undefined && e.source !== query.source) return false;
		if (query.statuses?.length && !query.statuses.includes(e.status)) return false;
		return query.after === undefined || compareDesc(query.after, e) < 0;
	});
	const feedback = matching.slice(0, query.limit);
	const hasMore = matching.length > query.limit;
	const last = feedback[feedback.length - 1];
	return { feedback, nextCursor: hasMore && last ? encodeCursor(last) : null, hasMore };
}

/** The query of `GET .../feedback/by-page`: the list's filters, `limit` 1-100 (default 10), no cursor. */
export interface ByPageQuery {
	readonly from?: number;
	readonly to?: number;
	readonly source?: string;
	readonly statuses?: readonly string[];
	readonly limit: number;
}

export function parseByPageQuery(params: URLSearchParams): ByPageQuery | Reply {
	const limitParam = params.get('limit');
	const rest = new URLSearchParams(params);
	rest.delete('limit');
	rest.delete('cursor');
	const base = parseFeedbackQuery(rest);
	if ('status' in base) return base;
	const limit = limitParam === null || limitParam === '' ? 10 : /^\d{1,3}$/.test(limitParam) ? Number(limitParam) : NaN;
	if (!(limit >= 1 && limit <= 100))
		return errorReply(400, 'invalid_parameter', `limit must be a whole number from 1 to 100, got '${(limitParam ?? '').slice(0, 20)}'`);
	return { from: base.from, to: base.to, source: base.source, statuses: base.statuses, limit };
}

/** Per-page counts, the pages with the most feedback first (ties by path). */
export function feedbackByPage(
	entries: readonly StandInFeedback[],
	query: ByPageQuery,
): { feedback: { path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }[]; hasMore: boolean } {
	const pages = new Map<string, { path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }>();
	for (const e of entries) {
		const t = Date.parse(e.createdAt);
		if (query.from !== undefined && t < query.from) continue;
		if (query.to !== undefined && t >= query.to) continue;
		if (query.source !== undefined && e.source !== query.source) continue;
		if (query.statuses?.length && !query.statuses.includes(e.status)) continue;
		const row = pages.get(e.path) ?? { path: e.path, thumbsUp: 0, thumbsDown: 0, code: 0, total: 0 };
		if (e.helpful === true) row.thumbsUp++;
		if (e.helpful === false) row.thumbsDown++;
		if (e.source === 'code_snippet') row.code++;
		row.total++;
		pages.set(e.path, row);
	}
	const sorted = [...pages.values()].sort((a, b) => b.total - a.total || a.path.localeCompare(b.path));
	return { feedback: sorted.slice(0, query.limit), hasMore: sorted.length > query.limit };
}

/** Opaque to clients: base64url of a small versioned JSON. */
export function encodeCursor(entry: { readonly createdAt: string; readonly id: string }): string {
	return Buffer.from(JSON.stringify({ v: 1, t: entry.createdAt, id: entry.id })).toString('base64url');
}

function decodeCursor(cursor: string): FeedbackQuery['after'] | undefined {
	if (cursor.length > 500 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
	try {
		const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
		if (!value || typeof value !== 'object') return undefined;
		const { v, t, id } = value as Record<string, unknown>;
		if (v !== 1 || typeof t !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(t))) return undefined;
		return { createdAt: t, id };
	} catch {
		return undefined;
	}
}

/** A page of about `megabytes` MB (the `big` fault): real-looking entries with very long comments. */
export function bigPage(megabytes: number): { feedback: StandInFeedback[]; nextCursor: null; hasMore: false } {
	const comment = 'This comment is very long. '.repeat(4000);
	const count = Math.max(1, Math.ceil((megabytes * 1024 * 1024) / comment.length));
	const feedback = Array.from({ length: count }, (_, i) => ({
		id: `fb_big_${i}`,
		path: '/quickstart',
		comment,
		createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
		source: 'contextual',
		status: 'pending',
		helpful: false,
	}));
	return { feedback, nextCursor: null, hasMore: false };
}
