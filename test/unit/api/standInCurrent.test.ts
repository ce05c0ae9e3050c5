import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { generateFeedback, scanDocs } from '../../../platformApiStandIn/feedbackData';
import { createApiStandIn, type ApiStandIn } from '../../../platformApiStandIn/standIn';
import { UpdateStatusStore } from '../../../platformApiStandIn/updateStatusData';

const anchor = new Date('2026-01-15T12:00:00Z');
const admin = { authorization: 'Bearer mint_demo_admin_key' };
const assistant = { authorization: 'Bearer mint_dsc_demo_key' };
const acme = path.resolve(__dirname, '../../../examples/acme');

async function start(currentPaths: boolean, liveSeconds = 1): Promise<{ standIn: ApiStandIn; url: string; data: ReturnType<typeof generateFeedback> }> {
	const data = generateFeedback(scanDocs(acme), anchor);
	const standIn = createApiStandIn({
		projectId: 'demo',
		adminKey: 'mint_demo_admin_key',
		assistantDomain: 'demo',
		assistantKey: 'mint_dsc_demo_key',
		feedback: data,
		updateStatuses: new UpdateStatusStore({ projectId: 'demo', subdomain: 'demo', anchor, liveSeconds }),
		assistantDocsDir: acme,
		currentPaths,
	});
	return { standIn, url: `http://127.0.0.1:${await standIn.listen(0)}`, data };
}

