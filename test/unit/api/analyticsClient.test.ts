import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { createAnalyticsClient } from '../../../client/src/platform/api/analyticsClient';
import { createDocsApiClient } from '../../../client/src/platform/api/docsApiClient';
import { ApiError } from '../../../client/src/platform/api/errors';
import { periodRange, toPeriod } from '../../../client/src/platform/api/period';
import { generateAnalytics } from '../../../platformApiStandIn/analyticsData';
import { generateFeedback, scanDocs } from '../../../platformApiStandIn/feedbackData';
import { createApiStandIn, type ApiStandIn } from '../../../platformApiStandIn/standIn';
import { UpdateStatusStore } from '../../../platformApiStandIn/updateStatusData';

/**
 * The analytics client, the workflow trigger and both shapes of an update's author, against the
 * stand-in over HTTP on 127.0.0.1: paging (ULID cursor, opaque cursor, offset), exclusive date
 * ranges, the documented errors and the faults a real network adds.
 */

const anchor = new Date('2026-03-20T15:00:00Z');
const adminKey = 'mint_demo_admin_key';
const acme = path.resolve(__dirname, '../../../examples/acme');
const analytics = generateAnalytics(scanDocs(acme), anchor, { siteUrl: 'https://demo.mintlify.app' });

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
	try {
		await promise;
	} catch (e) {
		if (e instanceof ApiError) return e;
		throw e;
	}
	throw new Error('expected an ApiError');
}

