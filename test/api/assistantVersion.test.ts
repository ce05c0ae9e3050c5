import * as assert from 'node:assert/strict';
import { askAssistant, createMessage, type AskAssistantOptions } from '../../client/src/platform/api/assistantClient';
import type { AssistantEvent, AssistantThread } from '../../client/src/platform/api/assistantTypes';
import { createVersionMemory } from '../../client/src/platform/api/assistantVersion';
import { ApiError } from '../../client/src/platform/api/errors';
import { startApiServer, type ApiServerProcess } from '../helpers/apiServerProcess';

/**
 * The assistant client on the current v2 endpoint, and `mintdoc.assistant.apiVersion`: `auto`
 * falls back to the spec's v1 once on a 404 (tested against a stand-in started with
 * `--spec-paths-only`), remembers it per domain and says so once.
 */

const assistantKey = 'mint_dsc_demo_key';
const textOf = (events: readonly AssistantEvent[]) => events.map(e => (e.type === 'text' ? e.text : '')).join('');

async function collect(options: AskAssistantOptions): Promise<AssistantEvent[]> {
	const events: AssistantEvent[] = [];
	for await (const event of askAssistant(options)) events.push(event);
	return events;
}

async function paths(server: ApiServerProcess): Promise<string[]> {
	const { requests } = (await (await fetch(`${server.url}/__requests`)).json()) as { requests: { path: string; status: number }[] };
	return requests.map(r => `${r.status} ${r.path}`);
}

/** A fetch that records the JSON bodies sent. */
function recordingFetch(bodies: Record<string, unknown>[]): typeof fetch {
	return (async (input: RequestInfo | URL, init?: RequestInit) => {
		if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body) as Record<string, unknown>);
		return fetch(input, init);
	}) as typeof fetch;
}

