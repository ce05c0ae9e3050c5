import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { askAssistant, createMessage, type AskAssistantOptions } from '../../../client/src/platform/api/assistantClient';
import { parseDataStream } from '../../../client/src/platform/api/assistantStream';
import type { AssistantEvent, SkippedLine } from '../../../client/src/platform/api/assistantTypes';
import { ApiError } from '../../../client/src/platform/api/errors';
import { composeAnswer, retrieve, searchResultItems } from '../../../platformApiStandIn/assistantAnswer';
import {
	createAssistantDocs,
	loadAssistantDocs,
	navigationPartitions,
	pageSections,
	type AssistantDocs,
	type DocSection,
} from '../../../platformApiStandIn/assistantDocs';
import { Bm25Index, tokenize } from '../../../platformApiStandIn/bm25';
import { parseFault } from '../../../platformApiStandIn/faults';
import { createApiStandIn, type ApiStandIn } from '../../../platformApiStandIn/standIn';
import { UpdateStatusStore } from '../../../platformApiStandIn/updateStatusData';

const acme = path.resolve(__dirname, '../../../examples/acme');
const assistantKey = 'mint_dsc_demo_key';

describe('stand-in assistant: BM25', () => {
	const corpus = [
		'Refund a payment with the refunds endpoint',
		'Capture a payment after authorization',
		'Webhooks deliver events and retry failed deliveries',
		'Refund policy: refund refund, a long page about many other unrelated topics such as invoices taxes currencies settlements payouts disputes',
		'Payment methods: cards and bank debits for every payment',
	];
	const index = new Bm25Index(corpus);

	it('tokenizes: lowercase words and numbers, no stop words, plurals folded', () => {
		assert.deepEqual(tokenize('How do I refund the Payments? Retries, HTTP 429 & the `whsec_` key'), [
			'refund',
			'payment',
			'retry',
			'http',
			'429',
			'whsec',
			'key',
		]);
	});

	it('ranks in the expected order: term frequency saturates and long documents are normalised', () => {
		assert.deepEqual(
			index.search('How do I refund a payment?', 10).map(h => h.index),
			[0, 3, 4, 1],
		);
		assert.deepEqual(
			index.search('retries', 10).map(h => h.index),
			[2],
		);
		assert.deepEqual(index.search('the and of', 10), [], 'only stop words: nothing');
		assert.deepEqual(
			index.search('refund payment', 2).map(h => h.index),
			[0, 3],
			'limit',
		);
		assert.deepEqual(
			index.search('refund payment', 10, i => i !== 0).map(h => h.index),
			[3, 4, 1],
			'filter',
		);
	});

	it('computes the Okapi BM25 score (k1 1.2, b 0.75)', () => {
		// Document 0 has 4 terms (refund ×2, payment, endpoint); the average is 35/5 = 7 terms.
		const idf = (n: number) => Math.log(1 + (5 - n + 0.5) / (n + 0.5));
		const norm = 1.2 * (1 - 0.75 + (0.75 * 4) / 7);
		const expected = (idf(2) * (2 * 2.2)) / (2 + norm) + (idf(3) * (1 * 2.2)) / (1 + norm);
		assert.ok(Math.abs(index.score('refund payment', 0) - expected) < 1e-12);
		assert.ok(Math.abs(expected - 2.0223394607923) < 1e-9);
	});
});

