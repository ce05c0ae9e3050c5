import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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
});