async function call(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> {
	const response = await fetch(url, {
		method,
		headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
		body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

describe("API stand-in: the paths of the platform's current docs", () => {
	let server: Awaited<ReturnType<typeof start>>;
	before(async () => (server = await start(true)));
	after(() => server.standIn.close());

	it('serves feedback at /v1/analytics/{projectId}/feedback, every source incl. agent and thumbs_only, dateTo exclusive', async () => {
		const all = await call(`${server.url}/v1/analytics/demo/feedback?limit=100`, 'GET', admin);
		assert.equal(all.status, 200);
		assert.equal(all.body.feedback.length, 100);
		for (const source of ['agent', 'thumbs_only']) {
			const page = await call(`${server.url}/v1/analytics/demo/feedback?source=${source}&limit=100`, 'GET', admin);
			assert.equal(page.status, 200);
			assert.ok(page.body.feedback.length > 0, source);
			assert.ok(page.body.feedback.every((e: { source: string }) => e.source === source));
		}
		const votes = server.data.filter(e => e.source === 'thumbs_only');
		assert.ok(votes.every(e => e.comment === '' && typeof e.helpful === 'boolean'));
		// An entry exactly at dateTo is left out; at dateFrom it is kept.
		const at = server.data[10].createdAt;
		const upTo = await call(`${server.url}/v1/analytics/demo/feedback?dateTo=${encodeURIComponent(at)}&limit=100`, 'GET', admin);
		assert.ok(!upTo.body.feedback.some((e: { createdAt: string }) => e.createdAt === at));
		const from = await call(`${server.url}/v1/analytics/demo/feedback?dateFrom=${encodeURIComponent(at)}&limit=100`, 'GET', admin);
		assert.ok(from.body.feedback.some((e: { createdAt: string }) => e.createdAt === at));
	});

	it('serves the by-page aggregate, most feedback first, with the documented validation', async () => {
		const page = await call(`${server.url}/v1/analytics/demo/feedback/by-page?limit=5`, 'GET', admin);
		assert.equal(page.status, 200);
		assert.equal(page.body.feedback.length, 5);
		assert.equal(page.body.hasMore, true);
		const top = page.body.feedback[0];
		const entries = server.data.filter(e => e.path === top.path);
		assert.deepEqual(top, {
			path: top.path,
			total: entries.length,
			code: entries.filter(e => e.source === 'code_snippet').length,
			thumbsUp: entries.filter(e => e.helpful === true).length,
			thumbsDown: entries.filter(e => e.helpful === false).length,
		});
		const totals = page.body.feedback.map((r: { total: number }) => r.total);
		assert.deepEqual(
			totals,
			[...totals].sort((a, b) => b - a),
		);
		assert.equal((await call(`${server.url}/v1/analytics/demo/feedback/by-page?limit=0`, 'GET', admin)).status, 400);
		assert.equal((await call(`${server.url}/v1/analytics/demo/feedback/by-page?source=rumour`, 'GET', admin)).status, 400);
		assert.equal((await call(`${server.url}/v1/analytics/nope/feedback/by-page`, 'GET', admin)).status, 404);
		assert.equal((await call(`${server.url}/v1/analytics/demo/feedback/by-page`, 'GET', { authorization: 'Bearer wrong' })).status, 401);
		const limited = await call(`${server.url}/v1/analytics/demo/feedback/by-page?__fault=429:12`, 'GET', admin);
		assert.equal(limited.status, 429);
		assert.equal(limited.headers.get('retry-after'), '12');
	});

	it('searches the published docs (assistant key) with pageSize, scoreThreshold and filter checked', async () => {
		const hits = await call(`${server.url}/discovery/v1/search/demo`, 'POST', assistant, { query: 'verify webhook signatures', pageSize: 3 });
		assert.equal(hits.status, 200);
		assert.equal(hits.body.length, 3);
		assert.match(hits.body[0].path, /^\/guides\/webhook-signatures/);
		assert.ok(
			hits.body.every(
				(h: { content: string; metadata: { title: string; score: number } }) => h.content && h.metadata.title && h.metadata.score > 0 && h.metadata.score <= 1,
			),
		);
		const strict = await call(`${server.url}/discovery/v1/search/demo`, 'POST', assistant, { query: 'verify webhook signatures', scoreThreshold: 0.99 });
		assert.deepEqual(strict.body, []);
		for (const bad of [
			{},
			{ query: '' },
			{ query: 'x', pageSize: 51 },
			{ query: 'x', pageSize: 0 },
			{ query: 'x', scoreThreshold: 2 },
			{ query: 'x', filter: 'v1' },
		]) {
			assert.equal((await call(`${server.url}/discovery/v1/search/demo`, 'POST', assistant, bad)).status, 400, JSON.stringify(bad));
		}
		assert.equal((await call(`${server.url}/discovery/v1/search/demo`, 'POST', assistant, 'not json')).status, 400);
		assert.equal((await call(`${server.url}/discovery/v1/search/other`, 'POST', assistant, { query: 'x' })).status, 404);
		assert.equal((await call(`${server.url}/discovery/v1/search/demo`, 'POST', admin, { query: 'x' })).status, 401);
	});

	it("returns a published page's text by the path search gives, 404 for an unknown page", async () => {
		const page = await call(`${server.url}/discovery/v1/page/demo`, 'POST', assistant, { path: '/guides/webhook-signatures#verify-the-signature' });
		assert.equal(page.status, 200);
		assert.equal(page.body.path, '/guides/webhook-signatures');
		assert.match(page.body.content, /^# /);
		assert.ok(page.body.content.length > 200);
		assert.equal((await call(`${server.url}/discovery/v1/page/demo`, 'POST', assistant, { path: '/no/such/page' })).status, 404);
		assert.equal((await call(`${server.url}/discovery/v1/page/demo`, 'POST', assistant, {})).status, 400);
	});

	it('triggers an update and a preview deployment that go queued → in progress → success; previews name their URL', async () => {
		const update = await call(`${server.url}/v1/project/update/demo`, 'POST', admin);
		assert.equal(update.status, 202);
		assert.match(update.body.statusId, /^upd_/);
		const preview = await call(`${server.url}/v1/project/preview/demo`, 'POST', admin, { branch: 'feature/new-guide' });
		assert.equal(preview.status, 202);
		assert.equal(preview.body.previewUrl, 'https://feature-new-guide--demo.preview.mintdoc.example');
		const first = await call(`${server.url}/v1/project/update-status/${preview.body.statusId}`, 'GET', admin);
		assert.equal(first.body.status, 'queued');
		assert.equal(first.body.commit.ref, 'feature/new-guide');
		assert.equal(first.body.previewUrl, preview.body.previewUrl);
		const seen = new Set<string>([first.body.status]);
		const deadline = Date.now() + 30_000;
		let last = first.body;
		while (last.status !== 'success' && Date.now() < deadline) {
			await new Promise(resolve => setTimeout(resolve, 50));
			last = (await call(`${server.url}/v1/project/update-status/${preview.body.statusId}`, 'GET', admin)).body;
			seen.add(last.status);
		}
		assert.deepEqual([...seen], ['queued', 'in_progress', 'success']);
		for (const bad of [{}, { branch: '' }, { branch: 'has space' }, { branch: 'a..b' }]) {
			assert.equal((await call(`${server.url}/v1/project/preview/demo`, 'POST', admin, bad)).status, 400, JSON.stringify(bad));
		}
		assert.equal((await call(`${server.url}/v1/project/preview/nope`, 'POST', admin, { branch: 'x' })).status, 404);
		assert.equal((await call(`${server.url}/v1/project/update/demo`, 'POST', assistant)).status, 403);
		assert.equal((await call(`${server.url}/v1/project/update/demo`, 'POST', { authorization: 'Bearer nope' })).status, 401);
	});
});

describe('API stand-in started with the current paths turned off', () => {
	let server: Awaited<ReturnType<typeof start>>;
	before(async () => (server = await start(false)));
	after(() => server.standIn.close());

	it("answers 404 on every current path and keeps serving the spec's", async () => {
		assert.equal((await call(`${server.url}/v1/analytics/demo/feedback`, 'GET', admin)).status, 404);
		assert.equal((await call(`${server.url}/v1/analytics/demo/feedback/by-page`, 'GET', admin)).status, 404);
		assert.equal((await call(`${server.url}/discovery/v1/search/demo`, 'POST', assistant, { query: 'x' })).status, 404);
		assert.equal((await call(`${server.url}/discovery/v1/page/demo`, 'POST', assistant, { path: '/quickstart' })).status, 404);
		assert.equal((await call(`${server.url}/v1/project/preview/demo`, 'POST', admin, { branch: 'x' })).status, 404);
		assert.equal((await call(`${server.url}/discovery/v2/assistant/demo/message`, 'POST', assistant, { fp: 'a', messages: [] })).status, 404);
		assert.equal((await call(`${server.url}/api/external/v1/analytics/demo/feedback`, 'GET', admin)).status, 200);
		assert.equal((await call(`${server.url}/v1/project/update-status/demo-success`, 'GET', admin)).status, 200);
	});
});