describe('analytics client against the stand-in (HTTP)', () => {
	let standIn: ApiStandIn;
	let url: string;
	const client = (key = adminKey) => createAnalyticsClient({ baseUrl: url, getApiKey: () => key, retries: 0 });
	const requests = () => standIn.requests.map(r => `${r.status} ${r.path}${Object.keys(r.query).length ? `?${new URLSearchParams(r.query)}` : ''}`);

	before(async () => {
		standIn = createApiStandIn({
			projectId: 'demo',
			adminKey,
			assistantDomain: 'demo',
			assistantKey: 'mint_dsc_demo_key',
			feedback: generateFeedback(scanDocs(acme), anchor),
			updateStatuses: new UpdateStatusStore({
				projectId: 'demo',
				subdomain: 'demo',
				anchor,
				liveSeconds: 10,
				// A status as the spec had it (a string author), served as given.
				extra: [{ _id: 'old-shape', status: 'success', logs: ['done'], author: 'Dana Whitfield' }],
			}),
			assistantDocsDir: acme,
			analytics,
		});
		url = `http://127.0.0.1:${await standIn.listen(0)}`;
	});
	after(() => standIn.close());
	beforeEach(() => {
		standIn.faults.clear();
		(standIn.requests as unknown[]).length = 0;
	});

	it('periods: the last N UTC days including today, dateTo exclusive (tomorrow); stored values checked', () => {
		assert.deepEqual(periodRange(7, Date.parse('2026-03-20T23:59:59Z')), { dateFrom: '2026-03-14', dateTo: '2026-03-21' });
		assert.deepEqual(periodRange(1, Date.parse('2026-03-01T00:00:00Z')), { dateFrom: '2026-03-01', dateTo: '2026-03-02' });
		assert.equal(toPeriod(30), 30);
		assert.equal(toPeriod('30'), 7);
		assert.equal(toPeriod(12), 7);
	});

	it('conversations: follows the ULID cursor through every page of a range, none twice, none outside it', async () => {
		const range = periodRange(30, anchor.getTime());
		const from = Date.parse(range.dateFrom);
		const to = Date.parse(range.dateTo);
		const want = analytics.turns.filter(t => t.at >= from && t.at < to).map(t => t.id);
		const seen: string[] = [];
		let cursor: string | undefined;
		let pages = 0;
		do {
			const page = await client().conversations('demo', range, { limit: 25, cursor });
			seen.push(...page.conversations.map(c => c.id));
			cursor = page.nextCursor ?? undefined;
			assert.equal(page.hasMore, cursor !== undefined);
			pages++;
		} while (cursor && pages < 100);
		assert.deepEqual(seen, want);
		assert.equal(pages, Math.ceil(want.length / 25));
		assert.match(requests()[1], /^200 \/v1\/analytics\/demo\/assistant\?dateFrom=2026-02-19&dateTo=2026-03-21&limit=25&cursor=[0-9A-Z]{26}$/);
	});

	it('conversations: dateTo excludes a turn at exactly that time, dateFrom includes it; clarifying questions and sources read', async () => {
		const turn = analytics.turns[40];
		const at = new Date(turn.at).toISOString();
		const before = await client().conversations('demo', { dateTo: at }, { limit: 1000 });
		const after = await client().conversations('demo', { dateFrom: at }, { limit: 1000 });
		assert.ok(!before.conversations.some(c => c.id === turn.id));
		assert.ok(after.conversations.some(c => c.id === turn.id));
		const all = [...before.conversations, ...after.conversations];
		assert.ok(all.some(c => c.responseType === 'clarifying_question'));
		assert.ok(all.some(c => c.sources.length > 0 && c.sources.every(s => s.url.startsWith('https://demo.mintlify.app'))));
	});

	it('a thread opens in full from the id of any of its rows', async () => {
		const later = analytics.turns.find(t => t.id !== t.threadId)!;
		const thread = await client().thread('demo', later.id);
		assert.equal(thread.threadId, later.threadId);
		assert.ok(thread.messages.some(m => m.role === 'user' && m.content === later.query));
		const missing = await apiError(client().thread('demo', '01ARZ3NDEKTSV4RRFFQ69G5FAV'));
		assert.equal(missing.kind, 'notFound');
		assert.match(missing.message, /no assistant thread/i);
	});

	it('caller stats add up; an empty range is all zeros', async () => {
		const range = periodRange(30, anchor.getTime());
		const stats = await client().callerStats('demo', range);
		assert.equal(stats.total, analytics.turns.filter(t => t.at >= Date.parse(range.dateFrom) && t.at < Date.parse(range.dateTo)).length);
		assert.equal(stats.web + stats.api + stats.other, stats.total);
		assert.deepEqual(await client().callerStats('demo', { dateFrom: '2001-01-01', dateTo: '2001-01-02' }), { web: 0, api: 0, other: 0, total: 0 });
	});

	it('searches: opaque cursor to the end, terms by hits, gaps (no click) have no landing page', async () => {
		const range = periodRange(30, anchor.getTime());
		const terms = [];
		let cursor: string | undefined;
		let total = -1;
		for (let i = 0; i < 50; i++) {
			const page = await client().searches('demo', range, { limit: 7, cursor });
			terms.push(...page.searches);
			total = page.totalSearches;
			if (!page.nextCursor) break;
			cursor = page.nextCursor;
		}
		assert.equal(
			terms.reduce((n, t) => n + t.hits, 0),
			total,
		);
		assert.deepEqual(
			terms.map(t => t.hits),
			[...terms.map(t => t.hits)].sort((a, b) => b - a),
		);
		const gaps = terms.filter(t => t.ctr === 0);
		assert.ok(gaps.some(t => t.searchQuery === 'payouts'));
		assert.ok(
			gaps.every(t => t.topClickedPage === null),
			JSON.stringify(gaps),
		);
		assert.ok(terms.some(t => t.topClickedPage === '/guides/webhooks'));
	});

	it('views and visitors: offset paging until hasMore is false; AI and human split', async () => {
		const range = periodRange(30, anchor.getTime());
		for (const kind of ['views', 'visitors'] as const) {
			const rows = [];
			let offset = 0;
			for (;;) {
				const page = await client().traffic(kind, 'demo', range, { limit: 5, offset });
				rows.push(...page.rows);
				if (!page.hasMore) break;
				offset += 5;
			}
			assert.equal(rows.length, scanDocs(acme).filter(p => p.path !== '/README').length, kind);
			assert.equal(new Set(rows.map(r => r.path)).size, rows.length);
			assert.ok(
				rows.some(r => r.ai > r.human),
				`${kind}: pages agents read more than people`,
			);
		}
		assert.ok(requests().includes('200 /v1/analytics/demo/views?dateFrom=2026-02-19&dateTo=2026-03-21&limit=5&offset=5'), requests().join('\n'));
	});

	it('errors: bad input is refused before sending; the server says 400/401/404; faults read as rate limit and bad response', async () => {
		assert.equal((await apiError(client().searches('demo', { dateFrom: 'last week' }))).kind, 'badRequest');
		assert.equal((await apiError(client().conversations('demo', { dateFrom: '2026-03-02', dateTo: '2026-03-01' }))).kind, 'badRequest');
		assert.equal((await apiError(client().traffic('views', 'demo', {}, { limit: 251 }))).kind, 'badRequest');
		assert.equal((await apiError(client().conversations('demo', {}, { limit: 1001 }))).kind, 'badRequest');
		assert.deepEqual(requests(), [], 'nothing sent');
		assert.equal((await apiError(client().conversations('demo', {}, { cursor: 'page-2' }))).kind, 'badRequest');
		assert.equal((await apiError(client('mint_wrong').searches('demo', {}))).kind, 'auth');
		const unknown = await apiError(client().traffic('visitors', 'nope', {}));
		assert.equal(unknown.kind, 'notFound');
		assert.match(unknown.message, /mintdoc\.projectId/);
		standIn.faults.add('429:7', 1, '/v1/analytics/');
		const limited = await apiError(client().searches('demo', {}));
		assert.deepEqual([limited.kind, limited.retryAfter], ['rateLimited', 7]);
		standIn.faults.add('wrong-shape', 1, '/v1/analytics/');
		assert.equal((await apiError(client().traffic('views', 'demo', {}))).kind, 'badResponse');
	});
});

