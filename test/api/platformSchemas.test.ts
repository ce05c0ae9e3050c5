import * as assert from 'node:assert/strict';
import { startApiServer, type ApiServerProcess } from '../helpers/apiServerProcess';
import { fillPath, loadPlatformOperations, type PlatformOperation } from '../helpers/platformOpenapi';

/**
 * Every JSON operation of the platform's three published OpenAPI documents (analytics, project,
 * discovery; test/fixtures/platform-openapi) is served by the built stand-in (`mintdoc
 * api-server`, as the demo runs it), and every answer it gives — successes, paging, errors — is
 * valid against the schema the document gives for that status. A status the document does not
 * list for the operation fails the test too.
 */

const adminKey = 'mint_demo_admin_key';
const assistantKey = 'mint_dsc_demo_key';
const params = { projectId: 'demo', domain: 'demo' };

/** Served, but as a stream (SSE / AI SDK data stream), not JSON: checked by test/api/aiSdk*Compat.test.ts. */
const streamed = ['POST /discovery/v1/assistant/{domain}/message', 'POST /discovery/v2/assistant/{domain}/message'];

interface Answer {
	readonly status: number;
	readonly body: any;
}
type Call = (request: {
	readonly path?: Record<string, string>;
	readonly query?: Record<string, string>;
	readonly body?: unknown;
	readonly key?: string;
}) => Promise<Answer>;

