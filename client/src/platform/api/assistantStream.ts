import type { AssistantEvent, AssistantSource, AssistantThread, AssistantUsage, SkippedLine } from './assistantTypes';

/**
 * A tolerant reader of the assistant's AI SDK v4 data stream (one `CODE:JSON` part per line; see
 * ../shared/notes/assistant-stream.md). Unlike the SDK's own parser, which aborts the whole answer
 * on one bad line, it skips what it cannot use (reported through `onSkipped`) and keeps going.
 * A body in the v5 SSE form (`data: {...}` lines) is read too, as a fallback.
 */

/** Response headers: a fetch `Headers`, or a plain record as Node's `IncomingMessage` has. */
export type HeadersLike = { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface ParseDataStreamOptions {
	/** Called for every line that was skipped (unknown code, bad JSON, wrong shape, too long). */
	readonly onSkipped?: (skipped: SkippedLine) => void;
	/** The response headers: `x-thread-id`/`x-thread-key` there win over anything in the body. */
	readonly headers?: HeadersLike;
	/** Longer lines are skipped without being kept in memory. Default 16 MiB of characters. */
	readonly maxLineLength?: number;
}

const defaultMaxLineLength = 16 * 1024 * 1024;
/** Skipped lines are reported clipped: a garbage line can be megabytes long. */
const reportedLineLength = 200;

/** The thread id and key from `x-thread-id`/`x-thread-key`, or undefined without an id. */
export function threadFromHeaders(headers: HeadersLike | undefined): AssistantThread | undefined {
	if (!headers) return undefined;
	const get = (name: string): string | undefined => {
		if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name)?.trim() || undefined;
		const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
		const key = Object.keys(record).find(k => k.toLowerCase() === name);
		const value = key === undefined ? undefined : record[key];
		return (Array.isArray(value) ? value[0] : (value as string | undefined))?.trim() || undefined;
	};
	const threadId = get('x-thread-id');
	if (!threadId) return undefined;
	const threadKey = get('x-thread-key');
	return threadKey ? { threadId, threadKey } : { threadId };
}

/**
 * Reads a response body into typed events, in stream order. Never throws for the content of
 * the body (an error of the body itself, e.g. a dropped connection, is passed on).
 *
 * Thread id, first placement wins: the headers (emitted before anything else); else a
 * `2:`/`8:` item with `threadId` (one of `type:'finish'` preferred; emitted at once); else an
 * extra `threadId` on `d:`/`e:`, else an SSE `data:` finish with `threadId` or
 * `messageMetadata.threadId` (these two are emitted when the body ends, so a later `2:` still wins).
 */
export async function* parseDataStream(body: AsyncIterable<Uint8Array>, options: ParseDataStreamOptions = {}): AsyncGenerator<AssistantEvent, void, undefined> {
	const state = createStreamState(options);
	const headerThread = threadFromHeaders(options.headers);
	if (headerThread) {
		state.threadDone = true;
		yield { type: 'thread', thread: headerThread };
	}
	const maxLine = options.maxLineLength ?? defaultMaxLineLength;
	const decoder = new TextDecoder('utf-8');
	let pending = '';
	let discarding = false;
	const takeLine = (line: string): AssistantEvent[] => {
		if (discarding) {
			discarding = false;
			state.skip(line, `line longer than ${maxLine} characters`);
			return [];
		}
		return parseLine(state, line);
	};
	try {
		for await (const chunk of body) {
			const text = decoder.decode(chunk, { stream: true });
			let start = 0;
			for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
				const line = pending + text.slice(start, newline);
				pending = '';
				start = newline + 1;
				for (const event of takeLine(line)) yield event;
			}
			if (discarding) continue;
			pending += text.slice(start);
			if (pending.length > maxLine) {
				// Keep the start for the report, drop the rest until the next newline.
				pending = pending.slice(0, reportedLineLength);
				discarding = true;
			}
		}
		pending += decoder.decode();
		if (pending || discarding) for (const event of takeLine(pending)) yield event;
	} catch (e) {
		// The body broke (network, abort): still report a thread found in the body so far.
		const late = state.lateThread();
		if (late) yield late;
		throw e;
	}
	const late = state.lateThread();
	if (late) yield late;
}

