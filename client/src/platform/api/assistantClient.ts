import { parseDataStream } from './assistantStream';
import type { AssistantContext, AssistantEvent, AssistantFilter, AssistantMessage, AssistantRequest, AssistantThread, SkippedLine } from './assistantTypes';
import { ApiError, decodingFailure, httpError, noResponseError, serverMessageOf, setAssistantKeyHint } from './errors';
import { redact } from '../../redaction';
import { checkBaseUrl, fetchIsBrowsers, parseRetryAfter } from './http';
import {
	assistantPath,
	toV1Context,
	toV2Request,
	type AssistantApiSetting,
	type AssistantApiVersion,
	type AssistantRequestV2,
	type AssistantVersionMemory,
} from './assistantVersion';

/**
 * The assistant endpoint (spec: "Generate assistant message"): builds the request body, POSTs
 * it and yields the typed events of the streamed answer. Runs in the extension host (the key
 * never reaches a webview); free of `vscode`.
 */

/** Default and bounds of `retrievalPageSize` (the spec recommends 5; the setting allows 1-50). */
export const retrievalPageSizeDefault = 5;
export const retrievalPageSizeMax = 50;

/** What the caller knows about the conversation; turned into the wire body by {@link buildAssistantRequest}. */
export interface AssistantRequestInput {
	/** `anonymous` or a stable id (see `fingerprintFor`). */
	readonly fp: string;
	/** The whole conversation so far, the new user message last. */
	readonly messages: readonly AssistantMessageInput[];
	/** The thread of this conversation, once the server named one. */
	readonly thread?: AssistantThread;
	/** Clamped to 1-50; default 5. */
	readonly retrievalPageSize?: number;
	readonly filter?: AssistantFilter | null;
	readonly context?: readonly AssistantContext[];
}

/** A message as the caller has it: `id` and `parts` are filled in when missing. */
export interface AssistantMessageInput {
	readonly id?: string;
	readonly role: 'user' | 'assistant';
	readonly content: string;
	readonly parts?: AssistantMessage['parts'];
}

/** The body exactly as the spec shapes it: optional fields only when they carry something. */
export function buildAssistantRequest(input: AssistantRequestInput): AssistantRequest {
	const filter = cleanFilter(input.filter);
	const context = (input.context ?? []).filter(c => c.value !== '');
	return {
		fp: input.fp.trim() || 'anonymous',
		messages: input.messages.map(toWireMessage),
		...(input.thread?.threadId ? { threadId: input.thread.threadId } : {}),
		...(input.thread?.threadId && input.thread.threadKey ? { threadKey: input.thread.threadKey } : {}),
		retrievalPageSize: clampRetrievalPageSize(input.retrievalPageSize),
		...(filter ? { filter } : {}),
		...(context.length ? { context: toV1Context(context) } : {}),
	};
}

/** A whole number from 1 to 50; anything unusable becomes the default 5. */
export function clampRetrievalPageSize(value: number | undefined): number {
	if (value === undefined || !Number.isFinite(value)) return retrievalPageSizeDefault;
	return Math.min(retrievalPageSizeMax, Math.max(1, Math.round(value)));
}

/** A new message with a fresh id and its one text part. */
export function createMessage(role: 'user' | 'assistant', content: string, id: string = newMessageId()): AssistantMessage {
	return { id, role, content, parts: [{ type: 'text', text: content }] };
}

export function newMessageId(): string {
	return `msg-${globalThis.crypto.randomUUID()}`;
}

function toWireMessage(message: AssistantMessageInput): AssistantMessage {
	const parts = message.parts?.length ? message.parts.map(p => ({ type: 'text' as const, text: p.text })) : [{ type: 'text' as const, text: message.content }];
	return { id: message.id || newMessageId(), role: message.role, content: message.content, parts };
}

function cleanFilter(filter: AssistantFilter | null | undefined): AssistantFilter | undefined {
	const version = filter?.version?.trim();
	const language = filter?.language?.trim();
	if (!version && !language) return undefined;
	return { ...(version ? { version } : {}), ...(language ? { language } : {}) };
}

/** Where and how to ask. Everything but the base URL, domain and key source has a default. */
export interface AssistantClientOptions {
	/** `mintdoc.api.baseUrl`: `https:`, or `http:` on a loopback host (the local stand-in). */
	readonly baseUrl: string;
	/** `mintdoc.assistant.domain`. */
	readonly domain: string;
	/** Read once per question. */
	readonly getAssistantKey: () => string | undefined | Promise<string | undefined>;
	readonly fetch?: typeof globalThis.fetch;
	/** Until the response headers arrive. Default 30 s. */
	readonly timeoutMs?: number;
	/** Longest wait for the next bytes of the stream before it counts as cut (`incomplete`, `idle`). Default 60 s; 0 never. */
	readonly idleTimeoutMs?: number;
	/** Lines the parser skipped (for the output channel). */
	readonly onSkipped?: (skipped: SkippedLine) => void;
	/** Bytes of one answer read at most; past it the answer ends (`incomplete`, `tooLarge`). Default 8 MiB. */
	readonly maxAnswerBytes?: number;
	/** Whether `fetch` is a browser's (default: {@link fetchIsBrowsers}): the wording of a failure without response. */
	readonly inBrowser?: boolean;
}

