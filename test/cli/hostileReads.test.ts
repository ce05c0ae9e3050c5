import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mintdocWithHangGuard, startPreview } from '../helpers/cli';
import { connectMcp } from '../helpers/mcpClient';

/**
 * Every reader of a repository's files (the CLI, the preview, the MCP server; the language server in
 * test/lsp/hostileReads.test.ts) on links to devices and to a file outside (issue 51): each finishes,
 * with one finding naming the link and nothing of what is outside. No timing is asserted but a hang
 * guard: the process is killed after 30 s.
 */
const run = mintdocWithHangGuard;

const config = (extra: Record<string, unknown> = {}) =>
	JSON.stringify({ theme: 'mint', name: 'X', colors: { primary: '#000000' }, navigation: { pages: ['index', 'p'] }, ...extra });

const secret = 'SECRET-7f3a';
const targets = ['/dev/zero', '/dev/urandom', '/dev/stdin', 'outside'] as const;

interface Problem {
	file: string;
	code: string;
	message: string;
}

describe('hostile reads: links to devices and outside files (built CLI)', function () {
	this.timeout(120_000);
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-reads-'));
		mkdirSync(path.join(dir, 'site'));
		writeFileSync(path.join(dir, 'site', 'docs.json'), config());
		// A description: page-description-missing (info) is not what these cases are about.
		writeFileSync(path.join(dir, 'site', 'index.mdx'), '---\ntitle: Home\ndescription: Hello\n---\n\nHello\n');
		writeFileSync(path.join(dir, 'outside.mdx'), `---\ntitle: ${secret}\n---\n\n<Broken ${secret}\n`);
		writeFileSync(
			path.join(dir, 'outside.json'),
			JSON.stringify({ openapi: '3.1.0', info: { title: secret, version: '1' }, paths: { [`/${secret}`]: { get: {} } } }),
		);
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	const link = (target: (typeof targets)[number], at: string) =>
		symlinkSync(target === 'outside' ? path.join(dir, 'outside.mdx') : target, path.join(dir, 'site', at));
	const check = async (...extra: string[]) => {
		const result = await run(['check', 'site', '--no-cache', '--format', 'json', ...extra], dir);
		assert.notEqual(result.status, null, 'finished within 30 s');
		assert.doesNotMatch(result.stdout + result.stderr, new RegExp(secret));
		return JSON.parse(result.stdout) as Problem[];
	};
	const expected = (target: string) => (target === 'outside' ? 'file-outside-workspace' : 'file-not-regular');

	for (const target of targets) {
		it(`check: a page linked to ${target} is one finding on the link`, async () => {
			link(target, 'p.mdx');
			assert.deepEqual(
				(await check()).map(p => [p.file, p.code]),
				[['site/p.mdx', expected(target)]],
			);
		});
	}

	it('check: a page linked outside is refused on a warm run too (the page cache never answers for it)', async () => {
		link('outside', 'p.mdx');
		const cache = path.join(dir, 'cache') + path.sep;
		for (let i = 0; i < 2; i++) {
			const result = await run(['check', 'site', '--cache-location', cache, '--format', 'json'], dir);
			assert.doesNotMatch(result.stdout, new RegExp(secret));
			assert.deepEqual(
				(JSON.parse(result.stdout) as Problem[]).map(p => [p.file, p.code]),
				[['site/p.mdx', 'file-outside-workspace']],
				`run ${i + 1}`,
			);
		}
	});

	it('check: docs.json, mintdoc.json, .mintignore, a snippet and an OpenAPI document linked to /dev/zero each get their one finding', async () => {
		writeFileSync(path.join(dir, 'site', 'p.mdx'), "---\ndescription: P\n---\n\nimport S from '/snippets/s.mdx';\n\n# P\n\n<S />\n");
		mkdirSync(path.join(dir, 'site', 'snippets'));
		link('/dev/zero', 'snippets/s.mdx');
		link('/dev/zero', 'mintdoc.json');
		link('/dev/zero', '.mintignore');
		link('/dev/zero', 'openapi.json');
		writeFileSync(path.join(dir, 'site', 'docs.json'), config({ api: { openapi: 'openapi.json' } }));
		const found = (await check()).map(p => [p.file, p.code]).sort();
		assert.deepEqual(found, [
			['site/.mintignore', 'file-not-regular'],
			['site/mintdoc.json', 'file-not-regular'],
			['site/openapi.json', 'file-not-regular'],
			['site/snippets/s.mdx', 'file-not-regular'],
		]);
		rmSync(path.join(dir, 'site', 'docs.json'));
		link('/dev/zero', 'docs.json');
		assert.deepEqual(
			(await check()).filter(p => p.file === 'site/docs.json').map(p => p.code),
			['file-not-regular'],
		);
	});

	it('check: a relative openapi path leaving the root is refused, and nothing of the file is suggested', async () => {
		writeFileSync(
			path.join(dir, 'site', 'docs.json'),
			config({ api: { openapi: '../outside.json' }, navigation: { pages: ['index', `GET /${secret.slice(0, -1)}`] } }),
		);
		const problems = await check();
		const refused = problems.find(p => p.code === 'openapi-spec-not-found');
		assert.match(refused?.message ?? '', /'\.\.\/outside\.json' leads outside the docs root/);
	});

	it('check: without .git a mintdoc.json above the folder given is not applied; the text output names the one that is', async () => {
		writeFileSync(path.join(dir, 'mintdoc.json'), JSON.stringify({ rules: { '*': 'off' } }));
		writeFileSync(path.join(dir, 'site', 'docs.json'), config({ navigation: { pages: ['index', 'missing'] } }));
		assert.deepEqual(
			(await check()).map(p => p.code),
			['page-not-found'],
		);
		writeFileSync(path.join(dir, 'site', 'mintdoc.json'), '{"rules": {"page-not-found": "warn", "__proto__": "off", "constructor": "off", "toString": "off"}}');
		const text = await run(['check', 'site', '--no-cache'], dir);
		assert.match(text.stdout, /^Configuration: site\/mintdoc\.json\n/);
		const unknown = (await check()).filter(p => p.code === 'mintdoc-json-unknown-rule').map(p => p.message);
		assert.equal(unknown.length, 3, JSON.stringify(unknown));
	});

	it('generate -o through a folder link is refused before any folder is made', async () => {
		const spec = path.join(dir, 'spec.json');
		writeFileSync(spec, JSON.stringify({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/a': { get: { summary: 'A' } } } }));
		mkdirSync(path.join(dir, 'away'));
		mkdirSync(path.join(dir, 'site', 'sub'));
		symlinkSync(path.join(dir, 'away'), path.join(dir, 'site', 'sub', 'link'));
		const result = await run(['generate', spec, '-o', 'site/sub/link/deeper'], dir);
		assert.equal(result.status, 2, result.stderr);
		assert.match(result.stderr, /is a symbolic link/);
		assert.equal(existsSync(path.join(dir, 'away', 'deeper')), false);
	});

	it('preview: a page linked outside or to a device shows nothing of it, and the server keeps answering', async () => {
		link('outside', 'p.mdx');
		writeFileSync(path.join(dir, 'site', 'docs.json'), config({ navigation: { pages: ['index', 'p', 'z'] } }));
		link('/dev/zero', 'z.mdx');
		const preview = await startPreview(path.join(dir, 'site'));
		try {
			for (const route of ['/p', '/z']) {
				const body = await (await fetch(`${preview.url}/__mintdoc/page?route=${encodeURIComponent(route)}`, { signal: AbortSignal.timeout(30_000) })).text();
				assert.doesNotMatch(body, new RegExp(secret), route);
			}
			const home = await fetch(`${preview.url}/__mintdoc/page?route=%2F`, { signal: AbortSignal.timeout(30_000) });
			assert.equal(home.status, 200);
		} finally {
			await preview.stop();
		}
	});

	it('mcp: check reports the links, one finding each, and nothing of what is outside', async () => {
		link('outside', 'p.mdx');
		writeFileSync(path.join(dir, 'site', 'docs.json'), config({ navigation: { pages: ['index', 'p', 'z', 'u'] } }));
		link('/dev/zero', 'z.mdx');
		link('/dev/urandom', 'u.mdx');
		const mcp = await connectMcp(['.', '--no-cache'], path.join(dir, 'site'));
		try {
			const result = await mcp.call('check');
			const text = JSON.stringify(result.content);
			assert.doesNotMatch(text, new RegExp(secret));
			for (const [file, code] of [
				['p.mdx', 'file-outside-workspace'],
				['z.mdx', 'file-not-regular'],
				['u.mdx', 'file-not-regular'],
			])
				assert.match(text, new RegExp(`${file.replace('.', '\\.')}[^"]*?${code}|${code}[^}]*?${file.replace('.', '\\.')}`), `${file}: ${text.slice(0, 600)}`);
		} finally {
			await mcp.close();
		}
	});
});
