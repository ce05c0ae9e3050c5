import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendPlaygroundRequest } from '../../server/src/node/network/playgroundFetch';

/** The playground's executor against a real HTTP server on 127.0.0.1. */
describe('playground: sendPlaygroundRequest', () => {
	let server: Server;
	let base: string;
	const seen: { method?: string; url?: string; headers?: Record<string, unknown>; body?: string }[] = [];

	before(async () => {
		server = createServer((req, res) => {
			let body = '';
			req.on('data', chunk => (body += chunk));
			req.on('end', () => {
				seen.push({ method: req.method, url: req.url, headers: req.headers, body });
				if (req.url === '/slow') return; // never answers
				if (req.url === '/big') {
					res.writeHead(200, { 'content-type': 'text/plain' });
					res.end('x'.repeat(50_000));
					return;
				}
				if (req.url === '/redirect') {
					res.writeHead(302, { location: '/elsewhere' });
					res.end();
					return;
				}
				res.writeHead(201, 'Created Here', { 'content-type': 'application/json', 'x-echo': 'yes' });
				res.end(JSON.stringify({ got: body, auth: req.headers.authorization ?? null }));
			});
		});
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});

	after(async () => {
		server.closeAllConnections();
		await new Promise(resolve => server.close(resolve));
	});

	it('returns status, status text, headers, body and time', async () => {
		const response = await sendPlaygroundRequest({
			method: 'POST',
			url: `${base}/things?x=1`,
			headers: [
				['Authorization', 'Bearer t0k'],
				['Content-Type', 'application/json'],
			],
			body: '{"a":1}',
		});
		assert.equal(response.error, undefined);
		assert.equal(response.status, 201);
		assert.equal(response.statusText, 'Created Here');
		assert.deepEqual(
			response.headers.find(([name]) => name === 'x-echo'),
			['x-echo', 'yes'],
		);
		assert.deepEqual(JSON.parse(response.body), { got: '{"a":1}', auth: 'Bearer t0k' });
		assert.equal(response.truncated, undefined);
		assert.ok(response.timeMs >= 0 && response.timeMs < 10_000, String(response.timeMs));
		const last = seen.at(-1)!;
		assert.equal(last.method, 'POST');
		assert.equal(last.url, '/things?x=1');
		assert.equal(last.headers?.['content-type'], 'application/json');
	});

	it('times out with an error, never throws', async () => {
		const response = await sendPlaygroundRequest({ method: 'GET', url: `${base}/slow`, headers: [] }, { timeoutMs: 300 });
		assert.equal(response.status, 0);
		assert.equal(response.error, 'No response within 300 ms.');
		assert.ok(response.timeMs >= 250, String(response.timeMs));
	});

	it('caps the body size and marks it truncated', async () => {
		const response = await sendPlaygroundRequest({ method: 'GET', url: `${base}/big`, headers: [] }, { maxBodyBytes: 1000 });
		assert.equal(response.status, 200);
		assert.equal(response.body, 'x'.repeat(1000));
		assert.equal(response.truncated, true);
	});

	it('does not follow redirects (the page shows them)', async () => {
		const response = await sendPlaygroundRequest({ method: 'GET', url: `${base}/redirect`, headers: [] });
		assert.equal(response.status, 302);
		assert.deepEqual(
			response.headers.find(([name]) => name === 'location'),
			['location', '/elsewhere'],
		);
	});

	it('a refused connection comes back as an error', async () => {
		const closed = createServer();
		await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve));
		const port = (closed.address() as AddressInfo).port;
		await new Promise(resolve => closed.close(resolve));
		const response = await sendPlaygroundRequest({ method: 'GET', url: `http://127.0.0.1:${port}/`, headers: [] });
		assert.equal(response.status, 0);
		assert.match(response.error ?? '', /^ECONNREFUSED/);
	});

	it('refuses URLs that are not http(s), invalid URLs and origins not allowed', async () => {
		assert.equal(
			(await sendPlaygroundRequest({ method: 'GET', url: 'file:///etc/passwd', headers: [] })).error,
			'Only http and https URLs can be requested (got file:).',
		);
		assert.equal(
			(await sendPlaygroundRequest({ method: 'GET', url: 'javascript:alert(1)', headers: [] })).error,
			'Only http and https URLs can be requested (got javascript:).',
		);
		assert.equal((await sendPlaygroundRequest({ method: 'GET', url: 'not a url', headers: [] })).error, 'Not a valid URL: not a url');
		const before = seen.length;
		const response = await sendPlaygroundRequest({ method: 'GET', url: `${base}/things`, headers: [] }, { allowedOrigins: ['https://api.example.com'] });
		assert.equal(response.error, `${base} is not one of the servers this page may send requests to.`);
		assert.equal(seen.length, before, 'nothing was sent');
	});

	it('a cancelled signal ends the request', async () => {
		const controller = new AbortController();
		const pending = sendPlaygroundRequest({ method: 'GET', url: `${base}/slow`, headers: [] }, { signal: controller.signal });
		controller.abort();
		assert.equal((await pending).error, 'The request was cancelled.');
	});
});
