import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '../..');
const cruiser = path.join(repo, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface CruiseResult {
	readonly summary: {
		readonly violations: readonly {
			readonly rule: { readonly name: string };
			readonly from: string;
			readonly to: string;
			readonly cycle?: readonly unknown[];
		}[];
		readonly totalCruised: number;
	};
}

/** dependency-cruiser over the sources with the project's rules (.dependency-cruiser.cjs). */
function cruise(...extra: string[]): CruiseResult {
	const run = spawnSync(
		process.execPath,
		[cruiser, 'server/src', 'client/src', 'browser', ...extra, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
		{ cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
	);
	assert.ok(run.stdout, `dependency-cruiser printed nothing: ${run.stderr}`);
	return JSON.parse(run.stdout) as CruiseResult;
}

/** The layers of the README's "Architecture" section, as rules a tool checks on every test run. */
describe('architecture (dependency-cruiser)', function () {
	this.timeout(120_000);

	it('has no import circles, and every layer imports only what it may', () => {
		const result = cruise();
		assert.ok(result.summary.totalCruised > 200, 'the rules looked at the sources');
		assert.deepEqual(
			result.summary.violations.map(v => `${v.rule.name}: ${v.from} → ${v.to}`),
			[],
		);
	});

	it('the rules catch a wrong import (a fixture of deliberate violations)', () => {
		const result = cruise('test/fixtures/layering');
		const found = new Set(result.summary.violations.map(v => `${v.rule.name}: ${v.from}`));
		for (const expected of [
			'core-without-node: test/fixtures/layering/server/src/core/wrong.ts',
			'core-without-editor: test/fixtures/layering/server/src/core/wrong.ts',
			'core-without-preview: test/fixtures/layering/server/src/core/wrong.ts',
			'no-circular: test/fixtures/layering/server/src/core/circleA.ts',
			'api-without-vscode: test/fixtures/layering/client/src/platform/api/wrong.ts',
			'editor-half-without-platform: test/fixtures/layering/client/src/usesPlatform.ts',
			'server-without-stand-in: test/fixtures/layering/server/src/lsp/standIn.ts',
			'browser-without-node: test/fixtures/layering/browser/wrong.ts',
			'server-runtime-independent: test/fixtures/layering/server/src/lsp/wrong.ts',
			'server-runtime-without-node-builtins: test/fixtures/layering/server/src/lsp/wrong.ts',
			'browser-runtime-without-node: test/fixtures/layering/server/src/browser/wrong.ts',
			'browser-runtime-without-node-builtins: test/fixtures/layering/server/src/browser/wrong.ts',
		])
			assert.ok(found.has(expected), `${expected} not reported; reported: ${[...found].join(', ')}`);
	});
});
