import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { AgentsReadRequest, LlmsSizeRequest } from '../../server/src/protocol';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

/** A docs.json listing `count` pages p1…pN in one group, each written with `title` and `description`. */
function writePages(site: ReturnType<typeof copyFixtures>, count: number, title: (i: number) => string, description: string): void {
	const pages = Array.from({ length: count }, (_, i) => `p${i + 1}`);
	const config = {
		$schema: 'https://mintlify.com/docs.json',
		theme: 'mint',
		name: 'Big',
		colors: { primary: '#065F46' },
		navigation: { groups: [{ group: 'All', pages }] },
	};
	writeFileSync(site.path('minimal/docs.json'), JSON.stringify(config));
	for (const [i, page] of pages.entries())
		writeFileSync(site.path(`minimal/${page}.mdx`), `---\ntitle: "${title(i + 1)}"\ndescription: "${description}"\n---\n\nBody.\n`);
}

describe('language server over JSON-RPC: the size of llms.txt for the Site view (mintdoc/llmsSize)', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;
	const size = (uri: string) => client.connection.sendRequest(LlmsSizeRequest.type, { uri });
	const llmsTxt = (uri: string) => client.connection.sendRequest(AgentsReadRequest.type, { uri, kind: 'llms.txt' });
	/** The size once the server knows the site (its roots are found after start-up). */
	const settledSize = (uri: string) => client.untilSiteProbe(async () => (await size(uri)) ?? undefined, 'the site known');

	beforeEach(() => (site = copyFixtures('minimal')));
	afterEach(async () => {
		await client?.stop();
		site.dispose();
	});

	it('measures the generated file as "Show What Agents Read" shows it, from the open buffers; null outside any site', async () => {
		client = await LspClient.start([site.uri]);
		const root = site.fileUri('minimal');
		const measured = await settledSize(root);
		const text = (await llmsTxt(site.fileUri('minimal/docs.json'))).text ?? '';
		assert.match(text, /^# Minimal\n/);
		assert.deepEqual(measured, {
			configUri: site.fileUri('minimal/docs.json'),
			characters: text.length,
			limit: 100_000,
			custom: false,
			shortened: 0,
			dropped: 0,
		});
		// Any file of the site names it.
		assert.deepEqual(await size(site.fileUri('minimal/index.mdx')), measured);
		assert.equal(await size('file:///nowhere/docs.json'), null);

		// A longer description typed (unsaved) lengthens the file by the difference.
		const before = 'The smallest site, with one page.';
		const description = 'Start here: what the smallest site covers, page by page';
		await client.open(site.fileUri('minimal/index.mdx'), `---\ntitle: Welcome\ndescription: "${description}"\n---\n\n# Welcome\n`);
		const typed = await size(root);
		assert.match(text, /\): The smallest site, with one page\.\n/);
		assert.equal(typed?.characters, text.length + description.length - before.length);
		assert.equal(typed?.characters, (await llmsTxt(root)).text?.length);
	});

	it("a committed llms.txt is the site's own: its length, no cap judgement", async () => {
		writeFileSync(site.path('minimal/llms.txt'), '# Ours\n\n- [Home](https://acme.dev/home.md)\n');
		client = await LspClient.start([site.uri]);
		assert.deepEqual(await settledSize(site.fileUri('minimal')), {
			configUri: site.fileUri('minimal/docs.json'),
			characters: 43,
			limit: 100_000,
			custom: true,
			shortened: 0,
			dropped: 0,
		});
	});

	it('past the cap: first every description is shortened, then entries are dropped from the end', async () => {
		const long = 'Explains one part of the product in enough words to fill the whole of the description that llms.txt lists for it. '.repeat(3);
		writePages(site, 300, i => `Page ${i}`, long);
		client = await LspClient.start([site.uri]);
		const root = site.fileUri('minimal');
		const shortened = await settledSize(root);
		assert.equal(shortened.custom, false);
		assert.ok(shortened.characters > 100_000, `${shortened.characters} characters`);
		assert.equal(shortened.characters, (await llmsTxt(root)).fullLength);
		assert.deepEqual([shortened.shortened, shortened.dropped], [300, 0]);

		// Titles so long that even the bare entries pass the cap: entries go too, as the file's own note says.
		writePages(site, 450, i => `Page ${i} `.padEnd(200, 'x'), long);
		await client.stop();
		client = await LspClient.start([site.uri]);
		const cut = await settledSize(root);
		const note = /\n> (\d+) of 450 pages are not listed here/.exec((await llmsTxt(root)).text ?? '');
		assert.ok(note, 'the omission note');
		assert.deepEqual([cut.shortened, cut.dropped], [450, Number(note[1])]);
		assert.ok(cut.dropped > 0 && cut.characters > 200 * 450);
	});
});