export interface AskAssistantOptions extends AssistantClientOptions, AssistantRequestInput {
	/** Stops the answer: before the headers the generator throws `cancelled`; later it yields `incomplete` (`stopped`). */
	readonly signal?: AbortSignal;
	/** `mintdoc.assistant.apiVersion`; default `auto` (v2, falling back to v1 once on a 404). */
	readonly apiVersion?: AssistantApiSetting;
	/** What `auto` learned per domain; without it, every question under `auto` tries v2 first. */
	readonly versionMemory?: AssistantVersionMemory;
	/** v2: the route of the page the writer has open (`/guides/webhooks`). */
	readonly currentPath?: string;
	/** Called once when `auto` falls back to v1 for a domain (for the output channel). */
	readonly onFallback?: (message: string) => void;
}

/** The `incomplete` message of a stream that simply ended without its finish part (nothing more to say than the panel's "cut off"). */
export const streamEndedEarly = 'The answer stopped before it was finished (the stream ended early).';

// 8 MiB is far beyond any real answer, and bounds what a runaway stream can make the panel hold.
const defaults = { timeoutMs: 30_000, idleTimeoutMs: 60_000, maxAnswerBytes: 8 * 1024 * 1024 };
const maxErrorBodyBytes = 64 * 1024;

/**
 * Asks the assistant and yields the answer's events as they stream in. Throws an ApiError when
 * no answer starts (no key or domain, 4xx/5xx, offline, timeout, cancelled before the headers).
 * Once the answer streams, problems become events instead, so the partial text stays:
 * `error` (a `3:` part), `incomplete` (cut, stopped, idle). A 404 while a thread was sent yields
 * `threadReset` and asks once more without the thread. The `thread` event is the thread to send
 * with the next question: when the server continues the thread that was sent (and, as it does,
 * issues no new key), it carries the key that was sent.
 */
export async function* askAssistant(options: AskAssistantOptions): AsyncGenerator<AssistantEvent, void, undefined> {
	const base = checkBaseUrl(options.baseUrl);
	const domain = options.domain.trim();
	if (!domain)
		throw new ApiError(
			'No assistant domain is set: set mintdoc.assistant.domain to the domain identifier of your docs site (the last segment of the dashboard URL).',
			{ kind: 'config' },
		);
	if (options.signal?.aborted) throw cancelled();
	const key = (await options.getAssistantKey())?.trim();
	if (!key) throw new ApiError(`No assistant key is stored: ${setAssistantKeyHint}.`, { kind: 'auth' });
	const setting = options.apiVersion ?? 'auto';
	let version: AssistantApiVersion = setting === 'auto' ? (options.versionMemory?.get(domain) ?? 'v2') : setting;
	const urlOf = (v: AssistantApiVersion) => new URL(`${base.href.replace(/\/+$/, '')}${assistantPath(v, domain)}`);
	const wire = (b: AssistantRequest, v: AssistantApiVersion) => (v === 'v2' ? toV2Request(b, options.currentPath, options.context) : b);
	let body = buildAssistantRequest(options);
	let exchange: Exchange;
	const attempt = async function* (): AsyncGenerator<AssistantEvent, Exchange, undefined> {
		try {
			return await post(options, urlOf(version), key, wire(body, version), domain);
		} catch (e) {
			if (!(e instanceof ApiError && e.kind === 'notFound' && body.threadId)) throw e;
			yield { type: 'threadReset', message: 'The assistant no longer knows this conversation thread (HTTP 404); asking again in a new thread.' };
			body = buildAssistantRequest({ ...options, thread: undefined });
			return await post(options, urlOf(version), key, wire(body, version), domain);
		}
	};
	try {
		exchange = yield* attempt();
	} catch (e) {
		// `auto` on a platform (or stand-in) without the v2 endpoint: ask the spec's v1 once.
		if (!(setting === 'auto' && version === 'v2' && e instanceof ApiError && e.kind === 'notFound')) throw e;
		version = 'v1';
		exchange = await post(options, urlOf(version), key, wire(body, version), domain);
		options.versionMemory?.set(domain, 'v1');
		options.onFallback?.(
			`The assistant endpoint v2 (${assistantPath('v2', domain)}) answered 404 for domain '${display(domain)}'; MintDoc uses the v1 endpoint (deprecated by the platform) for it from now on in this session. Set mintdoc.assistant.apiVersion to choose.`,
		);
	}
	const sent = body.threadId ? { threadId: body.threadId, threadKey: body.threadKey } : undefined;
	for await (const event of streamAnswer(options, exchange)) {
		// The key comes only when a thread is created: the thread event names the one to send next time.
		if (event.type === 'thread' && !event.thread.threadKey && sent?.threadKey && event.thread.threadId === sent.threadId) {
			yield { type: 'thread', thread: { threadId: sent.threadId, threadKey: sent.threadKey } };
		} else {
			yield event;
		}
	}
}

