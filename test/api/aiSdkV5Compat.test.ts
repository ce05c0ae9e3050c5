import { DefaultChatTransport, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai5';
import * as assert from 'node:assert/strict';
import { parseDataStream } from '../../client/src/platform/api/assistantStream';
import type { AssistantEvent } from '../../client/src/platform/api/assistantTypes';
import { startApiServer, type ApiServerProcess } from '../helpers/apiServerProcess';

/**
 * The stand-in's v2 answer (`POST /discovery/v2/assistant/{domain}/message`) must be what the
 * real service sends: parsable by the AI SDK's own client (`ai@5`, the dev dependency `ai5`),
 * through `DefaultChatTransport` (what `useChat` runs) and `readUIMessageStream`. The SDK
 * validates every chunk against its strict schema and fails the answer on a bad one.
 */

const assistantKey = 'mint_dsc_demo_key';

type Captured = { threadId?: string; threadKey?: string; status?: number };

describe('stand-in v2 assistant stream and the real AI SDK v5 client (ai@5.0.277)', function () {
	this.timeout(60_000);
	let server: ApiServerProcess;
	let api: string;
	before(async () => {
		server = await startApiServer(['--port', '0', '--docs', 'examples/acme', '--assistant-delay-ms', '0', '--quiet']);
		api = `${server.url}/discovery/v2/assistant/demo/message`;
	});
	after(() => server.stop());

	/** A transport as Mintlify's embed guide sets one up: a custom fetch that reads the thread headers. */
	function transport(captured: Captured, extra: Record<string, unknown> = {}, fault?: string) {
		return new DefaultChatTransport<UIMessage>({
			api,
			headers: { authorization: `Bearer ${assistantKey}`, ...(fault ? { 'x-mintdoc-fault': fault } : {}) },
			prepareSendMessagesRequest: ({ messages }) => ({ body: { fp: 'anonymous', messages, currentPath: '/quickstart', retrievalPageSize: 3, ...extra } }),
			fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
				const response = await globalThis.fetch(input, init);
				captured.status = response.status;
				captured.threadId = response.headers.get('x-thread-id') ?? undefined;
				captured.threadKey = response.headers.get('x-thread-key') ?? captured.threadKey;
				return response;
			}) as typeof fetch,
		});
	}

	const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

	async function ask(messages: UIMessage[], captured: Captured, extra?: Record<string, unknown>, fault?: string) {
		const chunks: UIMessageChunk[] = [];
		const stream = await transport(captured, extra, fault).sendMessages({
			chatId: 'c1',
			messages,
			abortSignal: undefined,
			trigger: 'submit-message',
			messageId: undefined,
		});
		const [forSdk, forLog] = stream.tee();
		const logged = (async () => {
			for await (const chunk of forLog as unknown as AsyncIterable<UIMessageChunk>) chunks.push(chunk);
		})();
		const errors: string[] = [];
		let last: UIMessage | undefined;
		for await (const message of readUIMessageStream({ stream: forSdk, onError: e => errors.push(e instanceof Error ? e.message : String(e)) })) last = message;
		await logged;
		return { message: last, chunks, errors };
	}

	it('DefaultChatTransport + readUIMessageStream read an answer: reasoning, the search tool, source-url citations, text, thread metadata', async () => {
		const captured: Captured = {};
		const { message, chunks, errors } = await ask([user('u1', 'How do I verify webhook signatures?')], captured);
		assert.deepEqual(errors, []);
		assert.equal(captured.status, 200);
		assert.ok(captured.threadId?.startsWith('thread_') && captured.threadKey);
		assert.ok(message);
		assert.equal(message.role, 'assistant');
		const types = message.parts.map(p => p.type);
		assert.deepEqual([...new Set(types)], ['step-start', 'reasoning', 'tool-search', 'source-url', 'text', 'data-thread']);
		const text = message.parts.flatMap(p => (p.type === 'text' ? [p.text] : [])).join('');
		assert.ok(text.length > 50, text);
		const sources = message.parts.flatMap(p => (p.type === 'source-url' ? [p.url] : []));
		assert.ok(
			sources.some(url => url.startsWith('/guides/webhook-signatures')),
			sources.join(', '),
		);
		assert.deepEqual(message.metadata, { threadId: captured.threadId });
		const data = message.parts.find(p => p.type === 'data-thread') as { data: unknown } | undefined;
		assert.deepEqual(data?.data, { threadId: captured.threadId });
		assert.equal(chunks.at(-1)?.type, 'finish');

		// Our own reader of the same wire format gives the same text, citations and thread.
		const response = await fetch(api, {
			method: 'POST',
			headers: { authorization: `Bearer ${assistantKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ fp: 'anonymous', messages: [user('u1', 'How do I verify webhook signatures?')], retrievalPageSize: 3 }),
		});
		assert.equal(response.headers.get('x-vercel-ai-ui-message-stream'), 'v1');
		assert.match(response.headers.get('content-type') ?? '', /text\/event-stream/);
		const events: AssistantEvent[] = [];
		// No headers passed: the thread must come from the body (messageMetadata / data part).
		for await (const event of parseDataStream(response.body as unknown as AsyncIterable<Uint8Array>)) events.push(event);
		assert.equal(events.map(e => (e.type === 'text' ? e.text : '')).join(''), text);
		assert.deepEqual(
			events.flatMap(e => (e.type === 'source' ? [e.source.path] : [])),
			[...new Set(sources.map(url => url.replace(/^\//, '').split('#')[0]))],
		);
		const thread = events.find(e => e.type === 'thread');
		assert.ok(thread?.type === 'thread' && thread.thread.threadId.startsWith('thread_'));
		// A thread read from the body comes once the body ended (a later, better placement could still win).
		assert.deepEqual(
			events.slice(-2).map(e => e.type),
			['finish', 'thread'],
		);
	});

	it('continues a thread with the id and key sent back in the body; a wrong key is 404', async () => {
		const captured: Captured = {};
		const first = await ask([user('u1', 'refunds')], captured);
		const threadId = captured.threadId!;
		const threadKey = captured.threadKey!;
		const again: Captured = {};
		const second = await ask([user('u1', 'refunds'), first.message!, user('u2', 'partial refunds')], again, { threadId, threadKey });
		assert.deepEqual(second.errors, []);
		assert.equal(again.threadId, threadId);
		assert.deepEqual(second.message?.metadata, { threadId });
		await assert.rejects(ask([user('u3', 'hello')], {}, { threadId, threadKey: 'tk_wrong' }), /Thread not found/);
	});

	it('an error chunk mid-answer reaches onError with its text; the text before it stays', async () => {
		const { message, errors } = await ask([user('u1', 'How do I create a refund?')], {}, undefined, 'stream-error');
		assert.deepEqual(errors, ['An error occurred.']);
		assert.ok(message && message.parts.some(p => p.type === 'text' && p.text.length > 0));
	});

	it('answers 400 for v1-shaped messages without parts and for an over-long currentPath', async () => {
		for (const body of [
			{ fp: 'anonymous', messages: [{ id: 'u1', role: 'user', content: 'hi' }] },
			{ fp: 'anonymous', messages: [user('u1', 'hi')], currentPath: `/${'x'.repeat(200)}` },
		]) {
			const response = await fetch(api, {
				method: 'POST',
				headers: { authorization: `Bearer ${assistantKey}`, 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			assert.equal(response.status, 400);
			assert.match(((await response.json()) as { message: string }).message, /parts|currentPath/);
		}
	});
});
