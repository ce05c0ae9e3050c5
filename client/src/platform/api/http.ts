import { ApiError, decodingFailure, httpError, noResponseError, serverMessageOf, setAdminKeyHint, type NotFoundContext } from './errors';
import { redact } from '../../redaction';

/** How the client talks HTTP. Everything has a default except the base URL and the key source. */
export interface HttpOptions {
	/** e.g. `https://api.mintlify.com`; `http:` only for loopback hosts. */
	readonly baseUrl: string;
	/** Read on every request, so a key set or cleared meanwhile is used at once. */
	readonly getApiKey: () => string | undefined | Promise<string | undefined>;
	/** Injected for tests and for hosts without a global fetch. */
	readonly fetch?: typeof globalThis.fetch;
	/** Per attempt, until the whole body is read. Default 15 s. */
	readonly timeoutMs?: number;
	/** Extra attempts for idempotent GETs after a 5xx or a network failure. Default 2. */
	readonly retries?: number;
	/** First backoff delay, doubled per attempt (a 5xx `Retry-After` wins). Default 500 ms. */
	readonly retryDelayMs?: number;
	/** Upper bound of one backoff delay. Default 8 s. */
	readonly maxRetryDelayMs?: number;
	/** Larger bodies are refused (badResponse). Default 4 MiB. */
	readonly maxResponseBytes?: number;
	/** Waits between retries; tests pass a recording one. */
	readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
	/** The message when no key is stored; names the command that stores it. */
	readonly missingKeyMessage?: string;
	/** Whether `fetch` is a browser's, bound by CORS (default: {@link fetchIsBrowsers}); only the wording of a failure without response follows it. */
	readonly inBrowser?: boolean;
}

/** One request, relative to the base URL. */
export interface ApiRequest extends NotFoundContext {
	readonly method: 'GET' | 'POST';
	/** Path with its segments already encoded, starting with `/`. */
	readonly path: string;
	readonly query?: Readonly<Record<string, string | undefined>>;
	/** Sent as JSON. */
	readonly body?: unknown;
	readonly signal?: AbortSignal;
}

const defaults = { timeoutMs: 15_000, retries: 2, retryDelayMs: 500, maxRetryDelayMs: 8_000, maxResponseBytes: 4 * 1024 * 1024 };
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The base URL as a URL, or an ApiError of kind `config`: it must be absolute, `https:`, or
 * `http:` on a loopback host (the local stand-in), and carry no credentials, query or hash.
 */
export function checkBaseUrl(baseUrl: string): URL {
	const hint = 'Fix the setting mintdoc.api.baseUrl (default https://api.mintlify.com).';
	let url: URL;
	try {
		url = new URL(baseUrl.trim());
	} catch {
		throw new ApiError(`The API base URL '${redact(baseUrl)}' is not a URL. ${hint}`, { kind: 'config' });
	}
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname))) {
		throw new ApiError(`The API base URL must use https (plain http only for 127.0.0.1 or localhost), not '${url.protocol}//${url.host}'. ${hint}`, {
			kind: 'config',
		});
	}
	if (url.username || url.password || url.search || url.hash) {
		throw new ApiError(`The API base URL must not carry credentials, a query or a fragment. ${hint}`, { kind: 'config' });
	}
	return url;
}

/** Sends `request` and returns the parsed JSON body of a 2xx answer; retries idempotent GETs. */
export async function requestJson(options: HttpOptions, request: ApiRequest): Promise<unknown> {
	const retries = Math.max(0, options.retries ?? defaults.retries);
	const sleep = options.sleep ?? abortableSleep;
	for (let attempt = 1; ; attempt++) {
		try {
			return await attemptOnce(options, request);
		} catch (e) {
			if (!(e instanceof ApiError)) throw e;
			const transient = e.kind === 'server' || e.kind === 'network';
			if (!transient || request.method !== 'GET' || attempt > retries) throw attempt > 1 ? afterAttempts(e, attempt, request) : e;
			const backoff = (options.retryDelayMs ?? defaults.retryDelayMs) * 2 ** (attempt - 1);
			const delay = Math.min(options.maxRetryDelayMs ?? defaults.maxRetryDelayMs, e.retryAfter !== undefined ? e.retryAfter * 1000 : backoff);
			try {
				await sleep(delay, request.signal);
			} catch {
				throw cancelled();
			}
			if (request.signal?.aborted) throw cancelled();
		}
	}
}

