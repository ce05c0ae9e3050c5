import * as assert from 'node:assert/strict';
import { createDocsApiClient, feedbackQuery, type DocsApiClient } from '../../../client/src/platform/api/docsApiClient';
import { ApiError } from '../../../client/src/platform/api/errors';
import type { FeedbackPage } from '../../../client/src/platform/api/types';
import { apiError, json, startScriptedServer } from './scriptedServer';

const key = 'mint_test_admin_key_123456';

describe('docs API client: requests and responses', () => {
	let server: Awaited<ReturnType<typeof startScriptedServer>>;
	let client: DocsApiClient;
	afterEach(() => server.close());

	async function serve(script: Parameters<typeof startScriptedServer>[0]) {
		server = await startScriptedServer(script);
		client = createDocsApiClient({ baseUrl: server.url, getApiKey: () => key, retryDelayMs: 1 });
	}

	it('gets an update status with the bearer key and keeps every field, unknown ones too', async () => {
		const body = {
			_id: 'abc',
			projectId: 'p1',
			createdAt: '2026-01-01T00:00:00Z',
			endedAt: '2026-01-01T00:02:00Z',
			status: 'rolling_back',
			summary: 'Rolling back',
			logs: ['one', 2, 'two'],
			subdomain: 'acme',
			screenshot: 's',
			screenshotLight: 'l',
			screenshotDark: 'd',
			author: 'Ann',
			source: 'cli',
			commit: { sha: 'f00', ref: 'main', message: 'msg', filesChanged: { added: ['a.mdx'], modified: ['docs.json'], removed: [] }, signed: true },
			region: 'eu',
		};
		await serve((_req, res) => json(res, 200, body));
		const status = await client.getUpdateStatus('abc');
		assert.equal(server.seen[0].url, '/v1/project/update-status/abc');
		assert.equal(server.seen[0].authorization, `Bearer ${key}`);
		assert.deepEqual(status, { ...body, author: { name: 'Ann' }, logs: ['one', 'two'] });
		assert.equal(status.status, 'rolling_back');
		assert.equal(status.region, 'eu');
	});

	it('encodes ids so a slash stays inside the path segment', async () => {
		await serve((_req, res) => json(res, 404, { message: 'nope' }));
		const error = await apiError(client.getUpdateStatus('a/b?c'));
		assert.equal(server.seen[0].url, '/v1/project/update-status/a%2Fb%3Fc');
		assert.equal(error.kind, 'notFound');
		assert.match(error.message, /^Unknown update status id 'a\/b\?c'/);
	});

	it('lists feedback with the documented query parameters and keeps unknown sources and fields', async () => {
		const page = {
			feedback: [
				{ id: '1', path: '/a', comment: 'c', createdAt: '2026-01-02T00:00:00Z', source: 'agent', status: 'pending', threadId: 't1' },
				{
					id: '2',
					path: '/b',
					comment: 'd',
					createdAt: '2026-01-01T00:00:00Z',
					source: 'code_snippet',
					status: 'escalated',
					code: 'x()',
					filename: 'a.js',
					lang: 'js',
				},
				{ path: '/no-id' },
			],
			nextCursor: 'c2',
			hasMore: true,
		};
		await serve((_req, res) => json(res, 200, page));
		const result = await client.listFeedback(
			'proj 1',
			{ dateFrom: '2026-01-01', dateTo: '2026-02-01T00:00:00Z', source: 'code_snippet', statuses: ['pending', 'resolved'], limit: 20 },
			'cur',
		);
		const url = new URL(server.seen[0].url, 'http://x');
		assert.equal(url.pathname, '/v1/analytics/proj%201/feedback');
		assert.deepEqual(Object.fromEntries(url.searchParams), {
			dateFrom: '2026-01-01',
			dateTo: '2026-02-01T00:00:00Z',
			source: 'code_snippet',
			status: 'pending,resolved',
			limit: '20',
			cursor: 'cur',
		});
		assert.deepEqual(
			result.feedback.map(e => [e.id, e.source, e.status]),
			[
				['1', 'agent', 'pending'],
				['2', 'code_snippet', 'escalated'],
			],
		);
		assert.equal(result.feedback[0].threadId, 't1');
		assert.deepEqual([result.nextCursor, result.hasMore], ['c2', true]);
	});

	it('sends no query parameters for empty filters', async () => {
		await serve((_req, res) => json(res, 200, { feedback: [], nextCursor: null, hasMore: false }));
		await client.listFeedback('p', {});
		assert.equal(server.seen[0].url, '/v1/analytics/p/feedback');
	});

	it('walks every page with the async iterator, passing each nextCursor', async () => {
		const pages: FeedbackPage[] = [1, 2, 3].map(n => ({
			feedback: [{ id: `e${n}`, path: '/', comment: '', createdAt: '', source: 'contextual', status: 'pending' }],
			nextCursor: n < 3 ? `c${n}` : null,
			hasMore: n < 3,
		}));
		await serve((req, res) => {
			const cursor = new URL(req.url ?? '', 'http://x').searchParams.get('cursor');
			json(res, 200, pages[cursor ? Number(cursor.slice(1)) : 0]);
		});
		const seen: string[] = [];
		for await (const page of client.feedbackPages('p', { limit: 1 })) seen.push(...page.feedback.map(e => e.id));
		assert.deepEqual(seen, ['e1', 'e2', 'e3']);
		assert.deepEqual(
			server.seen.map(r => new URL(r.url, 'http://x').searchParams.get('cursor')),
			[null, 'c1', 'c2'],
		);
	});

	it('stops a pagination loop (the same cursor twice) with a clear error after the pages it got', async () => {
		await serve((_req, res) =>
			json(res, 200, {
				feedback: [{ id: 'x', path: '/', comment: '', createdAt: '', source: 'contextual', status: 'pending' }],
				nextCursor: 'same',
				hasMore: true,
			}),
		);
		let pages = 0;
		const error = await apiError(
			(async () => {
				for await (const _ of client.feedbackPages('p')) pages++;
			})(),
		);
		assert.equal(pages, 2);
		assert.equal(error.kind, 'badResponse');
		assert.match(error.message, /same cursor twice/);
	});

	it('refuses "hasMore" without a cursor instead of stopping silently', async () => {
		await serve((_req, res) => json(res, 200, { feedback: [], nextCursor: null, hasMore: true }));
		const error = await apiError(
			(async () => {
				for await (const _ of client.feedbackPages('p')) {
					/* drain */
				}
			})(),
		);
		assert.match(error.message, /more results but sent no cursor/);
	});

	it('checks filters and ids before sending anything', async () => {
		await serve((_req, res) => json(res, 200, {}));
		const cases: [Promise<unknown>, RegExp][] = [
			[client.listFeedback('p', { dateFrom: '01/02/2026' }), /dateFrom must be a date like 2024-01-31/],
			[client.listFeedback('p', { dateTo: '2026-13-45' }), /dateTo must be a date/],
			[client.listFeedback('p', { dateFrom: '2026-02-01', dateTo: '2026-01-01' }), /must be before dateTo/],
			[client.listFeedback('p', { dateFrom: '2026-01-01', dateTo: '2026-01-01' }), /dateTo itself is excluded/],
			[client.listFeedback('p', { limit: 0 }), /from 1 to 100, not 0/],
			[client.listFeedback('p', { limit: 101 }), /not 101/],
			[client.getUpdateStatus('x'.repeat(10_240)), /10240 characters long/],
			[client.getUpdateStatus('  '), /is empty/],
			[client.getUpdateStatus('a\nb'), /control characters/],
		];
		for (const [call, message] of cases) {
			const error = await apiError(call);
			assert.equal(error.kind, 'badRequest');
			assert.match(error.message, message);
		}
		assert.equal(server.seen.length, 0);
	});

	it('accepts the documented date forms', () => {
		for (const date of ['2024-01-01', '2024-01-01T10:00:00Z', '2024-01-01T10:00:00.123+02:00', '2024-01-01T10:00']) {
			assert.equal(feedbackQuery({ dateFrom: date }).dateFrom, date);
		}
	});
});