describe('assistant client: v2 by default, v1 kept (built stand-in)', function () {
	this.timeout(60_000);
	let current: ApiServerProcess;
	let specOnly: ApiServerProcess;
	before(async () => {
		[current, specOnly] = await Promise.all([
			startApiServer(['--port', '0', '--docs', 'examples/acme', '--assistant-delay-ms', '0', '--quiet']),
			startApiServer(['--port', '0', '--docs', 'examples/acme', '--assistant-delay-ms', '0', '--quiet', '--spec-paths-only']),
		]);
	});
	after(async () => {
		assert.equal(await current.stop(), 0);
		assert.equal(await specOnly.stop(), 0);
	});
	beforeEach(() => Promise.all([current, specOnly].map(s => fetch(`${s.url}/__reset`, { method: 'POST' }))));

	const options = (server: ApiServerProcess, extra: Partial<AskAssistantOptions> = {}): AskAssistantOptions => ({
		baseUrl: server.url,
		domain: 'demo',
		getAssistantKey: () => assistantKey,
		fp: 'anonymous',
		messages: [createMessage('user', 'How do I verify webhook signatures?', 'u1')],
		...extra,
	});

	it('asks v2 with parts-only messages, currentPath and the context path; reads text, citations and the thread', async () => {
		const bodies: Record<string, unknown>[] = [];
		const events = await collect(
			options(current, {
				fetch: recordingFetch(bodies),
				currentPath: '/guides/webhooks',
				context: [{ type: 'code', value: 'verify(sig)', path: 'guides/webhooks.mdx' }],
			}),
		);
		assert.deepEqual(await paths(current), ['200 /discovery/v2/assistant/demo/message']);
		assert.deepEqual(bodies, [
			{
				fp: 'anonymous',
				messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How do I verify webhook signatures?' }] }],
				retrievalPageSize: 5,
				context: [{ type: 'code', value: 'verify(sig)', path: 'guides/webhooks.mdx' }],
				currentPath: '/guides/webhooks',
			},
		]);
		assert.match(textOf(events), /Verify the signature/);
		assert.equal(
			events.find(e => e.type === 'source')?.type === 'source' && (events.find(e => e.type === 'source') as { source: { path: string } }).source.path,
			'guides/webhook-signatures',
		);
		const thread = events.find(e => e.type === 'thread');
		assert.ok(thread?.type === 'thread' && thread.thread.threadId.startsWith('thread_') && thread.thread.threadKey);
		assert.ok(events.some(e => e.type === 'finish'));
	});

	it('keeps the thread across turns on v2 (id and key sent back)', async () => {
		let thread: AssistantThread | undefined;
		const ids: string[] = [];
		for (const question of ['How do refunds work?', 'Can I refund part of a payment?']) {
			const events = await collect(options(current, { messages: [createMessage('user', question)], thread }));
			const named = events.find(e => e.type === 'thread');
			assert.ok(named?.type === 'thread');
			thread = named.thread;
			ids.push(thread.threadId);
			assert.ok(thread.threadKey);
		}
		assert.equal(ids[0], ids[1]);
	});

	it("v1 when set: the spec's path and body (content, no currentPath, no context path)", async () => {
		const bodies: Record<string, unknown>[] = [];
		const events = await collect(
			options(current, { apiVersion: 'v1', fetch: recordingFetch(bodies), currentPath: '/x', context: [{ type: 'code', value: 'v', path: 'a.mdx' }] }),
		);
		assert.deepEqual(await paths(current), ['200 /discovery/v1/assistant/demo/message']);
		assert.deepEqual(bodies[0].context, [{ type: 'code', value: 'v' }]);
		assert.equal('currentPath' in bodies[0], false);
		assert.equal((bodies[0].messages as { content: string }[])[0].content, 'How do I verify webhook signatures?');
		assert.match(textOf(events), /Verify the signature/);
	});

	it('auto falls back to v1 once on a 404, remembers it for the domain and says so once', async () => {
		const memory = createVersionMemory();
		const notes: string[] = [];
		const first = await collect(options(specOnly, { versionMemory: memory, onFallback: note => notes.push(note) }));
		assert.match(textOf(first), /Verify the signature/);
		assert.deepEqual(await paths(specOnly), ['404 /discovery/v2/assistant/demo/message', '200 /discovery/v1/assistant/demo/message']);
		assert.equal(memory.get('demo'), 'v1');
		assert.equal(notes.length, 1);
		assert.match(notes[0], /v2 .* answered 404 for domain 'demo'; MintDoc uses the v1 endpoint/);
		const second = await collect(options(specOnly, { versionMemory: memory, onFallback: note => notes.push(note) }));
		assert.ok(second.some(e => e.type === 'finish'));
		assert.deepEqual((await paths(specOnly)).slice(2), ['200 /discovery/v1/assistant/demo/message'], 'straight to v1 the second time');
		assert.equal(notes.length, 1);
	});

	it('v2 when set does not fall back: the 404 is the error; an unknown domain under auto is not remembered as v1', async () => {
		await assert.rejects(collect(options(specOnly, { apiVersion: 'v2' })), (e: unknown) => e instanceof ApiError && e.kind === 'notFound');
		assert.deepEqual(await paths(specOnly), ['404 /discovery/v2/assistant/demo/message']);
		const memory = createVersionMemory();
		await assert.rejects(
			collect(options(current, { domain: 'nope', versionMemory: memory })),
			(e: unknown) => e instanceof ApiError && e.kind === 'notFound' && /unknown assistant domain 'nope'/i.test(e.message),
		);
		assert.equal(memory.get('nope'), undefined);
	});

	it('401 and 429 (with its retry time) on v2 behave as on v1', async () => {
		const wrongKey = await collect(options(current, { getAssistantKey: () => 'mint_dsc_wrong' })).catch((e: unknown) => e);
		assert.ok(wrongKey instanceof ApiError && wrongKey.kind === 'auth');
		assert.doesNotMatch(wrongKey.message, /mint_dsc_wrong/);
		await fetch(`${current.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: '429:17', path: '/discovery/v2/' }) });
		const limited = await collect(options(current)).catch((e: unknown) => e);
		assert.ok(limited instanceof ApiError && limited.kind === 'rateLimited' && limited.retryAfter === 17);
		assert.match(limited.message, /try again in 17 s/);
	});

	it('a cut v2 stream is incomplete with its text kept; an error chunk keeps the text and reports the error', async () => {
		await fetch(`${current.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: 'stream-cut', path: '/discovery/v2/' }) });
		const cut = await collect(options(current));
		assert.equal(cut.at(-1)?.type, 'incomplete');
		assert.ok(textOf(cut).length > 0);
		await fetch(`${current.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: 'stream-error', path: '/discovery/v2/' }) });
		const failed = await collect(options(current));
		assert.ok(textOf(failed).length > 0);
		assert.deepEqual(
			failed.filter(e => e.type === 'error'),
			[{ type: 'error', message: 'An error occurred.' }],
		);
	});
});
