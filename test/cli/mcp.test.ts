import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';
import { connectMcp, type McpConnection } from '../helpers/mcpClient';
import { copyExample } from '../helpers/mcpSite';

interface Finding {
	file: string;
	line: number;
	column: number;
	endLine: number;
	endColumn: number;
	severity: string;
	code: string;
	message: string;
}
interface CliProblem {
	file: string;
	range: { start: { line: number; character: number }; end: { line: number; character: number } };
	severity: string;
	code: string;
	message: string;
}

/** The CLI's JSON findings in the folder, in the MCP tool's shape (1-based). */
function cliFindings(dir: string): Finding[] {
	const result = mintdoc(['check', '--format', 'json', '--no-cache'], dir);
	assert.equal(result.stderr, '');
	return (JSON.parse(result.stdout) as CliProblem[]).map(p => ({
		file: p.file,
		line: p.range.start.line + 1,
		column: p.range.start.character + 1,
		endLine: p.range.end.line + 1,
		endColumn: p.range.end.character + 1,
		severity: p.severity,
		code: p.code,
		message: p.message,
	}));
}

const findingsOf = (result: { structuredContent?: Record<string, unknown> }) => (result.structuredContent as { findings: Finding[] }).findings;
const textOf = (result: { content: unknown }) => (result.content as { type: string; text: string }[]).map(c => c.text).join('\n');

