import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { approxTokens, composeAnswer, retrieve, searchResultItems, textPieces, type RetrievalFilter } from './assistantAnswer';
import type { AssistantDocs } from './assistantDocs';
import type { Fault } from './faults';
import { errorReply, readBody, type Reply, type RouteContext, type Router } from './router';

/** Path of the assistant endpoint (spec, Endpoints 2). */
export const assistantMessagePath = '/discovery/v1/assistant/:domain/message';

export interface AssistantRouteConfig {
	/** The one domain this stand-in answers for; any other gets 404. */
	readonly domain: string;
	/** The corpus, loaded on first use. */
	readonly docs: () => AssistantDocs;
	/** Pause after each text part, so the answer visibly streams (the CLI uses a few ms; tests 0). */
	readonly delayMs?: number;
	/** Threads kept at most (the oldest unused one goes first). Default 1000. */
	readonly maxThreads?: number;
}

export interface AssistantRoute {
	/** Forgets every thread (`POST /__reset`). */
	reset(): void;
	readonly threadCount: () => number;
}

/**
 * The stand-in assistant: `POST /discovery/v1/assistant/:domain/message` (assistant key, checked
 * by the server) answers from the docs folder with an AI SDK v4 data stream, as the real service
 * does: a step with a `search` tool call and its result, a step with the answer's text parts,
 * `2:[{type:'finish',threadId}]` and `d:`. The thread id is in `x-thread-id` (and its key in
 * `x-thread-key` when the thread is created); an unknown thread or a wrong key gets 404.
 */
export function registerAssistantRoutes(router: Router, config: AssistantRouteConfig): AssistantRoute {
	const threads = new ThreadStore(config.maxThreads ?? 1000);
	router.add('POST', assistantMessagePath, ctx => answer(ctx, config, threads), { auth: 'assistant' });
	return { reset: () => threads.clear(), threadCount: () => threads.size };
}

async function answer(ctx: RouteContext, config: AssistantRouteConfig, threads: ThreadStore): Promise<Reply | undefined> {
	if (ctx.params.domain !== config.domain) return errorReply(404, 'not_found', `No assistant for domain '${ctx.params.domain.slice(0, 80)}'`);
	let raw: string;
	try {
		raw = await readBody(ctx.req);
	} catch (e) {
		return errorReply(413, 'too_large', e instanceof Error ? e.message : String(e));
	}
	const request = parseRequest(raw);
	if ('status' in request) return request;
	const headers: Record<string, string> = {
		'content-type': 'text/plain; charset=utf-8', 'x-vercel-ai-data-stream': 'v1', 'cache-control': 'no-cache',
	};
	let threadId = request.threadId;
	if (threadId !== undefined) {
		if (!threads.use(threadId, request.threadKey)) return errorReply(404, 'not_found', 'Thread not found');
	} else {
		const created = threads.create();
		threadId = created.threadId;
		headers['x-thread-key'] = created.threadKey;
	}
	headers['x-thread-id'] = threadId;
	if (ctx.fault?.kind === 'html') {
		const page = '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>';
		ctx.res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(page) });
		ctx.res.end(page);
		return undefined;
	}
	const docs = config.docs();
	const hits = retrieve(docs, request.query, request.retrievalPageSize, request.filter);
	let text = composeAnswer(docs, request.question, hits);
	if (ctx.fault?.kind === 'stream-big') text = bigText(text, ctx.fault.megabytes);
	// A big answer comes in parts of about a kilobyte, as a fast model would send it.
	const pieces = ctx.fault?.kind === 'stream-tiny' ? tinyPieces(text, ctx.fault.parts) : textPieces(text, ctx.fault?.kind === 'stream-big' ? 150 : 3);
	const lines = streamLines({ question: request.question, threadId, hits: searchResultItems(hits), pieces });
	ctx.res.writeHead(200, headers);
	await writeLines(ctx, applyStreamFault(lines, ctx.fault), ctx.fault, config.delayMs ?? 0);
	return undefined;
}

/** One line of the stream, kept as bytes so a fault can put invalid UTF-8 in it. */
interface Line {
	readonly bytes: Buffer;
	/** A `0:` text part (fault cut points are counted in these). */
	readonly text?: boolean;
}

const part = (code: string, value: unknown): Line => ({ bytes: Buffer.from(`${code}:${JSON.stringify(value)}\n`, 'utf8'), ...(code === '0' ? { text: true } : {}) });

