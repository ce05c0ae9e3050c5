import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { cliPath } from '../helpers/cli';
import { startApiServer, type ApiServerProcess } from '../helpers/apiServerProcess';

const adminKey = 'mint_demo_admin_key';
const assistantKey = 'mint_dsc_demo_key';
/** code-server's workbench, where MintDoc's web worker extension host runs in the web test layer. */
const localPage = 'http://127.0.0.1:8123';
const foreignPage = 'https://pages.example.net';

interface Answer {
	readonly status: number;
	readonly headers: IncomingHttpHeaders;
	readonly body: string;
}

/**
 * One request over real HTTP with the headers a browser sends (node:http: fetch would not let a
 * caller set `Origin`, as a browser's does not); the whole body read, so a stream ends first.
 */
function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const req = request(`${base}${path}`, { method, headers }, res => {
			let text = '';
			res.setEncoding('utf8');
			res.on('data', chunk => (text += chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
			res.on('error', reject);
		});
		req.on('error', reject);
		req.end(body);
	});
}

/** A browser's preflight before a request with a key: `OPTIONS` with the method and headers it will send. */
const preflight = (base: string, origin: string, method = 'GET', extra: Record<string, string> = {}) =>
	send(base, 'OPTIONS', '/v1/project/update-status/demo-success', {
		origin,
		'access-control-request-method': method,
		'access-control-request-headers': 'authorization,content-type',
		...extra,
	});

const list = (value: string | string[] | undefined) =>
	String(value ?? '')
		.split(',')
		.map(item => item.trim().toLowerCase())
		.filter(Boolean);

