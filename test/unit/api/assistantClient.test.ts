import * as assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
	askAssistant,
	buildAssistantRequest,
	clampRetrievalPageSize,
	createMessage,
	type AskAssistantOptions,
} from '../../../client/src/platform/api/assistantClient';
import type { AssistantEvent } from '../../../client/src/platform/api/assistantTypes';
import { ApiError } from '../../../client/src/platform/api/errors';
import { json, startScriptedServer } from './scriptedServer';

const key = 'mint_dsc_secret_key_123';
const part = (code: string, value: unknown) => `${code}:${JSON.stringify(value)}\n`;
const finished = part('0', 'Hello') + part('0', ' world') + part('d', { finishReason: 'stop' });

interface Received {
	readonly url: string;
	readonly headers: IncomingMessage['headers'];
	readonly body: Record<string, unknown>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
	let raw = '';
	for await (const chunk of req) raw += chunk;
	return JSON.parse(raw) as Record<string, unknown>;
}

function stream(res: ServerResponse, body: string, headers: Record<string, string> = {}): void {
	res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', ...headers });
	res.end(body);
}

async function collect(options: AskAssistantOptions): Promise<AssistantEvent[]> {
	const events: AssistantEvent[] = [];
	for await (const event of askAssistant(options)) events.push(event);
	return events;
}

async function failure(options: AskAssistantOptions): Promise<ApiError> {
	try {
		await collect(options);
	} catch (e) {
		assert.ok(e instanceof ApiError, `expected an ApiError, got ${e}`);
		return e;
	}
	assert.fail('expected askAssistant to throw');
}

describe('assistant request body', () => {
	it('has exactly the spec fields: fp, messages with id/role/content/parts, retrievalPageSize, and the rest only when known', () => {
		const bare = buildAssistantRequest({ fp: 'anonymous', messages: [{ id: 'u1', role: 'user', content: 'How?' }] });
		assert.deepEqual(bare, {
			fp: 'anonymous',
			messages: [{ id: 'u1', role: 'user', content: 'How?', parts: [{ type: 'text', text: 'How?' }] }],
			retrievalPageSize: 5,
		});

		const full = buildAssistantRequest({
			fp: 'machine-123',
			messages: [
				createMessage('user', 'one', 'u1'),
				{ id: 'a1', role: 'assistant', content: 'two', parts: [{ type: 'text', text: 'two' }] },
				createMessage('user', 'three', 'u2'),
			],
			thread: { threadId: 'thr', threadKey: 'key' },
			retrievalPageSize: 12,
			filter: { version: ' v2 ', language: '' },
			context: [
				{ type: 'code', value: 'x()', elementId: 'e1' },
				{ type: 'textSelection', value: '' },
			],
		});
		assert.deepEqual(full, {
			fp: 'machine-123',
			messages: [
				{ id: 'u1', role: 'user', content: 'one', parts: [{ type: 'text', text: 'one' }] },
				{ id: 'a1', role: 'assistant', content: 'two', parts: [{ type: 'text', text: 'two' }] },
				{ id: 'u2', role: 'user', content: 'three', parts: [{ type: 'text', text: 'three' }] },
			],
			threadId: 'thr',
			threadKey: 'key',
			retrievalPageSize: 12,
			filter: { version: 'v2' },
			context: [{ type: 'code', value: 'x()', elementId: 'e1' }],
		});
		assert.deepEqual(Object.keys(full), ['fp', 'messages', 'threadId', 'threadKey', 'retrievalPageSize', 'filter', 'context']);
	});

	it('sends threadKey only with a threadId, gives messages an id when missing, and never sends an empty filter', () => {
		const body = buildAssistantRequest({ fp: ' ', messages: [{ role: 'user', content: 'q' }], thread: { threadId: 'thr' }, filter: { version: ' ' } });
		assert.equal(body.fp, 'anonymous');
		assert.equal(body.threadId, 'thr');
		assert.equal('threadKey' in body, false);
		assert.equal('filter' in body, false);
		assert.match(body.messages[0].id, /^msg-[0-9a-f-]{36}$/);
	});

	it('clamps retrievalPageSize to 1-50, default 5', () => {
		assert.deepEqual(
			[undefined, NaN, Infinity, 0, -3, 1, 7.6, 50, 51, 1e9].map(n => clampRetrievalPageSize(n)),
			[5, 5, 5, 1, 1, 1, 8, 50, 50, 50],
		);
	});
});