/** What one answer's parse remembers between lines. Create one per response. */
export interface StreamState {
	threadDone: boolean;
	/** A thread from `d:`/`e:`/SSE, kept until the end in case a `2:`/`8:` item comes later. */
	deferredThread: AssistantThread | undefined;
	/** `sse` once the body is recognised as the v5 UI-message stream. */
	mode: 'unknown' | 'v4' | 'sse';
	readonly toolNames: Map<string, string>;
	/** Sources already emitted in this answer, by path or URL. */
	readonly seenSources: Set<string>;
	skip(line: string, reason: string): void;
	lateThread(): AssistantEvent | undefined;
}

export function createStreamState(options: Pick<ParseDataStreamOptions, 'onSkipped'> = {}): StreamState {
	return {
		threadDone: false,
		deferredThread: undefined,
		mode: 'unknown',
		toolNames: new Map(),
		seenSources: new Set(),
		skip(line, reason) {
			try {
				options.onSkipped?.({ line: line.length > reportedLineLength ? `${line.slice(0, reportedLineLength)}…` : line, reason });
			} catch {
				// A failing logger must not end the answer.
			}
		},
		lateThread() {
			if (this.threadDone || !this.deferredThread) return undefined;
			this.threadDone = true;
			return { type: 'thread', thread: this.deferredThread };
		},
	};
}

const knownCodes = new Set(['0', 'g', 'i', 'j', 'h', 'k', '2', '8', '3', 'b', 'c', '9', 'a', 'f', 'e', 'd']);

/** The events of one line (without its `\n`); a trailing `\r` and blank lines are ignored. */
export function parseLine(state: StreamState, rawLine: string): AssistantEvent[] {
	const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
	if (!line.trim()) return [];
	const colon = line.indexOf(':');
	if (colon === -1) {
		state.skip(line, 'no separator');
		return [];
	}
	const code = line.slice(0, colon);
	if (code === 'data' || code === '' || code === 'event' || code === 'id' || code === 'retry') return sseLine(state, code, line.slice(colon + 1), line);
	if (!knownCodes.has(code)) {
		state.skip(line, `unknown code '${code.slice(0, 20)}'`);
		return [];
	}
	if (state.mode === 'sse') {
		// A v5 stream carries no v4 parts: a `0:` line here is noise, not text.
		state.skip(line, 'data stream line in an SSE stream');
		return [];
	}
	if (state.mode === 'unknown') state.mode = 'v4';
	let value: unknown;
	try {
		value = JSON.parse(line.slice(colon + 1));
	} catch {
		state.skip(line, 'invalid JSON');
		return [];
	}
	const events = partEvents(state, code, value);
	if (events === undefined) state.skip(line, `unexpected value for code '${code}'`);
	return events ?? [];
}

/** The events of a parsed part; undefined when the value has the wrong shape for its code. */
function partEvents(state: StreamState, code: string, value: unknown): AssistantEvent[] | undefined {
	const object = isObject(value) ? value : undefined;
	switch (code) {
		case '0':
			return typeof value === 'string' ? (value ? [{ type: 'text', text: value }] : []) : undefined;
		case 'g':
			return typeof value === 'string' ? (value ? [{ type: 'reasoning', text: value }] : []) : undefined;
		case 'i': // redacted reasoning: opaque data, nothing to show
			return typeof object?.data === 'string' ? [] : undefined;
		case 'j': // signature of the reasoning so far: nothing to show
			return typeof object?.signature === 'string' ? [] : undefined;
		case 'h':
			return object ? sourceEvents(state, sourceOfPart(object)) : undefined;
		case 'k':
			return typeof object?.data === 'string' && typeof object.mimeType === 'string'
				? [{ type: 'file', mimeType: object.mimeType, data: object.data }]
				: undefined;
		case '2':
		case '8': {
			if (!Array.isArray(value)) return undefined;
			const events: AssistantEvent[] = [{ type: code === '2' ? 'data' : 'annotations', items: value }];
			const thread = threadOfItems(value);
			if (thread && !state.threadDone) {
				state.threadDone = true;
				events.push({ type: 'thread', thread });
			}
			return events;
		}
		case '3':
			return [{ type: 'error', message: typeof value === 'string' ? value : JSON.stringify(value) }];
		case 'b':
			if (typeof object?.toolCallId !== 'string' || typeof object.toolName !== 'string') return undefined;
			state.toolNames.set(object.toolCallId, object.toolName);
			return [];
		case 'c':
			return typeof object?.toolCallId === 'string' && typeof object.argsTextDelta === 'string' ? [] : undefined;
		case '9': {
			if (typeof object?.toolCallId !== 'string' || typeof object.toolName !== 'string') return undefined;
			state.toolNames.set(object.toolCallId, object.toolName);
			return [{ type: 'toolCall', toolCallId: object.toolCallId, toolName: object.toolName, args: object.args ?? {} }];
		}
		case 'a': {
			if (typeof object?.toolCallId !== 'string' || !('result' in object)) return undefined;
			const toolName = state.toolNames.get(object.toolCallId);
			const events: AssistantEvent[] = [{ type: 'toolResult', toolCallId: object.toolCallId, ...(toolName ? { toolName } : {}), result: object.result }];
			// Mintlify's sources arrive as the result of its `search` tool.
			const searchLike = toolName === 'search' || (toolName === undefined && looksLikeSearchResult(object.result));
			if (searchLike && Array.isArray(object.result)) {
				for (const item of object.result) if (isObject(item)) events.push(...sourceEvents(state, sourceOfSearchItem(item)));
			}
			return events;
		}
		case 'f':
			if (!object) return undefined;
			return [{ type: 'stepStart', ...(typeof object.messageId === 'string' ? { messageId: object.messageId } : {}) }];
		case 'e':
		case 'd': {
			if (typeof object?.finishReason !== 'string') return undefined;
			const thread = threadOfObject(object);
			if (thread && !state.threadDone && !state.deferredThread) state.deferredThread = thread;
			if (code === 'e') return [{ type: 'stepFinish', finishReason: object.finishReason }];
			const usage = usageOf(object.usage);
			return [{ type: 'finish', finishReason: object.finishReason, ...(usage ? { usage } : {}) }];
		}
		default:
			return undefined;
	}
}