/** What each operation is asked; every answer is schema-checked by the caller. */
const cases: Record<string, (call: Call, server: ApiServerProcess) => Promise<void>> = {
	'GET /v1/analytics/{projectId}/feedback': async call => {
		const first = await call({ query: { limit: '20' } });
		assert.equal(first.status, 200);
		assert.equal(first.body.feedback.length, 20);
		const sources = new Set<string>();
		let cursor = first.body.nextCursor as string | null;
		for (let i = 0; cursor && i < 30; i++) {
			const next = await call({ query: { limit: '100', cursor } });
			next.body.feedback.forEach((e: { source: string }) => sources.add(e.source));
			cursor = next.body.nextCursor;
		}
		assert.deepEqual([...sources].sort(), ['agent', 'code_snippet', 'contextual', 'thumbs_only']);
		assert.equal((await call({ query: { source: 'code_snippet', status: 'pending,resolved' } })).status, 200);
		assert.equal((await call({ query: { dateFrom: 'yesterday' } })).status, 400);
		assert.equal((await call({ query: { limit: '101' } })).status, 400);
	},
	'GET /v1/analytics/{projectId}/feedback/by-page': async call => {
		const page = await call({ query: { limit: '3' } });
		assert.equal(page.body.feedback.length, 3);
		assert.equal(page.body.hasMore, true);
		assert.equal((await call({ query: { source: 'nope' } })).status, 400);
	},
	'GET /v1/analytics/{projectId}/assistant': async call => {
		const first = await call({ query: { limit: '5' } });
		assert.equal(first.body.conversations.length, 5);
		assert.equal(first.body.hasMore, true);
		const second = await call({ query: { limit: '5', cursor: first.body.nextCursor } });
		assert.ok(second.body.conversations.every((c: { id: string }) => c.id < first.body.nextCursor));
		const types = new Set((await call({ query: { limit: '1000' } })).body.conversations.map((c: { responseType: string }) => c.responseType));
		assert.deepEqual([...types].sort(), ['answer', 'clarifying_question']);
		assert.equal((await call({ query: { cursor: 'not-a-ulid' } })).status, 400);
		assert.equal((await call({ query: { limit: '0' } })).status, 400);
		assert.equal((await call({ query: { __fault: '500' } })).status, 500);
	},
	'GET /v1/analytics/{projectId}/assistant/threads/{threadId}': async (call, server) => {
		const list = (await (await fetch(`${server.url}/v1/analytics/demo/assistant?limit=50`, { headers: { authorization: `Bearer ${adminKey}` } })).json()) as {
			conversations: { id: string; conversationId: string }[];
		};
		const row = list.conversations.find(c => c.id !== c.conversationId) ?? list.conversations[0];
		const thread = await call({ path: { threadId: row.id } });
		assert.equal(thread.status, 200);
		assert.equal(thread.body.threadId, row.conversationId);
		assert.ok(thread.body.messages.length >= 2);
		assert.equal((await call({ path: { threadId: 'thr_1' } })).status, 400);
		assert.equal((await call({ path: { threadId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } })).status, 404);
	},
	'GET /v1/analytics/{projectId}/assistant/caller-stats': async call => {
		const all = await call({});
		assert.equal(all.body.total, all.body.web + all.body.api + all.body.other);
		assert.ok(all.body.web > 0 && all.body.api > 0);
		const none = await call({ query: { dateFrom: '2001-01-01', dateTo: '2001-01-02' } });
		assert.deepEqual(none.body, { web: 0, api: 0, other: 0, total: 0 });
		assert.equal((await call({ query: { dateFrom: '2026-02-02', dateTo: '2026-02-01' } })).status, 400);
	},
	'GET /v1/analytics/{projectId}/searches': async call => {
		const first = await call({ query: { limit: '10' } });
		assert.equal(first.body.searches.length, 10);
		assert.ok(first.body.nextCursor);
		const hits = first.body.searches.map((s: { hits: number }) => s.hits);
		assert.deepEqual(
			hits,
			[...hits].sort((a, b) => b - a),
		);
		const second = await call({ query: { limit: '100', cursor: first.body.nextCursor } });
		const all = [...first.body.searches, ...second.body.searches];
		assert.ok(
			all.some(s => s.topClickedPage === null && s.ctr === 0),
			'terms nobody clicked',
		);
		assert.equal(
			all.reduce((n, s) => n + s.hits, 0),
			first.body.totalSearches,
		);
		assert.equal((await call({ query: { cursor: first.body.nextCursor, dateFrom: '2026-01-01' } })).status, 400, 'a cursor of another range');
	},
	'GET /v1/analytics/{projectId}/views': async call => {
		const first = await call({ query: { limit: '5' } });
		assert.equal(first.body.views.length, 5);
		assert.equal(first.body.hasMore, true);
		const rest = await call({ query: { limit: '250', offset: '5' } });
		const rows = [...first.body.views, ...rest.body.views];
		assert.equal(
			rows.reduce((n, r) => n + r.total, 0),
			first.body.totals.total,
		);
		assert.ok(rows.every(r => r.total === r.human + r.ai));
		assert.equal((await call({ query: { limit: '251' } })).status, 400);
		assert.equal((await call({ query: { offset: '-1' } })).status, 400);
	},
	'GET /v1/analytics/{projectId}/visitors': async call => {
		const page = await call({ query: { limit: '250' } });
		assert.equal(page.body.hasMore, false);
		assert.ok(page.body.visitors.every((r: { human: number; ai: number; total: number }) => r.total <= r.human + r.ai && r.total >= Math.max(r.human, r.ai)));
		assert.equal((await call({ query: { limit: 'ten' } })).status, 400);
	},
	'POST /v1/project/update/{projectId}': async call => {
		const started = await call({});
		assert.equal(started.status, 202);
		assert.match(started.body.statusId, /^upd_/);
	},
	'GET /v1/project/update-status/{statusId}': async call => {
		for (const statusId of ['demo-success', 'demo-failure', 'demo-live']) {
			const status = await call({ path: { statusId } });
			assert.equal(status.status, 200);
		}
		const success = await call({ path: { statusId: 'demo-success' } });
		assert.deepEqual(Object.keys(success.body.author).sort(), ['avatarUrl', 'githubUserId', 'name']);
		assert.equal((await call({ path: { statusId: 'demo-live' } })).body.author, null);
	},
	'POST /v1/project/preview/{projectId}': async call => {
		const started = await call({ body: { branch: 'docs/new-page' } });
		assert.equal(started.status, 202);
		assert.match(started.body.previewUrl, /^https:\/\//);
		assert.equal((await call({ body: { branch: '' } })).status, 400);
		assert.equal((await call({ body: { branch: 'x' }, key: assistantKey })).status, 403);
	},
	'POST /v1/workflow/{projectId}/{workflowSchemaId}/trigger': async call => {
		const run = await call({ path: { workflowSchemaId: '66a1f0c2b7d4e3f8a6c1b2d0' } });
		assert.equal(run.status, 202);
		assert.equal(run.body.schemaId, '66a1f0c2b7d4e3f8a6c1b2d0');
		assert.ok(run.body.instanceId && run.body.jobId);
		assert.equal((await call({ path: { workflowSchemaId: 'weekly' } })).status, 400);
		assert.equal((await call({ path: { workflowSchemaId: '66a1f0c2b7d4e3f8a6c1b2d2' } })).status, 400, 'not active');
		assert.equal((await call({ path: { workflowSchemaId: '66a1f0c2b7d4e3f8a6c1b2d3' } })).status, 400, 'no custom schedule');
		assert.equal((await call({ path: { workflowSchemaId: 'ffffffffffffffffffffffff' } })).status, 404);
	},
	'POST /discovery/v1/search/{domain}': async call => {
		const results = await call({ body: { query: 'refund a payment', pageSize: 3 }, key: assistantKey });
		assert.equal(results.status, 200);
		assert.equal(results.body.length, 3);
	},
	'POST /discovery/v1/page/{domain}': async call => {
		const page = await call({ body: { path: '/quickstart' }, key: assistantKey });
		assert.equal(page.status, 200);
		assert.match(page.body.content, /^# /);
		assert.equal((await call({ body: { path: '/no/such/page' }, key: assistantKey })).status, 404);
	},
};

describe("the platform's published API, every JSON operation, served by the stand-in and valid against the platform's schemas", function () {
	this.timeout(120_000);
	const operations = loadPlatformOperations();
	let server: ApiServerProcess;
	const served: { operation: string; status: number }[] = [];
	before(async () => (server = await startApiServer(['--port', '0', '--docs', 'examples/acme', '--quiet', '--live-seconds', '2'])));
	after(async () => {
		assert.equal(await server.stop(), 0);
	});

	it('the documents hold exactly the operations this test knows: 14 JSON ones and the 2 streamed assistant messages', () => {
		const keys = operations.map(o => `${o.method} ${o.path}`).sort();
		assert.deepEqual(keys, [...Object.keys(cases), ...streamed].sort());
		assert.equal(Object.keys(cases).length, 14);
	});

	for (const key of Object.keys(cases)) {
		it(key, async () => {
			const operation = operations.find(o => `${o.method} ${o.path}` === key) as PlatformOperation;
			const call: Call = async request => {
				const url = new URL(server.url + fillPath(operation.path, { ...params, ...request.path }));
				for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
				const admin = operation.document !== 'discovery-openapi.json';
				const response = await fetch(url, {
					method: operation.method,
					headers: { authorization: `Bearer ${request.key ?? (admin ? adminKey : assistantKey)}`, 'content-type': 'application/json' },
					body: operation.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined,
				});
				const body: unknown = JSON.parse(await response.text());
				const validate = operation.responses.get(response.status);
				assert.ok(
					validate,
					`${key} answered ${response.status}, which ${operation.document} does not document (${[...operation.responses.keys()].join(', ')})`,
				);
				assert.ok(validate(body), `${key} ${response.status}: ${JSON.stringify(validate.errors?.slice(0, 3))}\n${JSON.stringify(body).slice(0, 400)}`);
				served.push({ operation: key, status: response.status });
				return { status: response.status, body };
			};
			await cases[key](call, server);
			assert.ok(
				served.some(s => s.operation === key && s.status < 300),
				`${key} never answered a success`,
			);
		});
	}

	it('feedback entries match the variant the document gives for their source (contextual: helpful and contact; code: code, filename, lang)', async () => {
		const response = await fetch(`${server.url}/v1/analytics/demo/feedback?limit=100`, { headers: { authorization: `Bearer ${adminKey}` } });
		const { feedback } = (await response.json()) as { feedback: Record<string, unknown>[] };
		const required: Record<string, string[]> = { contextual: ['helpful', 'contact'], code_snippet: ['code', 'filename', 'lang'] };
		for (const entry of feedback)
			for (const field of required[entry.source as string] ?? []) assert.ok(field in entry, `${entry.id} (${entry.source}) has no ${field}`);
	});
});
