import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: V8 code cache of the server bundle', function () {
	this.timeout(120_000);
	let site: ReturnType<typeof copyFixtures>;
	let cacheHome: string;
	const clients: LspClient[] = [];
	beforeEach(() => {
		site = copyFixtures('features');
		cacheHome = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-xdg-'));
	});
	afterEach(async () => {
		await Promise.all(clients.splice(0).map(c => c.stop()));
		site.dispose();
		rmSync(cacheHome, { recursive: true, force: true });
	});

	const cacheDir = () => path.join(cacheHome, 'mintdoc', 'code-cache');
	const start = async () => {
		const client = await LspClient.start([site.uri], undefined, { XDG_CACHE_HOME: cacheHome });
		clients.push(client);
		return client;
	};
	const brokenUri = () => site.fileUri('features/broken.mdx');

	it('writes the cache once the pages are checked; the next server starts from it and reports the same problems', async () => {
		writeFileSync(site.path('features/broken.mdx'), '---\ntitle: Broken\n---\n\nSee [nowhere](/nowhere).\n');
		const first = await start();
		assert.match(await first.waitForLog(/^MintDoc language server started/), /code cache none\)$/);
		await first.waitForLog(/^code cache written/);
		const before = await first.waitForDiagnostics(brokenUri(), d => d.length > 0);
		await first.stop();
		const [file] = readdirSync(cacheDir());
		assert.match(file, /^serverMain-.*\.bin$/);
		// Only this user may read or replace it.
		assert.equal(statSync(path.join(cacheDir(), file)).mode & 0o777, 0o600);
		assert.equal(statSync(cacheDir()).mode & 0o777, 0o700);

		const second = await start();
		assert.match(await second.waitForLog(/^MintDoc language server started/), /code cache used\)$/);
		assert.deepEqual(await second.waitForDiagnostics(brokenUri(), d => d.length > 0), before);
	});

	it('a damaged cache is refused by V8: the server starts compiled from source, works, and writes a good one', async () => {
		writeFileSync(site.path('features/broken.mdx'), '---\ntitle: Broken\n---\n\nSee [nowhere](/nowhere).\n');
		const first = await start();
		await first.waitForLog(/^code cache written/);
		await first.stop();
		const [file] = readdirSync(cacheDir());
		writeFileSync(path.join(cacheDir(), file), Buffer.alloc(4096, 0x5a));

		const second = await start();
		assert.match(await second.waitForLog(/^MintDoc language server started/), /code cache rejected\)$/);
		assert.deepEqual(
			(await second.waitForDiagnostics(brokenUri(), d => d.length > 0)).map(d => d.code),
			['link-broken'],
		);
		await second.waitForLog(/^code cache written/);
		await second.stop();
		const third = await start();
		assert.match(await third.waitForLog(/^MintDoc language server started/), /code cache used\)$/);
	});
});