/**
 * An SSE line. In a v4 body only a `data:` finish with a thread id is used (placement 4); a body
 * whose first line is SSE is read as the v5 UI-message stream: text deltas, errors, finish.
 */
function sseLine(state: StreamState, field: string, rest: string, line: string): AssistantEvent[] {
	if (field !== 'data') return []; // event:, id:, retry: and `:` comments carry nothing for us
	if (state.mode === 'unknown') state.mode = 'sse';
	const payload = rest.startsWith(' ') ? rest.slice(1) : rest;
	if (payload.trim() === '[DONE]') return [];
	let value: unknown;
	try {
		value = JSON.parse(payload);
	} catch {
		state.skip(line, 'invalid JSON in an SSE data line');
		return [];
	}
	if (!isObject(value)) {
		state.skip(line, 'SSE data is not an object');
		return [];
	}
	if (value.type === 'finish' || isObject(value.messageMetadata)) {
		const thread = threadOfObject(value) ?? (isObject(value.messageMetadata) ? threadOfObject(value.messageMetadata) : undefined);
		if (thread && !state.threadDone && !state.deferredThread) state.deferredThread = thread;
	}
	// A `data-*` part naming the thread (one of the placements the v2 docs leave open).
	if (typeof value.type === 'string' && value.type.startsWith('data-') && isObject(value.data)) {
		const thread = threadOfObject(value.data);
		if (thread && !state.threadDone && !state.deferredThread) state.deferredThread = thread;
	}
	if (state.mode !== 'sse') {
		if (value.type !== 'finish') state.skip(line, 'SSE line in a data stream');
		return [];
	}
	switch (value.type) {
		case 'text-delta': {
			const text = typeof value.delta === 'string' ? value.delta : typeof value.textDelta === 'string' ? value.textDelta : undefined;
			return text ? [{ type: 'text', text }] : [];
		}
		case 'reasoning-delta':
			return typeof value.delta === 'string' && value.delta ? [{ type: 'reasoning', text: value.delta }] : [];
		case 'source-url':
			return sourceEvents(state, sourceOfPart(value));
		case 'error':
			return [{ type: 'error', message: str(value.errorText) ?? 'The assistant reported an error.' }];
		case 'start':
			// The message starts (v4's first `f:`): the first sign of life of an answer.
			return [{ type: 'stepStart', ...(typeof value.messageId === 'string' ? { messageId: value.messageId } : {}) }];
		case 'start-step':
			return [{ type: 'stepStart' }];
		case 'finish-step':
			return [{ type: 'stepFinish', finishReason: 'unknown' }];
		case 'finish':
			return [{ type: 'finish', finishReason: str(value.finishReason) ?? 'stop' }];
		case 'abort':
			// The server gave up on the answer: the text so far stays, the panel says it was cut.
			return [{ type: 'error', message: 'The assistant stopped this answer before it was finished.' }];
		case 'tool-input-available':
			if (typeof value.toolCallId !== 'string' || typeof value.toolName !== 'string') return [];
			state.toolNames.set(value.toolCallId, value.toolName);
			return [{ type: 'toolCall', toolCallId: value.toolCallId, toolName: value.toolName, args: value.input ?? {} }];
		case 'tool-output-available': {
			if (typeof value.toolCallId !== 'string') return [];
			return partEvents(state, 'a', { toolCallId: value.toolCallId, result: value.output }) ?? [];
		}
		default:
			if (typeof value.type === 'string' && value.type.startsWith('data-') && 'data' in value) return [{ type: 'data', items: [value.data] }];
			return [];
	}
}

