import * as assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const cli = path.resolve(__dirname, '../../dist/cli.js');

describe('mintdoc check: full OpenAPI validation (swagger-parser, no network)', function () {
	this.timeout(60_000);
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-oas-'));
		mkdirSync(path.join(dir, 'api'));
		// A description: page-description-missing (info) is not what these tests are about.
		writeFileSync(path.join(dir, 'index.mdx'), '---\ndescription: Home\n---\n\n# Home\n');
		writeFileSync(
			path.join(dir, 'docs.json'),
			JSON.stringify(
				{
					name: 'X',
					theme: 'mint',
					colors: { primary: '#000000' },
					navigation: { groups: [{ group: 'API', openapi: 'api/spec.yaml', pages: ['index', 'GET /pets'] }] },
				},
				null,
				2,
			),
		);
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('reports what violates the OpenAPI schema at the key the pointer names', () => {
		writeFileSync(
			path.join(dir, 'api/spec.yaml'),
			[
				'openapi: 3.1.0',
				'info:',
				'  title: Pets',
				'  version: "1"',
				'paths:',
				'  /pets:',
				'    get:',
				'      responses:',
				'        "200":',
				'          content: {}',
				'',
			].join('\n'),
		);
		const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json'], { cwd: dir, encoding: 'utf8' });
		const problems = JSON.parse(result.stdout) as { file: string; code: string; message: string; range: { start: { line: number; character: number } } }[];
		const invalid = problems.filter(p => p.code === 'openapi-invalid');
		assert.ok(invalid.length >= 1, result.stdout);
		assert.equal(invalid[0].file, 'api/spec.yaml');
		assert.deepEqual(invalid[0].range.start, { line: 8, character: 8 });
		assert.match(invalid[0].message, /description/);
		assert.equal(result.status, 1);
	});

	it('fetches a hosted spec named by URL, and warns (once, on the reference) when it cannot be fetched', async () => {
		const spec =
			'openapi: 3.1.0\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get:\n      responses:\n        "200":\n          description: ok\n';
		const server = createServer((_, res) => res.writeHead(200, { etag: '"a"' }).end(spec));
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.yaml`;
		const docs = (source: string, pages: string[]) =>
			writeFileSync(
				path.join(dir, 'docs.json'),
				JSON.stringify(
					{ name: 'X', theme: 'mint', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'API', openapi: source, pages: ['index', ...pages] }] } },
					null,
					2,
				),
			);
		try {
			docs(url, ['GET /pets', 'GET /pest']);
			const run = () =>
				new Promise<{ stdout: string }>(resolve =>
					execFile(
						process.execPath,
						[cli, 'check', '.', '--format', 'json'],
						// The server listens on 127.0.0.1: the network policy's test-only allowance (refusals: hostileRepo.test.ts).
						{ cwd: dir, env: { ...process.env, MINTDOC_TEST_ALLOW_LOOPBACK: '1' } },
						(_, stdout) => resolve({ stdout }),
					),
				);
			const hosted = JSON.parse((await run()).stdout) as { code: string; message: string }[];
			assert.deepEqual(
				hosted.map(p => p.code),
				['openapi-operation-not-found'],
			);
			assert.match(hosted[0].message, /GET \/pest/);
			docs('http://127.0.0.1:9/nothing-listens-here.yaml', ['GET /pets']);
			const offline = JSON.parse((await run()).stdout) as { code: string; severity: string }[];
			assert.deepEqual(
				offline.map(p => [p.code, p.severity]),
				[['openapi-remote-unavailable', 'warning']],
			);
		} finally {
			await new Promise(resolve => server.close(resolve));
		}
	});

	it('accepts a valid 3.0 document and never follows a reference outside it', () => {
		writeFileSync(
			path.join(dir, 'api/spec.yaml'),
			'openapi: 3.0.3\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get:\n      responses:\n        "200":\n          description: ok\n',
		);
		const valid = spawnSync(process.execPath, [cli, 'check', '.'], { cwd: dir, encoding: 'utf8' });
		assert.equal(valid.stdout, 'No problems found (1 site checked).\n');
		writeFileSync(
			path.join(dir, 'api/spec.yaml'),
			'openapi: 3.0.3\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get:\n      responses:\n        "200":\n          $ref: "https://example.invalid/responses.yaml#/ok"\n',
		);
		const external = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json'], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
		const codes = (JSON.parse(external.stdout) as { code: string }[]).map(p => p.code);
		assert.ok(codes.includes('openapi-external-ref'), codes.join(', '));
	});
});
