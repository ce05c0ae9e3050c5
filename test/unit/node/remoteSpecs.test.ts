import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRemoteFetcher } from '../../../server/src/node/network/remoteSpecs';
import { defaultFetchPolicy } from '../../../server/src/node/network/safeFetch';

/** The server here listens on 127.0.0.1: the test-only allowance of the network policy (refusals: networkPolicy.test.ts). */
const local = { policy: { ...defaultFetchPolicy(), allowLoopback: true } };

describe('hosted OpenAPI documents', () => {
	let server: Server;
	let url: string;
	let cache: string;
	const seen: (string | undefined)[] = [];
	let body = 'openapi: 3.1.0\n';

	beforeEach(async () => {
		cache = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-cache-'));
		seen.length = 0;
		server = createServer((req, res) => {
			seen.push(req.headers['if-none-match']);
			if (req.headers['if-none-match'] === '"v1"' && body === 'openapi: 3.1.0\n') return res.writeHead(304).end();
			res.writeHead(200, { etag: '"v1"', 'content-type': 'application/yaml' }).end(body);
		});
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.yaml`;
	});
	afterEach(async () => {
		await new Promise(resolve => server.close(resolve));
		rmSync(cache, { recursive: true, force: true });
	});

	it('fetches, then revalidates with the ETag and reuses the cached copy on 304', async () => {
		const fetchText = createRemoteFetcher(cache, local);
		assert.equal(await fetchText(url), 'openapi: 3.1.0\n');
		assert.equal(await fetchText(url), 'openapi: 3.1.0\n');
		assert.deepEqual(seen, [undefined, '"v1"']);
	});

	it('answers from the cache when the server is gone, and explains when there is no copy', async () => {
		const fetchText = createRemoteFetcher(cache, local);
		await fetchText(url);
		await new Promise(resolve => server.close(resolve));
		server = createServer().listen(0, '127.0.0.1');
		assert.equal(await fetchText(url), 'openapi: 3.1.0\n');
		await assert.rejects(createRemoteFetcher(mkdtempSync(path.join(os.tmpdir(), 'mintdoc-empty-')), local)(url), /ECONNREFUSED/);
		await assert.rejects(fetchText('file:///etc/passwd'), /only http\(s\) URLs/);
	});
});