/** A source event unless this answer already cited the same page or URL. */
function sourceEvents(state: StreamState, source: AssistantSource | undefined): AssistantEvent[] {
	if (!source) return [];
	const key = source.path !== undefined ? `path:${source.path}` : source.url !== undefined ? `url:${source.url}` : undefined;
	if (key === undefined || state.seenSources.has(key)) return [];
	state.seenSources.add(key);
	return [{ type: 'source', source }];
}

/** An `h:` part: `{sourceType:'url', id, url, title?}`. A relative URL also names the page. */
function sourceOfPart(part: Record<string, unknown>): AssistantSource | undefined {
	const url = str(part.url);
	const title = str(part.title);
	if (!url) return undefined;
	const page = url.startsWith('/') && !url.startsWith('//') ? splitPath(url) : undefined;
	return { ...page, url, ...(title ? { title } : {}) };
}

/** A `search` result item: `{path, content, metadata:{title}}`. */
function sourceOfSearchItem(item: Record<string, unknown>): AssistantSource | undefined {
	const rawPath = str(item.path) ?? str(item.href);
	const url = str(item.url);
	if (!rawPath && !url) return undefined;
	const metadata = isObject(item.metadata) ? item.metadata : {};
	const title = str(metadata.title) ?? str(item.title);
	const excerpt = str(item.content);
	const page = rawPath ? (/^[a-z][a-z0-9+.-]*:/i.test(rawPath) ? { url: rawPath } : splitPath(rawPath)) : {};
	return { ...page, ...(url ? { url } : {}), ...(title ? { title } : {}), ...(excerpt ? { excerpt: clip(excerpt, 2000) } : {}) };
}

function looksLikeSearchResult(result: unknown): boolean {
	return Array.isArray(result) && result.length > 0 && result.every(item => isObject(item) && typeof item.path === 'string' && 'content' in item);
}

/** `/guides/setup#verify` → `{path:'guides/setup', anchor:'verify'}`; `/` → `index`. */
export function splitPath(value: string): { path: string; anchor?: string } {
	const hash = value.indexOf('#');
	const anchor = hash === -1 ? undefined : value.slice(hash + 1) || undefined;
	const withoutQuery = (hash === -1 ? value : value.slice(0, hash)).replace(/\?.*$/, '');
	const path = withoutQuery.replace(/^\/+|\/+$/g, '') || 'index';
	return anchor ? { path, anchor } : { path };
}

/** The thread of a `2:`/`8:` array: an item `{type:'finish', threadId}` first, else any item with `threadId`. */
function threadOfItems(items: readonly unknown[]): AssistantThread | undefined {
	const objects = items.filter(isObject);
	const finish = objects.find(item => item.type === 'finish' && threadOfObject(item));
	return threadOfObject(finish ?? objects.find(item => threadOfObject(item)));
}

function threadOfObject(value: Record<string, unknown> | undefined): AssistantThread | undefined {
	const threadId = str(value?.threadId)?.trim();
	if (!threadId) return undefined;
	const threadKey = str(value?.threadKey)?.trim();
	return threadKey ? { threadId, threadKey } : { threadId };
}

function usageOf(value: unknown): AssistantUsage | undefined {
	if (!isObject(value)) return undefined;
	const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
	const promptTokens = n(value.promptTokens);
	const completionTokens = n(value.completionTokens);
	if (promptTokens === undefined && completionTokens === undefined) return undefined;
	return { ...(promptTokens !== undefined ? { promptTokens } : {}), ...(completionTokens !== undefined ? { completionTokens } : {}) };
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

function clip(text: string, max: number): string {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
