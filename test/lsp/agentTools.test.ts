import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentToolRequest, type AgentToolInput } from '../../server/src/protocol';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: the language-model tools (mintdoc/agentTool)', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;
	const ask = (input: AgentToolInput) => client.connection.sendRequest(AgentToolRequest.type, input);

	beforeEach(() => {
		site = copyFixtures('minimal');
		writeFileSync(site.path('minimal/index.mdx'), '# Home\n\n![](https://x.dev/a.png)\n\n[x](/nowhere)\n');
		writeFileSync(site.path('minimal/mintdoc.json'), '{ "rules": { "a11y-*": "off" } }');
	});
	afterEach(async () => {
		await client?.stop();
		site.dispose();
	});

	it('check answers with the findings the editor shows (mintdoc.json applied), 1-based, paths relative to the workspace folder', async () => {
		client = await LspClient.start([site.uri]);
		const page = site.fileUri('minimal/index.mdx');
		await client.waitForDiagnostics(page, d => d.length === 1, 'the page checked');
		const expected = "minimal/index.mdx:5:5 error [link-broken] No page or file '/nowhere' in this site.\n1 error, 0 warnings in 1 file.";
		assert.deepEqual(await ask({ tool: 'check' }), { text: expected });
		assert.deepEqual(await ask({ tool: 'check', uri: page }), { text: expected });
		assert.deepEqual(await ask({ tool: 'check', uri: site.fileUri('minimal/docs.json') }), { text: 'No problems found.' });
		// An open, unsaved buffer is what is checked, as in the Problems view.
		await client.open(page, '# Home\n\n[y](/elsewhere)\n');
		assert.match((await ask({ tool: 'check', uri: page })).text, /^minimal\/index\.mdx:3:5 error \[link-broken\] No page or file '\/elsewhere'/);
	});

	it('check draft: the findings of text never saved nor published; the editor keeps showing the file', async () => {
		client = await LspClient.start([site.uri]);
		const page = site.fileUri('minimal/index.mdx');
		await client.waitForDiagnostics(page, d => d.length === 1, 'the page checked');
		const answer = await ask({ tool: 'checkDraft', uri: page, text: '# Home\n\nSee [a](/draft-only) and <Note titel="x">y</Note>.\n' });
		assert.equal(answer.isError, undefined);
		assert.deepEqual(
			answer.text.split('\n').map(l => l.replace(/ [A-Z<'].*$/, '')),
			[
				'Findings of the draft (not saved):',
				'minimal/index.mdx:3:9 error [link-broken]',
				'minimal/index.mdx:3:32 warning [component-unknown-prop]',
				'1 error, 1 warning in 1 file.',
			],
		);
		// The server re-checks the file as it is; the draft's link never reaches the Problems view.
		const after = await client.waitForDiagnostics(page, d => d.length === 1 && d[0].message.includes('/nowhere'), 'the saved text again');
		assert.ok(!after.some(d => d.message.includes('draft-only')));
		assert.match((await ask({ tool: 'check', uri: page })).text, /'\/nowhere'/);
	});

	it('site map, components, and errors a model can act on', async () => {
		client = await LspClient.start([site.uri]);
		await client.waitForDiagnostics(site.fileUri('minimal/index.mdx'), d => d.length === 1, 'the page checked');
		assert.deepEqual(await ask({ tool: 'siteMap' }), { text: 'Site "Minimal" (minimal):\n- [group] Start\n  - index — minimal/index.mdx' });
		assert.deepEqual(await ask({ tool: 'siteMap', version: 'v2' }), { text: 'the navigation of Minimal has no versions: leave version out', isError: true });
		assert.match((await ask({ tool: 'components', name: 'Note' })).text, /^<Note>: /);
		assert.equal((await ask({ tool: 'components', name: 'Nope' })).isError, true);
		assert.deepEqual(await ask({ tool: 'check', uri: 'file:///etc/passwd' }), {
			text: '/etc/passwd is outside the workspace folders: only their files are checked',
			isError: true,
		});
		const outside = path.join(os.tmpdir(), `mintdoc-lsp-outside-${process.pid}.mdx`);
		writeFileSync(outside, '# secret\n');
		symlinkSync(outside, site.path('minimal/leak.mdx'));
		try {
			assert.deepEqual(await ask({ tool: 'check', uri: site.fileUri('minimal/leak.mdx') }), {
				text: 'minimal/leak.mdx is a symbolic link leading outside the workspace folders: refused',
				isError: true,
			});
		} finally {
			rmSync(outside, { force: true });
		}
		assert.deepEqual(await ask({ tool: 'checkDraft', uri: site.fileUri('minimal/new.mdx'), text: '# New' }), {
			text: 'minimal/new.mdx does not exist (or is not a file)',
			isError: true,
		});
	});

	it("llms.txt and a page's .md: site.url from the site's mintdoc.json, open buffers and fresh files, one site or every one", async () => {
		writeFileSync(site.path('minimal/mintdoc.json'), '{ "rules": { "a11y-*": "off" }, "site": { "url": "https://docs.minimal.dev" } }');
		mkdirSync(site.path('second'));
		writeFileSync(site.path('second/docs.json'), JSON.stringify({ name: 'Second', navigation: { groups: [{ group: 'G', pages: ['intro'] }] } }));
		writeFileSync(site.path('second/intro.mdx'), '---\ntitle: Intro\n---\n\nHello.\n');
		client = await LspClient.start([site.uri]);
		await client.waitForDiagnostics(site.fileUri('minimal/index.mdx'), d => d.length === 1, 'the page checked');

		const one = await ask({ tool: 'llmsTxt', uri: site.fileUri('minimal/index.mdx') });
		assert.equal(one.isError, undefined);
		assert.match(
			one.text,
			/^\/llms\.txt of the site in minimal: generated from the pages, \d+ characters; links use https:\/\/docs\.minimal\.dev\.\n\n# Minimal\n/,
		);
		assert.match(one.text, /\(https:\/\/docs\.minimal\.dev\/index\.md\)/);
		assert.doesNotMatch(one.text, /# Second/);
		const every = (await ask({ tool: 'llmsTxt' })).text;
		assert.match(every, /^\/llms\.txt of the site in minimal: /m);
		assert.match(
			every,
			/^\/llms\.txt of the site in second: generated from the pages, \d+ characters; links use the placeholder https:\/\/example\.com\/docs /m,
		);
		assert.match(every, /^- \[Intro\]\(https:\/\/example\.com\/docs\/intro\.md\)$/m);

		const intro = site.fileUri('second/intro.mdx');
		assert.match((await ask({ tool: 'pageMarkdown', uri: intro })).text, /^# Intro\n[^]*Hello\.\n$/);
		// The open buffer, unsaved, is what the page says.
		client.open(intro, '---\ntitle: Intro, edited\n---\n\nHello again.\n');
		assert.match((await ask({ tool: 'pageMarkdown', uri: intro })).text, /^# Intro, edited\n[^]*Hello again\.\n$/);
		// A page an agent wrote a moment ago, before any watcher event.
		writeFileSync(site.path('second/fresh.mdx'), '---\ntitle: Fresh\n---\n\nNew.\n');
		assert.match((await ask({ tool: 'pageMarkdown', uri: site.fileUri('second/fresh.mdx') })).text, /^# Fresh\n/);
		assert.deepEqual(await ask({ tool: 'pageMarkdown', uri: site.fileUri('second/docs.json') }), {
			text: 'second/docs.json is not a page of the site (an .mdx or .md file under the folder of docs.json)',
			isError: true,
		});
		assert.deepEqual(await ask({ tool: 'llmsTxt', uri: 'file:///etc/passwd' }), {
			text: '/etc/passwd is outside the workspace folders: only their files are checked',
			isError: true,
		});
	});
});
