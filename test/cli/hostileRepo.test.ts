import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliPath } from '../helpers/cli';
import { refBomb } from '../helpers/refBomb';

/** The built CLI without blocking this process (it may serve what the CLI requests), killed after 60 s: a hang fails, never stalls. */
function run(args: string[], cwd: string, env: Record<string, string> = {}) {
	return new Promise<{ status: number | null; stdout: string; stderr: string; ms: number }>(resolve => {
		const started = Date.now();
		const child = spawn(process.execPath, [cliPath, ...args], { cwd, env: { ...process.env, MINTDOC_TEST_ALLOW_LOOPBACK: '', ...env } });
		let stdout = '';
		let stderr = '';
		const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
		child.stdout.on('data', chunk => (stdout += chunk));
		child.stderr.on('data', chunk => (stderr += chunk));
		child.on('close', status => {
			clearTimeout(timer);
			resolve({ status, stdout, stderr, ms: Date.now() - started });
		});
	});
}

const config = (extra: Record<string, unknown> = {}) =>
	JSON.stringify({ theme: 'mint', name: 'X', colors: { primary: '#000000' }, navigation: { pages: ['index'] }, ...extra });

/** `mintdoc check` and `upgrade` on repositories written to hurt whoever runs them (issue 31). */
describe('mintdoc on a hostile repository (built CLI)', function () {
	this.timeout(120_000);
	let dir: string;
	let cache: string;
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-hostile-'));
		cache = path.join(dir, 'cache');
		mkdirSync(path.join(dir, 'site'));
		writeFileSync(path.join(dir, 'site', 'docs.json'), config());
		// A description: page-description-missing (info) is not what these cases are about.
		writeFileSync(path.join(dir, 'site', 'index.mdx'), '---\ntitle: Home\ndescription: Hello\n---\n\nHello\n');
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	const check = (args: string[], env: Record<string, string> = {}) => run(['check', 'site', '--cache-location', `${cache}/`, ...args], dir, env);

	it('symlink loops (`ln -s . loop`, two of them, one climbing out) finish with one site checked', async () => {
		symlinkSync('.', path.join(dir, 'site', 'loop'));
		symlinkSync('.', path.join(dir, 'site', 'loop2'));
		symlinkSync('../..', path.join(dir, 'site', 'up'));
		const result = await check([]);
		assert.equal(result.stdout, 'No problems found (1 site checked).\n');
		assert.equal(result.status, 0);
	});

	it('a $ref bomb (24 levels) is one openapi-too-complex warning, not a hang', async () => {
		writeFileSync(path.join(dir, 'site', 'openapi.json'), refBomb(24));
		writeFileSync(path.join(dir, 'site', 'docs.json'), config({ api: { openapi: 'openapi.json' } }));
		const result = await check(['--format', 'json']);
		const problems = JSON.parse(result.stdout) as { file: string; code: string; message: string }[];
		assert.deepEqual(
			problems.map(p => [p.file, p.code]),
			[['site/openapi.json', 'openapi-too-complex']],
		);
	});

	it('never requests a hosted document on a loopback address: the server sees nothing, the finding says why', async () => {
		const seen: string[] = [];
		const server = http.createServer((req, res) => (seen.push(req.url ?? ''), res.end('openapi: 3.1.0\n')));
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		try {
			writeFileSync(path.join(dir, 'site', 'docs.json'), config({ api: { openapi: `${base}/openapi.yaml` } }));
			writeFileSync(path.join(dir, 'site', 'index.mdx'), `---\ndescription: Home\n---\n\n# Home\n\n[admin](${base}/admin)\n`);
			const refused = JSON.parse((await check(['--format', 'json'])).stdout) as { code: string; message: string }[];
			assert.deepEqual(
				refused.map(p => [p.code, p.message]),
				[
					[
						'openapi-remote-unavailable',
						'The hosted OpenAPI document could not be fetched (not fetched: 127.0.0.1 is not a public address); entries that use it are not checked.',
					],
				],
			);
			// The opt-in external link check refuses it too.
			const external = JSON.parse((await check(['--format', 'json', '--check-external'])).stdout) as { code: string; message: string }[];
			assert.ok(
				external.some(p => p.code === 'link-external-unchecked' && /127\.0\.0\.1 is not a public address/.test(p.message)),
				JSON.stringify(external),
			);
			// --offline fetches nothing even where the test allowance would let it.
			const offline = JSON.parse((await check(['--format', 'json', '--offline'], { MINTDOC_TEST_ALLOW_LOOPBACK: '1' })).stdout) as { message: string }[];
			assert.deepEqual(
				offline.map(p => p.message),
				['The hosted OpenAPI document could not be fetched (not fetched: --offline); entries that use it are not checked.'],
			);
			assert.deepEqual(seen, []);
			// With the test-only allowance the same check does fetch it (so the refusals above are the policy's).
			await check(['--format', 'json'], { MINTDOC_TEST_ALLOW_LOOPBACK: '1' });
			assert.deepEqual(seen, ['/openapi.yaml']);
		} finally {
			await new Promise(resolve => server.close(resolve));
		}
	});

	it('keeps its caches private, and ignores a planted symlink instead of writing through it', async () => {
		mkdirSync(cache, { mode: 0o755 });
		const victim = path.join(dir, 'victim.txt');
		writeFileSync(victim, 'mine\n');
		await check([]);
		const [name] = (await import('node:fs')).readdirSync(cache).filter(f => f.endsWith('.bin'));
		assert.ok(name, 'a cache file was written');
		// The folder the user named keeps its mode, the file is private; then it is replaced by a link to the victim, and the check runs again.
		assert.equal(lstatSync(cache).mode & 0o777, 0o755);
		assert.equal(lstatSync(path.join(cache, name)).mode & 0o777, 0o600);
		rmSync(path.join(cache, name));
		symlinkSync(victim, path.join(cache, name));
		writeFileSync(path.join(dir, 'site', 'index.mdx'), '# Changed\n');
		const result = await check([]);
		assert.equal(result.status, 0);
		assert.equal(readFileSync(victim, 'utf8'), 'mine\n');
		assert.ok(!lstatSync(path.join(cache, name)).isSymbolicLink(), 'the link was replaced by a cache file, not followed');
	});

	it('--cache-location naming a file: its folder (here the repository) keeps its mode, and a folder made for it is private', async () => {
		chmodSync(dir, 0o755);
		const named = await run(['check', 'site', '--cache-location', 'pages.bin'], dir);
		assert.equal(named.status, 0, named.stderr);
		assert.equal(lstatSync(path.join(dir, 'pages.bin')).mode & 0o777, 0o600);
		assert.equal(lstatSync(dir).mode & 0o777, 0o755, 'the folder of the file named was made private');
		const nested = await run(['check', 'site', '--cache-location', 'made/for/it/'], dir);
		assert.equal(nested.status, 0, nested.stderr);
		assert.equal(lstatSync(path.join(dir, 'made')).mode & 0o777, 0o700);
		assert.equal(lstatSync(path.join(dir, 'made', 'for', 'it')).mode & 0o777, 0o700);
	});

	it('upgrade never writes through a docs.json link, dangling or not', async () => {
		const legacy = path.join(dir, 'legacy');
		mkdirSync(legacy);
		writeFileSync(
			path.join(legacy, 'mint.json'),
			JSON.stringify({ name: 'L', favicon: '/favicon.svg', colors: { primary: '#000000' }, navigation: [{ group: 'G', pages: ['index'] }] }),
		);
		const outside = path.join(dir, 'outside.txt');
		symlinkSync(outside, path.join(legacy, 'docs.json'));
		const dangling = await run(['upgrade', 'legacy'], dir);
		assert.equal(dangling.status, 2);
		assert.match(dangling.stderr, /exists already/);
		const forced = await run(['upgrade', 'legacy', '--force'], dir);
		assert.equal(forced.status, 2);
		assert.equal(forced.stderr, "mintdoc: cannot write docs.json: 'docs.json' is a symbolic link: not written through (it may lead outside the site)\n");
		assert.equal(existsSync(outside), false);
	});

	it('escapes control characters from the repository in every output format', async () => {
		writeFileSync(path.join(dir, 'site', 'docs.json'), config({ navigation: { pages: ['index', 'evil\u001b]0;pwned\u0007\u001b[2J\u009b31m'] } }));
		for (const format of ['text', 'json', 'github', 'sarif', 'junit']) {
			const { stdout } = await check(['--format', format]);
			assert.match(stdout, /evil/, format);
			assert.doesNotMatch(stdout, /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/, `${format}: ${JSON.stringify(stdout.slice(0, 300))}`);
		}
		const text = (await check([])).stdout;
		assert.match(text, /evil\\u001b\]0;pwned\\u0007\\u001b\[2J\\u009b31m/);
	});
});
