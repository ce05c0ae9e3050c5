import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';
import { copyFixtures } from '../helpers/tempSite';

describe('mintdoc (dist/cli.js): V8 code cache of the CLI bundle', function () {
	this.timeout(120_000);
	let site: ReturnType<typeof copyFixtures>;
	let cacheHome: string;
	beforeEach(() => {
		site = copyFixtures('minimal', 'broken');
		cacheHome = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-xdg-'));
	});
	afterEach(() => {
		site.dispose();
		rmSync(cacheHome, { recursive: true, force: true });
	});
	const cacheDir = () => path.join(cacheHome, 'mintdoc', 'code-cache');
	/** The cache file and its inode: a rewrite (temporary file renamed over it) changes the inode. */
	const cacheFile = () => {
		const files = readdirSync(cacheDir());
		assert.equal(files.length, 1, files.join(', '));
		assert.match(files[0], /^cliMain-.*\.bin$/);
		const stat = statSync(path.join(cacheDir(), files[0]));
		return { name: files[0], ino: stat.ino, mode: stat.mode & 0o777 };
	};

	it('a check writes the cache before it changes a V8 flag; the next command runs from it with the same results', () => {
		const env = { XDG_CACHE_HOME: cacheHome };
		// --no-cache: every page is parsed, so the check limits its heap growth (a V8 flag) on the way.
		const first = mintdoc(['check', site.path('broken'), '--no-cache', '--format', 'json'], site.dir, env);
		assert.equal(first.status, 1, first.stderr);
		const written = cacheFile();
		assert.equal(written.mode, 0o600);
		const second = mintdoc(['check', site.path('broken'), '--no-cache', '--format', 'json'], site.dir, env);
		assert.deepEqual([second.status, second.stdout], [first.status, first.stdout]);
		// Made under other flags, V8 would refuse it and this run would write it again.
		assert.deepEqual(cacheFile(), written);
		assert.equal(mintdoc(['--version'], site.dir, env).status, 0);
		assert.deepEqual(cacheFile(), written);
	});

	it("a format run on threads writes the cache before it changes a V8 flag (the threads' optimization budget); the next run uses it", () => {
		const env = { XDG_CACHE_HOME: cacheHome };
		// Enough pages for the formatting threads (their start sets the flag).
		const folder = path.join(site.dir, 'many');
		mkdirSync(folder);
		writeFileSync(path.join(folder, 'docs.json'), JSON.stringify({ name: 'Many', navigation: { pages: ['p0'] } }));
		for (let i = 0; i < 60; i++) writeFileSync(path.join(folder, `p${i}.mdx`), `---\ntitle:   P${i}\n---\n\n* one\n* two\n\nText  with   spaces ${i}.\n`);
		const first = mintdoc(['format', '--check', '--no-cache', 'many'], site.dir, env);
		assert.equal(first.status, 1, first.stderr);
		assert.equal(first.stdout.trim().split('\n').length, 60, first.stdout);
		const written = cacheFile();
		const second = mintdoc(['format', '--check', '--no-cache', 'many'], site.dir, env);
		assert.deepEqual([second.status, second.stdout, second.stderr], [first.status, first.stdout, first.stderr]);
		assert.deepEqual(cacheFile(), written);
	});
});
