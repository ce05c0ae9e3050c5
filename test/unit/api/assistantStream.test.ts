import * as assert from 'node:assert/strict';
import { parseDataStream, splitPath, threadFromHeaders, type ParseDataStreamOptions } from '../../../client/src/platform/api/assistantStream';
import type { AssistantEvent, SkippedLine } from '../../../client/src/platform/api/assistantTypes';

const part = (code: string, value: unknown) => `${code}:${JSON.stringify(value)}\n`;
const usage = { promptTokens: 11, completionTokens: 7 };

/** One part of every v4 code, with multi-byte text (2-, 3- and 4-byte UTF-8). */
const everyPart = [
	part('f', { messageId: 'msg-1' }),
	part('b', { toolCallId: 'c1', toolName: 'search' }),
	part('c', { toolCallId: 'c1', argsTextDelta: '{"query":"we' }),
	part('c', { toolCallId: 'c1', argsTextDelta: 'bhooks"}' }),
	part('9', { toolCallId: 'c1', toolName: 'search', args: { query: 'webhooks' } }),
	part('a', {
		toolCallId: 'c1',
		result: [
			{ path: '/guides/webhooks', content: 'Webhooks let Acme push events.', metadata: { title: 'Webhooks' } },
			{ path: '/guides/webhooks#retries', content: 'Retries with back-off.', metadata: { title: 'Webhooks' } },
			{ path: 'guides/webhook-signatures#verify', content: 'Verify it.', metadata: { title: 'Signatures' } },
		],
	}),
	part('e', { finishReason: 'tool-calls', usage, isContinued: false }),
	part('f', { messageId: 'msg-2' }),
	part('g', 'thinking… '),
	part('i', { data: 'opaque' }),
	part('j', { signature: 'sig' }),
	part('0', 'Héllo'),
	part('0', ' from the docs ✓ 👋'),
	part('h', { sourceType: 'url', id: 's1', url: 'https://docs.example.com/quickstart', title: 'Quickstart' }),
	part('h', { sourceType: 'url', id: 's2', url: '/guides/webhooks' }),
	part('k', { data: 'aGk=', mimeType: 'text/plain' }),
	part('8', [{ note: 'annotation' }]),
	part('3', 'upstream hiccup'),
	part('0', ' still here'),
	part('e', { finishReason: 'stop', usage, isContinued: false }),
	part('2', [{ type: 'progress' }, { type: 'finish', threadId: 'thr-data' }]),
	part('d', { finishReason: 'stop', usage }),
].join('');

const everyPartEvents: AssistantEvent[] = [
	{ type: 'stepStart', messageId: 'msg-1' },
	{ type: 'toolCall', toolCallId: 'c1', toolName: 'search', args: { query: 'webhooks' } },
	{ type: 'toolResult', toolCallId: 'c1', toolName: 'search', result: JSON.parse(everyPart.split('\n')[5].slice(2)).result },
	{ type: 'source', source: { path: 'guides/webhooks', title: 'Webhooks', excerpt: 'Webhooks let Acme push events.' } },
	// The second section of the same page is not cited twice.
	{ type: 'source', source: { path: 'guides/webhook-signatures', anchor: 'verify', title: 'Signatures', excerpt: 'Verify it.' } },
	{ type: 'stepFinish', finishReason: 'tool-calls' },
	{ type: 'stepStart', messageId: 'msg-2' },
	{ type: 'reasoning', text: 'thinking… ' },
	{ type: 'text', text: 'Héllo' },
	{ type: 'text', text: ' from the docs ✓ 👋' },
	{ type: 'source', source: { url: 'https://docs.example.com/quickstart', title: 'Quickstart' } },
	{ type: 'file', mimeType: 'text/plain', data: 'aGk=' },
	{ type: 'annotations', items: [{ note: 'annotation' }] },
	{ type: 'error', message: 'upstream hiccup' },
	{ type: 'text', text: ' still here' },
	{ type: 'stepFinish', finishReason: 'stop' },
	{ type: 'data', items: [{ type: 'progress' }, { type: 'finish', threadId: 'thr-data' }] },
	{ type: 'thread', thread: { threadId: 'thr-data' } },
	{ type: 'finish', finishReason: 'stop', usage },
];

async function* chunks(bytes: Uint8Array, sizes: (i: number) => number): AsyncGenerator<Uint8Array> {
	let i = 0;
	for (let at = 0; at < bytes.length; i++) {
		const size = Math.max(1, sizes(i));
		yield bytes.subarray(at, at + size);
		at += size;
	}
}

