import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: the page cache in the extension storage', function () {
	this.timeout(120_000);
	let site: ReturnType<typeof copyFixtures>;
	let storagePath: string;
	const clients: LspClient[] = [];
	beforeEach(() => {
		site = copyFixtures('features');
		writeFileSync(site.path('features/broken.mdx'), '---\ntitle: Broken\n---\n\n<Note>\nnever closed\n');
		storagePath = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-storage-'));
	});
	afterEach(async () => {
		await Promise.all(clients.splice(0).map(c => c.stop()));
		site.dispose();
		rmSync(storagePath, { recursive: true, force: true });
	});

	const start = async () => {
		const client = await LspClient.start([site.uri], { storagePath });
		clients.push(client);
		return client;
	};

	it('a server started again on the same site parses none of its unchanged pages, and reports the same problems', async () => {
		const first = await start();
		const cold = await first.waitForLog(/^page cache: /);
		const [, reused, parsed] = /page cache: (\d+) pages reused, (\d+) parsed/.exec(cold)!;
		assert.equal(Number(reused), 0);
		assert.ok(Number(parsed) >= 5, cold);
		const brokenUri = site.fileUri('features/broken.mdx');
		const before = await first.waitForDiagnostics(brokenUri, d => d.length > 0);
		await first.stop();

		// With a description: page-description-missing (info, published in the background a moment later) would race the assertion below.
		writeFileSync(site.path('features/index.mdx'), '---\ndescription: Changed\n---\n\n# Changed\n\nSee [nowhere](/nowhere).\n');
		const second = await start();
		const warm = await second.waitForLog(/^page cache: /);
		assert.equal(warm, `page cache: ${Number(parsed) - 1} pages reused, 1 parsed; ${parsed} kept for next time`);
		assert.deepEqual(await second.waitForDiagnostics(brokenUri, d => d.length > 0), before);
		const index = await second.waitForDiagnostics(site.fileUri('features/index.mdx'), d => d.length > 0);
		assert.deepEqual(
			index.map(d => d.code),
			['link-broken'],
		);
	});
});
