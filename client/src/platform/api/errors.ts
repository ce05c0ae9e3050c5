/**
 * What went wrong, as the UI needs to know it: each kind has one next step for the user.
 * - `auth` 401 or no key; `forbidden` 403 (not an admin key); `notFound` 404 (unknown id);
 * - `rateLimited` 429 (see `retryAfter`); `badRequest` 400 or input rejected before sending;
 * - `server` 5xx; `network` no connection or a dropped one; `timeout` no answer in time;
 * - `badResponse` a body that is not the expected JSON (or too large, or a pagination loop);
 * - `config` a setting that cannot work (base URL); `cancelled` the caller aborted.
 */
export type ApiErrorKind =
	'auth' | 'forbidden' | 'notFound' | 'rateLimited' | 'badRequest' | 'server' | 'network' | 'timeout' | 'badResponse' | 'config' | 'cancelled';

/** The command users run to store the admin key; named in messages so they know what to do next. */
export const setAdminKeyHint = 'set your admin API key (MintDoc: Set Admin API Key)';
/** The same for the public assistant key (`mint_dsc_…`). */
export const setAssistantKeyHint = 'set your assistant key (MintDoc: Set Assistant Key)';

export interface ApiErrorInit {
	readonly kind: ApiErrorKind;
	/** HTTP status; 0 when no response arrived. */
	readonly status?: number;
	/** Seconds to wait before trying again (from `Retry-After`). */
	readonly retryAfter?: number;
	/** What the server said (its JSON `message`/`error`, else its text), already redacted. */
	readonly serverMessage?: string;
	/** Attempts made (more than 1 when retried). */
	readonly attempts?: number;
	/** A request that got no response at all: what the message was made from (to say it again after retries). */
	readonly noResponse?: NoResponse;
}

/** A failed API call. `message` names the next step and never contains a key. */
export class ApiError extends Error {
	readonly kind: ApiErrorKind;
	readonly status: number;
	readonly retryAfter: number | undefined;
	readonly serverMessage: string | undefined;
	readonly attempts: number;
	readonly noResponse: NoResponse | undefined;

	constructor(message: string, init: ApiErrorInit) {
		super(message);
		this.name = 'ApiError';
		this.kind = init.kind;
		this.status = init.status ?? 0;
		this.retryAfter = init.retryAfter;
		this.serverMessage = init.serverMessage;
		this.attempts = init.attempts ?? 1;
		this.noResponse = init.noResponse;
	}

	/** Worth trying again later (as opposed to fixing a key, an id or a setting first). */
	get retryable(): boolean {
		return this.kind === 'rateLimited' || this.kind === 'server' || this.kind === 'network' || this.kind === 'timeout';
	}
}

export function isApiError(e: unknown): e is ApiError {
	return e instanceof ApiError;
}

/** What a 404 means for the call that got it, e.g. "unknown update status id 'x'". */
export interface NotFoundContext {
	readonly notFound: string;
}

/** Builds the user-facing error for an HTTP error status. */
export function httpError(status: number, serverMessage: string | undefined, retryAfter: number | undefined, context: NotFoundContext, attempts = 1): ApiError {
	const said = serverMessage ? `: ${serverMessage}` : '';
	const init = { status, serverMessage, retryAfter, attempts };
	if (status === 401) {
		return new ApiError(`The platform rejected the API key (HTTP 401${said}). Check it and ${setAdminKeyHint}.`, { ...init, kind: 'auth' });
	}
	if (status === 403) {
		return new ApiError(`The key is not allowed to do this (HTTP 403${said}): this needs an admin API key (it starts with mint_); ${setAdminKeyHint}.`, {
			...init,
			kind: 'forbidden',
		});
	}
	if (status === 404) {
		return new ApiError(`${capitalize(context.notFound)} (HTTP 404${said}).`, { ...init, kind: 'notFound' });
	}
	if (status === 429) {
		const wait = retryAfter !== undefined ? `try again in ${retryAfter} s` : 'try again in a few minutes';
		return new ApiError(`Rate limit reached (the analytics API allows about 100 requests per hour)${said}; ${wait}.`, { ...init, kind: 'rateLimited' });
	}
	if (status === 400 || status === 422) {
		return new ApiError(`The platform rejected the request (HTTP ${status}${said}). Check the filters and ids.`, { ...init, kind: 'badRequest' });
	}
	if (status >= 500) {
		const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
		return new ApiError(`The platform failed with HTTP ${status}${tries}${said}. Try again later (Refresh).`, { ...init, kind: 'server' });
	}
	if (status === 409) {
		return new ApiError(`The platform reported a conflict (HTTP 409${said}): what was asked for changed meanwhile. Refresh and try again.`, {
			...init,
			kind: 'badRequest',
		});
	}
	return new ApiError(`Unexpected HTTP ${status}${said}. Try again later; check mintdoc.api.baseUrl if it keeps happening.`, { ...init, kind: 'badResponse' });
}

