import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { mintdoc as runMintdoc } from '../helpers/cli';
import { copyFixtures } from '../helpers/tempSite';

const repo = path.resolve(__dirname, '../..');

describe('mintdoc check: the page cache', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	beforeEach(() => {
		site = copyFixtures('features', 'api');
		// A project folder (its node_modules/.cache is never used: a repository could plant entries there).
		mkdirSync(site.path('node_modules'));
	});
	afterEach(() => site.dispose());

	// The user's cache folder, made private to this test through XDG_CACHE_HOME.
	const cacheDir = () => site.path('user-cache/mintdoc');
	const mintdoc = (args: string[], cwd: string) => runMintdoc(args, cwd, { XDG_CACHE_HOME: site.path('user-cache') });
	const cacheFiles = () => (existsSync(cacheDir()) ? readdirSync(cacheDir()).filter(f => f.endsWith('.bin')) : []);

	it("is on by default, in the user's cache folder ($XDG_CACHE_HOME/mintdoc, 0700, nothing in node_modules), and gives the same findings warm as cold and without it", () => {
		const uncached = mintdoc(['check', 'features', '--format', 'json', '--no-cache'], site.dir);
		assert.deepEqual(cacheFiles(), []);
		const cold = mintdoc(['check', 'features', '--format', 'json'], site.dir);
		assert.equal(cacheFiles().length, 1);
		assert.equal(statSync(cacheDir()).mode & 0o777, 0o700);
		assert.ok(!existsSync(site.path('node_modules/.cache')));

		const warm = mintdoc(['check', 'features', '--format', 'json'], site.dir);
		assert.ok(JSON.parse(uncached.stdout).length > 0, 'the fixture has findings to compare');
		assert.equal(cold.stdout, uncached.stdout);
		assert.equal(warm.stdout, uncached.stdout);
		assert.equal(warm.status, uncached.status);
	});

	it('keeps validated OpenAPI documents beside the pages, with the same findings warm', () => {
		const cold = mintdoc(['check', 'api', '--format', 'json'], site.dir);
		const [name] = cacheFiles();
		assert.ok(existsSync(path.join(cacheDir(), `${name}.openapi`)));
		const specs = deserialize(readFileSync(path.join(cacheDir(), `${name}.openapi`))) as { entries: Map<string, { uri: string }> };
		assert.ok([...specs.entries.values()].some(spec => spec.uri.endsWith('.yaml') || spec.uri.endsWith('.json')));
		assert.equal(mintdoc(['check', 'api', '--format', 'json'], site.dir).stdout, cold.stdout);
	});

	it('answers from the cache: a summary planted under the right key is what the warm run reports', () => {
		mintdoc(['check', 'features'], site.dir);
		const [name] = cacheFiles();
		const file = path.join(cacheDir(), name);
		// Each entry is a summary serialized on its own, in two parts: what a check reads (after its length), then the editor's part.
		const data = deserialize(readFileSync(file)) as { entries: Map<string, Uint8Array> };
		const parts = (entry: Uint8Array) => {
			const length = Buffer.from(entry.buffer, entry.byteOffset, 4).readUInt32BE(0);
			return [entry.subarray(4, 4 + length), entry.subarray(4 + length)];
		};
		const entry = (checked: object, rest: Uint8Array) => {
			const first = serialize(checked);
			const length = Buffer.alloc(4);
			length.writeUInt32BE(first.length, 0);
			return Buffer.concat([length, first, rest]);
		};
		const planted = {
			range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
			message: 'planted by the test',
			severity: 1,
			source: 'mintdoc',
			code: 'planted',
		};
		for (const [key, bytes] of data.entries) {
			const [checked, rest] = parts(bytes);
			data.entries.set(key, entry({ ...(deserialize(checked) as object), diagnostics: [planted] }, rest));
		}
		writeFileSync(file, serialize(data));
		const warm = mintdoc(['check', 'features'], site.dir);
		assert.match(warm.stdout, /planted by the test \[planted\]/);
		// --no-cache never reads it.
		assert.doesNotMatch(mintdoc(['check', 'features', '--no-cache'], site.dir).stdout, /planted/);
	});

	it("keeps the schema's findings on docs.json by its text: findings planted under its key are what the warm run reports", () => {
		const config = site.path('features/docs.json');
		// A theme the schema does not know: one schema finding.
		writeFileSync(config, readFileSync(config, 'utf8').replace('"theme": "mint"', '"theme": "nonsense"'));
		const cold = mintdoc(['check', 'features', '--format', 'json'], site.dir);
		assert.match(cold.stdout, /Value is not accepted/);
		const [name] = cacheFiles();
		const file = path.join(cacheDir(), `${name}.schema`);
		const data = deserialize(readFileSync(file)) as { entries: Map<string, { message: string }[]> };
		assert.equal(data.entries.size, 1);
		const [[key, found]] = [...data.entries];
		assert.ok(
			found.some(d => d.message.includes('Value is not accepted')),
			JSON.stringify(found),
		);
		data.entries.set(key, [{ ...found[0], message: 'planted schema finding' }]);
		writeFileSync(file, serialize(data));
		const warm = mintdoc(['check', 'features', '--format', 'json'], site.dir);
		assert.match(warm.stdout, /planted schema finding/);
		assert.doesNotMatch(warm.stdout, /Value is not accepted/);
		// Another text is validated again; --no-cache never reads the file.
		writeFileSync(config, readFileSync(config, 'utf8').replace('"theme": "nonsense"', '"theme": "nonsense2"'));
		assert.doesNotMatch(mintdoc(['check', 'features', '--format', 'json'], site.dir).stdout, /planted/);
		assert.doesNotMatch(mintdoc(['check', 'features', '--format', 'json', '--no-cache'], site.dir).stdout, /planted/);
	});

	it('ignores a damaged cache file and replaces it', () => {
		const clean = mintdoc(['check', 'features'], site.dir);
		const [name] = cacheFiles();
		writeFileSync(path.join(cacheDir(), name), 'garbage');
		const again = mintdoc(['check', 'features'], site.dir);
		assert.equal(again.stdout, clean.stdout);
		assert.equal(again.stderr, '');
		assert.notEqual(readFileSync(path.join(cacheDir(), name), 'utf8').slice(0, 7), 'garbage');
	});

	it('--cache-location takes a file or a folder', () => {
		mintdoc(['check', 'features', '--cache-location', 'my-cache.bin'], site.dir);
		assert.ok(existsSync(site.path('my-cache.bin')));
		mintdoc(['check', 'features', '--cache-location', 'caches/'], site.dir);
		assert.equal(readdirSync(site.path('caches')).filter(f => f.endsWith('.bin')).length, 1);
		assert.deepEqual(cacheFiles(), []);
	});
});

