import type { CommitDetails, FeedbackByPage, FeedbackEntry, FeedbackPage, FilesChanged, UpdateAuthor, UpdateStatus } from './types';

/** Thrown by the parsers; the client turns it into an ApiError of kind `badResponse`. */
export class ShapeError extends Error {}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * An update status from a response body. Tolerant: unknown fields and enum values are kept,
 * fields of the wrong type are dropped. Only a non-object or a missing `status` is an error,
 * because without a state there is nothing to show.
 */
export function parseUpdateStatus(body: unknown, requestedId: string): UpdateStatus {
	if (!isObject(body)) throw new ShapeError(`expected an update status object, got ${describe(body)}`);
	const status = str(body.status);
	if (status === undefined) throw new ShapeError('the update status has no "status" field');
	const result: Json = { ...body, _id: str(body._id) ?? requestedId, status, logs: strings(body.logs) };
	for (const key of ['projectId', 'createdAt', 'endedAt', 'summary', 'subdomain', 'screenshot', 'screenshotLight', 'screenshotDark', 'source']) {
		if (key in body && typeof body[key] !== 'string') delete result[key];
	}
	const author = parseAuthor(body.author);
	if (author) result.author = author;
	else delete result.author;
	if ('commit' in body) {
		const commit = parseCommit(body.commit);
		if (commit) result.commit = commit;
		else delete result.commit;
	}
	return result as UpdateStatus;
}

/**
 * The author in either shape: a string (the spec, before 2026-03) or `{name, avatarUrl,
 * githubUserId}` (the platform since); null, an empty name or another type is "unknown".
 */
export function parseAuthor(value: unknown): UpdateAuthor | undefined {
	if (typeof value === 'string') return value.trim() ? { name: value.trim() } : undefined;
	if (!isObject(value)) return undefined;
	const name = str(value.name)?.trim();
	if (!name) return undefined;
	const avatarUrl = str(value.avatarUrl);
	const id = value.githubUserId;
	return {
		name,
		...(avatarUrl && /^https:\/\//.test(avatarUrl) ? { avatarUrl } : {}),
		...(typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? { githubUserId: id } : {}),
	};
}

function parseCommit(value: unknown): CommitDetails | undefined {
	if (!isObject(value)) return undefined;
	const result: Json = { ...value };
	for (const key of ['sha', 'ref', 'message']) if (key in value && typeof value[key] !== 'string') delete result[key];
	if (isObject(value.filesChanged)) {
		const files: FilesChanged = {
			added: strings(value.filesChanged.added),
			modified: strings(value.filesChanged.modified),
			removed: strings(value.filesChanged.removed),
		};
		result.filesChanged = files;
	} else {
		delete result.filesChanged;
	}
	return result as CommitDetails;
}

/**
 * A feedback page from a response body. `feedback` must be an array and `nextCursor` a string or
 * null; entries without a string `id` are dropped (they could not be told apart); other fields
 * are kept as they come, with missing text fields as ''.
 */
export function parseFeedbackPage(body: unknown): FeedbackPage {
	if (!isObject(body)) throw new ShapeError(`expected a feedback page object, got ${describe(body)}`);
	if (!Array.isArray(body.feedback)) throw new ShapeError('the feedback page has no "feedback" array');
	const nextCursor = body.nextCursor === undefined ? null : body.nextCursor;
	if (nextCursor !== null && typeof nextCursor !== 'string') throw new ShapeError(`"nextCursor" must be a string or null, got ${describe(nextCursor)}`);
	const hasMore = typeof body.hasMore === 'boolean' ? body.hasMore : nextCursor !== null;
	const feedback = body.feedback
		.filter(isObject)
		.filter(e => typeof e.id === 'string')
		.map(parseEntry);
	return { feedback, nextCursor: nextCursor === '' ? null : nextCursor, hasMore };
}

function parseEntry(e: Json): FeedbackEntry {
	const result: Json = {
		...e,
		path: str(e.path) ?? '',
		comment: str(e.comment) ?? '',
		createdAt: str(e.createdAt) ?? '',
		source: str(e.source) ?? 'unknown',
		status: str(e.status) ?? 'unknown',
	};
	if ('helpful' in e && typeof e.helpful !== 'boolean') delete result.helpful;
	for (const key of ['contact', 'code', 'filename', 'lang']) if (key in e && typeof e[key] !== 'string') delete result[key];
	return result as FeedbackEntry;
}

function describe(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The by-page aggregate: rows without a path are dropped, counts must be whole numbers ≥ 0 (else 0). */
export function parseFeedbackByPage(body: unknown): FeedbackByPage {
	if (!body || typeof body !== 'object' || !Array.isArray((body as { feedback?: unknown }).feedback))
		throw new ShapeError('expected { feedback: [...] } with per-page counts');
	const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);
	const rows = (body as { feedback: unknown[] }).feedback.flatMap(row => {
		if (!row || typeof row !== 'object' || typeof (row as { path?: unknown }).path !== 'string') return [];
		const r = row as Record<string, unknown>;
		return [{ path: r.path as string, thumbsUp: count(r.thumbsUp), thumbsDown: count(r.thumbsDown), code: count(r.code), total: count(r.total) }];
	});
	return { feedback: rows, hasMore: (body as { hasMore?: unknown }).hasMore === true };
}
