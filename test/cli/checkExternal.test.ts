import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliPath } from '../helpers/cli';

/** The built CLI, without blocking this process (it serves the links the CLI checks). */
function run(args: string[], cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
	return new Promise(resolve => {
		// The links point at 127.0.0.1: the network policy's test-only allowance (refusals: hostileRepo.test.ts).
		const child = spawn(process.execPath, [cliPath, ...args], { cwd, env: { ...process.env, MINTDOC_TEST_ALLOW_LOOPBACK: '1' } });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', chunk => (stdout += chunk));
		child.stderr.on('data', chunk => (stderr += chunk));
		child.on('close', status => resolve({ status, stdout, stderr }));
	});
}

describe('mintdoc check --check-external (built CLI, a server on 127.0.0.1)', function () {
	this.timeout(60_000);
	let server: http.Server;
	let base = '';
	const requests: string[] = [];
	let dir = '';

	before(async () => {
		server = http.createServer((req, res) => {
			requests.push(`${req.method} ${req.url}`);
			res.writeHead(req.url === '/fine' ? 200 : req.url === '/down' ? 503 : 404).end();
		});
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-external-'));
		writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ name: 'T', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ['index'] } }));
		writeFileSync(path.join(dir, 'index.mdx'), `# Home\n\n[fine](${base}/fine) [gone](${base}/gone) [down](${base}/down)\n`);
	});
	after(() => {
		server.close();
		rmSync(dir, { recursive: true, force: true });
	});

	it('is off by default: no request leaves', async () => {
		const result = await run(['check', '.', '--no-cache'], dir);
		assert.equal(result.status, 0);
		assert.deepEqual(requests, []);
	});

	it('reports a 404 as broken (an error: the platform reports it) and a 503 as could not check, with progress on stderr', async () => {
		const result = await run(['check', '.', '--no-cache', '--check-external', '--format', 'json'], dir);
		const findings = (
			JSON.parse(result.stdout) as { code: string; severity: string; message: string; range: { start: { line: number; character: number } } }[]
		).map(f => [f.code, f.severity, f.message, f.range.start.line]);
		assert.deepEqual(findings, [
			// The page has no frontmatter, so no description: that finding (info) sits at its start.
			['page-description-missing', 'information', 'This page has no `description`: its llms.txt entry, search results and link previews get none.', 0],
			['link-external-broken', 'error', `${base}/gone is broken: 404 Not Found.`, 2],
			['link-external-unchecked', 'information', `Could not check ${base}/down: the server failed (503).`, 2],
		]);
		assert.equal(result.status, 1);
		assert.match(result.stderr, /external links checked: 3\/3/);
	});
});
