import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CheckExternalLinksRequest } from '../../server/src/protocol';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: external links (a server on 127.0.0.1)', function () {
	this.timeout(60_000);
	let server: http.Server;
	let base = '';
	const requests: string[] = [];
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient | undefined;

	before(async () => {
		server = http.createServer((req, res) => {
			requests.push(`${req.method} ${req.url}`);
			res.writeHead(req.url === '/fine' ? 200 : 404).end();
		});
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	after(() => server.close());
	beforeEach(() => {
		site = copyFixtures('minimal');
		writeFileSync(site.path('minimal/index.mdx'), `# Home\n\n[fine](${base}/fine) and [gone](${base}/gone)\n`);
		requests.length = 0;
	});
	afterEach(async () => {
		await client?.stop();
		site.dispose();
	});

	it('checks only when asked, then publishes the broken link with the page diagnostics', async () => {
		client = await LspClient.start([site.uri]);
		await client.waitForStatus(s => s.state === 'ready');
		assert.deepEqual(requests, [], 'nothing is fetched before the request');
		const result = await client.connection.sendRequest(CheckExternalLinksRequest.type, {});
		assert.deepEqual(result, { broken: 1, unchecked: 0 });
		const page = await client.waitForDiagnostics(site.fileUri('minimal/index.mdx'), d => d.some(x => x.code === 'link-external-broken'));
		assert.deepEqual(
			page.map(d => [d.code, d.severity, d.range.start.line, d.range.start.character]),
			[['link-external-broken', 1, 2, `[fine](${base}/fine) and [gone](`.length]],
		);
	});

	it('refuses in Restricted Mode: no request leaves', async () => {
		client = await LspClient.start([site.uri], { workspaceTrusted: false });
		await client.waitForStatus(s => s.state === 'ready');
		const result = await client.connection.sendRequest(CheckExternalLinksRequest.type, {});
		assert.deepEqual(result, { broken: 0, unchecked: 0, refused: 'External links are not checked in Restricted Mode.' });
		assert.deepEqual(requests, []);
	});
});
