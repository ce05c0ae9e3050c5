import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { ExternalLinkCache, verdictLifetimeMs } from '../../../server/src/node/caches/externalLinkCache';
import { defaultFetchPolicy } from '../../../server/src/node/network/safeFetch';
import { checkExternalLinks, retryAfterMs, type LinkVerdict } from '../../../server/src/node/network/externalLinks';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** The servers here listen on 127.0.0.1: the test-only allowance of the network policy (refusals: test/unit/node/networkPolicy.test.ts). */
const local = { policy: { ...defaultFetchPolicy(), allowLoopback: true } };

/** A server on 127.0.0.1 with one handler per path; records every request. */
async function serve(
	routes: Record<string, Handler>,
): Promise<{ base: string; requests: { method: string; path: string; at: number }[]; close: () => Promise<void> }> {
	const requests: { method: string; path: string; at: number }[] = [];
	const sockets = new Set<import('node:net').Socket>();
	const server = http.createServer((req, res) => {
		requests.push({ method: req.method!, path: req.url!, at: Date.now() });
		const handler = routes[req.url!];
		if (handler) handler(req, res);
		else res.writeHead(404).end();
	});
	server.on('connection', socket => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		base: `http://127.0.0.1:${port}`,
		requests,
		close: () =>
			new Promise<void>(resolve => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

const ok: Handler = (_req, res) => res.writeHead(200).end('fine');

describe('external link check (local servers on 127.0.0.1 only)', function () {
	this.timeout(30_000);

	it('tells broken (404, 410) from working links, and from servers that fail (5xx): could not check', async () => {
		const server = await serve({
			'/ok': ok,
			'/gone': (_q, r) => r.writeHead(410).end(),
			'/boom': (_q, r) => r.writeHead(503).end(),
			'/private': (_q, r) => r.writeHead(403).end(),
		});
		try {
			const v = await checkExternalLinks(
				['/ok', '/missing', '/gone', '/boom', '/private'].map(p => server.base + p),
				local,
			);
			assert.deepEqual(v.get(`${server.base}/ok`), { kind: 'ok', status: 200 });
			assert.deepEqual(v.get(`${server.base}/missing`), { kind: 'broken', status: 404, reason: '404 Not Found', platformReports: true });
			assert.deepEqual(v.get(`${server.base}/gone`), { kind: 'broken', status: 410, reason: '410 Gone', platformReports: false });
			assert.deepEqual(v.get(`${server.base}/boom`), { kind: 'unchecked', reason: 'the server failed (503)' });
			assert.deepEqual(v.get(`${server.base}/private`), { kind: 'ok', status: 403 });
		} finally {
			await server.close();
		}
	});

	it('falls back to GET when HEAD is refused', async () => {
		const server = await serve({ '/no-head': (req, res) => res.writeHead(req.method === 'HEAD' ? 405 : 200).end() });
		try {
			const v = await checkExternalLinks([`${server.base}/no-head`], local);
			assert.deepEqual(v.get(`${server.base}/no-head`), { kind: 'ok', status: 200 });
			assert.deepEqual(
				server.requests.map(r => r.method),
				['HEAD', 'GET'],
			);
		} finally {
			await server.close();
		}
	});

	it('waits for Retry-After after a 429 and tries again; still 429 after the retries is "could not check"', async () => {
		let calls = 0;
		const server = await serve({
			'/limited': (_q, res) => (++calls <= 1 ? res.writeHead(429, { 'retry-after': '1' }).end() : res.writeHead(200).end()),
			'/always': (_q, res) => res.writeHead(429, { 'retry-after': '0' }).end(),
		});
		try {
			const v = await checkExternalLinks([`${server.base}/limited`, `${server.base}/always`], { ...local, retries: 2 });
			assert.deepEqual(v.get(`${server.base}/limited`), { kind: 'ok', status: 200 });
			const limited = server.requests.filter(r => r.path === '/limited');
			assert.equal(limited.length, 2);
			assert.ok(limited[1]!.at - limited[0]!.at >= 900, `waited ${limited[1]!.at - limited[0]!.at} ms`);
			assert.deepEqual(v.get(`${server.base}/always`), { kind: 'unchecked', reason: 'still rate limited (429 Too Many Requests)' });
			assert.equal(server.requests.filter(r => r.path === '/always').length, 3);
			assert.equal(retryAfterMs('Wed, 25 Nov 2026 18:00:05 GMT', Date.parse('Wed, 25 Nov 2026 18:00:00 GMT')), 5000);
		} finally {
			await server.close();
		}
	});

	it('a host that never answers times out as "could not check"; a slow host gets few requests at once while others go on', async () => {
		let inFlight = 0;
		let most = 0;
		const slow: Handler = (_q, res) => {
			most = Math.max(most, ++inFlight);
			setTimeout(() => {
				inFlight--;
				res.writeHead(200).end();
			}, 300);
		};
		const slowHost = await serve(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`/s${i}`, slow])));
		const silent = await serve({ '/hang': () => undefined });
		const fast = await serve({ '/f': ok });
		try {
			const order: string[] = [];
			const urls = [...Array.from({ length: 6 }, (_, i) => `${slowHost.base}/s${i}`), `${silent.base}/hang`, `${fast.base}/f`];
			const v = await checkExternalLinks(urls, {
				...local,
				perHost: 2,
				timeoutMs: 1500,
				onProgress: (_done, _total, url) => void order.push(url),
			});
			assert.equal(most, 2, 'at most two requests at once to the slow host');
			assert.ok(order.indexOf(`${fast.base}/f`) < order.indexOf(`${slowHost.base}/s2`), `the fast host is not held up by the slow one: ${order.join(' ')}`);
			assert.deepEqual(v.get(`${silent.base}/hang`), { kind: 'unchecked', reason: 'no answer within 1.5 s' });
			assert.ok(urls.slice(0, 6).every(u => v.get(u)?.kind === 'ok'));
		} finally {
			await Promise.all([slowHost.close(), silent.close(), fast.close()]);
		}
	});

	it('offline (nothing listens) is "could not check"; a host name that does not resolve is broken', async () => {
		const server = await serve({});
		const closedBase = server.base;
		await server.close();
		const refused = await checkExternalLinks([`${closedBase}/x`], local);
		assert.equal(refused.get(`${closedBase}/x`)?.kind, 'unchecked');
		assert.match((refused.get(`${closedBase}/x`) as { reason: string }).reason, /ECONNREFUSED/);
		// No network here: a fetch that fails the way a lookup of an unknown name fails.
		const unresolvable = await checkExternalLinks(['http://no-such-host.invalid/'], {
			fetch: () =>
				Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND no-such-host.invalid' } })),
		});
		assert.deepEqual(unresolvable.get('http://no-such-host.invalid/'), { kind: 'broken', reason: 'the host name does not resolve', platformReports: true });
	});

	it('keeps verdicts in a cache file with an expiry, and never keeps "could not check"', async () => {
		const dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-links-'));
		const file = path.join(dir, 'links.json');
		let now = 1_000_000;
		const server = await serve({ '/ok': ok, '/boom': (_q, r) => r.writeHead(500).end() });
		try {
			const cache = await ExternalLinkCache.open(file, () => now);
			await checkExternalLinks([`${server.base}/ok`, `${server.base}/missing`, `${server.base}/boom`], { ...local, cache });
			await cache.save();
			const before = server.requests.length;
			const again = await ExternalLinkCache.open(file, () => now);
			const v = await checkExternalLinks([`${server.base}/ok`, `${server.base}/missing`, `${server.base}/boom`], { ...local, cache: again });
			assert.deepEqual(
				server.requests.slice(before).map(r => r.path),
				['/boom', '/boom'],
				'only the link that could not be checked is asked again (HEAD, then GET)',
			);
			assert.equal(v.get(`${server.base}/missing`)?.kind, 'broken');
			now += verdictLifetimeMs.broken + 1;
			const later = await ExternalLinkCache.open(file, () => now);
			assert.equal(later.get(`${server.base}/missing`), undefined, 'a broken verdict expires after a day');
			assert.deepEqual(later.get(`${server.base}/ok`), { kind: 'ok', status: 200 } satisfies LinkVerdict);
			writeFileSync(file, '{ not json');
			assert.equal((await ExternalLinkCache.open(file, () => now)).get(`${server.base}/ok`), undefined, 'a damaged file is ignored');
		} finally {
			await server.close();
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