describe('mintdoc mcp (built CLI, driven by the SDK client)', function () {
	this.timeout(120_000);
	let site: ReturnType<typeof copyExample>;
	let mcp: McpConnection;
	beforeEach(async () => {
		site = copyExample();
		// Findings of each kind the team configuration acts on: a broken link (kept), a missing alt
		// text (turned off in mintdoc.json), a broken link excused by a disable comment.
		writeFileSync(site.path('.git'), '');
		writeFileSync(
			site.path('mintdoc.json'),
			JSON.stringify({ rules: { 'a11y-missing-alt': 'off' }, overrides: [{ files: ['guides/**'], rules: { 'link-broken': 'warn' } }] }),
		);
		writeFileSync(
			site.path('quickstart.mdx'),
			readFileSync(site.path('quickstart.mdx'), 'utf8') +
				'\n\n[gone](/no-such-page)\n\n![](/images/none.png)\n\n{/* mintdoc-disable-next-line link-broken */}\n[excused](/also-gone)\n',
		);
		mcp = await connectMcp(['.', '--no-cache'], site.dir);
	});
	afterEach(async () => {
		await mcp.close();
		site.dispose();
	});

	it('lists its read-only tools, each with a description and an input schema', async () => {
		const { tools } = await mcp.client.listTools();
		assert.deepEqual(tools.map(t => t.name).sort(), [
			'check',
			'check_draft',
			'components',
			'endpoints',
			'llms_txt',
			'page_markdown',
			'quick_fixes',
			'rule_docs',
			'site_map',
		]);
		for (const tool of tools) {
			assert.ok((tool.description ?? '').length > 80, tool.name);
			assert.equal(tool.inputSchema.type, 'object');
			assert.equal(tool.annotations?.readOnlyHint, true);
		}
		assert.deepEqual(tools.find(t => t.name === 'check_draft')?.inputSchema.required, ['file', 'text']);
	});

	it('check: exactly the findings of mintdoc check --format json (mintdoc.json and disable comments applied), 1-based', async () => {
		const expected = cliFindings(site.dir);
		assert.ok(expected.some(f => f.file === 'quickstart.mdx' && f.code === 'link-broken' && f.severity === 'error'));
		assert.ok(!expected.some(f => f.code === 'a11y-missing-alt'));
		const result = await mcp.call('check');
		assert.equal(result.isError, undefined);
		assert.deepEqual(findingsOf(result), expected);
		const broken = expected.find(f => f.code === 'link-broken')!;
		const line = readFileSync(site.path('quickstart.mdx'), 'utf8').split('\n')[broken.line - 1];
		assert.equal(line.slice(broken.column - 1, broken.endColumn - 1), '/no-such-page');
		assert.match(textOf(result), new RegExp(`^quickstart\\.mdx:${broken.line}:${broken.column} error \\[link-broken\\]`, 'm'));
		assert.match(textOf(result), /2 errors, 0 warnings in 1 file \(1 site checked\)\./);
		// `files` narrows the answer, not the check.
		assert.deepEqual(findingsOf(await mcp.call('check', { files: ['index.mdx'] })), []);
		assert.deepEqual(findingsOf(await mcp.call('check', { files: ['./quickstart.mdx'] })), expected);
	});

	it('check sees files changed, created and deleted between two calls', async () => {
		assert.deepEqual(findingsOf(await mcp.call('check', { files: ['index.mdx'] })), []);
		writeFileSync(site.path('index.mdx'), `${readFileSync(site.path('index.mdx'), 'utf8')}\n\n[later](/added-later)\n`);
		const after = findingsOf(await mcp.call('check', { files: ['index.mdx'] }));
		assert.deepEqual(
			after.map(f => `${f.code} ${f.message}`),
			['link-broken ' + cliFindings(site.dir).find(f => f.file === 'index.mdx')!.message],
		);
		// The page it links to appears: the link is fine, and the new page is checked too.
		writeFileSync(site.path('added-later.mdx'), '---\ntitle: Added\n---\n\n[bad](/still-missing)\n');
		const created = await mcp.call('check');
		assert.deepEqual(findingsOf(created), cliFindings(site.dir));
		assert.ok(!findingsOf(created).some(f => f.file === 'index.mdx'));
		assert.ok(findingsOf(created).some(f => f.file === 'added-later.mdx' && f.code === 'link-broken'));
		rmSync(site.path('added-later.mdx'));
		const deleted = await mcp.call('check');
		assert.deepEqual(findingsOf(deleted), cliFindings(site.dir));
		assert.ok(findingsOf(deleted).some(f => f.file === 'index.mdx' && f.code === 'link-broken'));
	});

	it('check_draft: findings of unsaved text in the whole site, nothing written', async () => {
		const before = readFileSync(site.path('authentication.mdx'), 'utf8');
		const draft = '---\ntitle: Auth\n---\n\nSee [the quickstart](/quickstart) and [this](/not-a-page).\n\n<Card titel="x">y</Card>\n';
		const result = await mcp.call('check_draft', { file: 'authentication.mdx', text: draft });
		assert.equal(result.isError, undefined);
		const findings = findingsOf(result);
		assert.deepEqual(
			findings.map(f => `${f.file}:${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.code}`),
			['authentication.mdx:5:46-5:57 link-broken', 'authentication.mdx:7:7-7:12 component-unknown-prop'],
		);
		assert.equal(readFileSync(site.path('authentication.mdx'), 'utf8'), before);
		// The draft is gone for the next call; the saved text is checked again.
		assert.deepEqual(findingsOf(await mcp.call('check', { files: ['authentication.mdx'] })), []);
		// A draft holding the saved text finds what check finds (disable comments and mintdoc.json applied).
		const saved = readFileSync(site.path('quickstart.mdx'), 'utf8');
		assert.deepEqual(
			findingsOf(await mcp.call('check_draft', { file: 'quickstart.mdx', text: saved })),
			findingsOf(await mcp.call('check', { files: ['quickstart.mdx'] })),
		);
		// The team's configuration applies to drafts too (link-broken is a warning under guides/).
		const inGuides = findingsOf(await mcp.call('check_draft', { file: 'guides/errors.mdx', text: '# G\n\n[x](/nowhere)\n' }));
		assert.deepEqual(
			inGuides.map(f => `${f.code} ${f.severity}`),
			['link-broken warning'],
		);
	});

	it('check_draft of docs.json: a navigation entry to a missing page is reported there', async () => {
		const config = JSON.parse(readFileSync(site.path('docs.json'), 'utf8')) as { navigation: { tabs: { groups: { pages: unknown[] }[] }[] } };
		config.navigation.tabs[0].groups[0].pages.push('drafts/not-written');
		const text = JSON.stringify(config, null, 2);
		const findings = findingsOf(await mcp.call('check_draft', { file: 'docs.json', text }));
		const line = text.split('\n').findIndex(l => l.includes('drafts/not-written')) + 1;
		assert.deepEqual(
			findings.map(f => `${f.file}:${f.line} ${f.code}`),
			[`docs.json:${line} page-not-found`],
		);
	});

	it("check_draft of mintdoc.json: the draft's own findings", async () => {
		const findings = findingsOf(await mcp.call('check_draft', { file: 'mintdoc.json', text: '{\n  "rules": { "link-brokn": "off" }\n}\n' }));
		assert.deepEqual(
			findings.map(f => `${f.file}:${f.line}:${f.column} ${f.code}`),
			['mintdoc.json:2:14 mintdoc-json-unknown-rule'],
		);
	});

	it('site_map, components, endpoints and rule_docs answer from the site and the tables the checks use', async () => {
		const map = await mcp.call('site_map');
		const sites = (map.structuredContent as { sites: { site: string; navigation: { kind: string; name: string; children?: unknown[] }[] }[] }).sites;
		assert.equal(sites[0].site, 'Acme Payments');
		const tab = sites[0].navigation.find(n => n.kind === 'tab')!;
		assert.equal(tab.name, 'Guides');
		assert.match(textOf(map), /^ {4}- Quickstart — quickstart\.mdx$/m);
		const noLanguage = await mcp.call('site_map', { language: 'fr' });
		assert.equal(noLanguage.isError, true);
		assert.match(textOf(noLanguage), /has no languages/);

		const card = await mcp.call('components', { name: 'Card' });
		const [component] = (card.structuredContent as { components: { name: string; props: { name: string; type: string; required: boolean }[] }[] }).components;
		assert.equal(component.name, 'Card');
		assert.deepEqual(
			component.props.find(p => p.name === 'title'),
			{ name: 'title', type: 'string', required: false, description: 'The title displayed on the card.' },
		);
		const all = (await mcp.call('components')).structuredContent as { components: unknown[] };
		assert.ok(all.components.length > 30);
		const unknown = await mcp.call('components', { name: 'Crad' });
		assert.equal(unknown.isError, true);
		assert.match(textOf(unknown), /'Crad' is not a built-in component/);

		const endpoints = await mcp.call('endpoints');
		const specs = (endpoints.structuredContent as { specs: { spec: string; endpoints: { operation: string; documentedBy: { kind: string }[] }[] }[] }).specs;
		assert.equal(specs[0].spec, 'api-reference/openapi.yaml');
		const list = specs[0].endpoints.find(e => e.operation === 'GET /payments')!;
		assert.deepEqual(list.documentedBy, [{ kind: 'navigationEntry', entry: 'GET /payments', file: 'docs.json' }]);
		assert.match(textOf(endpoints), /^- GET \/payments — List payments \[group Payments\]: entry "GET \/payments" in docs\.json$/m);
		assert.equal((await mcp.call('endpoints', { spec: 'nope.yaml' })).isError, true);

		const rule = await mcp.call('rule_docs', { code: 'link-broken' });
		assert.equal((rule.structuredContent as { defaultSeverity: string }).defaultSeverity, 'error');
		assert.equal((await mcp.call('rule_docs', { code: 'link-brokn' })).isError, true);
	});

	it('quick_fixes: the fixes of a finding as text edits', async () => {
		const broken = findingsOf(await mcp.call('check')).find(f => f.code === 'link-broken')!;
		const result = await mcp.call('quick_fixes', { file: broken.file, line: broken.line, code: 'link-broken' });
		const fixes = (result.structuredContent as { fixes: { title: string; edits: { file: string; line: number; newText: string }[] }[] }).fixes;
		const disable = fixes.find(f => f.title === 'Disable link-broken for this line')!;
		assert.deepEqual(
			disable.edits.map(e => `${e.file}:${e.line} ${e.newText.trim()}`),
			[`quickstart.mdx:${broken.line} {/* mintdoc-disable-next-line link-broken */}`],
		);
		const none = await mcp.call('quick_fixes', { file: 'index.mdx', line: 1, code: 'link-broken' });
		assert.equal(none.isError, true);
		assert.match(textOf(none), /no finding link-broken on line 1 of index\.mdx: the file has no findings/);
	});

	it('paths outside the folder, missing files and bad arguments are tool errors; the server keeps answering', async () => {
		const outside = path.join(os.tmpdir(), `mintdoc-outside-${process.pid}.mdx`);
		writeFileSync(outside, '# secret\n');
		symlinkSync(outside, site.path('leak.mdx'));
		try {
			const cases: [string, Record<string, unknown>, RegExp][] = [
				['check', { files: ['../x.mdx'] }, /'\.\.\/x\.mdx' is outside the folder this server checks/],
				['check', { files: [outside] }, /is outside the folder this server checks/],
				['check_draft', { file: 'leak.mdx', text: '# x' }, /'leak\.mdx' is a symbolic link leading outside/],
				['check_draft', { file: 'nowhere.mdx', text: '# x' }, /'nowhere\.mdx' does not exist/],
				['check_draft', { file: 'images', text: '# x' }, /'images' is not a file/],
				['check', { files: 3 }, /Invalid arguments for tool check/],
				['check_draft', { file: 'index.mdx' }, /Invalid arguments for tool check_draft/],
				['quick_fixes', { file: 'index.mdx', line: 0, code: 'x' }, /Invalid arguments for tool quick_fixes/],
			];
			for (const [tool, args, message] of cases) {
				const result = await mcp.call(tool, args);
				assert.equal(result.isError, true, `${tool} ${JSON.stringify(args)}`);
				assert.match(textOf(result), message);
			}
			// Still answering, and nothing was read from outside.
			assert.deepEqual(findingsOf(await mcp.call('check')), cliFindings(site.dir));
			assert.equal(mcp.stderr(), '');
		} finally {
			rmSync(outside, { force: true });
		}
	});
});

