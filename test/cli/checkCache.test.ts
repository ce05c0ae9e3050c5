import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
		const data = deserialize(readFileSync(file)) as { entries: Map<string, { diagnostics: unknown[] }> };
		const planted = {
			range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
			message: 'planted by the test',
			severity: 1,
			source: 'mintdoc',
			code: 'planted',
		};
		for (const summary of data.entries.values()) summary.diagnostics = [planted];
		writeFileSync(file, serialize(data));
		const warm = mintdoc(['check', 'features'], site.dir);
		assert.match(warm.stdout, /planted by the test \[planted\]/);
		// --no-cache never reads it.
		assert.doesNotMatch(mintdoc(['check', 'features', '--no-cache'], site.dir).stdout, /planted/);
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
