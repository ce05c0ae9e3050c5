import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { LspClient } from '../helpers/lspClient';

/**
 * The language server over JSON-RPC on a workspace with pages linked to devices and to a file
 * outside (issue 51; the CLI, preview and MCP: test/cli/hostileReads.test.ts): one finding on each
 * link, nothing of the outside file, and the server keeps answering.
 */
describe('language server: links to devices and outside files', function () {
	this.timeout(120_000);
	const secret = 'SECRET-9c1e';
	let dir: string;
	let client: LspClient | undefined;
	before(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-lsp-reads-'));
		const site = path.join(dir, 'site');
		mkdirSync(site);
		writeFileSync(
			path.join(site, 'docs.json'),
			JSON.stringify({ theme: 'mint', name: 'X', colors: { primary: '#000000' }, navigation: { pages: ['index', 'zero', 'random', 'stdin', 'away'] } }),
		);
		writeFileSync(path.join(site, 'index.mdx'), '# Home\n');
		writeFileSync(path.join(dir, 'outside.mdx'), `---\ntitle: ${secret}\n---\n\n<Broken ${secret}\n`);
		symlinkSync('/dev/zero', path.join(site, 'zero.mdx'));
		symlinkSync('/dev/urandom', path.join(site, 'random.mdx'));
		symlinkSync('/dev/stdin', path.join(site, 'stdin.mdx'));
		symlinkSync(path.join(dir, 'outside.mdx'), path.join(site, 'away.mdx'));
	});
	after(async () => {
		await client?.stop();
		rmSync(dir, { recursive: true, force: true });
	});

	it('one finding on each link, nothing quoted from outside', async () => {
		const site = path.join(dir, 'site');
		client = await LspClient.start([URI.file(site).toString()]);
		for (const [name, code] of [
			['zero.mdx', 'file-not-regular'],
			['random.mdx', 'file-not-regular'],
			['stdin.mdx', 'file-not-regular'],
			['away.mdx', 'file-outside-workspace'],
		]) {
			const diagnostics = await client.waitForDiagnostics(URI.file(path.join(site, name)).toString(), d => d.length > 0, name, 30_000);
			assert.deepEqual(
				diagnostics.map(d => d.code),
				[code],
				name,
			);
			assert.doesNotMatch(JSON.stringify(diagnostics), new RegExp(secret));
		}
		assert.doesNotMatch(JSON.stringify(client.published), new RegExp(secret));
	});
});