describe('askAssistant (scripted server)', () => {
	let server: Awaited<ReturnType<typeof startScriptedServer>>;
	let received: Received[];
	// Every server a test starts (some start several) is closed, so mocha can exit.
	const started: (typeof server)[] = [];
	afterEach(async () => {
		await Promise.all(started.splice(0).map(s => s.close()));
	});

	async function serve(script: (req: IncomingMessage, res: ServerResponse, n: number) => void | Promise<void>) {
		received = [];
		server = await track(
			startScriptedServer(async (req, res) => {
				received.push({ url: req.url ?? '', headers: req.headers, body: await readJson(req) });
				await script(req, res, received.length);
			}),
		);
	}

	async function track(starting: ReturnType<typeof startScriptedServer>) {
		const s = await starting;
		started.push(s);
		return s;
	}

	// These scripts answer in the spec's v1 data stream; assistantVersion.test.ts covers v2 and `auto`.
	const options = (extra: Partial<AskAssistantOptions> = {}): AskAssistantOptions => ({
		baseUrl: server.url,
		domain: 'acme docs',
		getAssistantKey: () => key,
		fp: 'anonymous',
		messages: [createMessage('user', 'How do webhooks work?', 'u1')],
		apiVersion: 'v1',
		...extra,
	});

	it('POSTs the body as JSON with the bearer key to /discovery/v1/assistant/{domain}/message', async () => {
		await serve((_req, res) => stream(res, finished, { 'x-thread-id': 'thr-1', 'x-thread-key': 'k-1' }));
		const events = await collect(options({ retrievalPageSize: 3, filter: { language: 'en' } }));
		assert.equal(received.length, 1);
		assert.equal(received[0].url, '/discovery/v1/assistant/acme%20docs/message');
		assert.equal(received[0].headers.authorization, `Bearer ${key}`);
		assert.equal(received[0].headers['content-type'], 'application/json');
		assert.deepEqual(received[0].body, {
			fp: 'anonymous',
			messages: [{ id: 'u1', role: 'user', content: 'How do webhooks work?', parts: [{ type: 'text', text: 'How do webhooks work?' }] }],
			retrievalPageSize: 3,
			filter: { language: 'en' },
		});
		assert.deepEqual(events, [
			{ type: 'thread', thread: { threadId: 'thr-1', threadKey: 'k-1' } },
			{ type: 'text', text: 'Hello' },
			{ type: 'text', text: ' world' },
			{ type: 'finish', finishReason: 'stop' },
		]);
	});

	it('a continued thread (no x-thread-key in the answer) is named with the key that was sent', async () => {
		await serve((_req, res) => stream(res, finished, { 'x-thread-id': 'thr-1' }));
		const events = await collect(options({ thread: { threadId: 'thr-1', threadKey: 'k-1' } }));
		assert.deepEqual(events[0], { type: 'thread', thread: { threadId: 'thr-1', threadKey: 'k-1' } });
		assert.equal(received[0].body.threadKey, 'k-1');
	});

	it('on a 404 while a thread was sent: yields threadReset and asks once more without the thread', async () => {
		await serve((_req, res, n) =>
			n === 1 ? json(res, 404, { error: 'Thread not found' }) : stream(res, finished, { 'x-thread-id': 'thr-new', 'x-thread-key': 'k-new' }),
		);
		const events = await collect(options({ thread: { threadId: 'thr-old', threadKey: 'k-old' } }));
		assert.equal(received.length, 2);
		assert.equal(received[0].body.threadId, 'thr-old');
		assert.equal(received[0].body.threadKey, 'k-old');
		assert.equal('threadId' in received[1].body, false);
		assert.equal('threadKey' in received[1].body, false);
		assert.equal(events[0].type, 'threadReset');
		assert.deepEqual(events[1], { type: 'thread', thread: { threadId: 'thr-new', threadKey: 'k-new' } });
		assert.equal(events.at(-1)!.type, 'finish');
	});

	it('retries only once: a second 404 is an unknown domain; a 404 without a thread is not retried', async () => {
		await serve((_req, res) => json(res, 404, { error: 'not_found', message: 'No assistant for domain' }));
		const twice = await failure(options({ thread: { threadId: 'thr-old' } }));
		assert.equal(received.length, 2);
		assert.equal(twice.kind, 'notFound');
		assert.match(twice.message, /Unknown assistant domain 'acme docs': set mintdoc\.assistant\.domain/);
		received.length = 0;
		await failure(options());
		assert.equal(received.length, 1);
	});

	it('reports a stream that ends without d: as incomplete (cut), keeping the text', async () => {
		await serve((_req, res) => stream(res, part('0', 'Half an ') + part('0', 'answer')));
		const events = await collect(options());
		assert.deepEqual(
			events.map(e => e.type),
			['text', 'text', 'incomplete'],
		);
		assert.deepEqual(events[2], { type: 'incomplete', reason: 'cut', message: 'The answer stopped before it was finished (the stream ended early).' });
	});

	it('a 3: error part is not also incomplete; a finished answer is never incomplete', async () => {
		await serve((_req, res, n) => stream(res, n === 1 ? part('0', 'x') + part('3', 'An error occurred.') : finished));
		assert.deepEqual(
			(await collect(options())).map(e => e.type),
			['text', 'error'],
		);
		assert.deepEqual(
			(await collect(options())).map(e => e.type),
			['text', 'text', 'finish'],
		);
	});

	it('a connection dropped mid-stream becomes incomplete (cut)', async () => {
		await serve((_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain' });
			res.write(part('0', 'partial'), () => setTimeout(() => res.destroy(), 20));
		});
		const events = await collect(options());
		assert.deepEqual(events[0], { type: 'text', text: 'partial' });
		assert.equal(events.at(-1)!.type, 'incomplete');
		assert.equal((events.at(-1) as { reason: string }).reason, 'cut');
	});

	it('an idle stream ends with incomplete (idle) after idleTimeoutMs', async () => {
		await serve((_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain' });
			res.write(part('0', 'then silence'));
		});
		const started = Date.now();
		const events = await collect(options({ idleTimeoutMs: 150 }));
		// The server stays silent: only the idle timeout ends the answer (the bound is for a busy machine).
		assert.ok(Date.now() - started < 5_000);
		assert.deepEqual(
			events.map(e => e.type),
			['text', 'incomplete'],
		);
		assert.equal((events[1] as { reason: string }).reason, 'idle');
	});

	it('stopping mid-stream yields incomplete (stopped) with the text so far; stopping before the headers throws cancelled', async () => {
		await serve((_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain' });
			res.write(part('0', 'streaming'));
		});
		const controller = new AbortController();
		const events: AssistantEvent[] = [];
		for await (const event of askAssistant(options({ signal: controller.signal }))) {
			events.push(event);
			if (event.type === 'text') controller.abort();
		}
		assert.deepEqual(
			events.map(e => e.type),
			['text', 'incomplete'],
		);
		assert.equal((events[1] as { reason: string }).reason, 'stopped');

		const early = new AbortController();
		await serve(() => early.abort()); // never answers; stopped once the question has arrived
		assert.equal((await failure(options({ signal: early.signal }))).kind, 'cancelled');
		assert.equal(received.length, 1);
	});

	it('maps HTTP errors to ApiError kinds with the next step, and never shows the key', async () => {
		const cases: [number, Record<string, string>, ApiError['kind'], RegExp][] = [
			[401, {}, 'auth', /rejected the key \(HTTP 401: bad key \*\*\*\)\. Check it and set your assistant key \(MintDoc: Set Assistant Key\)/],
			[403, {}, 'forbidden', /not allowed .*MintDoc: Set Assistant Key/],
			[429, { 'retry-after': '42' }, 'rateLimited', /try again in 42 s/],
			[503, {}, 'server', /failed with HTTP 503/],
			[400, {}, 'badRequest', /HTTP 400/],
		];
		for (const [status, headers, kind, message] of cases) {
			await serve((_req, res) => json(res, status, { message: `bad key ${key}` }, headers));
			const error = await failure(options());
			assert.equal(error.kind, kind, `${status}`);
			assert.match(error.message, message);
			assert.ok(!error.message.includes(key) && !String(error.serverMessage).includes(key), 'the key is redacted');
			if (status === 429) assert.equal(error.retryAfter, 42);
			if (status !== 400) await server.close(); // the last one is closed by afterEach
		}
	});

	it('fails before sending without a key or a domain, and for an HTML page', async () => {
		await serve((_req, res) => {
			res.writeHead(200, { 'content-type': 'text/html' });
			res.end('<!doctype html><p>proxy</p>');
		});
		assert.match(
			(await failure(options({ getAssistantKey: () => undefined }))).message,
			/No assistant key is stored: set your assistant key \(MintDoc: Set Assistant Key\)/,
		);
		assert.equal((await failure(options({ domain: ' ' }))).kind, 'config');
		assert.equal(received.length, 0);
		assert.equal((await failure(options())).kind, 'badResponse');
	});

	it('times out when no headers come, and reports a refused connection as network', async () => {
		await serve(() => undefined);
		const error = await failure(options({ timeoutMs: 100 }));
		assert.equal(error.kind, 'timeout');
		const url = server.url;
		await server.close();
		server = await track(startScriptedServer(() => undefined));
		const offline = await failure({ ...options(), baseUrl: url });
		assert.equal(offline.kind, 'network');
		assert.ok(!offline.message.includes(key));
	});
});