describe('mintdoc check: pages unchanged since the last run', function () {
	this.timeout(60_000);
	let dir: string;
	const page = (name: string) => path.join(dir, 'site', name);
	const check = (...args: string[]) => runMintdoc(['check', 'site', '--format', 'json', ...args], dir);
	beforeEach(async () => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-unchanged-'));
		mkdirSync(path.join(dir, 'site'));
		writeFileSync(
			page('docs.json'),
			JSON.stringify({ theme: 'mint', name: 'Unchanged', colors: { primary: '#0b5d1e' }, navigation: { pages: ['a', 'b', 'c'] } }),
		);
		// A frontmatter finding (placed by the page's head), a broken link, a disable comment. a.mdx and b.mdx have a
		// description (page-description-missing is not what the counts below are about); c.mdx has none, so warm and cold
		// runs are compared on that finding too.
		writeFileSync(page('a.mdx'), '---\ntitle: A\ndescription: A page\nicon: not-an-icon-at-all\n---\n\n# A\n\nSee [x](/nowhere).\n');
		writeFileSync(page('b.mdx'), '---\ntitle: B\ndescription: B page\n---\n\n# B\n\n{/* mintdoc-disable-next-line */}\n[x](/gone)\n\n[y](/missing)\n');
		writeFileSync(page('c.mdx'), '---\ntitle: C\n---\n\n# C\n\nFine, see [a](/a).\n');
		// Whole seconds: a time set back later is then the same to the nanosecond.
		const past = Math.floor(Date.now() / 1000) - 3600;
		for (const name of ['a.mdx', 'b.mdx', 'c.mdx']) utimesSync(page(name), past, past);
		// A page written less than 2 s before a run reads is not remembered (see unchangedFiles.ts): wait that out.
		const written = Math.max(...['a.mdx', 'b.mdx', 'c.mdx'].map(name => statSync(page(name)).ctimeMs));
		while (Date.now() <= written + 2_100) await new Promise(resolve => setTimeout(resolve, 50));
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	const memoryFile = () =>
		path.join(
			dir,
			'cache',
			readdirSync(path.join(dir, 'cache')).find(f => f.endsWith('.bin.files'))!,
		);
	const messages = (stdout: string, file: string) =>
		(JSON.parse(stdout) as { file: string; message: string }[]).filter(p => p.file.endsWith(file)).map(p => p.message);

	it('gives the same findings warm (pages answered unread, heads and disable comments remembered) as cold', () => {
		const uncached = check('--no-cache');
		assert.equal(messages(uncached.stdout, 'a.mdx').length, 2, 'the fixture has page findings');
		assert.equal(check('--cache-location', 'cache/').stdout, uncached.stdout);
		const memory = deserialize(readFileSync(memoryFile())) as { entries: Map<string, unknown> };
		assert.deepEqual(
			[...memory.entries.keys()].filter(k => k.startsWith('f:')).map(k => path.basename(k)),
			['a.mdx', 'b.mdx', 'c.mdx'],
		);
		assert.equal(check('--cache-location', 'cache/').stdout, uncached.stdout);
	});

	it("never reads an unchanged page: c.mdx remembered with a.mdx's key reports a.mdx's findings", () => {
		check('--cache-location', 'cache/');
		const file = memoryFile();
		const memory = deserialize(readFileSync(file)) as { entries: Map<string, { key: string }> };
		const entryOf = (name: string) => [...memory.entries].find(([k]) => k.startsWith('f:') && k.endsWith(`/${name}`))!;
		const [cKey, cEntry] = entryOf('c.mdx');
		memory.entries.set(cKey, { ...cEntry, key: entryOf('a.mdx')[1].key });
		writeFileSync(file, serialize(memory));
		const warm = check('--cache-location', 'cache/');
		// The page's own findings are a.mdx's; the rules over all pages take c.mdx's title and description from
		// the same remembered summary (never read), so the two pages now share them and each names the other.
		const own = (name: string) => messages(warm.stdout, name).filter(m => !m.startsWith('The same '));
		assert.deepEqual(own('c.mdx'), own('a.mdx'));
		assert.equal(own('c.mdx').length, 2);
		assert.deepEqual(
			messages(warm.stdout, 'c.mdx').filter(m => m.startsWith('The same ')),
			[
				'The same description as a.mdx: agents and search results cannot tell these pages apart.',
				'The same title as a.mdx in this part of the navigation; a `sidebarTitle` or `og:title` would tell them apart.',
			],
		);
	});

	it('reads a page again after an edit that keeps its size and mtime (its ctime moved)', () => {
		const before = check('--cache-location', 'cache/');
		assert.deepEqual(messages(before.stdout, 'b.mdx'), ["No page or file '/missing' in this site."]);
		const { mtimeMs, size } = statSync(page('b.mdx'));
		writeFileSync(page('b.mdx'), '---\ntitle: B\ndescription: B page\n---\n\n# B\n\n{/* mintdoc-disable-next-line */}\n[x](/gone)\n\n[y](/mossing)\n');
		utimesSync(page('b.mdx'), mtimeMs / 1000, mtimeMs / 1000);
		assert.equal(statSync(page('b.mdx')).size, size);
		assert.equal(statSync(page('b.mdx')).mtimeMs, mtimeMs);
		assert.deepEqual(messages(check('--cache-location', 'cache/').stdout, 'b.mdx'), ["No page or file '/mossing' in this site."]);
	});
});