/** A request that got no response at all: fetch rejected before any header arrived. */
export interface NoResponse {
	/** What was asked, for the message: `api.mintlify.com`, `the assistant at api.mintlify.com`. */
	readonly target: string;
	/** The low-level reason (`ECONNREFUSED`, `Failed to fetch`), already redacted. */
	readonly cause: string;
	/**
	 * The request was a web page's (VS Code's web worker extension host: vscode.dev, github.dev).
	 * A browser tells a page nothing more than "Failed to fetch" both when the API refused the
	 * page's origin (no CORS headers for it) and when the host cannot be reached.
	 */
	readonly inBrowser: boolean;
}

/**
 * The error for a request that got no response. On the desktop: the connection or the base URL.
 * In a browser the same failure may be the platform API refusing requests from a web page, which
 * no retry or connection fixes: the message says so, and that VS Code on the desktop has no such limit.
 */
export function noResponseError(noResponse: NoResponse, attempts = 1): ApiError {
	const { target, cause, inBrowser } = noResponse;
	const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
	const message = inBrowser
		? `Could not reach ${target} from this web page (${cause})${tries}. The platform API may not accept requests from a web page: ` +
			'use VS Code on the desktop for this, or check mintdoc.api.baseUrl and your connection.'
		: `Could not reach ${target} (${cause})${tries}. Check your connection and mintdoc.api.baseUrl, then try again.`;
	return new ApiError(message, { kind: 'network', attempts, noResponse });
}

/**
 * The zlib reason when a fetch failed because the body could not be decompressed (a
 * `Content-Encoding: gzip`/`br`/`deflate` on bytes that are not): e.g. `incorrect header check`.
 * Undici reports these as a network `TypeError: terminated`; they are a bad response, not a
 * connection problem, so retrying does not help.
 */
export function decodingFailure(e: unknown): string | undefined {
	const cause = e instanceof Error ? (e.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
	const code = typeof cause?.code === 'string' ? cause.code : '';
	if (!/^(Z_|ERR_ZLIB|ERR_BROTLI)/.test(code)) return undefined;
	return typeof cause?.message === 'string' && cause.message ? cause.message : code;
}

/** The most useful line of an error body: JSON `message`, `error` (string or object), `detail`, `title`, else text. */
export function serverMessageOf(body: string, contentType: string | null): string | undefined {
	const text = body.trim();
	if (!text) return undefined;
	if (contentType?.includes('json') || text.startsWith('{')) {
		try {
			const json: unknown = JSON.parse(text);
			const found = pickMessage(json);
			if (found) return clip(found);
		} catch {
			// Not JSON after all: fall through to the text.
		}
	}
	if (contentType?.includes('html') || /^<!doctype|^<html/i.test(text)) return undefined;
	return clip(text);
}

function pickMessage(json: unknown): string | undefined {
	if (!json || typeof json !== 'object') return typeof json === 'string' ? json : undefined;
	const record = json as Record<string, unknown>;
	for (const key of ['message', 'error', 'detail', 'title', 'error_description']) {
		const value = record[key];
		if (typeof value === 'string' && value.trim()) return value;
		if (value && typeof value === 'object') {
			const nested = pickMessage(value);
			if (nested) return nested;
		}
	}
	return undefined;
}

function clip(text: string): string {
	const oneLine = text.replace(/\s+/g, ' ').trim();
	return oneLine.length > 300 ? `${oneLine.slice(0, 297)}...` : oneLine;
}

function capitalize(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
