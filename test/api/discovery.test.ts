import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { createDiscoveryClient } from '../../client/src/platform/api/discoveryClient';
import { ApiError } from '../../client/src/platform/api/errors';
import { pageFileCandidates, sitePathOf } from '../../client/src/routeMap';
import { startApiServer, type ApiServerProcess } from '../helpers/apiServerProcess';

const repo = path.resolve(__dirname, '../..');
const assistantKey = 'mint_dsc_demo_key';

describe('docs search and published pages (discovery client, built stand-in)', function () {
	this.timeout(60_000);
	let server: ApiServerProcess;
	before(async () => {
		server = await startApiServer(['--port', '0', '--docs', 'examples/acme', '--quiet']);
	});
	after(async () => assert.equal(await server.stop(), 0));

	const client = (extra: Partial<Parameters<typeof createDiscoveryClient>[0]> = {}) =>
		createDiscoveryClient({ baseUrl: server.url, domain: 'demo', getApiKey: () => assistantKey, ...extra });

	it('searches the example site; every result path maps to a local page file through the route map', async () => {
		const results = await client().search('refund a payment', { pageSize: 5 });
		assert.equal(results.length, 5);
		assert.ok(results.every(r => typeof r.metadata.title === 'string' && r.content.length > 0));
		for (const result of results) {
			const sitePath = sitePathOf(result.path);
			assert.ok(sitePath, result.path);
			assert.ok(
				pageFileCandidates(sitePath.path).some(file => existsSync(path.join(repo, 'examples/acme', file))),
				`${result.path} is a page of examples/acme`,
			);
		}
		assert.match(results[0].path, /refund/);
		assert.deepEqual(await client().search('   '), [], 'a blank query sends nothing');
	});

	it('fetches a published page by the path search gives', async () => {
		const [hit] = await client().search('webhook signatures', { pageSize: 1 });
		const page = await client().page(hit.path);
		assert.equal(page.path, '/guides/webhook-signatures');
		assert.match(page.content, /^# Webhook signatures/);
	});

	it('says what to do: unknown page, unknown domain, no key, wrong key', async () => {
		await assert.rejects(
			client().page('/not/published'),
			(e: unknown) => e instanceof ApiError && e.kind === 'notFound' && /has no page '\/not\/published'/.test(e.message),
		);
		await assert.rejects(
			client({ domain: 'nope' }).search('x'),
			(e: unknown) => e instanceof ApiError && e.kind === 'notFound' && /mintdoc\.assistant\.domain/.test(e.message),
		);
		await assert.rejects(client({ domain: ' ' }).search('x'), (e: unknown) => e instanceof ApiError && e.kind === 'config');
		await assert.rejects(
			client({ getApiKey: () => undefined }).search('x'),
			(e: unknown) => e instanceof ApiError && e.kind === 'auth' && /Set Assistant Key/.test(e.message),
		);
		const wrong = await client({ getApiKey: () => 'mint_dsc_wrong_one' })
			.search('x')
			.catch((e: unknown) => e);
		assert.ok(wrong instanceof ApiError && wrong.kind === 'auth' && !wrong.message.includes('mint_dsc_wrong_one'));
	});

	it('a 429 names the retry time', async () => {
		await fetch(`${server.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: '429:42', path: '/discovery/v1/search/' }) });
		const limited = await client()
			.search('webhooks')
			.catch((e: unknown) => e);
		assert.ok(limited instanceof ApiError && limited.kind === 'rateLimited' && limited.retryAfter === 42, String(limited));
		assert.match((limited as Error).message, /42 s/);
	});
});
