import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mintdocWithHangGuard } from '../helpers/cli';
import { connectMcp } from '../helpers/mcpClient';
import { configRefBomb } from '../helpers/refBomb';

/** The built CLI, killed after 30 s: a hang fails the test, never stalls it (these ran past 60 s, or crashed). */
function check(cwd: string) {
	return mintdocWithHangGuard(['check', 'site', '--cache-location', 'cache/', '--format', 'json'], cwd);
}

const config = (extra: Record<string, unknown> = {}) =>
	JSON.stringify({ theme: 'mint', name: 'X', colors: { primary: '#000000' }, navigation: { pages: ['index'] }, ...extra });

/** Issue 51: every parse has a budget; a budget hit is one finding, and the exit code follows the findings. */
describe('mintdoc check on repositories built to exhaust it (built CLI)', function () {
	this.timeout(120_000);
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-budgets-'));
		mkdirSync(path.join(dir, 'site'));
		writeFileSync(path.join(dir, 'site', 'docs.json'), config());
		// A description: page-description-missing (info) is not what these cases are about.
		writeFileSync(path.join(dir, 'site', 'index.mdx'), '---\ntitle: Home\ndescription: Hello\n---\n\nHello\n');
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	const write = (files: Record<string, string>) => Object.entries(files).forEach(([name, text]) => writeFileSync(path.join(dir, 'site', name), text));
	const codes = (stdout: string) => (JSON.parse(stdout) as { file: string; code: string }[]).map(p => [p.file, p.code]);

	for (const [form, levels] of [
		['objects', 8],
		['pages', 9],
	] as const) {
		it(`a docs.json $ref bomb (${form}, ${levels} files of 10) is one ref-too-complex warning, exit 0`, async () => {
			write(configRefBomb(levels, 10, form));
			const result = await check(dir);
			assert.deepEqual(codes(result.stdout), [['site/docs.json', 'ref-too-complex']], result.stderr);
			assert.equal(result.status, 0);
		});
	}

	it('200,000 missing pages in a group are 200,000 findings and exit 1, not a RangeError', async () => {
		write({ 'docs.json': config({ navigation: { groups: [{ group: 'G', pages: ['index', ...Array.from({ length: 200_000 }, (_, i) => `gone/p${i}`)] }] } }) });
		const result = await check(dir);
		assert.equal(result.stderr, '');
		assert.equal(JSON.parse(result.stdout).length, 200_000);
		assert.equal(result.status, 1);
	});

	for (const [name, text] of [
		['{ x 100k then } x 100k', '{'.repeat(100_000) + '}'.repeat(100_000)],
		['`> - ` x 50k', '> - '.repeat(50_000) + 'x\n'],
		['50,000 lines of <div>', '<div>\n'.repeat(50_000)],
	]) {
		it(`a page of ${name} is one page-too-large finding, exit 0`, async () => {
			write({ 'index.mdx': text });
			const result = await check(dir);
			// The page has no frontmatter, so it also gets page-description-missing (info, issue 53): true, and not what
			// this case is about; every other finding still counts.
			const found = codes(result.stdout).filter(([, code]) => !/^(page-description|page-title|llms-txt)/.test(code));
			assert.deepEqual(found, [['site/index.mdx', 'page-too-large']], result.stderr);
			assert.equal(result.status, 0);
		});
	}

	for (const levels of [3_000, 10_000]) {
		it(`frontmatter nested ${levels} levels is one frontmatter-too-deep error, exit 1 (not 2, not a hang)`, async () => {
			write({ 'index.mdx': `---\na: ${'['.repeat(levels)}${']'.repeat(levels)}\n---\n\nHi\n` });
			const result = await check(dir);
			assert.deepEqual(codes(result.stdout), [['site/index.mdx', 'frontmatter-too-deep']], result.stderr);
			assert.equal(result.status, 1);
		});
	}

	it('mintdoc mcp answers a 20 MB draft and a brace bomb with a tool error or a finding, and keeps serving', async () => {
		const mcp = await connectMcp(['site'], dir);
		try {
			const huge = await mcp.call('check_draft', { file: 'index.mdx', text: 'x'.repeat(20 * 1024 * 1024) });
			assert.equal(huge.isError, true);
			assert.match(JSON.stringify(huge.content), /check_draft takes up to 16 MB/);
			// Past what the server reads at all: the line is dropped unread and answered, the connection stays.
			const over = await mcp.call('check_draft', { file: 'index.mdx', text: 'x'.repeat(30 * 1024 * 1024) });
			assert.equal(over.isError, true);
			assert.match(JSON.stringify(over.content), /over 24 MB; it was not read/);
			const bomb = await mcp.call('check_draft', { file: 'index.mdx', text: '{'.repeat(20_000) + '}'.repeat(20_000) });
			assert.match(JSON.stringify(bomb.structuredContent), /page-too-large/);
			const later = await mcp.call('check');
			assert.equal(later.isError, undefined);
		} finally {
			await mcp.close();
		}
	});
});