/** The parts of an answer, in the order the real service sends them. */
function streamLines(answer: { question: string; threadId: string; hits: readonly unknown[]; pieces: readonly string[] }): Line[] {
	const id = () => randomUUID().replace(/-/g, '').slice(0, 24);
	const searchId = `toolu_${id()}`;
	const retrieved = approxTokens(JSON.stringify(answer.hits));
	const written = answer.pieces.reduce((sum, p) => sum + p.length, 0);
	const usage = (prompt: number, completion: number) => ({ promptTokens: prompt, completionTokens: completion });
	const lines: Line[] = [
		part('f', { messageId: `msg-${id()}` }),
		part('9', { toolCallId: searchId, toolName: 'search', args: { query: answer.question } }),
		part('a', { toolCallId: searchId, result: answer.hits }),
		part('e', { finishReason: 'tool-calls', usage: usage(approxTokens(answer.question) + 800, 40), isContinued: false }),
	];
	if (!answer.hits.length) {
		// What the real service does when its search finds nothing.
		const markId = `toolu_${id()}`;
		lines.push(
			part('f', { messageId: `msg-${id()}` }),
			part('9', { toolCallId: markId, toolName: 'markNotFound', args: {} }),
			part('a', { toolCallId: markId, result: { acknowledged: true } }),
			part('e', { finishReason: 'tool-calls', usage: usage(900, 20), isContinued: false }),
		);
	}
	lines.push(part('f', { messageId: `msg-${id()}` }));
	for (const piece of answer.pieces) lines.push(part('0', piece));
	const completion = Math.ceil(written / 4);
	lines.push(
		part('e', { finishReason: 'stop', usage: usage(900 + retrieved, completion), isContinued: false }),
		part('2', [{ type: 'finish', threadId: answer.threadId }]),
		part('d', { finishReason: 'stop', usage: usage(1700 + retrieved + approxTokens(answer.question), completion + 40) }),
	);
	return lines;
}

/** The line index halfway through the text parts (where cut/error/hang faults strike). */
function midText(lines: readonly Line[]): number {
	const texts = lines.flatMap((line, i) => (line.text ? [i] : []));
	return texts.length ? texts[Math.floor(texts.length / 2)] : lines.length - 1;
}

