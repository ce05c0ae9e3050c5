import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { largeSite } from '../helpers/largeSite';
import { LspClient } from '../helpers/lspClient';
import { positionOf } from '../helpers/siteCheck';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: the docs.json edits rehearsed once a large site is loaded', function () {
	this.timeout(120_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient | undefined;
	beforeEach(() => {
		site = copyFixtures();
		for (const [relative, text] of Object.entries(largeSite())) {
			mkdirSync(path.dirname(site.path(relative)), { recursive: true });
			writeFileSync(site.path(relative), text);
		}
	});
	afterEach(async () => {
		await client?.stop();
		site.dispose();
	});

	it('rehearses after the pages are checked, publishes nothing of it, and answers the next edit', async () => {
		client = await LspClient.start([site.uri]);
		const docsUri = site.fileUri('docs.json');
		const logged = await client.waitForLog(/^rehearsed \d+ docs\.json edits/);
		assert.match(logged, /^rehearsed 8 docs\.json edits of .+ in \d+ ms/);
		const before = client.diagnostics(docsUri) ?? [];
		assert.ok(before.some(d => d.code === 'page-not-found'));
		// The rehearsal types a character after an entry and a new entry before another: none of it may reach the editor.
		const rehearsed = client.published.filter(p => p.diagnostics.some(d => /-new'|-'/.test(d.message)));
		assert.deepEqual(rehearsed, []);
		assert.ok(!client.logs.some(line => /failed/.test(line)), client.logs.join('\n'));

		const text = largeSite()['docs.json'];
		await client.open(docsUri, text);
		const [line, character] = positionOf(text, '"guides/page-150"');
		await client.change(docsUri, 2, [{ range: { start: { line, character: character + 1 }, end: { line, character: character + 1 } }, text: 'x' }]);
		const after = await client.waitForDiagnostics(
			docsUri,
			d => d.some(f => f.code === 'page-not-found' && f.range.start.line === line),
			'the edited entry reported',
		);
		assert.equal(after.length, before.length + 1);
	});
});
