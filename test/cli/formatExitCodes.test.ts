import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliPath, mintdoc as runMintdoc } from '../helpers/cli';

/**
 * The exit status of `mintdoc format` is what a CI step or a pre-commit hook reads, as with Prettier,
 * Ruff and ESLint: 0 nothing to fix, 1 something for the authors to fix (a page that does not parse;
 * with --check or --diff a page that would change), 2 a usage or I/O failure. Each row runs the
 * built CLI on a site of its own.
 */
const messy = '---\ntitle: Home\n---\n\n<Card href="/a" title="A">\nBody\ntext\n</Card>\n* one\n* two\n';
const tidy = '---\ntitle: "Home"\n---\n\n<Card title="A" href="/a">\n  Body text\n</Card>\n\n- one\n- two\n';
const broken = '# Broken\n\n<Note>\nnever closed\n';
// An image whose alt runs over two lines inside nested components (a real site's Steps → Step → Frame).
const nestedAlt = [
	'<Steps>',
	'<Step title="Open the dashboard">',
	'<Frame>',
	'![The dashboard with the settings',
	'panel open](/images/dashboard.png)',
	'</Frame>',
	'</Step>',
	'</Steps>',
	'',
].join('\n');

describe('mintdoc format: the exit-code table (built CLI)', function () {
	this.timeout(60_000);
	let dir: string;
	const file = (relative: string) => path.join(dir, relative);
	const site = (pages: Record<string, string>) => {
		for (const [relative, text] of Object.entries({ 'docs.json': '{}', ...pages })) {
			mkdirSync(path.dirname(file(relative)), { recursive: true });
			writeFileSync(file(relative), text);
		}
	};
	beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-format-exit-'))));
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	const mintdoc = (...args: string[]) => runMintdoc(args, dir, { XDG_CACHE_HOME: path.join(dir, '.user-cache') });

	const rows: { name: string; pages: Record<string, string>; args: string[]; status: number }[] = [
		{ name: 'format, pages in the form', pages: { 'a.mdx': tidy }, args: ['format'], status: 0 },
		{ name: 'format, pages rewritten', pages: { 'a.mdx': messy }, args: ['format'], status: 0 },
		{ name: 'format, a page that does not parse', pages: { 'a.mdx': messy, 'b.mdx': broken }, args: ['format'], status: 1 },
		{ name: '--check, pages in the form', pages: { 'a.mdx': tidy }, args: ['format', '--check'], status: 0 },
		{ name: '--check, a page would change', pages: { 'a.mdx': messy }, args: ['format', '--check'], status: 1 },
		{ name: '--check, a page that does not parse', pages: { 'a.mdx': tidy, 'b.mdx': broken }, args: ['format', '--check'], status: 1 },
		{ name: '--diff, pages in the form', pages: { 'a.mdx': tidy }, args: ['format', '--diff'], status: 0 },
		{ name: '--diff, a page would change', pages: { 'a.mdx': messy }, args: ['format', '--diff'], status: 1 },
		{
			name: '--check, a page mintdoc.json excludes, named on the command line (a pre-commit hook)',
			pages: { 'a.mdx': tidy, 'legacy/b.mdx': broken, 'legacy/c.mdx': messy, 'mintdoc.json': '{"format": {"ignore": ["legacy/**"]}}' },
			args: ['format', '--check', 'a.mdx', 'legacy/b.mdx', 'legacy/c.mdx'],
			status: 0,
		},
		{
			name: '--check, a block after mintdoc-format-ignore',
			pages: { 'a.mdx': `${tidy}\n{/* mintdoc-format-ignore */}\n\n<Card href="/b"   title="B">\nkept\nas is\n</Card>\n` },
			args: ['format', '--check'],
			status: 0,
		},
		{ name: 'an unknown option', pages: { 'a.mdx': tidy }, args: ['format', '--fix'], status: 2 },
		{ name: 'a path that does not exist', pages: { 'a.mdx': tidy }, args: ['format', 'nope.mdx'], status: 2 },
	];
	for (const row of rows)
		it(`${row.name}: exit ${row.status}`, () => {
			site(row.pages);
			const result = mintdoc(...row.args);
			assert.equal(result.status, row.status, result.stderr);
		});

	it('format then --check is green: a multi-line alt inside nested components is formatted, not left as written', () => {
		site({ 'steps.mdx': nestedAlt, 'a.mdx': messy });
		const first = mintdoc('format');
		assert.equal(first.status, 0, first.stderr);
		assert.equal(first.stderr, 'formatted 2 of 2 pages\n');
		assert.equal(
			readFileSync(file('steps.mdx'), 'utf8'),
			[
				'<Steps>',
				'  <Step title="Open the dashboard">',
				'    <Frame>',
				'      ![The dashboard with the settings panel open](/images/dashboard.png)',
				'    </Frame>',
				'  </Step>',
				'</Steps>',
				'',
			].join('\n'),
		);
		const check = mintdoc('format', '--check');
		assert.equal(check.status, 0, check.stdout + check.stderr);
		assert.equal(check.stdout, '');
	});

	it('format, a page in a read-only folder: exit 2 (an I/O failure), the page left as it was; with a page that does not parse, still 2', function () {
		// Root ignores permissions: run the CLI as `nobody` then (as root, a child may take another uid), or skip, saying why.
		const asRoot = process.getuid?.() === 0;
		const nobody = asRoot ? { uid: 65534, gid: 65534 } : {};
		if (asRoot) {
			const probe = spawnSync(process.execPath, [cliPath, '--version'], { ...nobody, encoding: 'utf8' });
			if (probe.status !== 0) {
				this.test!.title += ` (skipped: running as root, which no permission stops, and the CLI cannot run as uid 65534 here: ${probe.error?.message ?? probe.stderr})`;
				this.skip();
			}
		}
		site({ 'ro/a.mdx': messy, 'ro/b.mdx': broken });
		chmodSync(dir, 0o755);
		chmodSync(file('ro'), 0o555);
		const run = (...args: string[]) => spawnSync(process.execPath, [cliPath, 'format', '--no-cache', ...args], { cwd: dir, ...nobody, encoding: 'utf8' });
		try {
			const result = run('ro/a.mdx');
			assert.equal(result.status, 2, result.stderr);
			assert.equal(
				result.stderr,
				'ro/a.mdx: cannot write: permission denied (EACCES): left as it was\nformatted 1 of 1 page, 1 could not be written (see above)\n',
			);
			assert.equal(readFileSync(file('ro/a.mdx'), 'utf8'), messy);
			assert.deepEqual(readdirSync(file('ro')).sort(), ['a.mdx', 'b.mdx'], 'no temporary file left');
			// An I/O failure outranks a page that does not parse: the run did not do what it was asked.
			const both = run('ro');
			assert.equal(both.status, 2, both.stderr);
			assert.match(both.stderr, /^ro\/b\.mdx:\d+:\d+: cannot parse: /m);
			// --check writes nothing: a read-only folder changes nothing there.
			assert.equal(run('--check', 'ro/a.mdx').status, 1);
		} finally {
			chmodSync(file('ro'), 0o755);
		}
	});

	it('--stdin-filepath: 0 for a page it formats, 1 for one that does not parse (the input comes back either way)', () => {
		site({});
		const run = (input: string) => spawnSync(process.execPath, [cliPath, 'format', '--stdin-filepath', 'p.mdx'], { cwd: dir, input, encoding: 'utf8' });
		assert.equal(run(messy).status, 0);
		const failed = run(broken);
		assert.equal(failed.status, 1);
		assert.equal(failed.stdout, broken);
	});
});