describe('stand-in assistant: sections, navigation, answers', () => {
	const page = [
		'---',
		'title: "Webhooks"',
		'---',
		'',
		'Intro with `code` and a [link](/x).',
		'',
		'## Set up an endpoint',
		'',
		'<Steps>',
		'  <Step title="Create a route">',
		'    Accept `POST` requests.',
		'',
		'    ```js',
		'    app.post("/hook")',
		'    ```',
		'  </Step>',
		'</Steps>',
		'',
		'### Set up an endpoint',
		'',
		'Second heading with the same text.',
		'',
		'#### Deep heading',
		'',
		'Stays in its section.',
	].join('\n');

	it('cuts a page at headings 1-3, with the anchors the platform renders (a repeat is -2), component titles and code', () => {
		const sections = pageSections('guides/webhooks', page);
		assert.deepEqual(
			sections.map(s => [s.pagePath, s.heading, s.anchor ?? null]),
			[
				['/guides/webhooks', 'Webhooks', null],
				['/guides/webhooks', 'Set up an endpoint', 'set-up-an-endpoint'],
				['/guides/webhooks', 'Set up an endpoint', 'set-up-an-endpoint-2'],
			],
		);
		assert.deepEqual(sections[0].paragraphs, ['Intro with `code` and a link.']);
		assert.deepEqual(sections[1].paragraphs, ['Create a route:', 'Accept `POST` requests.']);
		assert.deepEqual(sections[1].code, ['app.post("/hook")']);
		assert.deepEqual(sections[2].paragraphs, ['Second heading with the same text.', 'Deep heading', 'Stays in its section.']);
		assert.equal(pageSections('index', '# Home\n\nWelcome')[0].pagePath, '/');
		const broken = pageSections('bad', '## Title\n\n<Open {\n\ntext after', true);
		assert.ok(broken.length >= 1, 'an MDX syntax error still gives sections');
	});

	const section = (page: string, text: string): DocSection => ({ pagePath: `/${page}`, page, pageTitle: page, heading: page, paragraphs: [text], code: [] });
	const versioned = {
		name: 'Versioned',
		navigation: {
			versions: [
				{ version: 'v1', languages: [{ language: 'en', groups: [{ group: 'G', pages: ['v1/en/refunds', 'GET /refunds'] }] }] },
				{ version: 'v2', tabs: [{ tab: 'T', groups: [{ group: 'G', pages: ['v2/refunds', { group: 'Nested', pages: ['v2/deep'] }] }] }] },
			],
		},
	};

	it('knows which pages belong to which version and language', () => {
		const { versions, languages } = navigationPartitions(versioned);
		assert.deepEqual(
			[...versions].map(([v, pages]) => [v, [...pages]]),
			[
				['v1', ['v1/en/refunds']],
				['v2', ['v2/refunds', 'v2/deep']],
			],
		);
		assert.deepEqual(
			[...languages].map(([l, pages]) => [l, [...pages]]),
			[['en', ['v1/en/refunds']]],
		);
	});

	it('honours filter.version and filter.language when the site has them, and ignores them when not', () => {
		const docs = createAssistantDocs([section('v1/en/refunds', 'refund v1'), section('v2/refunds', 'refund v2'), section('v2/deep', 'refund deep')], versioned);
		const pages = (filter?: object) =>
			retrieve(docs, 'refund', 5, filter)
				.map(h => h.section.page)
				.sort();
		assert.deepEqual(pages(), ['v1/en/refunds', 'v2/deep', 'v2/refunds']);
		assert.deepEqual(pages({ version: 'v2' }), ['v2/deep', 'v2/refunds']);
		assert.deepEqual(pages({ version: 'v1', language: 'en' }), ['v1/en/refunds']);
		assert.deepEqual(pages({ version: 'v2', language: 'en' }), []);
		assert.deepEqual(pages({ version: 'v9' }), []);
		const flat = createAssistantDocs([section('a', 'refund')], { navigation: { pages: ['a'] } });
		assert.equal(retrieve(flat, 'refund', 5, { version: 'v2', language: 'fr' }).length, 1);
	});

	it('answers by quoting the best sections under links to them, or says the docs do not cover it', () => {
		const docs = createAssistantDocs(pageSections('guides/webhooks', page), { name: 'Acme' });
		const hits = retrieve(docs, 'create a route for POST requests', 5);
		const answer = composeAnswer(docs, 'create a route for POST requests', hits);
		assert.match(answer, /\*\*\[Webhooks › Set up an endpoint\]\(\/guides\/webhooks#set-up-an-endpoint\)\*\*\n\n> Create a route: Accept `POST` requests\./);
		assert.match(answer, /Sources: \[Webhooks\]\(\/guides\/webhooks\)$/);
		assert.deepEqual(searchResultItems(hits.slice(0, 1)), [
			{
				path: '/guides/webhooks#set-up-an-endpoint',
				content: '## Set up an endpoint\n\nCreate a route:\n\nAccept `POST` requests.\n\n```\napp.post("/hook")\n```',
				metadata: { title: 'Webhooks' },
			},
		]);
		assert.equal(
			composeAnswer(docs, 'weather on mars', []),
			"I couldn't find anything about “weather on mars” in the Acme documentation, so I can't answer this from the docs. Try asking with the words the docs use, or ask about another topic.",
		);
	});

	it('parses the stream faults', () => {
		assert.deepEqual(
			['stream-cut', 'stream-error', 'stream-hang', 'stream-garbage', 'stream-slow', 'stream-slow:50', 'stream-big:2', 'stream-tiny:300'].map(parseFault),
			[
				{ kind: 'stream-cut' },
				{ kind: 'stream-error' },
				{ kind: 'stream-hang' },
				{ kind: 'stream-garbage' },
				{ kind: 'stream-slow', ms: 200 },
				{ kind: 'stream-slow', ms: 50 },
				{ kind: 'stream-big', megabytes: 2 },
				{ kind: 'stream-tiny', parts: 300 },
			],
		);
		assert.equal(parseFault('stream-tiny:0'), undefined);
		assert.equal(parseFault('stream-nope'), undefined);
	});
});

describe('stand-in assistant endpoint (in process)', function () {
	this.timeout(30_000);
	let docs: AssistantDocs;
	let standIn: ApiStandIn;
	let url: string;
	before(async () => {
		docs = loadAssistantDocs(acme);
		standIn = createApiStandIn({
			projectId: 'demo',
			adminKey: 'mint_demo_admin_key',
			assistantDomain: 'demo',
			assistantKey,
			feedback: [],
			assistantDocs: docs,
			updateStatuses: new UpdateStatusStore({ projectId: 'demo', subdomain: 'demo', anchor: new Date('2026-01-15T12:00:00Z'), liveSeconds: 10 }),
		});
		url = `http://127.0.0.1:${await standIn.listen(0)}`;
	});
	after(() => standIn.close());

	const endpoint = (domain = 'demo', fault?: string) => `${url}/discovery/v1/assistant/${domain}/message${fault ? `?__fault=${fault}` : ''}`;
	const post = (body: unknown, { key = assistantKey, domain = 'demo' } = {}) =>
		fetch(endpoint(domain), {
			method: 'POST',
			headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
			body: typeof body === 'string' ? body : JSON.stringify(body),
		});
	const valid = {
		fp: 'anonymous',
		messages: [{ id: 'u1', role: 'user', content: 'How do I paginate?', parts: [{ type: 'text', text: 'How do I paginate?' }] }],
	};
	const ask = async (question: string, extra: Partial<AskAssistantOptions> = {}, fault?: string) => {
		const events: AssistantEvent[] = [];
		// The v1 data stream's details (v4 garbage, tool steps); the v2 stream: test/api/aiSdkV5Compat.test.ts, assistantVersion.test.ts.
		const options: AskAssistantOptions = {
			baseUrl: url,
			domain: 'demo',
			getAssistantKey: () => assistantKey,
			fp: 'anonymous',
			messages: [createMessage('user', question)],
			apiVersion: 'v1',
			...extra,
		};
		const fetchWithFault: typeof fetch = (input, init) =>
			fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...(fault ? { 'x-mintdoc-fault': fault } : {}) } });
		for await (const event of askAssistant({ ...options, fetch: fetchWithFault })) events.push(event);
		return events;
	};
	const text = (events: AssistantEvent[]) => events.map(e => (e.type === 'text' ? e.text : '')).join('');

	it('checks the request: 400 for a bad body, 404 for another domain, 401 for another key', async () => {
		const cases: [unknown, RegExp][] = [
			['not json', /must be JSON/],
			[[], /JSON object/],
			[{ messages: valid.messages }, /fp is required/],
			[{ fp: 'a', messages: [] }, /non-empty array/],
			[{ fp: 'a', messages: [{ role: 'user', content: 'x', parts: [] }] }, /messages\[0\] needs id, role, content and parts/],
			[{ ...valid, messages: [{ ...valid.messages[0], role: 'assistant' }] }, /last message must have role "user"/],
			[{ ...valid, retrievalPageSize: 0 }, /retrievalPageSize/],
			[{ ...valid, filter: 'v2' }, /filter must be an object/],
			[{ ...valid, context: [{ type: 'image', value: 'x' }] }, /context\[0\]/],
			[{ ...valid, threadId: 42 }, /threadId must be a string/],
		];
		for (const [body, message] of cases) {
			const response = await post(body);
			assert.equal(response.status, 400, JSON.stringify(body));
			assert.match(((await response.json()) as { message: string }).message, message);
		}
		assert.equal((await post(valid, { domain: 'other' })).status, 404);
		assert.equal((await post(valid, { key: 'mint_dsc_wrong' })).status, 401);
	});

	it('creates a thread (x-thread-id + x-thread-key), keeps it with the key, 404 with a wrong or no key, forgets it on /__reset', async () => {
		const first = await post(valid);
		assert.equal(first.status, 200);
		assert.equal(first.headers.get('content-type'), 'text/plain; charset=utf-8');
		assert.equal(first.headers.get('x-vercel-ai-data-stream'), 'v1');
		const threadId = first.headers.get('x-thread-id')!;
		const threadKey = first.headers.get('x-thread-key')!;
		assert.match(threadId, /^thread_/);
		assert.ok(threadKey);
		const body = await first.text();
		assert.ok(body.includes(`2:[{"type":"finish","threadId":"${threadId}"}]\nd:{"finishReason":"stop"`), 'finish data item before d:');
		assert.ok(body.endsWith('}\n'));

		const again = await post({ ...valid, threadId, threadKey });
		assert.equal(again.status, 200);
		assert.equal(again.headers.get('x-thread-id'), threadId);
		assert.equal(again.headers.get('x-thread-key'), null, 'the key is issued once');
		await again.text();
		assert.equal((await post({ ...valid, threadId, threadKey: 'wrong' })).status, 404);
		assert.equal((await post({ ...valid, threadId })).status, 404);
		assert.equal((await post({ ...valid, threadId: 'thread_unknown', threadKey })).status, 404);
		await fetch(`${url}/__reset`, { method: 'POST' });
		assert.equal((await post({ ...valid, threadId, threadKey })).status, 404);
	});

	it('answers a question the docs cover with a search step, cited sections and quoted text', async () => {
		const events = await ask('How do I paginate through a list?', { retrievalPageSize: 4 });
		const call = events.find(e => e.type === 'toolCall');
		assert.deepEqual(call && call.type === 'toolCall' && [call.toolName, call.args], ['search', { query: 'How do I paginate through a list?' }]);
		const result = events.find(e => e.type === 'toolResult');
		assert.equal(result?.type === 'toolResult' && (result.result as unknown[]).length, 4);
		assert.ok(events.some(e => e.type === 'source' && e.source.path === 'guides/pagination'));
		assert.match(text(events), /\]\(\/guides\/pagination(#[a-z-]+)?\)/);
		assert.equal(events.at(-1)!.type, 'finish');
	});

	it('says so when the docs do not cover it, after a markNotFound step', async () => {
		const events = await ask('Who won the football world cup in 1954?');
		assert.deepEqual(
			events.filter(e => e.type === 'toolCall').map(e => e.type === 'toolCall' && e.toolName),
			['search', 'markNotFound'],
		);
		assert.equal(events.filter(e => e.type === 'source').length, 0);
		assert.match(text(events), /^I couldn't find anything about “Who won the football world cup in 1954\?” in the Acme Payments documentation/);
	});

	it('stream faults: cut, error, garbage, tiny parts, big answer, html, hang', async () => {
		const cut = await ask('idempotency keys', {}, 'stream-cut');
		assert.ok(text(cut).length > 0);
		assert.deepEqual(cut.at(-1), { type: 'incomplete', reason: 'cut', message: 'The answer stopped before it was finished (the stream ended early).' });

		const failed = await ask('idempotency keys', {}, 'stream-error');
		assert.ok(text(failed).length > 0);
		assert.deepEqual(failed.at(-1), { type: 'error', message: 'An error occurred.' });

		const skipped: SkippedLine[] = [];
		const garbage = await ask('idempotency keys', { onSkipped: s => skipped.push(s) }, 'stream-garbage');
		assert.equal(garbage.at(-1)!.type, 'finish');
		assert.match(text(garbage), / \[CRLF line\] \[bad bytes: \uFFFD\uFFFD\uFFFD\]/);
		assert.deepEqual(
			skipped.map(s => s.reason),
			["unknown code 'z'", 'invalid JSON', 'no separator', 'SSE line in a data stream', "unknown code '1'", "unexpected value for code '9'"],
		);

		const tiny = await ask('idempotency keys', {}, 'stream-tiny:3000');
		assert.equal(tiny.filter(e => e.type === 'text').length, 3000);

		const big = await ask('idempotency keys', {}, 'stream-big:1');
		assert.ok(text(big).length >= 1024 * 1024 * 0.95 && big.at(-1)!.type === 'finish');

		await assert.rejects(ask('x', {}, 'html'), (e: ApiError) => e.kind === 'badResponse');

		const started = Date.now();
		const hung = await ask('idempotency keys', { idleTimeoutMs: 300 }, 'stream-hang');
		assert.equal((hung.at(-1) as { reason?: string }).reason, 'idle');
		assert.ok(Date.now() - started < 5000);
	});

	it('writes the stream in slices that split lines (and characters) without changing what a parser reads', async () => {
		const response = await post({ ...valid, messages: [{ id: 'u', role: 'user', content: 'refunds', parts: [{ type: 'text', text: 'refunds' }] }] });
		const sizes: number[] = [];
		const events: AssistantEvent[] = [];
		const reader = response.body!.getReader();
		const body = (async function* () {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) return;
				sizes.push(value.byteLength);
				yield value;
			}
		})();
		for await (const event of parseDataStream(body, { headers: response.headers })) events.push(event);
		assert.ok(sizes.length > 10, `${sizes.length} reads`);
		assert.equal(events.at(-1)!.type, 'finish');
		assert.match(text(events), /\(\/concepts\/payments\/refunds/);
	});
});
