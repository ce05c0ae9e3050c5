import { randomUUID } from 'node:crypto';
import type { Fault } from './faults';
import { midText, type AnswerContent, type Line, type StreamProtocol } from './streamWriter';

/**
 * The v2 assistant's wire format: the AI SDK v5+ UI message stream, which is server-sent events
 * (`data: <json chunk>` + blank line) ending in `data: [DONE]`, with the response header
 * `x-vercel-ai-ui-message-stream: v1`. Every chunk is one the SDK's (strict) chunk schema
 * accepts, so the real `ai` package parses it (test/api/aiSdkV5Compat.test.ts proves that).
 *
 * The thread id: the platform's docs say it comes "on the event whose type is finish"; a strict
 * v5 client rejects unknown keys on that chunk, so it is in the finish chunk's `messageMetadata`
 * and in a `data-thread` part, and (as on v1) in the `x-thread-id` header.
 */

const sse = (chunk: Record<string, unknown>, text = false): Line => ({
	bytes: Buffer.from(`data: ${JSON.stringify(chunk)}\n\n`, 'utf8'),
	...(text ? { text: true } : {}),
});
const done: Line = { bytes: Buffer.from('data: [DONE]\n\n') };

/** The chunks of an answer, in the order a v5 server writes them. */
export function uiMessageLines(answer: AnswerContent): Line[] {
	const id = () => randomUUID().replace(/-/g, '').slice(0, 16);
	const searchId = `toolu_${id()}`;
	const lines: Line[] = [
		sse({ type: 'start', messageId: `msg-${id()}` }),
		sse({ type: 'start-step' }),
		sse({ type: 'reasoning-start', id: 'r1' }),
		sse({ type: 'reasoning-delta', id: 'r1', delta: `Searching the docs for: ${answer.question.slice(0, 200)}` }),
		sse({ type: 'reasoning-end', id: 'r1' }),
		sse({ type: 'tool-input-available', toolCallId: searchId, toolName: 'search', input: { query: answer.question } }),
		sse({ type: 'tool-output-available', toolCallId: searchId, output: answer.hits }),
		sse({ type: 'finish-step' }),
	];
	if (!answer.hits.length) {
		// What the real service does when its search finds nothing.
		const markId = `toolu_${id()}`;
		lines.push(
			sse({ type: 'start-step' }),
			sse({ type: 'tool-input-available', toolCallId: markId, toolName: 'markNotFound', input: {} }),
			sse({ type: 'tool-output-available', toolCallId: markId, output: { acknowledged: true } }),
			sse({ type: 'finish-step' }),
		);
	}
	lines.push(sse({ type: 'start-step' }));
	for (const [i, hit] of answer.hits.entries()) {
		lines.push(sse({ type: 'source-url', sourceId: `src-${i + 1}`, url: hit.path.startsWith('/') ? hit.path : `/${hit.path}`, title: hit.metadata.title }));
	}
	lines.push(sse({ type: 'text-start', id: 't1' }));
	for (const piece of answer.pieces) lines.push(sse({ type: 'text-delta', id: 't1', delta: piece }, true));
	lines.push(
		sse({ type: 'text-end', id: 't1' }),
		sse({ type: 'data-thread', id: 'thread', data: { threadId: answer.threadId } }),
		sse({ type: 'finish-step' }),
		sse({ type: 'finish', messageMetadata: { threadId: answer.threadId } }),
		done,
	);
	return lines;
}

/** The stream faults in v2 terms: an `error` chunk instead of `3:`, SSE garbage instead of v4 garbage. */
export function applyUiMessageFault(lines: Line[], fault: Fault | undefined): Line[] {
	switch (fault?.kind) {
		case 'stream-cut':
		case 'stream-hang':
			return lines.slice(0, midText(lines));
		case 'stream-error':
			return [...lines.slice(0, midText(lines)), sse({ type: 'error', errorText: 'An error occurred.' }), done];
		case 'stream-garbage':
		case 'malformed': {
			const at = midText(lines);
			const garbage: Line[] = [
				{ bytes: Buffer.from('data: {"type":"no-such-chunk"}\n\n') },
				{ bytes: Buffer.from('data: not json at all\n\n') },
				{ bytes: Buffer.from(': a comment line\n\nevent: ping\n\n') },
				{ bytes: Buffer.from('0:"a v4 line in an SSE stream"\n') },
				{ bytes: Buffer.from('data: {"type":"text-delta","id":"t1","delta":" [CRLF chunk]"}\r\n\r\n'), text: true },
				{
					bytes: Buffer.concat([
						Buffer.from('data: {"type":"text-delta","id":"t1","delta":" [bad bytes: '),
						Buffer.from([0xff, 0xfe, 0xc3]),
						Buffer.from(']"}\n\n'),
					]),
					text: true,
				},
				{ bytes: Buffer.from('data: {"type":"tool-output-available"}\n\n') },
			];
			return [...lines.slice(0, at), ...garbage, ...lines.slice(at)];
		}
		default:
			return lines;
	}
}

export const uiMessageStream: StreamProtocol = {
	version: 2,
	headers: {
		'content-type': 'text/event-stream; charset=utf-8',
		'x-vercel-ai-ui-message-stream': 'v1',
		'cache-control': 'no-cache',
		'x-accel-buffering': 'no',
	},
	lines: uiMessageLines,
	applyFault: applyUiMessageFault,
};