interface Exchange {
	readonly response: Response;
	readonly controller: AbortController;
	readonly state: { idle: boolean; tooLarge: boolean };
	readonly dispose: () => void;
}

/** One POST up to its response headers; a non-2xx status becomes an ApiError. */
async function post(options: AskAssistantOptions, url: URL, key: string, body: AssistantRequest | AssistantRequestV2, domain: string): Promise<Exchange> {
	if (options.signal?.aborted) throw cancelled();
	const controller = new AbortController();
	const onAbort = () => controller.abort();
	options.signal?.addEventListener('abort', onAbort, { once: true });
	const dispose = () => options.signal?.removeEventListener('abort', onAbort);
	const timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		controller.abort();
	}, timeoutMs);
	try {
		const fetchImpl = options.fetch ?? globalThis.fetch;
		// `manual`: a redirect must not carry the key to another address.
		const response = await fetchImpl(url, {
			method: 'POST',
			signal: controller.signal,
			redirect: 'manual',
			headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'text/plain, text/event-stream, application/json' },
			body: JSON.stringify(body),
		});
		if (!response.ok) {
			const text = await readLimited(response, maxErrorBodyBytes).catch(() => '');
			// A browser's fetch gives a redirect not followed as an `opaqueredirect` response of status 0.
			if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
				throw new ApiError(
					`The assistant answered with a redirect${response.status ? ` (HTTP ${response.status})` : ''}; set mintdoc.api.baseUrl to the final address.`,
					{
						kind: 'badResponse',
						status: response.status,
					},
				);
			}
			const said = serverMessageOf(text, response.headers.get('content-type'));
			throw assistantHttpError(
				response.status,
				said === undefined ? undefined : redact(said, [key]),
				parseRetryAfter(response.headers.get('retry-after')),
				domain,
				body.threadId != null,
			);
		}
		if (/text\/html/i.test(response.headers.get('content-type') ?? '')) {
			await response.body?.cancel().catch(() => undefined);
			throw new ApiError(`The assistant at ${url.host} answered with an HTML page, not a data stream. Check mintdoc.api.baseUrl.`, {
				kind: 'badResponse',
				status: response.status,
			});
		}
		if (!response.body) throw new ApiError('The assistant sent an empty response.', { kind: 'badResponse', status: response.status });
		return { response, controller, state: { idle: false, tooLarge: false }, dispose };
	} catch (e) {
		dispose();
		if (e instanceof ApiError) throw e;
		if (options.signal?.aborted) throw cancelled();
		if (timedOut)
			throw new ApiError(
				`No answer from the assistant at ${url.host} within ${Math.round(timeoutMs / 100) / 10} s. Try again (Retry); check mintdoc.api.baseUrl if it keeps happening.`,
				{ kind: 'timeout' },
			);
		throw noResponseError({ target: `the assistant at ${url.host}`, cause: redact(networkCause(e), [key]), inBrowser: options.inBrowser ?? fetchIsBrowsers() });
	} finally {
		clearTimeout(timer);
	}
}

