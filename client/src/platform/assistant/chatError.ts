import { isApiError } from '../api/errors';
import type { ChatError } from './protocol';

/**
 * The panel's error for a failed request: the ApiError's kind and message (keys already
 * redacted). Pure (no 'vscode'), so the fault-matrix tests drive the chat reducer with it.
 */
export function toChatError(e: unknown): ChatError {
	if (!isApiError(e)) return { kind: 'other', message: e instanceof Error ? e.message : String(e) };
	const kind: ChatError['kind'] =
		e.kind === 'config' && /assistant domain/i.test(e.message)
			? 'noDomain'
			: e.noResponse?.inBrowser
				? 'webPage'
				: e.kind === 'badResponse' || e.kind === 'cancelled'
					? 'other'
					: e.kind;
	return { kind, message: e.message, ...(e.retryAfter !== undefined ? { retryAfter: e.retryAfter } : {}) };
}
