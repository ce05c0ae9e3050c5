import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { createDocsApiClient, type DocsApiClient } from '../../../client/src/platform/api/docsApiClient';
import { ApiError, serverMessageOf } from '../../../client/src/platform/api/errors';
import { redact } from '../../../client/src/redaction';
import { parseRetryAfter, requestJson } from '../../../client/src/platform/api/http';
import { apiError, json, startScriptedServer, type Script } from './scriptedServer';

const key = 'mint_secret_admin_key_987654';

/** A free port with nothing listening on it. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as { port: number }).port;
	await new Promise(resolve => server.close(resolve));
	return port;
}

describe('docs API client: errors', () => {
	let server: Awaited<ReturnType<typeof startScriptedServer>>;
	let client: DocsApiClient;
	let sleeps: number[];
	afterEach(() => server?.close());

	async function serve(script: Script, options: { timeoutMs?: number; maxResponseBytes?: number } = {}) {
		server = await startScriptedServer(script);
		sleeps = [];
		client = createDocsApiClient({
			baseUrl: server.url,
			getApiKey: () => key,
			retryDelayMs: 10,
			...options,
			sleep: async ms => void sleeps.push(ms),
		});
	}

	it('401: names the command to set the key, keeps the server message, never shows the key', async () => {
		await serve((_req, res) => json(res, 401, { error: 'invalid_api_key', message: `Invalid API key ${key}` }));
		const error = await apiError(client.getUpdateStatus('x'));
		assert.deepEqual([error.kind, error.status, error.retryable], ['auth', 401, false]);
		assert.match(error.message, /HTTP 401: Invalid API key \*\*\*\)\. Check it and set your admin API key \(MintDoc: Set Admin API Key\)\./);
		assert.ok(!error.message.includes(key) && !error.serverMessage?.includes(key));
	});

	it('403: says an admin key is needed', async () => {
		await serve((_req, res) => json(res, 403, { error: { message: 'assistant keys cannot read analytics' } }));
		const error = await apiError(client.listFeedback('p'));
		assert.deepEqual([error.kind, error.status], ['forbidden', 403]);
		assert.match(error.message, /assistant keys cannot read analytics\): this needs an admin API key \(it starts with mint_\)/);
	});

	it('404: names the unknown project id and the setting', async () => {
		await serve((_req, res) => json(res, 404, { message: 'No project' }));
		const error = await apiError(client.listFeedback('nope'));
		assert.equal(error.kind, 'notFound');
		assert.match(
			error.message,
			/^Unknown project id 'nope': copy it from the API keys page of the dashboard into the setting mintdoc\.projectId \(HTTP 404: No project\)\.$/,
		);
	});

	it('429: honours Retry-After, says when to try again, and does not retry', async () => {
		await serve((_req, res) => json(res, 429, { message: 'slow down' }, { 'retry-after': '30' }));
		const error = await apiError(client.listFeedback('p'));
		assert.deepEqual([error.kind, error.retryAfter, error.retryable], ['rateLimited', 30, true]);
		assert.match(error.message, /try again in 30 s\.$/);
		assert.equal(server.seen.length, 1);
	});

	it('5xx: retries a GET twice with backoff, then reports the attempts', async () => {
		await serve((_req, res) => json(res, 500, { message: 'boom' }));
		const error = await apiError(client.getUpdateStatus('x'));
		assert.deepEqual([error.kind, error.status, error.attempts], ['server', 500, 3]);
		assert.match(error.message, /HTTP 500 after 3 attempts: boom\. Try again later/);
		assert.equal(server.seen.length, 3);
		assert.deepEqual(sleeps, [10, 20]);
	});

	it('5xx then 200: the retry succeeds; a 503 Retry-After sets the wait', async () => {
		await serve((_req, res, seen) => (seen.length === 1 ? json(res, 503, {}, { 'retry-after': '2' }) : json(res, 200, { status: 'success' })));
		assert.equal((await client.getUpdateStatus('x')).status, 'success');
		assert.deepEqual(sleeps, [2000]);
	});

	it('never retries a POST', async () => {
		await serve((_req, res) => json(res, 502, {}));
		const error = await apiError(
			requestJson({ baseUrl: server.url, getApiKey: () => key, retryDelayMs: 1 }, { method: 'POST', path: '/x', body: { a: 1 }, notFound: 'x' }),
		);
		assert.equal(error.kind, 'server');
		assert.equal(server.seen.length, 1);
	});

	it('network: a refused connection is retried, then named with its cause', async () => {
		const port = await closedPort();
		server = await startScriptedServer(() => undefined);
		const attempts: number[] = [];
		const refused = createDocsApiClient({
			baseUrl: `http://127.0.0.1:${port}`,
			getApiKey: () => key,
			retryDelayMs: 1,
			sleep: async ms => void attempts.push(ms),
		});
		const error = await apiError(refused.getUpdateStatus('x'));
		assert.deepEqual([error.kind, error.status, error.attempts], ['network', 0, 3]);
		assert.match(error.message, /^Could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\) after 3 attempts\. Check your connection and mintdoc\.api\.baseUrl/);
		assert.equal(attempts.length, 2);
	});

	it('network: a connection dropped in the middle of the body', async () => {
		await serve((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
			res.write('{"status":"suc', () => res.destroy());
		});
		const error = await apiError(client.getUpdateStatus('x'));
		assert.equal(error.kind, 'network');
		assert.equal(server.seen.length, 3);
	});

	it('timeout: no answer in time is reported once, not retried', async () => {
		// Long enough for the request to reach the server (in this process) on a busy machine: 150 ms once
		// ran out before the server had seen it.
		await serve(() => undefined, { timeoutMs: 1_500 });
		const started = Date.now();
		const error = await apiError(client.getUpdateStatus('x'));
		assert.equal(error.kind, 'timeout');
		assert.match(error.message, /No answer from 127\.0\.0\.1:\d+ within 1\.5 s/);
		assert.equal(server.seen.length, 1);
		assert.deepEqual(sleeps, [], 'no backoff either');
		// The server never answers: only the client's timeout ends the call (the bound is for a busy machine).
		assert.ok(Date.now() - started < 10_000);
	});

	it('abort: cancels a request in flight', async () => {
		const controller = new AbortController();
		// Aborted once the request has reached the server, so it is in flight however slow the machine.
		await serve(() => controller.abort());
		const error = await apiError(client.getUpdateStatus('x', controller.signal));
		assert.deepEqual([error.kind, error.retryable], ['cancelled', false]);
		assert.equal(server.seen.length, 1);
	});

	it('abort: an aborted signal sends nothing, and aborting during a backoff stops the retries', async () => {
		await serve((_req, res) => json(res, 500, {}));
		const aborted = AbortSignal.abort();
		assert.equal((await apiError(client.getUpdateStatus('x', aborted))).kind, 'cancelled');
		assert.equal(server.seen.length, 0);
		const controller = new AbortController();
		// Aborted a moment after the 500 went out, while the client waits out its 10 s backoff (the
		// real one: no sleep injected). Never before the request arrived, so the count holds on a slow machine.
		server.setScript((_req, res) => {
			res.once('finish', () => setTimeout(() => controller.abort(), 100));
			json(res, 500, {});
		});
		const slow = createDocsApiClient({ baseUrl: server.url, getApiKey: () => key, retryDelayMs: 10_000 });
		assert.equal((await apiError(slow.getUpdateStatus('x', controller.signal))).kind, 'cancelled');
		assert.equal(server.seen.length, 1);
	});

	it('bad bodies: malformed JSON, HTML, the wrong shape, a bad cursor type', async () => {
		const bodies: [string, string, RegExp][] = [
			['{"status": "succ', 'application/json', /is not JSON \(application\/json, starts with '\{"status": "succ'\)/],
			['<!doctype html><p>hi</p>', 'text/html', /is not JSON \(text\/html/],
			['', 'application/json', /response from .* is empty/],
			['[1,2]', 'application/json', /expected an update status object, got an array/],
			['{"summary":"no state"}', 'application/json', /has no "status" field/],
		];
		for (const [body, type, message] of bodies) {
			await serve((_req, res) => void res.writeHead(200, { 'content-type': type }).end(body));
			const error = await apiError(client.getUpdateStatus('x'));
			assert.equal(error.kind, 'badResponse', body);
			assert.match(error.message, message);
			await server.close();
		}
		await serve((_req, res) => json(res, 200, { feedback: [], nextCursor: 5, hasMore: true }));
		assert.match((await apiError(client.listFeedback('p'))).message, /"nextCursor" must be a string or null, got a number/);
	});

	it('refuses a body over the size limit, declared or streamed', async () => {
		await serve((_req, res) => json(res, 200, { feedback: [{ id: '1', comment: 'x'.repeat(5000) }], nextCursor: null, hasMore: false }), {
			maxResponseBytes: 1000,
		});
		const declared = await apiError(client.listFeedback('p'));
		assert.equal(declared.kind, 'badResponse');
		assert.match(declared.message, /larger than 1 KB; MintDoc stopped reading it/);
		server.setScript((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ feedback: [], pad: 'y'.repeat(5000) }));
		});
		assert.equal((await apiError(client.listFeedback('p'))).kind, 'badResponse');
	});

	it('does not follow redirects, so the key never reaches another address', async () => {
		const elsewhere = await startScriptedServer((_req, res) => json(res, 200, { status: 'success' }));
		try {
			await serve((_req, res) => void res.writeHead(302, { location: `${elsewhere.url}/v1/project/update-status/x` }).end());
			const error = await apiError(client.getUpdateStatus('x'));
			assert.equal(error.kind, 'badResponse');
			assert.match(error.message, /redirect \(HTTP 302\)/);
			assert.equal(elsewhere.seen.length, 0);
		} finally {
			await elsewhere.close();
		}
	});
});

describe('error helpers', () => {
	it('parses Retry-After as seconds or as an HTTP date', () => {
		assert.equal(parseRetryAfter('120'), 120);
		assert.equal(parseRetryAfter(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1)), 60);
		assert.equal(parseRetryAfter('soon'), undefined);
		assert.equal(parseRetryAfter(null), undefined);
	});

	it('redacts given keys, key-shaped strings and bearer tokens', () => {
		assert.equal(redact('key abcdef1234 and mint_live_0123 and Bearer xyz.abc', ['abcdef1234']), 'key *** and mint_*** and Bearer ***');
		assert.equal(redact('starts with mint_'), 'starts with mint_');
	});

	it('takes the message of an error body from JSON, else from text, never from HTML', () => {
		assert.equal(serverMessageOf('{"error":"bad","message":"Bad limit"}', 'application/json'), 'Bad limit');
		assert.equal(serverMessageOf('{"error":{"code":"x","message":"Nested"}}', null), 'Nested');
		assert.equal(serverMessageOf('{"detail":"Detail"}', 'application/problem+json'), 'Detail');
		assert.equal(serverMessageOf('plain\ntext', 'text/plain'), 'plain text');
		assert.equal(serverMessageOf('<html><body>502</body></html>', 'text/html'), undefined);
		assert.equal(serverMessageOf('x'.repeat(500), 'text/plain')?.length, 300);
	});
});
