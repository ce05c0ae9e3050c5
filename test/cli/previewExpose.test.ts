import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliPath, startPreview, type PreviewProcess } from '../helpers/cli';

/** A request with the `Host` header as given (fetch would not let a test forge it). */
function request(
	base: string,
	options: { method?: string; path?: string; host: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
	const { hostname, port } = new URL(base);
	return new Promise((resolve, reject) => {
		const req = http.request(
			{ hostname, port, method: options.method ?? 'GET', path: options.path ?? '/', headers: { ...options.headers, host: options.host } },
			res => {
				let body = '';
				res.setEncoding('utf8');
				res.on('data', chunk => (body += chunk));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
			},
		);
		req.on('error', reject);
		req.end(options.body);
	});
}

/**
 * `mintdoc preview` reachable from other machines (issue 51): a non-loopback `--host` needs
 * `--expose`; exposed, only the bound host:port is answered and the playground relay is off; on
 * loopback the relay needs the per-run secret its own pages carry. A loopback listener stands for
 * the services (127.0.0.1, 169.254.169.254) a forged relay request would reach: it must see nothing.
 */
describe('mintdoc preview --expose and the relay secret (process)', function () {
	this.timeout(120_000);
	let dir: string;
	let listener: http.Server;
	let target: string;
	const seen: string[] = [];

	before(async () => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-expose-'));
		writeFileSync(
			path.join(dir, 'docs.json'),
			JSON.stringify({ name: 'Expose', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } }),
		);
		writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
		listener = http.createServer((req, res) => {
			seen.push(`${req.method} ${req.url}`);
			res.end('secret of the loopback service');
		});
		await new Promise<void>(resolve => listener.listen(0, '127.0.0.1', resolve));
		target = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/latest/meta-data/`;
	});
	after(async () => {
		listener.closeAllConnections();
		await new Promise(resolve => listener.close(resolve));
		rmSync(dir, { recursive: true, force: true });
	});

	const relay = (base: string, host: string, headers: Record<string, string> = {}) =>
		request(base, {
			method: 'POST',
			path: '/__mintdoc/playground',
			host,
			headers: { 'content-type': 'application/json', ...headers },
			body: JSON.stringify({ method: 'GET', url: target, headers: [] }),
		});

	it('refuses a --host other machines can reach unless --expose is given (usage error, nothing served)', () => {
		// 192.0.2.1 (documentation range) is on no interface here: even a regression could not bind it.
		const result = spawnSync(process.execPath, [cliPath, 'preview', dir, '--port', '0', '--host', '192.0.2.1'], { encoding: 'utf8', timeout: 60_000 });
		assert.equal(result.status, 2, result.stderr);
		assert.match(result.stderr, /--host 192\.0\.2\.1 lets other machines reach the preview; add --expose/);
		assert.doesNotMatch(result.stdout, /MintDoc preview:/);
	});

	describe('exposed (--host 127.0.0.1 --expose)', () => {
		let server: PreviewProcess;
		let port: string;
		before(async () => {
			server = await startPreview(dir, ['--host', '127.0.0.1', '--expose']);
			port = new URL(server.url).port;
		});
		after(async () => server?.stop());

		it('answers only requests naming the bound host:port (Host: localhost was enough before)', async () => {
			// The warning is written after the URL line (startPreview returns on that line): it may arrive in a later chunk.
			for (const until = Date.now() + 10_000; !/Exposed \(--expose\)/.test(server.output()) && Date.now() < until;)
				await new Promise(resolve => setTimeout(resolve, 20));
			assert.match(server.output(), /Exposed \(--expose\): anyone who can reach 127\.0\.0\.1:\d+ can read the site; the API playground cannot send requests/);
			assert.equal((await request(server.url, { host: `localhost:${port}` })).status, 403);
			assert.equal((await request(server.url, { host: 'localhost' })).status, 403);
			assert.equal((await request(server.url, { host: `127.0.0.1:${Number(port) + 1}` })).status, 403);
			const page = await request(server.url, { host: `127.0.0.1:${port}` });
			assert.equal(page.status, 200);
			assert.match(page.body, /Hello\./);
			// The relay is off: its pages get no secret.
			assert.doesNotMatch(page.body, /data-relay-token/);
		});

		it('relays nothing: not with the right Host, not with a forged one, not with a made-up secret', async () => {
			const plain = await relay(server.url, `127.0.0.1:${port}`);
			assert.equal(plain.status, 403);
			assert.match((JSON.parse(plain.body) as { error: string }).error, /exposed/);
			assert.equal((await relay(server.url, `localhost:${port}`)).status, 403);
			assert.equal((await relay(server.url, `127.0.0.1:${port}`, { 'x-mintdoc-relay-token': 'guess' })).status, 403);
			assert.deepEqual(seen, []);
		});
	});

	describe('on loopback (default)', () => {
		let server: PreviewProcess;
		let port: string;
		before(async () => {
			server = await startPreview(dir);
			port = new URL(server.url).port;
		});
		after(async () => server?.stop());

		it('relays only requests carrying the secret its own pages were given', async () => {
			const withoutSecret = await relay(server.url, `127.0.0.1:${port}`);
			assert.equal(withoutSecret.status, 403);
			assert.match((JSON.parse(withoutSecret.body) as { error: string }).error, /no relay token/);
			assert.equal((await relay(server.url, `127.0.0.1:${port}`, { 'x-mintdoc-relay-token': 'guess' })).status, 403);
			assert.equal((await relay(server.url, `evil.example:${port}`)).status, 403);
			assert.deepEqual(seen, [], 'the loopback service saw a request the relay should have refused');

			// The page itself carries the secret, and with it the relay works (so the refusals above are the secret's doing).
			const page = await request(server.url, { host: `127.0.0.1:${port}` });
			const token = /data-relay-token="([^"]+)"/.exec(page.body)?.[1];
			assert.ok(token, 'the served page carries the relay secret');
			const relayed = await relay(server.url, `127.0.0.1:${port}`, { 'x-mintdoc-relay-token': token });
			assert.equal(relayed.status, 200);
			assert.equal((JSON.parse(relayed.body) as { body: string }).body, 'secret of the loopback service');
			assert.deepEqual(seen, ['GET /latest/meta-data/']);
		});
	});
});
