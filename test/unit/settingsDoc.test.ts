import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '../..');

describe('docs/settings.md', () => {
	it('lists every contributed command and setting as package.json has them (node scripts/settings-doc.mjs --write)', async () => {
		// The generator is the script a writer runs; the test uses the same functions.
		const { renderTables, currentTables } = (await import(path.join(repo, 'scripts', 'settings-doc.mjs'))) as {
			renderTables: (manifest: unknown) => string;
			currentTables: (text: string) => string | undefined;
		};
		const manifest: unknown = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
		const page = readFileSync(path.join(repo, 'docs', 'settings.md'), 'utf8');
		const tables = renderTables(manifest);
		assert.ok(tables.includes('`mintdoc.trace.server`') && tables.includes('`mintdoc.restartServer`'));
		assert.equal(currentTables(page), tables);
	});
});