describe('project client against the stand-in (HTTP): workflow trigger, author in both shapes', () => {
	let standIn: ApiStandIn;
	let url: string;
	const client = () => createDocsApiClient({ baseUrl: url, getApiKey: () => adminKey, retries: 0 });
	before(async () => {
		standIn = createApiStandIn({
			projectId: 'demo',
			adminKey,
			assistantDomain: 'demo',
			assistantKey: 'mint_dsc_demo_key',
			feedback: [],
			updateStatuses: new UpdateStatusStore({
				projectId: 'demo',
				subdomain: 'demo',
				anchor,
				liveSeconds: 10,
				extra: [{ _id: 'old-shape', status: 'success', logs: ['done'], author: 'Dana Whitfield' }],
			}),
			analytics,
		});
		url = `http://127.0.0.1:${await standIn.listen(0)}`;
	});
	after(() => standIn.close());

	it('reads the author as the spec had it (a string), as the platform has it now (an object), and null', async () => {
		assert.deepEqual((await client().getUpdateStatus('old-shape')).author, { name: 'Dana Whitfield' });
		assert.deepEqual((await client().getUpdateStatus('demo-success')).author, {
			name: 'Dana Whitfield',
			avatarUrl: 'https://avatars.githubusercontent.com/u/5832311',
			githubUserId: 5832311,
		});
		const live = await client().getUpdateStatus('demo-live');
		assert.equal(live.author, undefined);
		assert.ok(!('author' in live));
	});

	it('triggers a workflow; the documented 400s and 404 say what to do', async () => {
		const run = await client().triggerWorkflow('demo', '66a1f0c2b7d4e3f8a6c1b2d1');
		assert.equal(run.schemaId, '66a1f0c2b7d4e3f8a6c1b2d1');
		assert.match(run.instanceId ?? '', /^[0-9a-f]{24}$/);
		assert.match(run.jobId ?? '', /^job_/);
		const inactive = await apiError(client().triggerWorkflow('demo', '66a1f0c2b7d4e3f8a6c1b2d2'));
		assert.equal(inactive.kind, 'badRequest');
		assert.match(inactive.message, /not active/);
		const missing = await apiError(client().triggerWorkflow('demo', 'ffffffffffffffffffffffff'));
		assert.equal(missing.kind, 'notFound');
		assert.match(missing.message, /Automations page/);
		assert.equal((await apiError(client().triggerWorkflow('demo', ' '))).kind, 'badRequest');
	});
});
