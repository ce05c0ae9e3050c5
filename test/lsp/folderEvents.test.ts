import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileChangeType } from 'vscode-languageserver-protocol';
import { URI } from 'vscode-uri';
import { LspClient } from '../helpers/lspClient';

const docsJson = (name: string, pages: string[]) =>
	JSON.stringify(
		{ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name, colors: { primary: '#065F46' }, navigation: { groups: [{ group: 'Start', pages }] } },
		null,
		2,
	);

/**
 * Editors report a deleted folder once, not each file in it (VS Code's watcher folds the events),
 * and a folder moved in may come as one event too: the site must follow all the same.
 */
describe('language server over JSON-RPC: folders deleted or moved in as one event', function () {
	this.timeout(60_000);
	let dir: string;
	let client: LspClient;
	const uri = (relative: string) => URI.file(path.join(dir, relative)).toString();
	const write = (relative: string, text: string) => {
		mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
		writeFileSync(path.join(dir, relative), text);
	};
	const codes = (list: readonly { code?: unknown; message: string }[] | undefined) => (list ?? []).map(d => `${String(d.code)}: ${d.message}`);

	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-folders-'));
		write('site/docs.json', docsJson('Site', ['intro', 'guides/a']));
		write('site/intro.mdx', '---\ntitle: Intro\n---\n\nRead [A](/guides/a) and [B](/moved/b).\n');
		write('site/guides/a.mdx', '---\ntitle: A\n---\n\nA.\n');
		write('other/docs.json', docsJson('Other', ['index', 'missing']));
		write('other/index.mdx', '---\ntitle: Other\n---\n\nOther.\n');
	});
	afterEach(async () => {
		await client?.stop();
		rmSync(dir, { recursive: true, force: true });
	});

	it('a deleted folder of pages: links to them and navigation entries break; a folder moved in: its pages exist', async () => {
		client = await LspClient.start([URI.file(dir).toString()]);
		await client.waitForStatus(s => s.state === 'ready');
		const before = await client.waitForDiagnostics(uri('site/intro.mdx'), d => d.length > 0, 'the link to the page not there yet');
		assert.deepEqual(codes(before), ["link-broken: No page or file '/moved/b' in this site."]);

		rmSync(path.join(dir, 'site/guides'), { recursive: true });
		await client.filesChanged([{ uri: uri('site/guides'), type: FileChangeType.Deleted }]);
		const broken = await client.waitForDiagnostics(uri('site/intro.mdx'), d => d.length === 2, 'the link into the deleted folder broken');
		assert.deepEqual(codes(broken).sort(), ["link-broken: No page or file '/guides/a' in this site.", "link-broken: No page or file '/moved/b' in this site."]);
		const nav = await client.waitForDiagnostics(uri('site/docs.json'), d => d.length > 0, 'the navigation entry of the deleted page');
		assert.deepEqual(
			nav.map(d => [d.code, d.range.start.line]),
			[['page-not-found', 13]],
		);

		write('site/moved/b.mdx', '---\ntitle: B\n---\n\nB.\n');
		await client.filesChanged([{ uri: uri('site/moved'), type: FileChangeType.Created }]);
		const healed = await client.waitForDiagnostics(uri('site/intro.mdx'), d => d.length === 1, 'the link into the folder moved in healed');
		assert.deepEqual(codes(healed), ["link-broken: No page or file '/guides/a' in this site."]);
	});

	it('a deleted folder holding a site: the site is gone and its findings are cleared', async () => {
		client = await LspClient.start([URI.file(dir).toString()]);
		const status = await client.waitForStatus(s => s.state === 'ready' && s.roots.length === 2);
		assert.deepEqual(status.roots, [uri('other'), uri('site')]);
		await client.waitForDiagnostics(uri('other/docs.json'), d => d.length > 0, 'the missing page of the other site');

		rmSync(path.join(dir, 'other'), { recursive: true });
		await client.filesChanged([{ uri: uri('other'), type: FileChangeType.Deleted }]);
		await client.waitForStatus(s => s.state === 'ready' && s.roots.length === 1);
		await client.waitForDiagnostics(uri('other/docs.json'), d => d.length === 0, 'the findings of the deleted site cleared');
	});
});
