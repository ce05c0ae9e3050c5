import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '../..');

/** One formatter keeps the layout (Prettier, .prettierrc.json): `npx prettier --write` fixes what this reports. */
describe('formatting (Prettier)', function () {
	this.timeout(300_000);

	it('every TypeScript and script file is formatted', () => {
		const globs = [
			'server/src/**/*.ts',
			'client/src/**/*.ts',
			'browser/**/*.ts',
			'test/**/*.ts',
			'bench/**/*.ts',
			'conformance/**/*.ts',
			'scripts/**/*.mjs',
			'eslint.config.mjs',
			'.dependency-cruiser.cjs',
		];
		const run = spawnSync(process.execPath, [path.join(repo, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--list-different', ...globs], {
			cwd: repo,
			encoding: 'utf8',
		});
		assert.equal(run.stderr.trim(), '');
		assert.deepEqual(run.stdout.split('\n').filter(Boolean), [], 'run `npx prettier --write` on these files');
		assert.equal(run.status, 0);
	});
});