describe('mintdoc mcp in a folder without a docs site (built CLI)', function () {
	this.timeout(120_000);
	it('answers each call with a tool error saying so', async () => {
		const dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-mcp-empty-'));
		const mcp = await connectMcp(['.', '--no-cache'], dir);
		try {
			for (const tool of ['check', 'site_map', 'endpoints']) {
				const result = await mcp.call(tool);
				assert.equal(result.isError, true, tool);
				assert.match(textOf(result), /^no docs\.json found in .* or below it: start the server in the folder of a docs site$/);
			}
			// The tables need no site.
			assert.equal((await mcp.call('components', { name: 'Note' })).isError, undefined);
		} finally {
			await mcp.close();
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('mintdoc mcp --print-config and --help (built CLI)', () => {
	it("prints each agent's configuration", () => {
		const dir = os.tmpdir();
		const vscode = mintdoc(['mcp', '--print-config', 'vscode'], dir);
		assert.equal(vscode.status, 0);
		assert.equal(
			vscode.stdout,
			'// VS Code (Copilot agent mode): .vscode/mcp.json\n' +
				JSON.stringify({ servers: { mintdoc: { type: 'stdio', command: 'npx', args: ['mintdoc', 'mcp', '.'] } } }, null, 2) +
				'\n',
		);
		for (const [agent, file] of [
			['cursor', '.cursor/mcp.json'],
			['claude', '.mcp.json'],
		]) {
			const out = mintdoc(['mcp', '--print-config', agent], dir).stdout;
			assert.equal(out.split('\n')[0].endsWith(`: ${file}`), true);
			assert.deepEqual(JSON.parse(out.slice(out.indexOf('\n') + 1)), { mcpServers: { mintdoc: { command: 'npx', args: ['mintdoc', 'mcp', '.'] } } });
		}
		assert.equal(
			mintdoc(['mcp', 'docs', '--print-config', 'codex'], dir).stdout,
			'# Codex: ~/.codex/config.toml\n[mcp_servers.mintdoc]\ncommand = "npx"\nargs = ["mintdoc", "mcp", "docs"]\n',
		);
		const bad = mintdoc(['mcp', '--print-config', 'emacs'], dir);
		assert.equal(bad.status, 2);
		assert.match(bad.stderr, /--print-config takes one of vscode, cursor, claude, codex, not 'emacs'/);
	});

	it('explains itself with --help, and refuses a folder that is not one', () => {
		const help = mintdoc(['mcp', '--help'], os.tmpdir());
		assert.equal(help.status, 0);
		assert.match(help.stdout, /^Usage: mintdoc mcp \[dir\]/);
		assert.match(mintdoc(['--help'], os.tmpdir()).stdout, /\n {2}mcp \[dir\]/);
		const missing = mintdoc(['mcp', 'no-such-folder'], os.tmpdir());
		assert.equal(missing.status, 2);
		assert.match(missing.stderr, /'no-such-folder' is not a folder/);
	});
});