describe('the API stand-in answers web pages with CORS (built CLI, real HTTP on 127.0.0.1)', function () {
	this.timeout(60_000);

	describe('by default: pages served from this machine', () => {
		let server: ApiServerProcess;
		before(async () => {
			server = await startApiServer(['--port', '0', '--docs', 'examples/acme', '--assistant-delay-ms', '0']);
		});
		after(async () => assert.equal(await server.stop(), 0));

		it('says which pages it answers in its banner', () => {
			assert.match(server.output(), /web pages {10}pages served from this machine \(127\.0\.0\.1, localhost, \[::1\]\)\n/);
		});

		it("answers a local page's preflight with the methods and headers the client sends, and private network access when asked", async () => {
			for (const origin of [localPage, 'http://localhost:3000', 'https://[::1]:9443']) {
				const answer = await preflight(server.url, origin, 'POST', { 'access-control-request-private-network': 'true' });
				assert.equal(answer.status, 204, origin);
				assert.equal(answer.headers['access-control-allow-origin'], origin);
				assert.deepEqual(list(answer.headers['access-control-allow-methods']), ['get', 'post']);
				for (const header of ['authorization', 'content-type']) assert.ok(list(answer.headers['access-control-allow-headers']).includes(header), header);
				assert.equal(answer.headers['access-control-max-age'], '600');
				assert.equal(answer.headers['access-control-allow-private-network'], 'true');
				assert.equal(answer.body, '');
			}
			const plain = await preflight(server.url, localPage);
			assert.equal(plain.headers['access-control-allow-private-network'], undefined);
		});

		it('puts the origin on every answer to a local page: data, key errors, faults, unknown paths; and exposes Retry-After', async () => {
			const page = { origin: localPage, authorization: `Bearer ${adminKey}` };
			const answers = {
				data: await send(server.url, 'GET', '/v1/project/update-status/demo-success', page),
				badKey: await send(server.url, 'GET', '/v1/project/update-status/demo-success', { ...page, authorization: 'Bearer mint_wrong' }),
				rateLimited: await send(server.url, 'GET', '/v1/analytics/demo/feedback', { ...page, 'x-mintdoc-fault': '429:7' }),
				serverError: await send(server.url, 'GET', '/v1/analytics/demo/feedback', { ...page, 'x-mintdoc-fault': '503' }),
				unknown: await send(server.url, 'GET', '/v1/nothing-here', page),
			};
			assert.deepEqual(
				Object.fromEntries(Object.entries(answers).map(([name, a]) => [name, [a.status, a.headers['access-control-allow-origin'], a.headers.vary]])),
				{
					data: [200, localPage, 'Origin'],
					badKey: [401, localPage, 'Origin'],
					rateLimited: [429, localPage, 'Origin'],
					serverError: [503, localPage, 'Origin'],
					unknown: [404, localPage, 'Origin'],
				},
			);
			assert.equal(answers.rateLimited.headers['retry-after'], '7');
			assert.deepEqual(list(answers.rateLimited.headers['access-control-expose-headers']), ['retry-after', 'content-encoding', 'x-thread-id', 'x-thread-key']);
		});

		it("puts it on the assistant's streamed answer too, with the thread headers exposed", async () => {
			const answer = await send(
				server.url,
				'POST',
				'/discovery/v2/assistant/demo/message',
				{ origin: localPage, authorization: `Bearer ${assistantKey}`, 'content-type': 'application/json' },
				JSON.stringify({ fp: 'anonymous', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How do I verify webhook signatures?' }] }] }),
			);
			assert.equal(answer.status, 200);
			assert.equal(answer.headers['access-control-allow-origin'], localPage);
			assert.ok(answer.headers['x-thread-id'], 'a thread id');
			assert.ok(list(answer.headers['access-control-expose-headers']).includes('x-thread-id'));
			assert.match(answer.body, /"type":"finish"/);
		});

		it('refuses a foreign page with 403 and no CORS header, preflight or not, so it cannot drive the fault queue either', async () => {
			const asked = await preflight(server.url, foreignPage);
			assert.equal(asked.status, 403);
			assert.equal(asked.headers['access-control-allow-origin'], undefined);
			const data = await send(server.url, 'GET', '/v1/project/update-status/demo-success', { origin: foreignPage, authorization: `Bearer ${adminKey}` });
			assert.equal(data.status, 403);
			assert.equal(data.headers['access-control-allow-origin'], undefined);
			assert.equal((JSON.parse(data.body) as { error: string }).error, 'origin_not_allowed');
			for (const origin of [foreignPage, 'null', 'http://127.0.0.1.example.net']) {
				const fault = await send(server.url, 'POST', '/__faults', { origin, 'content-type': 'text/plain' }, JSON.stringify({ fault: '500', times: 5 }));
				assert.equal(fault.status, 403, origin);
			}
			const queued = await send(server.url, 'GET', '/__faults', {});
			assert.deepEqual((JSON.parse(queued.body) as { faults: unknown[] }).faults, []);
			assert.match(
				server.output(),
				/GET \/v1\/project\/update-status\/demo-success -> 403 \(a web page of https:\/\/pages\.example\.net: not an allowed origin\)/,
			);
		});

		it('answers requests without an Origin (the desktop extension host, the CLI) as before, without CORS headers', async () => {
			const answer = await send(server.url, 'GET', '/v1/project/update-status/demo-success', { authorization: `Bearer ${adminKey}` });
			assert.equal(answer.status, 200);
			assert.equal(answer.headers['access-control-allow-origin'], undefined);
		});
	});

	describe('--allow-origin', () => {
		let server: ApiServerProcess | undefined;
		afterEach(async () => {
			await server?.stop();
			server = undefined;
		});

		it('none: refuses every web page, as an API that does not accept browsers; requests without an Origin still answered', async () => {
			server = await startApiServer(['--port', '0', '--allow-origin', 'none', '--quiet']);
			assert.match(server.output(), /web pages {10}no web page \(no CORS headers: browsers refuse/);
			const asked = await preflight(server.url, localPage);
			assert.deepEqual([asked.status, asked.headers['access-control-allow-origin']], [403, undefined]);
			const plain = await send(server.url, 'GET', '/v1/project/update-status/demo-success', { authorization: `Bearer ${adminKey}` });
			assert.equal(plain.status, 200);
		});

		it('named origins: those alone (with `local`, the local pages too); any: every page, `null` included', async () => {
			server = await startApiServer(['--port', '0', '--allow-origin', 'https://docs.example.dev:8443', '--quiet']);
			assert.equal((await preflight(server.url, 'https://docs.example.dev:8443')).headers['access-control-allow-origin'], 'https://docs.example.dev:8443');
			assert.equal((await preflight(server.url, localPage)).status, 403);
			await server.stop();
			server = await startApiServer(['--port', '0', '--allow-origin', 'local,https://docs.example.dev', '--quiet']);
			assert.equal((await preflight(server.url, localPage)).status, 204);
			assert.equal((await preflight(server.url, 'https://docs.example.dev')).status, 204);
			assert.equal((await preflight(server.url, foreignPage)).status, 403);
			await server.stop();
			server = await startApiServer(['--port', '0', '--allow-origin', 'any', '--quiet']);
			for (const origin of [foreignPage, 'null']) assert.equal((await preflight(server.url, origin)).headers['access-control-allow-origin'], origin);
		});

		it('exits 2 with a message for a value that is not a policy or an origin', () => {
			for (const [value, said] of [
				['ftp://files.example', /not an origin/],
				['https://example.dev/path', /not an origin/],
				['any,local', /'any' and 'none' stand alone/],
				['', /needs 'local', 'any', 'none' or origins/],
			] as const) {
				const run = spawnSync(process.execPath, [cliPath, 'api-server', '--port', '0', '--allow-origin', value], { encoding: 'utf8', timeout: 30_000 });
				assert.equal(run.status, 2, `${value}: ${run.stdout}${run.stderr}`);
				assert.match(run.stderr, said);
			}
		});
	});
});
