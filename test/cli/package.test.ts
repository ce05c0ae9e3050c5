import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '../..');

describe('npm run package (offline .vsix)', function () {
	this.timeout(180_000);

	it('builds mintdoc.vsix holding only the bundles, schema, icon and manifest', () => {
		execFileSync('npm', ['run', 'package'], { cwd: repo, stdio: 'pipe', env: { ...process.env, npm_config_update_notifier: 'false' } });
		const vsix = path.join(repo, 'mintdoc.vsix');
		assert.ok(statSync(vsix).size > 100_000);
		// A .vsix is a zip; list it with Python's standard library (python3 is on every machine of this kind).
		const listing = execFileSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(sorted(zipfile.ZipFile(sys.argv[1]).namelist())))', vsix], {
			encoding: 'utf8',
		});
		const files = listing
			.trim()
			.split('\n')
			.filter(f => f.startsWith('extension/'));
		for (const required of [
			'extension/package.json',
			'extension/dist/client.js',
			'extension/dist/server.js',
			'extension/dist/serverMain.js',
			'extension/dist/pageWorker.js',
			'extension/dist/formatWorker.js',
			'extension/dist/cli.js',
			'extension/dist/cliMain.js',
			'extension/dist/specWorker.js',
			'extension/dist/assistant.js',
			'extension/dist/assistant.css',
			'extension/dist/preview.js',
			'extension/dist/preview.css',
			'extension/dist/mermaid.js',
			'extension/schemas/docs.schema.json',
			'extension/media/mintdoc.svg',
		]) {
			assert.ok(files.includes(required), `${required} missing from ${files.join(', ')}`);
		}
		assert.deepEqual(
			files.filter(f => /node_modules|\/test\/|\.map$|\/src\//.test(f)),
			[],
			'no sources, tests, maps or dependencies',
		);
	});
});