function applyStreamFault(lines: Line[], fault: Fault | undefined): Line[] {
	switch (fault?.kind) {
		case 'stream-cut':
		case 'stream-hang':
			return lines.slice(0, midText(lines));
		case 'stream-error':
			return [...lines.slice(0, midText(lines)), part('3', 'An error occurred.')];
		case 'stream-garbage':
		case 'malformed': {
			const at = midText(lines);
			const garbage: Line[] = [
				{ bytes: Buffer.from('z:{"unknown":"code"}\n') },
				{ bytes: Buffer.from('0:not json at all\n') },
				{ bytes: Buffer.from('a line without a separator\n') },
				{ bytes: Buffer.from('data: {"type":"text-delta","delta":"(an SSE line)"}\n') },
				{ bytes: Buffer.from('1:"a code the v4 protocol does not use"\n') },
				{ bytes: Buffer.from('\n\n') },
				{ bytes: Buffer.from('0:" [CRLF line]"\r\n'), text: true },
				{ bytes: Buffer.concat([Buffer.from('0:" [bad bytes: '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(']"\n')]), text: true },
				{ bytes: Buffer.from('9:{"toolCallId":1}\n') },
			];
			return [...lines.slice(0, at), ...garbage, ...lines.slice(at)];
		}
		default:
			return lines;
	}
}

/**
 * Writes the lines in small slices that often split a line, and sometimes a multi-byte
 * character, across writes, as a real network does. Stops when the client goes away.
 */
async function writeLines(ctx: RouteContext, lines: readonly Line[], fault: Fault | undefined, delayMs: number): Promise<void> {
	const { res, signal } = ctx;
	const pause = fault?.kind === 'stream-slow' ? fault.ms : delayMs;
	const bulk = fault?.kind === 'stream-big' || fault?.kind === 'stream-tiny';
	const dropAt = fault?.kind === 'truncated' ? midText(lines) : -1;
	let turn = 0;
	for (const [index, line] of lines.entries()) {
		if (signal.aborted) return;
		if (index === dropAt) {
			// Hang up mid-line: the client sees the connection drop in the middle of the answer.
			await write(res, line.bytes.subarray(0, Math.ceil(line.bytes.length / 2)));
			res.destroy();
			return;
		}
		if (bulk) {
			if (!(await write(res, line.bytes))) return;
		} else {
			// Slice sizes cycle through 5..37 bytes: lines and characters split at changing places.
			for (let at = 0; at < line.bytes.length;) {
				const size = 5 + ((turn++ * 13) % 33);
				if (!(await write(res, line.bytes.subarray(at, at + size)))) return;
				at += size;
				// Let the socket send it: consecutive writes would otherwise leave in one packet.
				await new Promise(resolve => setImmediate(resolve));
			}
		}
		if (pause > 0 && (line.text || fault?.kind === 'stream-slow')) await sleep(pause, signal);
	}
	if (fault?.kind === 'stream-hang') {
		// Never finish: the client has to stop (or time out); end when it leaves.
		await new Promise<void>(resolve => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
		return;
	}
	res.end();
}

/** Writes one slice, waiting for `drain` when the socket is full; false when the client left. */
function write(res: ServerResponse, bytes: Buffer): Promise<boolean> {
	if (res.destroyed) return Promise.resolve(false);
	if (res.write(bytes)) return Promise.resolve(true);
	return new Promise(resolve => {
		const done = (ok: boolean) => {
			res.off('drain', onDrain);
			res.off('close', onClose);
			resolve(ok);
		};
		const onDrain = () => done(true);
		const onClose = () => done(false);
		res.once('drain', onDrain);
		res.once('close', onClose);
	});
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise(resolve => {
		const timer = setTimeout(resolve, ms);
		signal.addEventListener('abort', () => {
			clearTimeout(timer);
			resolve();
		}, { once: true });
	});
}

/** About `megabytes` of answer: the real answer, then numbered copies of it. */
function bigText(text: string, megabytes: number): string {
	const target = Math.round(megabytes * 1024 * 1024);
	const parts = [text];
	let size = Buffer.byteLength(text);
	for (let copy = 2; size < target; copy++) {
		const next = `\n\n---\n\n(copy ${copy} of the answer, for the size test)\n\n${text}`;
		parts.push(next);
		size += Buffer.byteLength(next);
	}
	return parts.join('');
}

/** `count` one-character pieces (the answer repeated or cut to that length). */
function tinyPieces(text: string, count: number): string[] {
	const chars = [...(text || 'x')];
	return Array.from({ length: count }, (_, i) => chars[i % chars.length]);
}

/** A valid request, or the 400 reply naming what is wrong. */
interface ParsedRequest {
	/** The last user message. */
	readonly question: string;
	/** What retrieval searches for: the question plus any editor context. */
	readonly query: string;
	readonly threadId?: string;
	readonly threadKey?: string;
	readonly retrievalPageSize: number;
	readonly filter?: RetrievalFilter;
}

function parseRequest(raw: string): ParsedRequest | Reply {
	const bad = (message: string) => errorReply(400, 'invalid_request', message);
	let body: unknown;
	try {
		body = JSON.parse(raw);
	} catch {
		return bad('The body must be JSON: { fp, messages, threadId?, retrievalPageSize?, filter?, context? }');
	}
	if (!isObject(body)) return bad('The body must be a JSON object');
	if (typeof body.fp !== 'string' || !body.fp) return bad('fp is required: "anonymous" or a user identifier');
	if (!Array.isArray(body.messages) || body.messages.length === 0) return bad('messages must be a non-empty array');
	for (const [i, message] of body.messages.entries()) {
		if (!isObject(message) || typeof message.id !== 'string' || !message.id || typeof message.role !== 'string' || typeof message.content !== 'string' || !Array.isArray(message.parts)) {
			return bad(`messages[${i}] needs id, role, content and parts`);
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
		if ((version !== undefined && typeof version !== 'string') || (language !== undefined && typeof language !== 'string')) return bad('filter.version and filter.language must be strings');
		filter = { ...(version ? { version } : {}), ...(language ? { language } : {}) };
	}
	const context: string[] = [];
	if (body.context !== undefined) {
		if (!Array.isArray(body.context)) return bad('context must be an array');
		for (const [i, item] of body.context.entries()) {
			if (!isObject(item) || (item.type !== 'code' && item.type !== 'textSelection') || typeof item.value !== 'string') return bad(`context[${i}] needs type "code" or "textSelection" and a string value`);
			context.push(item.value.slice(0, 2000));
		}
	}
	const question = textOf(last).replace(/\s+/g, ' ').trim().slice(0, 2000);
	return {
		question, query: [question, ...context].join('\n'),
		...(threadId !== undefined ? { threadId } : {}),
		...(typeof body.threadKey === 'string' ? { threadKey: body.threadKey } : {}),
		retrievalPageSize: Math.min(size, 50),
		...(filter ? { filter } : {}),
	};
}

/** A message's text: its text parts, else its content. */
function textOf(message: Record<string, unknown>): string {
	const parts = Array.isArray(message.parts) ? message.parts.filter((p): p is { type: 'text'; text: string } => isObject(p) && p.type === 'text' && typeof p.text === 'string') : [];
	return parts.length ? parts.map(p => p.text).join('\n') : String(message.content ?? '');
}

/** Threads in memory: id → key, least recently used dropped first beyond `max`. */
class ThreadStore {
	readonly #threads = new Map<string, string>();

	constructor(private readonly max: number) {}

	get size(): number {
		return this.#threads.size;
	}

	create(): { threadId: string; threadKey: string } {
		const threadId = `thread_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
		const threadKey = `tk_${randomBytes(18).toString('base64url')}`;
		this.#threads.set(threadId, threadKey);
		while (this.#threads.size > this.max) this.#threads.delete(this.#threads.keys().next().value!);
		return { threadId, threadKey };
	}

	/** True when the thread exists and `key` is its key (then it counts as recently used). */
	use(threadId: string, key: string | undefined): boolean {
		const wanted = this.#threads.get(threadId);
		if (wanted === undefined || wanted !== key) return false;
		this.#threads.delete(threadId);
		this.#threads.set(threadId, wanted);
		return true;
	}

	clear(): void {
		this.#threads.clear();
	}
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
