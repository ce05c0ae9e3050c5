import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { InitializedNotification, InitializeRequest } from 'vscode-languageserver-protocol';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

/*
 * Editors other than VS Code start `dist/server.js --stdio` and declare what they support, often
 * less than VS Code: the server must find and check the site all the same (issue 52).
 */
describe('language server over JSON-RPC: a client with few capabilities', function () {
	this.timeout(120_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient | undefined;
	beforeEach(() => {
		site = copyFixtures('features');
	});
	afterEach(async () => {
		await client?.stop();
		client = undefined;
		site.dispose();
	});

	it('without workspace-folder support (no `workspace.workspaceFolders`), the site is found and its pages checked', async () => {
		writeFileSync(site.path('features/broken.mdx'), '---\ntitle: Broken\n---\n\nSee [nowhere](/nowhere).\n');
		client = await LspClient.start([site.uri], undefined, undefined, { textDocument: { publishDiagnostics: {} } });
		const found = await client.waitForDiagnostics(site.fileUri('features/broken.mdx'), d => d.length > 0, 'the broken link', 60_000);
		assert.ok(found.some(d => d.code === 'link-broken'));
	});

	it('naming its root only by `rootPath` (a path, as clients older than `rootUri` do), the site is found and checked', async () => {
		writeFileSync(site.path('features/broken.mdx'), '---\ntitle: Broken\n---\n\nSee [nowhere](/nowhere).\n');
		client = LspClient.spawn();
		await client.connection.sendRequest(InitializeRequest.type, {
			processId: process.pid,
			rootPath: site.dir,
			rootUri: null,
			capabilities: { textDocument: { publishDiagnostics: {} } },
		});
		await client.connection.sendNotification(InitializedNotification.type, {});
		const found = await client.waitForDiagnostics(site.fileUri('features/broken.mdx'), d => d.length > 0, 'the broken link', 60_000);
		assert.ok(found.some(d => d.code === 'link-broken'));
	});

	it('started without Node flags, the server turns off allocation-site pretenuring before its bundle loads', async () => {
		// Other editors pass no flags (VS Code passes languageServerNodeFlags): without this one crewAI's server held
		// ~40 MB more after 100 docs.json edits. A probe records the V8 flags set at run time, in order.
		const dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-flags-'));
		try {
			const probe = path.join(dir, 'probe.cjs');
			const out = path.join(dir, 'flags.txt');
			writeFileSync(
				probe,
				`const v8 = require('node:v8'); const fs = require('node:fs'); const set = v8.setFlagsFromString;
v8.setFlagsFromString = flags => { fs.appendFileSync(${JSON.stringify(out)}, flags + '\\n'); return set(flags); };`,
			);
			client = LspClient.spawn({ NODE_OPTIONS: `--require ${probe}` });
			await client.connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
			assert.equal(readFileSync(out, 'utf8').split('\n')[0], '--no-allocation-site-pretenuring');
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