async function attemptOnce(options: HttpOptions, request: ApiRequest): Promise<unknown> {
	if (request.signal?.aborted) throw cancelled();
	const base = checkBaseUrl(options.baseUrl);
	const key = await options.getApiKey();
	if (!key) throw new ApiError(options.missingKeyMessage ?? `No admin API key is stored: ${setAdminKeyHint}.`, { kind: 'auth' });
	const url = new URL(base.href.replace(/\/+$/, '') + request.path);
	for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
	const timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
	const controller = new AbortController();
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		controller.abort();
	}, timeoutMs);
	const onAbort = () => controller.abort();
	request.signal?.addEventListener('abort', onAbort, { once: true });
	let response: Response | undefined;
	const fail = (e: unknown): ApiError => {
		if (e instanceof ApiError) return e;
		if (request.signal?.aborted) return cancelled();
		if (timedOut)
			return new ApiError(
				`No answer from ${url.host} within ${Math.round(timeoutMs / 100) / 10} s. Try again (Refresh); check mintdoc.api.baseUrl if it keeps happening.`,
				{ kind: 'timeout' },
			);
		const decoding = decodingFailure(e);
		if (decoding) {
			const encoding = redact(response?.headers.get('content-encoding') ?? 'unknown', [key]).slice(0, 40);
			return new ApiError(
				`The response from ${url.host} could not be decompressed (Content-Encoding: ${encoding}; ${decoding}). Check mintdoc.api.baseUrl and any proxy in between; try again later.`,
				{ kind: 'badResponse', status: response?.status ?? 0 },
			);
		}
		const cause = redact(networkCause(e), [key]);
		// Once the headers are in, the server was reached: say that the connection broke instead.
		return response
			? new ApiError(
					`The connection to ${url.host} broke while reading the response (${cause}). Check your connection and mintdoc.api.baseUrl, then try again.`,
					{ kind: 'network' },
				)
			: noResponseError({ target: url.host, cause, inBrowser: options.inBrowser ?? fetchIsBrowsers() });
	};
	try {
		const fetchImpl = options.fetch ?? globalThis.fetch;
		const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'application/json' };
		if (request.body !== undefined) headers['content-type'] = 'application/json';
		// `manual`: a redirect must not carry the key to another address.
		response = await fetchImpl(url, {
			method: request.method,
			headers,
			signal: controller.signal,
			redirect: 'manual',
			body: request.body === undefined ? undefined : JSON.stringify(request.body),
		});
		const text = await readText(response, options.maxResponseBytes ?? defaults.maxResponseBytes, controller);
		const contentType = response.headers.get('content-type');
		// A browser's fetch gives a redirect not followed as an `opaqueredirect` response of status 0.
		if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
			throw new ApiError(
				`The API answered with a redirect${response.status ? ` (HTTP ${response.status})` : ''}; set mintdoc.api.baseUrl to the final address.`,
				{
					kind: 'badResponse',
					status: response.status,
				},
			);
		}
		if (!response.ok) {
			const said = serverMessageOf(text, contentType);
			throw httpError(response.status, said === undefined ? undefined : redact(said, [key]), parseRetryAfter(response.headers.get('retry-after')), request);
		}
		try {
			return JSON.parse(text);
		} catch {
			const what = text.trim() ? `not JSON (${contentType ?? 'no content type'}, starts with '${redact(text.trim().slice(0, 40), [key])}')` : 'empty';
			throw new ApiError(`The response from ${url.host} is ${what}. Check mintdoc.api.baseUrl; try again later.`, {
				kind: 'badResponse',
				status: response.status,
			});
		}
	} catch (e) {
		throw fail(e);
	} finally {
		clearTimeout(timer);
		request.signal?.removeEventListener('abort', onAbort);
	}
}

/** The body as text, refusing more than `maxBytes` (checked on Content-Length and while reading). */
async function readText(response: Response, maxBytes: number, controller: AbortController): Promise<string> {
	const tooLarge = () => {
		controller.abort();
		const limit = maxBytes >= 1024 * 1024 ? `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(maxBytes / 1024)} KB`;
		return new ApiError(`The response is larger than ${limit}; MintDoc stopped reading it. Narrow the filters or try again later.`, {
			kind: 'badResponse',
			status: response.status,
		});
	};
	const declared = Number(response.headers.get('content-length'));
	if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
	if (!response.body) return response.text();
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let size = 0;
	let text = '';
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > maxBytes) {
			await reader.cancel().catch(() => undefined);
			throw tooLarge();
		}
		text += decoder.decode(value, { stream: true });
	}
	return text + decoder.decode();
}

/** `Retry-After` in seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
	if (!value) return undefined;
	if (/^\s*\d+\s*$/.test(value)) return Number(value);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function afterAttempts(e: ApiError, attempts: number, request: ApiRequest): ApiError {
	if (e.kind === 'server') return httpError(e.status, e.serverMessage, e.retryAfter, request, attempts);
	if (e.noResponse) return noResponseError(e.noResponse, attempts);
	if (e.kind === 'network') return new ApiError(e.message.replace(/\. Check/, ` after ${attempts} attempts. Check`), { kind: 'network', attempts });
	return e;
}

function cancelled(): ApiError {
	return new ApiError('The request was cancelled.', { kind: 'cancelled' });
}

/**
 * Whether `fetch` here is a browser's: in a web worker (VS Code's web worker extension host), where
 * the browser refuses what the API's CORS headers do not allow. Not in Node, whatever its globals.
 */
export function fetchIsBrowsers(): boolean {
	return typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === 'function';
}

/** The low-level reason of a fetch failure, e.g. `ECONNREFUSED` or `other side closed`. */
function networkCause(e: unknown): string {
	const cause = e instanceof Error ? (e.cause as { code?: string; message?: string } | undefined) : undefined;
	return cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e));
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(new Error('aborted'));
		const timer = setTimeout(() => {
			signal?.removeEventListener('abort', onAbort);
			resolve();
		}, ms);
		const onAbort = () => {
			clearTimeout(timer);
			reject(new Error('aborted'));
		};
		signal?.addEventListener('abort', onAbort, { once: true });
	});
}
