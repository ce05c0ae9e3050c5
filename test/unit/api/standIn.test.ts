import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { createDocsApiClient } from '../../../client/src/platform/api/docsApiClient';
import { ApiError } from '../../../client/src/platform/api/errors';
import type { FeedbackFilters } from '../../../client/src/platform/api/types';
import { builtinPages, codeBlocksOf, generateFeedback, scanDocs, type StandInFeedback } from '../../../platformApiStandIn/feedbackData';
import { feedbackPage, parseFeedbackQuery, type FeedbackQuery } from '../../../platformApiStandIn/feedbackRoute';
import { createApiStandIn, type ApiStandIn } from '../../../platformApiStandIn/standIn';
import { UpdateStatusStore } from '../../../platformApiStandIn/updateStatusData';

const anchor = new Date('2026-01-15T12:00:00Z');
const adminKey = 'mint_demo_admin_key';
const acme = path.resolve(__dirname, '../../../examples/acme');

/** The stand-in in this process on a free port, with the example site's data. */
async function startStandIn(): Promise<{ standIn: ApiStandIn; url: string; data: ReturnType<typeof generateFeedback> }> {
	const data = generateFeedback(scanDocs(acme), anchor);
	const standIn = createApiStandIn({
		projectId: 'demo',
		adminKey,
		assistantDomain: 'demo',
		assistantKey: 'mint_dsc_demo_key',
		feedback: data,
		updateStatuses: new UpdateStatusStore({ projectId: 'demo', subdomain: 'demo', anchor, liveSeconds: 10 }),
	});
	const port = await standIn.listen(0);
	return { standIn, url: `http://127.0.0.1:${port}`, data };
}