/** The events of a started answer; ends with `incomplete` unless a `d:` finish (or a `3:` error) arrived. */
async function* streamAnswer(options: AskAssistantOptions, exchange: Exchange): AsyncGenerator<AssistantEvent, void, undefined> {
	const { response, controller, state } = exchange;
	const reader = response.body!.getReader();
	let finished = false;
	let failed = false;
	try {
		const maxBytes = options.maxAnswerBytes ?? defaults.maxAnswerBytes;
		const chunks = readChunks(
			reader,
			options.idleTimeoutMs ?? defaults.idleTimeoutMs,
			() => {
				state.idle = true;
				controller.abort();
			},
			maxBytes,
			() => {
				state.tooLarge = true;
				controller.abort();
			},
		);
		for await (const event of parseDataStream(chunks, { headers: response.headers, onSkipped: options.onSkipped })) {
			if (event.type === 'finish') finished = true;
			if (event.type === 'error') failed = true;
			yield event;
		}
		if (!finished && !failed) yield { type: 'incomplete', reason: 'cut', message: streamEndedEarly };
	} catch (e) {
		if (finished || failed) return; // the answer was complete (or already failed); what broke after it does not matter
		if (options.signal?.aborted) yield { type: 'incomplete', reason: 'stopped', message: 'Stopped.' };
		else if (state.idle)
			yield {
				type: 'incomplete',
				reason: 'idle',
				message: `Nothing arrived for ${Math.round((options.idleTimeoutMs ?? defaults.idleTimeoutMs) / 1000)} s; the answer was ended.`,
			};
		else if (state.tooLarge)
			yield {
				type: 'incomplete',
				reason: 'tooLarge',
				message: `The answer is larger than ${megabytes(options.maxAnswerBytes ?? defaults.maxAnswerBytes)}; MintDoc stopped reading it. Ask a narrower question.`,
			};
		else if (decodingFailure(e))
			yield {
				type: 'incomplete',
				reason: 'cut',
				message: `The answer could not be decompressed (Content-Encoding: ${display(response.headers.get('content-encoding') ?? 'unknown')}; ${decodingFailure(e)}). Check mintdoc.api.baseUrl and any proxy in between.`,
			};
		else yield { type: 'incomplete', reason: 'cut', message: `The connection broke before the answer was finished (${networkCause(e)}).` };
	} finally {
		exchange.dispose();
		// Frees the connection when the caller stops early or the stream broke.
		controller.abort();
	}
}

/**
 * The chunks of a body; `onIdle` fires when one read waits longer than `idleMs` (0: never),
 * `onTooLarge` (and reading stops) once more than `maxBytes` arrived.
 */
async function* readChunks(
	reader: ReadableStreamDefaultReader<Uint8Array>,
	idleMs: number,
	onIdle: () => void,
	maxBytes: number,
	onTooLarge: () => void,
): AsyncGenerator<Uint8Array, void, undefined> {
	let size = 0;
	try {
		for (;;) {
			const timer = idleMs > 0 ? setTimeout(onIdle, idleMs) : undefined;
			let result: ReadableStreamReadResult<Uint8Array>;
			try {
				result = await reader.read();
			} finally {
				clearTimeout(timer);
			}
			if (result.done) return;
			size += result.value.byteLength;
			if (size > maxBytes) {
				onTooLarge();
				throw new Error('answer too large');
			}
			if (result.value.byteLength) yield result.value;
		}
	} finally {
		await reader.cancel().catch(() => undefined);
	}
}

/** The user-facing error of a failed assistant request; 404 tells a lost thread from an unknown domain. */
export function assistantHttpError(
	status: number,
	serverMessage: string | undefined,
	retryAfter: number | undefined,
	domain: string,
	sentThread: boolean,
): ApiError {
	const said = serverMessage ? `: ${serverMessage}` : '';
	const init = { status, serverMessage, retryAfter };
	if (status === 401) return new ApiError(`The assistant rejected the key (HTTP 401${said}). Check it and ${setAssistantKeyHint}.`, { ...init, kind: 'auth' });
	if (status === 403)
		return new ApiError(`The assistant key is not allowed for domain '${display(domain)}' (HTTP 403${said}); ${setAssistantKeyHint}.`, {
			...init,
			kind: 'forbidden',
		});
	if (status === 429) {
		const wait = retryAfter !== undefined ? `try again in ${retryAfter} s` : 'try again in a few minutes';
		return new ApiError(`The assistant's rate limit was reached${said}; ${wait}.`, { ...init, kind: 'rateLimited' });
	}
	if (status >= 500) return new ApiError(`The assistant failed with HTTP ${status}${said}. Try again (Retry).`, { ...init, kind: 'server' });
	const notFound = sentThread
		? 'the assistant does not know this conversation thread (it may have expired)'
		: `unknown assistant domain '${display(domain)}': set mintdoc.assistant.domain to the domain identifier of your docs site`;
	return httpError(status, serverMessage, retryAfter, { notFound });
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
	if (!response.body) return '';
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let text = '';
	let size = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			size += value.byteLength;
			text += decoder.decode(value, { stream: true });
			if (size >= maxBytes) break;
		}
	} finally {
		await reader.cancel().catch(() => undefined);
	}
	return text + decoder.decode();
}

function cancelled(): ApiError {
	return new ApiError('The request was cancelled.', { kind: 'cancelled' });
}

function networkCause(e: unknown): string {
	const cause = e instanceof Error ? (e.cause as { code?: string; message?: string } | undefined) : undefined;
	return cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e));
}

function megabytes(bytes: number): string {
	return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function display(value: string): string {
	const safe = redact(value);
	return safe.length > 60 ? `${safe.slice(0, 57)}...` : safe;
}
