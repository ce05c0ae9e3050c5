import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '../..');

/** ESLint with typescript-eslint's type-aware promise rules (eslint.config.mjs), over the server, the client and the browser code. */
describe('lint (ESLint + typescript-eslint)', function () {
	this.timeout(300_000);

	it('finds nothing: no floating or misused promises, no stale disable comments', () => {
		const run = spawnSync(
			process.execPath,
			[path.join(repo, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--max-warnings', '0', '--report-unused-disable-directives', '--format', 'json'],
			{ cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
		);
		const results = JSON.parse(run.stdout || '[]') as { filePath: string; messages: { line: number; ruleId: string | null; message: string }[] }[];
		const findings = results.flatMap(r => r.messages.map(m => `${path.relative(repo, r.filePath)}:${m.line} ${m.ruleId ?? 'parse'} ${m.message}`));
		assert.ok(results.length > 200, `ESLint looked at ${results.length} files (${run.stderr})`);
		assert.deepEqual(findings, []);
		assert.equal(run.status, 0, run.stderr);
	});

	it('forbids fs reads outside server/src/node/runtime/guardedRead.ts (a probe: the rule fires on a sample)', () => {
		const sample = [
			"import { readFileSync, promises as fs } from 'node:fs';",
			"import { open } from 'node:fs/promises';",
			"export const a = readFileSync('x', 'utf8');",
			"export const b = fs.readFile('x', 'utf8');",
			"export const c = open('x');",
			"export const d = require('node:fs').promises.open('x');",
		].join('\n');
		// Written as a file of the CLI for the run (ESLint ignores the rules' file patterns for stdin), then removed.
		const lint = (folder: string) => {
			const file = path.join(repo, folder, `lintProbe${process.pid}.ts`);
			writeFileSync(file, sample);
			try {
				const run = spawnSync(process.execPath, [path.join(repo, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', file], {
					cwd: repo,
					encoding: 'utf8',
					maxBuffer: 16 * 1024 * 1024,
				});
				const [result] = JSON.parse(run.stdout || '[]') as { messages: { line: number; ruleId: string | null }[] }[];
				return (result?.messages ?? [])
					.filter(m => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
					.map(m => `${m.line} ${m.ruleId}`);
			} finally {
				rmSync(file, { force: true });
			}
		};
		assert.deepEqual(lint('server/src/cli'), ['1 no-restricted-imports', '2 no-restricted-imports', '4 no-restricted-syntax', '6 no-restricted-syntax']);
	});
});
