import * as assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createDocsApiClient, type DocsApiClient } from '../../client/src/platform/api/docsApiClient';
import { ApiError } from '../../client/src/platform/api/errors';
import type { UpdateStatus } from '../../client/src/platform/api/types';

const repo = path.resolve(__dirname, '../..');
const cli = path.join(repo, 'dist/cli.js');
const adminKey = 'mint_demo_admin_key';

/** `node dist/cli.js api-server ...args` until it prints its listening line; resolves with its URL and output. */
async function startCli(args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
	const child = spawn(process.execPath, [cli, 'api-server', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	child.stdout!.on('data', chunk => (output += chunk));
	child.stderr!.on('data', chunk => (output += chunk));
	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`no listening line within 15 s:\n${output}`)), 15_000);
		const check = () => {
			const m = /MintDoc API stand-in listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
			if (m) {
				clearTimeout(timer);
				resolve(m[1]);
			}
		};
		child.stdout!.on('data', check);
		child.once('exit', code => reject(new Error(`api-server exited with ${code} before listening:\n${output}`)));
	});
	return { child, url, output: () => output };
}

function stop(child: ChildProcess): Promise<number | null> {
	return new Promise(resolve => {
		if (child.exitCode !== null) return resolve(child.exitCode);
		child.once('exit', code => resolve(code));
		child.kill('SIGTERM');
	});
}

describe('mintdoc api-server (built CLI, real process)', function () {
	this.timeout(60_000);
	let server: Awaited<ReturnType<typeof startCli>>;
	let client: DocsApiClient;
	before(async () => {
		server = await startCli(['--port', '0', '--docs', 'examples/acme', '--live-seconds', '4', '--anchor', '2026-01-15']);
		client = createDocsApiClient({ baseUrl: server.url, getApiKey: () => adminKey, retryDelayMs: 50 });
	});
	after(async () => {
		const code = await stop(server.child);
		assert.equal(code, 0, 'SIGTERM stops it cleanly');
	});
	beforeEach(() => fetch(`${server.url}/__reset`, { method: 'POST' }));

	it('prints its defaults and the real port it listens on', () => {
		const out = server.output();
		assert.match(out, /project id {9}demo\n/);
		assert.match(out, /admin key {10}mint_demo_admin_key\n/);
		assert.match(out, /assistant domain {3}demo\n/);
		assert.match(out, /assistant key {6}mint_dsc_demo_key\n/);
		assert.match(out, /update status ids  demo-success, demo-failure, demo-live/);
		assert.match(out, /feedback {11}300 entries on \d+ pages of .*examples[/\\]acme/);
		assert.doesNotMatch(server.url, /:0$/);
	});

	it('is mentioned by --help, which is how the demo detects it', () => {
		const help = spawnSync(process.execPath, [cli, '--help'], { encoding: 'utf8' });
		assert.match(help.stdout, /api-server \[--port N\] \[--docs DIR\] \[--data FILE\]/);
	});

	it('serves every feedback entry through the client in pages of 50, ending with a null cursor', async () => {
		const pages = [];
		for await (const page of client.feedbackPages('demo')) pages.push(page);
		assert.equal(pages.length, 6);
		assert.deepEqual(
			pages.map(p => p.feedback.length),
			[50, 50, 50, 50, 50, 50],
		);
		assert.equal(new Set(pages.flatMap(p => p.feedback.map(e => e.id))).size, 300);
		assert.deepEqual([pages[5].nextCursor, pages[5].hasMore], [null, false]);
		const requests = (await (await fetch(`${server.url}/__requests`)).json()) as { requests: { path: string; query: Record<string, string> }[] };
		assert.equal(requests.requests.length, 6);
		assert.equal(requests.requests[1].query.cursor, pages[0].nextCursor);
	});

	it('moves demo-live from queued to success within --live-seconds, logs growing', async () => {
		const seen: UpdateStatus[] = [await client.getUpdateStatus('demo-live')];
		assert.equal(seen[0].status, 'queued');
		while (seen[seen.length - 1].status !== 'success') {
			await new Promise(r => setTimeout(r, 400));
			seen.push(await client.getUpdateStatus('demo-live'));
			assert.ok(seen.length < 30, 'finishes in time');
		}
		const states = [...new Set(seen.map(s => s.status))];
		assert.deepEqual(states, ['queued', 'in_progress', 'success']);
		const logs = seen.map(s => s.logs.length);
		assert.deepEqual(
			logs,
			[...logs].sort((a, b) => a - b),
			'logs only grow',
		);
		assert.ok(seen[seen.length - 1].endedAt);
		assert.deepEqual(seen[seen.length - 1].commit?.filesChanged?.modified, ['guides/pagination.mdx']);
	});

	it('serves the seeded success and failure with commits and changed files', async () => {
		const ok = await client.getUpdateStatus('demo-success');
		assert.deepEqual([ok.status, ok.source, ok.commit?.filesChanged?.added], ['success', 'github', ['guides/testing.mdx']]);
		const failed = await client.getUpdateStatus('demo-failure');
		assert.equal(failed.status, 'failure');
		assert.match(failed.logs.join('\n'), /does not exist/);
	});

	it('produces each fault the client must survive, with the right error kind', async () => {
		const cases: [string, ApiError['kind']][] = [
			['429:7', 'rateLimited'],
			['500', 'server'],
			['drop', 'network'],
			['truncated', 'network'],
			['malformed', 'badResponse'],
			['html', 'badResponse'],
			['wrong-shape', 'badResponse'],
		];
		for (const [fault, kind] of cases) {
			// Queued for three requests so the client's retries meet the fault too.
			const queued = await fetch(`${server.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault, times: 3, path: '/v1/analytics/' }) });
			assert.equal(queued.status, 200);
			await assert.rejects(client.listFeedback('demo'), (e: ApiError) => {
				assert.equal(e.kind, kind, `${fault}: ${e.message}`);
				if (kind === 'rateLimited') assert.equal(e.retryAfter, 7);
				return true;
			});
			await fetch(`${server.url}/__faults`, { method: 'DELETE' });
		}
	});

	it('a 10 MB page is refused by the client with a clear message', async () => {
		await fetch(`${server.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: 'big:10', path: '/v1/analytics/' }) });
		await assert.rejects(client.listFeedback('demo'), (e: ApiError) => e.kind === 'badResponse' && /larger than 4 MB/.test(e.message));
	});

	it('a cursor loop stops the page walk with a clear message', async () => {
		await fetch(`${server.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: 'cursor-loop', times: 10, path: '/v1/analytics/' }) });
		let pages = 0;
		await assert.rejects(
			(async () => {
				for await (const _ of client.feedbackPages('demo')) pages++;
			})(),
			(e: ApiError) => e.kind === 'badResponse' && /same cursor twice/.test(e.message),
		);
		assert.equal(pages, 2);
	});

	it('a slow answer becomes a timeout', async () => {
		const impatient = createDocsApiClient({ baseUrl: server.url, getApiKey: () => adminKey, timeoutMs: 300 });
		// Ten minutes: only the client's timeout can end it, however slow the machine (the stand-in stops waiting when the client leaves).
		await fetch(`${server.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: 'slow:600000', path: '/v1/' }) });
		await assert.rejects(impatient.getUpdateStatus('demo-success'), (e: ApiError) => e.kind === 'timeout');
	});
});

