import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { connectMcp, type McpConnection } from '../helpers/mcpClient';
import { copyExample } from '../helpers/mcpSite';
import { mintdoc } from '../helpers/cli';

const textOf = (result: { content?: unknown }) => (result.content as { type: string; text: string }[]).map(c => c.text).join('\n');

describe('mintdoc mcp: llms_txt and page_markdown (built CLI, driven by the SDK client)', function () {
	this.timeout(120_000);
	let site: ReturnType<typeof copyExample>;
	let mcp: McpConnection;
	before(async () => {
		site = copyExample();
		writeFileSync(site.path('mintdoc.json'), JSON.stringify({ site: { url: 'https://docs.acme.dev' } }));
		mcp = await connectMcp(['.', '--no-cache'], site.dir);
	});
	after(async () => {
		await mcp?.close();
		site?.dispose();
	});

	it('llms_txt answers what `mintdoc llms` prints, from the same code', async () => {
		const result = await mcp.call('llms_txt');
		const cli = mintdoc(['llms', '.'], site.dir);
		assert.equal(cli.status, 0, cli.stderr);
		assert.equal(textOf(result), cli.stdout);
		assert.match(cli.stdout, /^# Acme/);
		assert.match(cli.stdout, /\n- \[[^\]]+\]\(https:\/\/docs\.acme\.dev\/quickstart\.md\)/);
		const [answer] = (result.structuredContent as { sites: { site: string; custom: boolean; characters: number }[] }).sites;
		assert.deepEqual({ site: answer.site, custom: answer.custom, characters: answer.characters }, { site: '.', custom: false, characters: cli.stdout.length });
		const full = await mcp.call('llms_txt', { full: true });
		assert.equal(textOf(full), mintdoc(['llms', '.', '--full'], site.dir).stdout);
	});

	it('page_markdown answers a page as the preview serves <route>.md, and sees an edit made between calls', async () => {
		const first = textOf(await mcp.call('page_markdown', { file: 'quickstart.mdx' }));
		assert.match(first, /^# [^\n]+\n/);
		writeFileSync(
			site.path('quickstart.mdx'),
			readFileSync(site.path('quickstart.mdx'), 'utf8') + '\n<Visibility for="agents">\n  Only for agents.\n</Visibility>\n',
		);
		const second = textOf(await mcp.call('page_markdown', { file: 'quickstart.mdx' }));
		assert.ok(second.endsWith('\nOnly for agents.\n'), second.slice(-200));
		const missing = await mcp.call('page_markdown', { file: 'nothing.mdx' });
		assert.equal(missing.isError, true);
	});
});
