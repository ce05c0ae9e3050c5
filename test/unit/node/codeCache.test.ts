import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const codeCacheModule = path.resolve(__dirname, '../../../server/src/node/runtime/codeCache');

/**
 * Loads `bundle` through the code cache in a fresh process, as each server start does (in one
 * process V8's own compilation cache answers a second compile without looking at the cached data).
 */
function load(bundle: string, cacheDir: string, version: string, saves = 1, nodeFlags: string[] = []): { state: string; runs: unknown[]; saved: string[] } {
	const code = `
		const { runWithCodeCache, codeCacheHook } = require(${JSON.stringify(codeCacheModule)});
		runWithCodeCache(${JSON.stringify(bundle)}, ${JSON.stringify(cacheDir)}, ${JSON.stringify(version)}).then(async () => {
			const saved = [];
			for (let i = 0; i < ${saves}; i++) saved.push(await codeCacheHook().save());
			process.stdout.write(JSON.stringify({ state: codeCacheHook().state, runs: globalThis.codeCacheRuns, saved }));
		});`;
	const child = spawnSync(process.execPath, [...nodeFlags, '--require', 'tsx/cjs', '-e', code], { encoding: 'utf8' });
	assert.equal(child.status, 0, child.stderr);
	return JSON.parse(child.stdout);
}

describe('V8 code cache of a bundle (node/runtime/codeCache.ts)', () => {
	let dir: string;
	let bundle: string;
	let cacheDir: string;
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-codecache-'));
		bundle = path.join(dir, 'dist', 'bundle.js');
		cacheDir = path.join(dir, 'cache', 'code-cache');
		writeBundle(1, 1_000_000);
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	/** A bundle that records how it was run: its build number, __dirname, and that require works. */
	function writeBundle(build: number, mtimeSeconds: number): void {
		mkdirSync(path.dirname(bundle), { recursive: true });
		writeFileSync(
			bundle,
			`const path = require('node:path'); globalThis.codeCacheRuns = [...(globalThis.codeCacheRuns ?? []), { build: ${build}, dir: __dirname, base: path.basename(__filename), exportsIsThis: this === module.exports }];\n`,
		);
		utimesSync(bundle, mtimeSeconds, mtimeSeconds);
	}

	it('runs the bundle as CommonJS; writes the cache when asked, once; the next run compiles from it', () => {
		const first = load(bundle, cacheDir, '1.2.3', 2);
		assert.deepEqual(first, {
			state: 'none',
			runs: [{ build: 1, dir: path.dirname(bundle), base: 'bundle.js', exportsIsThis: true }],
			saved: ['written', 'written'],
		});
		const files = readdirSync(cacheDir);
		assert.equal(files.length, 1);
		assert.match(files[0], /^bundle-1\.2\.3-v\d+\.\d+\.\d+-\w+-[0-9a-f]{8}-\d+-1000000000\.bin$/);
		const second = load(bundle, cacheDir, '1.2.3');
		assert.equal(second.state, 'used');
		assert.equal(second.runs.length, 1);
		assert.deepEqual(second.saved, ['kept']);
	});

	it('another build (or MintDoc version) does not read the cache of this one; two older caches stay, older ones go', () => {
		for (let build = 1; build <= 5; build++) {
			writeBundle(build, 1_000_000 + build);
			assert.equal(load(bundle, cacheDir, '1.2.3').state, 'none', `build ${build}`);
		}
		assert.deepEqual(
			readdirSync(cacheDir)
				.map(file => /-(\d+)\.bin$/.exec(file)![1])
				.sort(),
			['1000003000', '1000004000', '1000005000'],
		);
		assert.equal(load(bundle, cacheDir, '1.2.4', 0).state, 'none');
	});

	it('a cache V8 refuses is reported and replaced; the bundle runs all the same', () => {
		load(bundle, cacheDir, '1.2.3');
		const [file] = readdirSync(cacheDir);
		writeFileSync(path.join(cacheDir, file), Buffer.alloc(2048, 7));
		const damaged = load(bundle, cacheDir, '1.2.3');
		assert.deepEqual([damaged.state, damaged.runs.length, damaged.saved], ['rejected', 1, ['written']]);
		assert.equal(load(bundle, cacheDir, '1.2.3').state, 'used');
	});

	it('a process started with other Node flags keeps its own cache (V8 refuses one made under other flags)', () => {
		// The extension starts the server with languageServerNodeFlags, other editors without: alternating, each found the other's cache and compiled anew.
		const flags = ['--no-allocation-site-pretenuring', '--max-semi-space-size=20'];
		assert.equal(load(bundle, cacheDir, '1.2.3', 1, flags).state, 'none');
		assert.equal(load(bundle, cacheDir, '1.2.3', 1).state, 'none');
		assert.equal(load(bundle, cacheDir, '1.2.3', 1, flags).state, 'used');
		assert.equal(load(bundle, cacheDir, '1.2.3', 1).state, 'used');
		assert.equal(readdirSync(cacheDir).length, 2);
	});

	it('a cache file that is a symbolic link is not read (someone else may have planted it)', function () {
		if (process.platform === 'win32') this.skip();
		load(bundle, cacheDir, '1.2.3');
		const [file] = readdirSync(cacheDir);
		const elsewhere = path.join(dir, 'planted.bin');
		renameSync(path.join(cacheDir, file), elsewhere);
		symlinkSync(elsewhere, path.join(cacheDir, file));
		assert.equal(load(bundle, cacheDir, '1.2.3', 0).state, 'none');
		// Without the link the same data is used: the refusal was the link's.
		rmSync(path.join(cacheDir, file));
		renameSync(elsewhere, path.join(cacheDir, file));
		assert.equal(load(bundle, cacheDir, '1.2.3', 0).state, 'used');
	});
});