async function collect(body: string | Uint8Array | AsyncIterable<Uint8Array>, options: ParseDataStreamOptions = {}): Promise<AssistantEvent[]> {
	const source = typeof body === 'string' ? chunks(Buffer.from(body, 'utf8'), () => 1 << 30) : body instanceof Uint8Array ? chunks(body, () => 1 << 30) : body;
	const events: AssistantEvent[] = [];
	for await (const event of parseDataStream(source, options)) events.push(event);
	return events;
}

const textOf = (events: AssistantEvent[]) => events.map(e => (e.type === 'text' ? e.text : '')).join('');

describe('assistant stream parser', () => {
	it('reads every v4 part type into typed events, in stream order', async () => {
		const skipped: SkippedLine[] = [];
		assert.deepEqual(await collect(everyPart, { onSkipped: s => skipped.push(s) }), everyPartEvents);
		assert.deepEqual(skipped, [], 'b, c, i and j are valid parts with nothing to show');
	});

	it('gives the same events whatever the chunking: 1-byte and 7-byte slices, and a split at every byte offset', async () => {
		const bytes = Buffer.from(everyPart, 'utf8');
		assert.deepEqual(await collect(chunks(bytes, () => 1)), everyPartEvents);
		assert.deepEqual(await collect(chunks(bytes, () => 7)), everyPartEvents);
		for (let offset = 1; offset < bytes.length; offset++) {
			const two = chunks(bytes, i => (i === 0 ? offset : bytes.length));
			assert.deepEqual(await collect(two), everyPartEvents, `split at byte ${offset}`);
		}
	});

	it('keeps a multi-byte character split across chunks', async () => {
		const bytes = Buffer.from(part('0', '✓👋'), 'utf8');
		// '0:"' is 3 bytes; ✓ is 3 bytes and 👋 is 4: cut inside each.
		const events = await collect(
			(async function* () {
				yield bytes.subarray(0, 4);
				yield bytes.subarray(4, 8);
				yield bytes.subarray(8);
			})(),
		);
		assert.deepEqual(events, [{ type: 'text', text: '✓👋' }]);
	});

	it('accepts CRLF line ends, blank lines, a space after the colon and no final newline', async () => {
		const body = '\r\n0:"a"\r\n\r\n\n0: "b"\r\n   \nd:{"finishReason":"stop"}';
		const skipped: SkippedLine[] = [];
		assert.deepEqual(await collect(body, { onSkipped: s => skipped.push(s) }), [
			{ type: 'text', text: 'a' },
			{ type: 'text', text: 'b' },
			{ type: 'finish', finishReason: 'stop' },
		]);
		assert.deepEqual(skipped, []);
	});

	it('skips unknown codes, broken JSON, lines without separator and wrong shapes, reporting each, and keeps the answer', async () => {
		const body = [
			part('0', 'before '),
			'z:{"x":1}\n',
			'0:not-json\n',
			'hello world\n',
			part('1', 'old code'),
			part('2', { not: 'an array' }),
			part('d', { usage }),
			part('9', { toolCallId: 1 }),
			part('0', 42),
			part('0', 'after'),
			part('d', { finishReason: 'stop' }),
		].join('');
		const skipped: SkippedLine[] = [];
		const events = await collect(body, { onSkipped: s => skipped.push(s) });
		assert.deepEqual(events, [
			{ type: 'text', text: 'before ' },
			{ type: 'text', text: 'after' },
			{ type: 'finish', finishReason: 'stop' },
		]);
		assert.deepEqual(
			skipped.map(s => s.reason),
			[
				"unknown code 'z'",
				'invalid JSON',
				'no separator',
				"unknown code '1'",
				"unexpected value for code '2'",
				"unexpected value for code 'd'",
				"unexpected value for code '9'",
				"unexpected value for code '0'",
			],
		);
		assert.equal(skipped[1].line, '0:not-json');
	});

	it('never throws on content: invalid UTF-8 becomes U+FFFD, a throwing logger is ignored, an over-long line is skipped', async () => {
		const bad = Buffer.concat([Buffer.from('0:"a'), Buffer.from([0xff, 0xc3]), Buffer.from('b"\n')]);
		assert.deepEqual(await collect(bad), [{ type: 'text', text: 'a\uFFFD\uFFFDb' }]);
		const events = await collect('z:1\n0:"ok"\n', {
			onSkipped: () => {
				throw new Error('logger broke');
			},
		});
		assert.deepEqual(events, [{ type: 'text', text: 'ok' }]);
		const skipped: SkippedLine[] = [];
		const long = `0:"${'x'.repeat(5000)}"\n0:"short"\n`;
		const chunked = chunks(Buffer.from(long), () => 100);
		assert.deepEqual(await collect(chunked, { maxLineLength: 1000, onSkipped: s => skipped.push(s) }), [{ type: 'text', text: 'short' }]);
		assert.equal(skipped.length, 1);
		assert.match(skipped[0].reason, /longer than 1000/);
		assert.ok(skipped[0].line.length <= 201);
	});

	it('a 3: error part keeps the text before it', async () => {
		const events = await collect(part('0', 'partial ') + part('0', 'answer') + part('3', 'An error occurred.'));
		assert.equal(textOf(events), 'partial answer');
		assert.deepEqual(events.at(-1), { type: 'error', message: 'An error occurred.' });
	});

	describe('thread id: first placement wins, emitted once', () => {
		const threads = (events: AssistantEvent[]) => events.filter(e => e.type === 'thread');
		const body =
			part('e', { finishReason: 'stop', threadId: 'thr-e' }) +
			part('2', [{ threadId: 'thr-any' }, { type: 'finish', threadId: 'thr-2' }]) +
			part('8', [{ type: 'finish', threadId: 'thr-8' }]) +
			part('d', { finishReason: 'stop', threadId: 'thr-d' });

		it('the x-thread-id header (with x-thread-key) beats 2: and d:, and comes first', async () => {
			const events = await collect(body, { headers: new Headers({ 'x-thread-id': 'thr-h', 'X-Thread-Key': 'key-h' }) });
			assert.deepEqual(threads(events), [{ type: 'thread', thread: { threadId: 'thr-h', threadKey: 'key-h' } }]);
			assert.equal(events[0].type, 'thread');
		});

		it('headers as a plain Node record work too', () => {
			assert.deepEqual(threadFromHeaders({ 'x-thread-id': ['thr-a'], 'x-thread-key': 'k' }), { threadId: 'thr-a', threadKey: 'k' });
			assert.equal(threadFromHeaders({ 'x-thread-key': 'k' }), undefined, 'a key without an id is no thread');
		});

		it('without a header, a finish item of 2: beats an earlier e: and a later d:', async () => {
			assert.deepEqual(threads(await collect(body)), [{ type: 'thread', thread: { threadId: 'thr-2' } }]);
		});

		it('8: when there is no 2:', async () => {
			const only8 = part('8', [{ type: 'finish', threadId: 'thr-8', threadKey: 'k8' }]) + part('d', { finishReason: 'stop', threadId: 'thr-d' });
			assert.deepEqual(threads(await collect(only8)), [{ type: 'thread', thread: { threadId: 'thr-8', threadKey: 'k8' } }]);
		});

		it('then an extra field on d: or e:, reported when the body ends', async () => {
			const events = await collect(part('0', 'x') + part('d', { finishReason: 'stop', threadId: 'thr-d' }));
			assert.deepEqual(
				events.map(e => e.type),
				['text', 'finish', 'thread'],
			);
			assert.deepEqual(threads(events), [{ type: 'thread', thread: { threadId: 'thr-d' } }]);
			assert.deepEqual(threads(await collect(part('e', { finishReason: 'stop', threadId: 'thr-e' }))), [{ type: 'thread', thread: { threadId: 'thr-e' } }]);
		});

		it('then an SSE data: finish line inside a v4 body (type finish + threadId, or messageMetadata.threadId)', async () => {
			const a = await collect(part('0', 'x') + `data: ${JSON.stringify({ type: 'finish', threadId: 'thr-sse' })}\n`);
			assert.deepEqual(threads(a), [{ type: 'thread', thread: { threadId: 'thr-sse' } }]);
			const b = await collect(part('0', 'x') + `data: ${JSON.stringify({ type: 'finish', messageMetadata: { threadId: 'thr-meta' } })}\n`);
			assert.deepEqual(threads(b), [{ type: 'thread', thread: { threadId: 'thr-meta' } }]);
			assert.equal(textOf(b), 'x');
		});

		it('a body that breaks still reports the thread it named, then passes the error on', async () => {
			const events: AssistantEvent[] = [];
			await assert.rejects(
				(async () => {
					for await (const event of parseDataStream(
						(async function* () {
							yield Buffer.from(part('d', { finishReason: 'stop', threadId: 'thr-d' }));
							throw new Error('socket hang up');
						})(),
					))
						events.push(event);
				})(),
				/socket hang up/,
			);
			assert.deepEqual(threads(events), [{ type: 'thread', thread: { threadId: 'thr-d' } }]);
		});
	});

	it('cites search results and h: sources once per page or URL; a result without its 9: is still read when it looks like a search', async () => {
		const body =
			part('9', { toolCallId: 't1', toolName: 'markNotFound', args: {} }) +
			part('a', { toolCallId: 't1', result: { acknowledged: true } }) +
			part('a', { toolCallId: 'unknown', result: [{ path: '/', content: 'Home page', metadata: { title: 'Home' } }] }) +
			part('9', { toolCallId: 't2', toolName: 'other', args: {} }) +
			part('a', { toolCallId: 't2', result: [{ path: '/x', content: 'not a citation' }] }) +
			part('h', { sourceType: 'url', id: '1', url: 'https://a.example/p', title: 'P' }) +
			part('h', { sourceType: 'url', id: '2', url: 'https://a.example/p' });
		const sources = (await collect(body)).filter(e => e.type === 'source');
		assert.deepEqual(sources, [
			{ type: 'source', source: { path: 'index', title: 'Home', excerpt: 'Home page' } },
			{ type: 'source', source: { url: 'https://a.example/p', title: 'P' } },
		]);
	});

	it('reads a whole SSE (v5 UI-message) body as a fallback', async () => {
		const sse =
			[
				{ type: 'start' },
				{ type: 'start-step' },
				{ type: 'text-start', id: 't' },
				{ type: 'text-delta', id: 't', delta: 'Hi ' },
				{ type: 'text-delta', id: 't', delta: 'there' },
				{ type: 'source-url', sourceId: 's', url: '/quickstart', title: 'Quickstart' },
				{ type: 'finish', messageMetadata: { threadId: 'thr-v5' } },
			]
				.map(v => `data: ${JSON.stringify(v)}\n\n`)
				.join('') + ': keep-alive\n\ndata: [DONE]\n\n';
		const events = await collect(sse);
		assert.equal(textOf(events), 'Hi there');
		assert.deepEqual(
			events.filter(e => e.type === 'source' || e.type === 'thread' || e.type === 'finish'),
			[
				{ type: 'source', source: { path: 'quickstart', url: '/quickstart', title: 'Quickstart' } },
				{ type: 'finish', finishReason: 'stop' },
				{ type: 'thread', thread: { threadId: 'thr-v5' } },
			],
		);
	});

	it('v2 UI message stream: the thread from a data-* part, reasoning, search tool sources, abort; v4 lines in it skipped', async () => {
		const skipped: SkippedLine[] = [];
		const chunks =
			[
				{ type: 'start', messageId: 'm1' },
				{ type: 'reasoning-start', id: 'r' },
				{ type: 'reasoning-delta', id: 'r', delta: 'Searching' },
				{ type: 'reasoning-end', id: 'r' },
				{ type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', input: { query: 'q' } },
				{ type: 'tool-output-available', toolCallId: 'c1', output: [{ path: '/guides/a#x', content: 'A', metadata: { title: 'A' } }] },
				{ type: 'source-url', sourceId: 's1', url: '/guides/a#x', title: 'A' },
				{ type: 'text-start', id: 't' },
				{ type: 'text-delta', id: 't', delta: 'Partial' },
				{ type: 'data-thread', id: 'thread', data: { threadId: 'thr-data-part' } },
				{ type: 'abort' },
			]
				.map(v => `data: ${JSON.stringify(v)}\n\n`)
				.join('') + '0:"a v4 text line"\n';
		const events = await collect(chunks, { onSkipped: line => skipped.push(line) });
		assert.deepEqual(
			events.map(e => e.type),
			['stepStart', 'reasoning', 'toolCall', 'toolResult', 'source', 'text', 'data', 'error', 'thread'],
		);
		assert.deepEqual(events[0], { type: 'stepStart', messageId: 'm1' });
		assert.deepEqual(
			events.find(e => e.type === 'source'),
			{ type: 'source', source: { path: 'guides/a', anchor: 'x', title: 'A', excerpt: 'A' } },
		);
		assert.equal(textOf(events), 'Partial', 'the v4 line is not text of a v5 answer');
		assert.deepEqual(events.at(-1), { type: 'thread', thread: { threadId: 'thr-data-part' } });
		assert.deepEqual(
			skipped.map(s => s.reason),
			['data stream line in an SSE stream'],
		);
	});

	it('splits site paths into page and anchor', () => {
		assert.deepEqual(splitPath('/guides/setup#verify-it'), { path: 'guides/setup', anchor: 'verify-it' });
		assert.deepEqual(splitPath('/'), { path: 'index' });
		assert.deepEqual(splitPath('guides/setup/?q=1'), { path: 'guides/setup' });
	});
});