describe('mintdoc api-server: usage errors', function () {
	// Seven CLI starts in a row take ~6 s on a loaded 2-core machine: hang guards with room to spare.
	this.timeout(120_000);
	const run = (args: string[]) => spawnSync(process.execPath, [cli, 'api-server', ...args], { cwd: repo, encoding: 'utf8', timeout: 60_000 });

	let dir: string;
	before(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-api-'));
		writeFileSync(path.join(dir, 'bad-feedback.json'), '{ "feedback": { "id": 1 } }');
		writeFileSync(path.join(dir, 'broken.json'), '{ "feedback": [');
	});
	after(() => rmSync(dir, { recursive: true, force: true }));

	it('exits 2 with a message for bad flags, folders and data files', () => {
		for (const [args, message] of [
			[['--port', 'abc'], /--port must be a port number/],
			[['--docs', 'no/such/folder'], /--docs no\/such\/folder: no such folder/],
			[['--data', path.join(dir, 'bad-feedback.json')], /bad-feedback\.json: "feedback" must be an array/],
			[['--data', path.join(dir, 'broken.json')], /broken\.json: .*JSON/],
			[['--anchor', 'yesterday'], /--anchor must be a date like 2026-01-15/],
			[['--live-seconds', '0'], /--live-seconds must be from 1 to 3600/],
			[['--bogus'], /Unknown option '--bogus'/],
		] as [string[], RegExp][]) {
			const result = run(args);
			assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
			assert.match(result.stderr, message);
		}
	});

	it('serves a --data file, with flags winning over it', async () => {
		const file = path.join(dir, 'data.json');
		writeFileSync(
			file,
			JSON.stringify({
				projectId: 'from-file',
				adminKey: 'mint_file_key_123456',
				feedback: [
					{ id: 'f1', path: '/x', comment: 'old', createdAt: '2026-01-01T00:00:00Z', source: 'contextual', status: 'pending' },
					{ id: 'f2', path: '/y', comment: 'new', createdAt: '2026-01-02T00:00:00Z', source: 'agent', status: 'resolved' },
				],
				updateStatuses: [{ _id: 'mine', status: 'in_progress', logs: ['a'] }],
			}),
		);
		const custom = await startCli(['--port', '0', '--data', file, '--project-id', 'from-flag', '--quiet']);
		try {
			assert.match(custom.output(), /project id {9}from-flag\n {2}admin key {10}\(custom, from --admin-key or --data\)/);
			assert.doesNotMatch(custom.output(), /mint_file_key_123456/);
			const c = createDocsApiClient({ baseUrl: custom.url, getApiKey: () => 'mint_file_key_123456' });
			assert.deepEqual(
				(await c.listFeedback('from-flag')).feedback.map(e => e.id),
				['f2', 'f1'],
			);
			assert.equal((await c.getUpdateStatus('mine')).status, 'in_progress');
		} finally {
			await stop(custom.child);
		}
	});

	it('exits 2 when the port is taken', async () => {
		const first = await startCli(['--port', '0', '--quiet']);
		try {
			const port = new URL(first.url).port;
			const result = run(['--port', port]);
			assert.equal(result.status, 2);
			assert.match(result.stderr, new RegExp(`port ${port} is already in use`));
		} finally {
			await stop(first.child);
		}
	});
});
