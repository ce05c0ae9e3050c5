import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { askAssistant, createMessage, type AskAssistantOptions } from '../../client/src/platform/api/assistantClient';
import type { AssistantEvent, AssistantMessage, AssistantThread } from '../../client/src/platform/api/assistantTypes';
import { ApiError } from '../../client/src/platform/api/errors';
import { startApiServer, type ApiServerProcess } from '../helpers/apiServerProcess';

const repo = path.resolve(__dirname, '../..');
const assistantKey = 'mint_dsc_demo_key';

async function collect(options: AskAssistantOptions): Promise<AssistantEvent[]> {
	const events: AssistantEvent[] = [];
	for await (const event of askAssistant(options)) events.push(event);
	return events;
}

const textOf = (events: readonly AssistantEvent[]) => events.map(e => (e.type === 'text' ? e.text : '')).join('');
const threadOf = (events: readonly AssistantEvent[]) => events.flatMap(e => (e.type === 'thread' ? [e.thread] : []));

describe('assistant client against the stand-in (built CLI, real process)', function () {
	this.timeout(60_000);
	let server: ApiServerProcess;
	before(async () => {
		server = await startApiServer(['--port', '0', '--docs', 'examples/acme', '--assistant-delay-ms', '0', '--quiet']);
	});
	after(async () => assert.equal(await server.stop(), 0));
	beforeEach(() => fetch(`${server.url}/__reset`, { method: 'POST' }));

	const options = (messages: AssistantMessage[], extra: Partial<AskAssistantOptions> = {}): AskAssistantOptions => ({
		baseUrl: server.url,
		domain: 'demo',
		getAssistantKey: () => assistantKey,
		fp: 'anonymous',
		messages,
		...extra,
	});
	const queueFault = (fault: string) => fetch(`${server.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault, path: '/discovery/' }) });

	it('prints where the assistant answers from', () => {
		assert.match(server.output(), /assistant docs {5}\d+ sections on 22 pages of .*examples[/\\]acme\n/);
	});

	it('answers with text that cites real pages of examples/acme', async () => {
		const events = await collect(options([createMessage('user', 'How do I verify webhook signatures?')]));
		const sources = events.flatMap(e => (e.type === 'source' ? [e.source] : []));
		assert.ok(sources.length > 0);
		for (const source of sources) assert.ok(existsSync(path.join(repo, 'examples/acme', `${source.path}.mdx`)), `${source.path} is a page`);
		assert.equal(sources[0].path, 'guides/webhook-signatures');
		const text = textOf(events);
		assert.match(text, /\*\*\[Webhook signatures › Verify the signature\]\(\/guides\/webhook-signatures#verify-the-signature\)\*\*/);
		assert.match(text, /Sources: \[Webhook signatures\]\(\/guides\/webhook-signatures\)/);
		assert.equal(events.at(-1)!.type, 'finish');
	});

	it('keeps one thread across three turns; the thread event keeps the key issued with the first answer', async () => {
		const history: AssistantMessage[] = [];
		let thread: AssistantThread | undefined;
		const ids: string[] = [];
		for (const question of ['How do refunds work?', 'Can I refund part of a payment?', 'How long does a refund take?']) {
			history.push(createMessage('user', question));
			const events = await collect(options([...history], { thread }));
			const [named] = threadOf(events);
			assert.ok(named?.threadKey, 'every answer names its thread, with the key to send next');
			if (thread) assert.deepEqual(named, thread, 'the same thread and key (the server sends no new key)');
			ids.push(named.threadId);
			thread = named;
			assert.equal(events.at(-1)!.type, 'finish');
			history.push(createMessage('assistant', textOf(events)));
		}
		assert.equal(new Set(ids).size, 1);
	});

	it('a wrong thread key gets 404: the client forgets the thread and asks again in a new one', async () => {
		const first = threadOf(await collect(options([createMessage('user', 'pagination')])))[0];
		const events = await collect(options([createMessage('user', 'pagination cursor')], { thread: { threadId: first.threadId, threadKey: 'not-the-key' } }));
		assert.equal(events[0].type, 'threadReset');
		const fresh = threadOf(events)[0];
		assert.notEqual(fresh.threadId, first.threadId);
		assert.ok(fresh.threadKey);
		assert.ok(textOf(events).length > 0);
		const requests = (await (await fetch(`${server.url}/__requests`)).json()) as { requests: { status: number }[] };
		assert.deepEqual(
			requests.requests.map(r => r.status),
			[200, 404, 200],
		);
	});

	it('a wrong assistant key gets 401 with the next step, and no key in the message', async () => {
		await assert.rejects(collect(options([createMessage('user', 'hi')], { getAssistantKey: () => 'mint_dsc_wrong_key' })), (e: ApiError) => {
			assert.equal(e.kind, 'auth');
			assert.match(e.message, /MintDoc: Set Assistant Key/);
			assert.ok(!e.message.includes('mint_dsc_wrong_key'));
			return true;
		});
		await assert.rejects(
			collect(options([createMessage('user', 'hi')], { domain: 'other' })),
			(e: ApiError) => e.kind === 'notFound' && /Unknown assistant domain 'other'/.test(e.message),
		);
	});

	it('retrieves retrievalPageSize sections (the search tool result)', async () => {
		for (const size of [1, 2, 7]) {
			const events = await collect(options([createMessage('user', 'How do I create a payment and capture it?')], { retrievalPageSize: size }));
			const result = events.find(e => e.type === 'toolResult');
			assert.ok(result?.type === 'toolResult' && result.toolName === 'search');
			assert.equal((result.result as unknown[]).length, size, `retrievalPageSize ${size}`);
		}
	});

	it('a stream cut mid-answer ends with incomplete and keeps the partial text', async () => {
		const whole = textOf(await collect(options([createMessage('user', 'idempotency keys')])));
		await queueFault('stream-cut');
		const events = await collect(options([createMessage('user', 'idempotency keys')]));
		const partial = textOf(events);
		assert.ok(partial.length > 0 && partial.length < whole.length && whole.startsWith(partial), 'a prefix of the full answer');
		assert.deepEqual(events.at(-1), { type: 'incomplete', reason: 'cut', message: 'The answer stopped before it was finished (the stream ended early).' });
		assert.ok(!events.some(e => e.type === 'finish'));
	});

	it('a dropped connection mid-answer is incomplete too; a 3: error part keeps the text', async () => {
		await queueFault('truncated');
		const dropped = await collect(options([createMessage('user', 'idempotency keys')]));
		assert.ok(textOf(dropped).length > 0);
		assert.equal((dropped.at(-1) as { reason?: string }).reason, 'cut');
		await queueFault('stream-error');
		const failed = await collect(options([createMessage('user', 'idempotency keys')]));
		assert.ok(textOf(failed).length > 0);
		assert.deepEqual(failed.at(-1), { type: 'error', message: 'An error occurred.' });
	});

	it('stopping mid-stream ends the answer at once and frees the connection on the server', async () => {
		// A minute's pause after every part: the next part cannot come within the bound below, however
		// slow the machine, so ending within it means the stop ended the answer.
		await queueFault('stream-slow:60000');
		const controller = new AbortController();
		const events: AssistantEvent[] = [];
		const started = Date.now();
		for await (const event of askAssistant(options([createMessage('user', 'webhook retries')], { signal: controller.signal }))) {
			events.push(event);
			if (event.type === 'stepStart') controller.abort(); // the first part of the body
		}
		assert.ok(Date.now() - started < 30_000, 'ended without waiting for the slow stream');
		assert.deepEqual(
			events.slice(-2).map(e => e.type),
			['stepStart', 'incomplete'],
			'nothing after the stop',
		);
		assert.deepEqual(events.at(-1), { type: 'incomplete', reason: 'stopped', message: 'Stopped.' });
		// The stand-in records a request when its handler is done: it noticed the client leave (its
		// pause ends when the connection closes).
		for (const deadline = Date.now() + 30_000; ;) {
			const { requests } = (await (await fetch(`${server.url}/__requests`)).json()) as { requests: { fault?: string }[] };
			if (requests.some(r => r.fault === 'stream-slow:60000')) break;
			assert.ok(Date.now() < deadline, 'the server finished the aborted request');
			await new Promise(r => setTimeout(r, 50));
		}
		// And the next question is answered normally.
		assert.equal((await collect(options([createMessage('user', 'webhook retries')]))).at(-1)!.type, 'finish');
	});
});
