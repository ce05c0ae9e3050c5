import { randomUUID } from 'node:crypto';
import { approxTokens, composeAnswer, retrieve, searchResultItems, textPieces } from './assistantAnswer';
import type { AssistantDocs } from './assistantDocs';
import { parseAssistantRequest } from './assistantRequest';
import type { Fault } from './faults';
import { errorReply, readBody, type Reply, type RouteContext, type Router } from './router';
import { bigText, midText, tinyPieces, writeLines, type AnswerContent, type Line, type StreamProtocol } from './streamWriter';
import { ThreadStore } from './threads';
import { uiMessageStream } from './uiMessageStream';

/** Path of the assistant endpoint (spec, Endpoints 2). */
export const assistantMessagePath = '/discovery/v1/assistant/:domain/message';
/** Path of the current assistant endpoint (platform docs since 2026-02): the AI SDK v5+ UI message stream. */
export const assistantV2MessagePath = '/discovery/v2/assistant/:domain/message';

export interface AssistantRouteConfig {
	/** The one domain this stand-in answers for; any other gets 404. */
	readonly domain: string;
	/** The corpus, loaded on first use. */
	readonly docs: () => AssistantDocs;
	/** Pause after each text part, so the answer visibly streams (the CLI uses a few ms; tests 0). */
	readonly delayMs?: number;
	/** Threads kept at most (the oldest unused one goes first). Default 1000. */
	readonly maxThreads?: number;
	/** Serve the v2 endpoint too (default true); off, v2 answers 404 as before 2026-02. */
	readonly currentPaths?: boolean;
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
 * `POST /discovery/v2/assistant/:domain/message` answers the same content as a UI message
 * stream (uiMessageStream.ts); both share the threads.
 */
export function registerAssistantRoutes(router: Router, config: AssistantRouteConfig): AssistantRoute {
	const threads = new ThreadStore(config.maxThreads ?? 1000);
	router.add('POST', assistantMessagePath, ctx => answer(ctx, config, threads, dataStream), { auth: 'assistant' });
	if (config.currentPaths !== false) router.add('POST', assistantV2MessagePath, ctx => answer(ctx, config, threads, uiMessageStream), { auth: 'assistant' });
	return { reset: () => threads.clear(), threadCount: () => threads.size };
}

async function answer(ctx: RouteContext, config: AssistantRouteConfig, threads: ThreadStore, protocol: StreamProtocol): Promise<Reply | undefined> {
	if (ctx.params.domain !== config.domain) return errorReply(404, 'not_found', `No assistant for domain '${ctx.params.domain.slice(0, 80)}'`);
	let raw: string;
	try {
		raw = await readBody(ctx.req);
	} catch (e) {
		return errorReply(413, 'too_large', e instanceof Error ? e.message : String(e));
	}
	const request = parseAssistantRequest(raw, protocol.version);
	if ('status' in request) return request;
	const headers: Record<string, string> = { ...protocol.headers };
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
	const lines = protocol.lines({ question: request.question, threadId, hits: searchResultItems(hits), pieces });
	ctx.res.writeHead(200, headers);
	await writeLines(ctx, protocol.applyFault(lines, ctx.fault), ctx.fault, config.delayMs ?? 0);
	return undefined;
}

const part = (code: string, value: unknown): Line => ({
	bytes: Buffer.from(`${code}:${JSON.stringify(value)}\n`, 'utf8'),
	...(code === '0' ? { text: true } : {}),
});

/** The parts of an answer, in the order the real service sends them. */
function streamLines(answer: AnswerContent): Line[] {
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

/** The spec's AI SDK v4 data stream. */
const dataStream: StreamProtocol = {
	version: 1,
	headers: { 'content-type': 'text/plain; charset=utf-8', 'x-vercel-ai-data-stream': 'v1', 'cache-control': 'no-cache' },
	lines: streamLines,
	applyFault: applyStreamFault,
};