describe('docs API client: settings and keys', () => {
	it('asks for the key when none is stored, without a request', async () => {
		let calls = 0;
		const client = createDocsApiClient({
			baseUrl: 'https://api.example.com',
			getApiKey: async () => undefined,
			fetch: async () => (calls++, new Response('{}')),
		});
		const error = await apiError(client.getUpdateStatus('x'));
		assert.equal(error.kind, 'auth');
		assert.match(error.message, /set your admin API key \(MintDoc: Set Admin API Key\)/);
		assert.equal(calls, 0);
	});

	it('allows plain http only on loopback, and no credentials in the URL', async () => {
		let calls = 0;
		const fetch = async () => (calls++, new Response('{"status":"queued"}'));
		for (const baseUrl of ['http://api.example.com', 'ftp://127.0.0.1', 'not a url', 'https://user:pw@api.example.com']) {
			const error = await apiError(createDocsApiClient({ baseUrl, getApiKey: () => key, fetch }).getUpdateStatus('x'));
			assert.equal(error.kind, 'config', baseUrl);
			assert.match(error.message, /mintdoc\.api\.baseUrl/);
			assert.doesNotMatch(error.message, /pw/);
		}
		assert.equal(calls, 0);
		for (const baseUrl of ['http://127.0.0.1:9', 'http://localhost:9/', 'https://api.example.com/base']) {
			const status = await createDocsApiClient({ baseUrl, getApiKey: () => key, fetch }).getUpdateStatus('x');
			assert.equal(status.status, 'queued');
		}
	});

	it('joins the base URL path with the endpoint path', async () => {
		const urls: string[] = [];
		const fetch = async (url: string | URL | Request) => (urls.push(String(url)), new Response('{"status":"success"}'));
		await createDocsApiClient({ baseUrl: 'https://api.example.com/proxy/', getApiKey: () => key, fetch }).getUpdateStatus('x');
		assert.deepEqual(urls, ['https://api.example.com/proxy/v1/project/update-status/x']);
	});
});