/** What the stand-in should return for `filters`, computed from the data set directly. */
function expected(data: readonly StandInFeedback[], f: FeedbackFilters): string[] {
	const day = (d: string) => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d}T00:00:00Z` : d);
	return data
		.filter(
			e =>
				(!f.source || e.source === f.source) &&
				(!f.statuses?.length || f.statuses.includes(e.status)) &&
				(!f.dateFrom || Date.parse(e.createdAt) >= day(f.dateFrom)) &&
				(!f.dateTo || Date.parse(e.createdAt) < day(f.dateTo)),
		)
		.map(e => e.id);
}

describe('API stand-in with the client (in process)', () => {
	let server: Awaited<ReturnType<typeof startStandIn>>;
	const client = () => createDocsApiClient({ baseUrl: server.url, getApiKey: () => adminKey });
	before(async () => (server = await startStandIn()));
	after(() => server.standIn.close());

	it('serves a deterministic data set: hundreds of entries, every source, status and field group', () => {
		const again = generateFeedback(scanDocs(acme), anchor);
		assert.deepEqual(again, server.data);
		assert.equal(server.data.length, 300);
		const count = (pick: (e: StandInFeedback) => boolean) => server.data.filter(pick).length;
		for (const source of ['contextual', 'code_snippet', 'agent']) assert.ok(count(e => e.source === source) > 30, source);
		for (const status of ['pending', 'in_progress', 'resolved', 'dismissed']) assert.ok(count(e => e.status === status) > 10, status);
		assert.ok(server.data.filter(e => e.source === 'contextual').every(e => typeof e.helpful === 'boolean'));
		assert.ok(count(e => typeof e.contact === 'string') > 10);
		assert.ok(server.data.filter(e => e.source === 'code_snippet').every(e => e.code && e.lang));
		const pages = new Set(scanDocs(acme).map(p => p.path));
		assert.ok(
			server.data.every(e => pages.has(e.path)),
			'every path is a page of the example site',
		);
	});

	for (const [name, filters] of [
		['no filter', {}],
		['source code_snippet', { source: 'code_snippet' }],
		['statuses pending,dismissed', { statuses: ['pending', 'dismissed'] }],
		['a date range (dateTo exclusive)', { dateFrom: '2025-12-01', dateTo: '2026-01-01' }],
		['everything at once, page size 7', { source: 'contextual', statuses: ['resolved'], dateFrom: '2025-11-01T00:00:00Z', limit: 7 }],
	] as [string, FeedbackFilters][]) {
		it(`walks every page for ${name} and gets exactly the filtered set, in order`, async () => {
			const ids: string[] = [];
			let pages = 0;
			let last;
			for await (const page of client().feedbackPages('demo', filters)) {
				ids.push(...page.feedback.map(e => e.id));
				pages++;
				last = page;
			}
			const want = expected(server.data, filters);
			assert.ok(want.length > 0, 'the case selects something');
			assert.deepEqual(ids, want);
			assert.equal(pages, Math.max(1, Math.ceil(want.length / (filters.limit ?? 50))));
			assert.deepEqual([last?.nextCursor, last?.hasMore], [null, false]);
		});
	}

	it('keeps pages consistent while walks run concurrently', async () => {
		const walk = async () => {
			const ids: string[] = [];
			for await (const page of client().feedbackPages('demo', { limit: 9 })) ids.push(...page.feedback.map(e => e.id));
			return ids;
		};
		const [a, b, c] = await Promise.all([walk(), walk(), walk()]);
		assert.deepEqual(a, expected(server.data, {}));
		assert.deepEqual(b, a);
		assert.deepEqual(c, a);
	});

	it('answers bad parameters with 400 and a JSON error naming the parameter', async () => {
		for (const [query, message] of [
			['limit=0', /limit must be a whole number from 1 to 100, got '0'/],
			['limit=abc', /limit must be/],
			['dateFrom=15/01/2026', /dateFrom must be an ISO 8601 date or YYYY-MM-DD/],
			['status=open', /status must be a comma-separated list/],
			['source=email', /source must be one of/],
			['cursor=not-a-cursor', /cursor is not a cursor this server issued/],
		] as const) {
			const response = await fetch(`${server.url}/api/external/v1/analytics/demo/feedback?${query}`, { headers: { authorization: `Bearer ${adminKey}` } });
			assert.equal(response.status, 400, query);
			const body = (await response.json()) as { error: string; message: string };
			assert.equal(body.error, 'invalid_parameter');
			assert.match(body.message, message);
		}
	});

	it('checks the key: 401 for a wrong or missing one, 403 for the assistant key', async () => {
		const wrong = await fetch(`${server.url}/v1/project/update-status/demo-success`, { headers: { authorization: 'Bearer mint_wrong' } });
		assert.deepEqual([wrong.status, await wrong.json()], [401, { error: 'invalid_api_key', message: 'Invalid API key' }]);
		assert.equal((await fetch(`${server.url}/v1/project/update-status/demo-success`)).status, 401);
		const assistant = createDocsApiClient({ baseUrl: server.url, getApiKey: () => 'mint_dsc_demo_key' });
		await assert.rejects(assistant.listFeedback('demo'), (e: ApiError) => e.kind === 'forbidden');
	});

	it('404s unknown status ids (slashes included) and projects, through the client', async () => {
		await assert.rejects(client().getUpdateStatus('no/such'), (e: ApiError) => e.kind === 'notFound' && /unknown update status id 'no\/such'/i.test(e.message));
		await assert.rejects(client().listFeedback('other'), (e: ApiError) => e.kind === 'notFound' && /project id 'other'/.test(e.message));
	});

	it('injects faults by header and by queue, and records requests without their keys', async () => {
		server.standIn.faults.add('429:12', 1, '/v1/analytics/');
		await assert.rejects(client().listFeedback('demo'), (e: ApiError) => e.kind === 'rateLimited' && e.retryAfter === 12);
		assert.equal((await client().listFeedback('demo')).feedback.length, 50, 'a queued fault is used up');
		const fault = (spec: string) =>
			fetch(`${server.url}/v1/project/update-status/demo-success?__fault=${spec}`, { headers: { authorization: `Bearer ${adminKey}` } });
		assert.equal((await fault('503')).status, 503);
		assert.equal((await (await fault('malformed')).text()).endsWith('<<not json'), true);
		await assert.rejects(fault('drop'));
		assert.equal((await fault('nonsense')).status, 400);
		const recorded = JSON.stringify(server.standIn.requests);
		assert.ok(!recorded.includes(adminKey) && recorded.includes('"fault":"503"'));
	});

	it('serves the assistant endpoint (details in assistantStandIn.test.ts): the assistant key only, 400 for a bad body', async () => {
		const post = (key: string) =>
			fetch(`${server.url}/discovery/v1/assistant/demo/message`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: '{}' });
		assert.equal((await post('mint_dsc_demo_key')).status, 400);
		assert.equal((await post(adminKey)).status, 401);
	});
});

describe('API stand-in data', () => {
	it('moves demo-live from queued through in_progress (growing logs) to success', () => {
		const store = new UpdateStatusStore({ projectId: 'demo', subdomain: 'demo', anchor, liveSeconds: 10 });
		const t0 = 1_000_000;
		const at = (s: number) => store.get('demo-live', t0 + s * 1000)!;
		assert.equal(at(0).status, 'queued');
		const early = at(3);
		const late = at(9);
		assert.deepEqual([early.status, late.status], ['in_progress', 'in_progress']);
		assert.ok(late.logs.length > early.logs.length && early.logs.length > 1);
		const done = at(10);
		assert.equal(done.status, 'success');
		assert.equal(done.endedAt, new Date(t0 + 10_000).toISOString());
		assert.ok(typeof done.screenshot === 'string');
		store.reset();
		assert.equal(store.get('demo-live', t0 + 60_000)!.status, 'queued');
		assert.deepEqual([store.get('demo-success')!.status, store.get('demo-failure')!.status, store.get('nope')], ['success', 'failure', undefined]);
	});

	it('includes dateFrom and excludes dateTo, to the millisecond', () => {
		const at = (id: string, createdAt: string) => ({ id, path: '/', comment: '', createdAt, source: 'contextual', status: 'pending' });
		const entries = [
			at('c', '2026-01-02T00:00:00.000Z'),
			at('b', '2026-01-01T23:59:59.999Z'),
			at('a', '2026-01-01T00:00:00.000Z'),
			at('z', '2025-12-31T23:59:59.999Z'),
		];
		const query = parseFeedbackQuery(new URLSearchParams('dateFrom=2026-01-01&dateTo=2026-01-02')) as FeedbackQuery;
		assert.deepEqual(
			feedbackPage(entries, query).feedback.map(e => e.id),
			['b', 'a'],
		);
	});

	it('reads fenced code blocks with their language and title, dedented', () => {
		const text = 'Intro\n\n    ```javascript index.js {2}\n    const a = 1;\n      nested();\n    ```\n\n```bash\nnpm i\n```\n';
		assert.deepEqual(codeBlocksOf(text), [
			{ code: 'const a = 1;\n  nested();', lang: 'javascript', filename: 'index.js' },
			{ code: 'npm i', lang: 'bash' },
		]);
	});

	it('falls back to the built-in page list of the example site', () => {
		const data = generateFeedback(builtinPages, anchor, 40);
		assert.equal(data.length, 40);
		assert.ok(data.every(e => builtinPages.some(p => p.path === e.path)));
	});
});
