import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliPath, mintdoc as runMintdoc } from '../helpers/cli';

const messy = '---\ntitle: Home\n---\n\n<Card href="/a" title="A">\nBody\ntext\n</Card>\n* one\n* two\n';
const tidy = '---\ntitle: "Home"\n---\n\n<Card title="A" href="/a">\n  Body text\n</Card>\n\n- one\n- two\n';

describe('mintdoc format (built CLI)', function () {
	this.timeout(60_000);
	let dir: string;
	const file = (relative: string) => path.join(dir, relative);
	const write = (relative: string, text: string) => {
		mkdirSync(path.dirname(file(relative)), { recursive: true });
		writeFileSync(file(relative), text);
	};
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-format-'));
		write('docs.json', '{}');
		write('index.mdx', messy);
		write('guides/clean.mdx', tidy);
		write('drafts/skip.mdx', messy);
		write('vendor/skip.mdx', messy);
		write('.mintignore', 'drafts/\n');
		write('.gitignore', 'vendor/\n');
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	// The user's cache folder, private to each test (a hidden folder: never searched for pages).
	const mintdoc = (args: string[], cwd: string) => runMintdoc(args, cwd, { XDG_CACHE_HOME: path.join(dir, '.user-cache') });

	it('remembers the pages it found in the form (by content) and skips them next time; an edited page is formatted again', () => {
		write('guides/other.mdx', tidy.replace('Home', 'Other'));
		assert.equal(mintdoc(['format', '--check'], dir).stderr, 'would change 1 of 3 pages\n');
		const again = mintdoc(['format', '--check'], dir);
		assert.equal(again.stdout, 'index.mdx\n');
		assert.equal(again.stderr, 'would change 1 of 3 pages (2 known to be in the form, from the cache)\n');
		assert.equal(mintdoc(['format', '--check', '--no-cache'], dir).stderr, 'would change 1 of 3 pages\n');
		// The page the formatter writes is known to be settled: the next run parses nothing.
		assert.equal(mintdoc(['format'], dir).stderr, 'formatted 1 of 3 pages (2 known to be in the form, from the cache)\n');
		assert.equal(mintdoc(['format', '--check'], dir).stderr, 'would change 0 of 3 pages (3 known to be in the form, from the cache)\n');
		// An edit makes another text: it is formatted, not taken from the cache.
		write('guides/clean.mdx', tidy.replace('- two', '* two'));
		const edited = mintdoc(['format', '--check'], dir);
		assert.equal(edited.stdout, 'guides/clean.mdx\n');
		assert.equal(edited.stderr, 'would change 1 of 3 pages (2 known to be in the form, from the cache)\n');
	});

	it('formats the pages under . in place, skipping what .gitignore and .mintignore skip', () => {
		const result = mintdoc(['format'], dir);
		assert.equal(result.status, 0, result.stderr);
		assert.equal(result.stderr, 'formatted 1 of 2 pages\n');
		assert.equal(readFileSync(file('index.mdx'), 'utf8'), tidy);
		assert.equal(readFileSync(file('drafts/skip.mdx'), 'utf8'), messy);
		assert.equal(readFileSync(file('vendor/skip.mdx'), 'utf8'), messy);
		assert.equal(mintdoc(['format', '--check'], dir).status, 0, 'a second run finds nothing to change');
	});

	it('--check lists the pages that would change, writes nothing and exits 1', () => {
		const result = mintdoc(['format', '--check'], dir);
		assert.equal(result.status, 1);
		assert.equal(result.stdout, 'index.mdx\n');
		assert.equal(result.stderr, 'would change 1 of 2 pages\n');
		assert.equal(readFileSync(file('index.mdx'), 'utf8'), messy);
	});

	it('--diff prints a unified diff, writes nothing and exits 1', () => {
		const result = mintdoc(['format', '--diff', 'index.mdx'], dir);
		assert.equal(result.status, 1);
		assert.match(result.stdout, /^--- a\/index\.mdx\n\+\+\+ b\/index\.mdx\n@@ -1,\d+ \+1,\d+ @@\n/);
		assert.match(result.stdout, /^-title: Home$/m);
		assert.match(result.stdout, /^\+title: "Home"$/m);
		assert.match(result.stdout, /^\+- one$/m);
		assert.equal(readFileSync(file('index.mdx'), 'utf8'), messy);
	});

	it('formats a page given by path even where ignore files would skip it', () => {
		const result = mintdoc(['format', 'drafts/skip.mdx'], dir);
		assert.equal(result.status, 0);
		assert.equal(readFileSync(file('drafts/skip.mdx'), 'utf8'), tidy);
	});

	it('leaves a page that does not parse untouched, reports the parse error and exits 1', () => {
		write('broken.mdx', '# Broken\n\n<Note>\nnever closed\n');
		const result = mintdoc(['format'], dir);
		assert.equal(result.status, 1);
		assert.match(result.stderr, /^broken\.mdx:3:1: cannot parse: .+$/m);
		assert.match(result.stderr, /formatted 1 of 3 pages, 1 left as written/);
		assert.equal(readFileSync(file('broken.mdx'), 'utf8'), '# Broken\n\n<Note>\nnever closed\n');
		assert.equal(readFileSync(file('index.mdx'), 'utf8'), tidy, 'the other pages are still formatted');
	});

	it('honours mintdoc.json "format": {"ignore": [...]}', () => {
		write('mintdoc.json', JSON.stringify({ format: { ignore: ['index.mdx'] } }));
		write('guides/other.mdx', messy);
		const result = mintdoc(['format', '--check'], dir);
		assert.equal(result.stdout, 'guides/other.mdx\n');
	});

	it('--stdin-filepath formats standard input to standard output', () => {
		const run = (input: string, name: string) =>
			spawnSync(process.execPath, [cliPath, 'format', '--stdin-filepath', name], { cwd: dir, input, encoding: 'utf8' });
		const ok = run(messy, 'page.mdx');
		assert.equal(ok.status, 0);
		assert.equal(ok.stdout, tidy);
		const broken = run('<Note>\n', 'page.mdx');
		assert.equal(broken.status, 1);
		assert.equal(broken.stdout, '<Note>\n', 'the input comes back unchanged');
		assert.match(broken.stderr, /^page\.mdx:\d+:\d+: cannot parse: /);
		write('mintdoc.json', JSON.stringify({ format: { ignore: ['legacy/**'] } }));
		assert.equal(run(messy, 'legacy/old.mdx').stdout, messy, 'an ignored path comes back as written');
	});

	it('--stdin-filepath writes the page byte for byte: control characters, bidi controls and non-UTF-8 bytes are not escaped (messages still are)', () => {
		const run = (input: Buffer, name = 'page.mdx') => spawnSync(process.execPath, [cliPath, 'format', '--stdin-filepath', name], { cwd: dir, input });
		const controls = 'an \x1b[31mESC\x1b[0m sequence, a \f form feed, a \u202e right-to-left override, a\ttab and \x07';
		// A page already in the platform's form comes back as the same bytes.
		const inForm = Buffer.from(`# Title\n\nText with ${controls}.\n`);
		const same = run(inForm);
		assert.equal(same.status, 0, same.stderr.toString());
		assert.deepEqual(same.stdout, inForm);
		// A page the formatter changes: the page's characters are written as they are, never as `\u001b`.
		const changed = run(Buffer.from(`${messy}\nText with ${controls}.\n`));
		assert.equal(changed.status, 0, changed.stderr.toString());
		assert.equal(changed.stdout.toString(), `${tidy}\nText with ${controls}.\n`);
		assert.doesNotMatch(changed.stdout.toString(), /\\u00/);
		// A page that does not parse comes back as the bytes that came in (not UTF-8 included); the message is escaped.
		const broken = Buffer.concat([Buffer.from('a\n\n<Bad\n\x1b]0;title\x07 '), Buffer.from([0xff, 0xfe, 0x0d]), Buffer.from('\n')]);
		const failed = run(broken);
		assert.equal(failed.status, 1);
		assert.deepEqual(failed.stdout, broken);
		assert.match(failed.stderr.toString(), /^page\.mdx:4:1: cannot parse: Unexpected character `\\u001b`/);
		assert.doesNotMatch(failed.stderr.toString(), /\x1b/);
		// An ignored path: the input as it came.
		write('mintdoc.json', JSON.stringify({ format: { ignore: ['legacy/**'] } }));
		const ignored = Buffer.concat([Buffer.from(`${messy}\x1b[2J`), Buffer.from([0xc3, 0x28, 0x0a])]);
		assert.deepEqual(run(ignored, 'legacy/old.mdx').stdout, ignored);
	});

	it('formats a large site on threads with the same result and the same order as one by one', () => {
		// A few long pages: the threads take the longest first, so results come back out of file order.
		const long = `${messy}\n${'A *long* page\nof text.\n\n'.repeat(400)}`;
		for (let i = 0; i < 60; i++) write(`many/p${String(i).padStart(2, '0')}.mdx`, i % 3 ? (i % 10 === 1 ? long : messy) : tidy);
		write('many/broken.mdx', '<Note>\n');
		const threaded = mintdoc(['format', '--check', 'many'], dir);
		const oneByOne = [...Array(60).keys()].filter(i => i % 3).map(i => `many/p${String(i).padStart(2, '0')}.mdx`);
		assert.equal(threaded.stdout, oneByOne.map(f => `${f}\n`).join(''));
		assert.match(threaded.stderr, /^many\/broken\.mdx:\d+:\d+: cannot parse: /m);
		assert.match(threaded.stderr, /would change 40 of 61 pages, 1 left as written/);
		// Without the cache the threads start before the pages are read: the same report.
		const uncached = mintdoc(['format', '--check', '--no-cache', 'many'], dir);
		assert.equal(uncached.stdout, threaded.stdout);
		assert.match(uncached.stderr, /^many\/broken\.mdx:\d+:\d+: cannot parse: /m);
		assert.match(uncached.stderr, /would change 40 of 61 pages, 1 left as written \(see above\)\n$/);
		assert.equal(mintdoc(['format', 'many'], dir).status, 1);
		assert.equal(readFileSync(file('many/p02.mdx'), 'utf8'), tidy);
		assert.equal(readFileSync(file('many/p01.mdx'), 'utf8'), `${tidy}\n${'A _long_ page of text.\n\n'.repeat(400).trimEnd()}\n`);
		assert.equal(readFileSync(file('many/broken.mdx'), 'utf8'), '<Note>\n');
	});

	it('--help describes the command; a missing path is a usage error', () => {
		assert.match(mintdoc(['--help'], dir).stdout, /format \[path\.\.\.\] \[--check\] \[--diff\] \[--stdin-filepath path\]/);
		const missing = mintdoc(['format', 'nope.mdx'], dir);
		assert.equal(missing.status, 2);
		assert.match(missing.stderr, /no such file or folder: 'nope\.mdx'/);
	});
});
