import type { RetrievalFilter } from './assistantAnswer';
import { errorReply, type Reply } from './router';

/**
 * The body of an assistant question, checked as the platform documents it. v1 (the spec):
 * messages carry `id`, `role`, `content` and `parts`. v2 (the current docs): messages carry
 * `id`, `role` and `parts` (no `content`), plus `currentPath` (the reader's page, at most 200
 * characters) and context items that may name the file's `path`.
 */

/** A valid request, or the 400 reply naming what is wrong. */
export interface ParsedRequest {
	/** The last user message. */
	readonly question: string;
	/** What retrieval searches for: the question plus any editor context. */
	readonly query: string;
	readonly threadId?: string;
	readonly threadKey?: string;
	readonly retrievalPageSize: number;
	readonly filter?: RetrievalFilter;
	/** v2: the page the reader is on (`/guides/webhooks`). */
	readonly currentPath?: string;
	/** v2: files the context items came from. */
	readonly contextPaths?: readonly string[];
}

export function parseAssistantRequest(raw: string, version: 1 | 2): ParsedRequest | Reply {
	const bad = (message: string) => errorReply(400, 'invalid_request', message);
	let body: unknown;
	try {
		body = JSON.parse(raw);
	} catch {
		return bad(`The body must be JSON: { fp, messages, threadId?, retrievalPageSize?, filter?, context?${version === 2 ? ', currentPath?' : ''} }`);
	}
	if (!isObject(body)) return bad('The body must be a JSON object');
	if (typeof body.fp !== 'string' || !body.fp) return bad('fp is required: "anonymous" or a user identifier');
	if (!Array.isArray(body.messages) || body.messages.length === 0) return bad('messages must be a non-empty array');
	for (const [i, message] of body.messages.entries()) {
		if (
			version === 1 &&
			(!isObject(message) ||
				typeof message.id !== 'string' ||
				!message.id ||
				typeof message.role !== 'string' ||
				typeof message.content !== 'string' ||
				!Array.isArray(message.parts))
		) {
			return bad(`messages[${i}] needs id, role, content and parts`);
		}
		if (
			version === 2 &&
			(!isObject(message) || typeof message.id !== 'string' || !message.id || typeof message.role !== 'string' || !Array.isArray(message.parts))
		) {
			return bad(`messages[${i}] needs id, role and parts (v2 messages are made of parts)`);
		}
	}
	const last = body.messages[body.messages.length - 1] as Record<string, unknown>;
	if (last.role !== 'user') return bad('The last message must have role "user"');
	const threadId = body.threadId === null || body.threadId === undefined || body.threadId === '' ? undefined : body.threadId;
	if (threadId !== undefined && typeof threadId !== 'string') return bad('threadId must be a string or null');
	if (body.threadKey !== undefined && body.threadKey !== null && typeof body.threadKey !== 'string') return bad('threadKey must be a string');
	const size = body.retrievalPageSize ?? 5;
	if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) return bad('retrievalPageSize must be a whole number of at least 1');
	let filter: RetrievalFilter | undefined;
	if (body.filter !== undefined && body.filter !== null) {
		if (!isObject(body.filter)) return bad('filter must be an object or null');
		const { version, language } = body.filter;
		if ((version !== undefined && typeof version !== 'string') || (language !== undefined && typeof language !== 'string'))
			return bad('filter.version and filter.language must be strings');
		filter = { ...(version ? { version } : {}), ...(language ? { language } : {}) };
	}
	let currentPath: string | undefined;
	if (version === 2 && body.currentPath !== undefined && body.currentPath !== null) {
		if (typeof body.currentPath !== 'string' || body.currentPath.length > 200) return bad('currentPath must be a string of at most 200 characters');
		currentPath = body.currentPath || undefined;
	}
	const context: string[] = [];
	const contextPaths: string[] = [];
	if (body.context !== undefined) {
		if (!Array.isArray(body.context)) return bad('context must be an array');
		for (const [i, item] of body.context.entries()) {
			if (!isObject(item) || (item.type !== 'code' && item.type !== 'textSelection') || typeof item.value !== 'string')
				return bad(`context[${i}] needs type "code" or "textSelection" and a string value`);
			if (version === 2 && item.path !== undefined && typeof item.path !== 'string') return bad(`context[${i}].path must be a string`);
			if (typeof item.path === 'string' && item.path) contextPaths.push(item.path);
			context.push(item.value.slice(0, 2000));
		}
	}
	const question = textOf(last).replace(/\s+/g, ' ').trim().slice(0, 2000);
	return {
		question,
		query: [question, ...context].join('\n'),
		...(threadId !== undefined ? { threadId } : {}),
		...(typeof body.threadKey === 'string' ? { threadKey: body.threadKey } : {}),
		retrievalPageSize: Math.min(size, 50),
		...(filter ? { filter } : {}),
		...(currentPath ? { currentPath } : {}),
		...(contextPaths.length ? { contextPaths } : {}),
	};
}

/** A message's text: its text parts, else its content. */
export function textOf(message: Record<string, unknown>): string {
	const parts = Array.isArray(message.parts)
		? message.parts.filter((p): p is { type: 'text'; text: string } => isObject(p) && p.type === 'text' && typeof p.text === 'string')
		: [];
	return parts.length ? parts.map(p => p.text).join('\n') : String(message.content ?? '');
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
