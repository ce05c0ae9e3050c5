import * as assert from 'node:assert/strict';
import { agentLlmsFile, agentLlmsFileText, agentPageMarkdown, notAPageMessage } from '../../../../server/src/core/agents/agentLlms';
import { noCancellation } from '../../../../server/src/core/cancellation';
import { generateLlmsFullTxt, generateLlmsTxt } from '../../../../server/src/core/llms/llmsFiles';
import { workspaceUri } from '../../../helpers/inMemoryWorkspace';
import { manyPagesSite, siteOf } from '../llms/llmsSiteOf';

const page = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nBody of ${title}.\n`;
const acme = {
	'docs.json': JSON.stringify({ name: 'Acme', navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/setup'] }] } }),
	'index.mdx': page('Welcome', 'description: The front page.\n'),
	'guides/setup.mdx': `import { Tip } from '/snippets/tip.mdx';\n\n${page('Setup')}\n<Visibility for="humans">\n  Only for people.\n</Visibility>\n`,
};

describe('core/agents/agentLlms: what the MCP tools and the language-model tools answer about llms.txt', () => {
	it('generates llms.txt when the site commits none, with the placeholder origin until mintdoc.json sets site.url', async () => {
		const { site, read } = await siteOf(acme);
		const placeholder = await agentLlmsFile(site, read, undefined, false, noCancellation);
		assert.deepEqual(
			{ ...placeholder, text: undefined },
			{ name: 'llms.txt', custom: false, text: undefined, fullLength: placeholder.text.length, baseUrl: 'https://example.com/docs', placeholderUrl: true },
		);
		assert.equal(placeholder.text, (await generateLlmsTxt(site, read, 'https://example.com/docs', noCancellation)).text);
		assert.match(placeholder.text, /^# Acme\n/);
		assert.match(placeholder.text, /^- \[Setup\]\(https:\/\/example\.com\/docs\/guides\/setup\.md\)$/m);
		assert.equal(
			agentLlmsFileText(placeholder, 'this folder').split('\n')[0],
			`/llms.txt of the site in this folder: generated from the pages, ${placeholder.text.length} characters; ` +
				'links use the placeholder https://example.com/docs (set "site": {"url"} in mintdoc.json for the real one).',
		);
		assert.ok(agentLlmsFileText(placeholder, 'this folder').endsWith(`\n\n${placeholder.text}`));

		const published = await agentLlmsFile(site, read, 'https://docs.acme.dev', false, noCancellation);
		assert.equal(published.placeholderUrl, false);
		assert.match(published.text, /^- \[Welcome\]\(https:\/\/docs\.acme\.dev\/index\.md\): The front page\.$/m);
		assert.match(
			agentLlmsFileText(published, 'docs'),
			/^\/llms\.txt of the site in docs: generated from the pages, \d+ characters; links use https:\/\/docs\.acme\.dev\.\n\n# Acme\n/,
		);
	});

	it("serves the site's own root llms.txt and llms-full.txt as written, and says so", async () => {
		const own = '# Acme, by hand\n\n- [Start](https://acme.dev/start.md)\n';
		const ownFull = '# Everything\n';
		const { site, read } = await siteOf({ ...acme, 'llms.txt': own, 'llms-full.txt': ownFull });
		const file = await agentLlmsFile(site, read, undefined, false, noCancellation);
		assert.deepEqual({ custom: file.custom, text: file.text, fullLength: file.fullLength }, { custom: true, text: own, fullLength: own.length });
		assert.equal(
			agentLlmsFileText(file, 'this folder'),
			`/llms.txt of the site in this folder: the site's own llms.txt (committed at its root), served as written instead of a generated one.\n\n${own}`,
		);
		const full = await agentLlmsFile(site, read, undefined, true, noCancellation);
		assert.deepEqual({ name: full.name, custom: full.custom, text: full.text }, { name: 'llms-full.txt', custom: true, text: ownFull });
	});

	it("generates llms-full.txt from every listed page's Markdown", async () => {
		const { site, read } = await siteOf(acme);
		const full = await agentLlmsFile(site, read, 'https://docs.acme.dev', true, noCancellation);
		assert.equal(full.custom, false);
		assert.equal(full.text, await generateLlmsFullTxt(site, read, 'https://docs.acme.dev', noCancellation));
		assert.match(full.text, /^# Setup\nSource: https:\/\/docs\.acme\.dev\/guides\/setup\n/m);
		assert.match(agentLlmsFileText(full, 'this folder'), /^\/llms-full\.txt of the site in this folder: generated from the pages/);
	});

	it('says how a generated llms.txt past the cap was fitted', async () => {
		const { site, read } = await siteOf(manyPagesSite(2000, page));
		const file = await agentLlmsFile(site, read, 'https://big.dev', false, noCancellation);
		assert.ok(file.truncation && file.truncation.fullLength > 400_000 && file.fullLength === file.truncation.fullLength);
		assert.deepEqual({ shortened: file.truncation.shortened, dropped: file.truncation.dropped }, { shortened: 2000, dropped: 0 });
		assert.match(
			agentLlmsFileText(file, 'this folder').split('\n')[0],
			/^\/llms\.txt of the site in this folder: generated from the pages and fitted under the 100,000-character cap \([\d,]+ before: 2000 descriptions shortened, 0 entries dropped\); links use https:\/\/big\.dev\.$/,
		);
	});

	it("answers a page's .md export, and nothing for a file that is no page", async () => {
		const { site, read } = await siteOf(acme);
		const markdown = await agentPageMarkdown(site, workspaceUri('guides/setup.mdx'), read, undefined);
		assert.ok(markdown !== undefined && markdown.startsWith('# Setup\n'), markdown);
		assert.match(markdown, /Body of Setup\./);
		assert.doesNotMatch(markdown, /import|Only for people/);
		assert.equal(await agentPageMarkdown(site, workspaceUri('docs.json'), read, undefined), undefined);
		assert.equal(notAPageMessage('docs.json'), 'docs.json is not a page of the site (an .mdx or .md file under the folder of docs.json)');
	});
});
