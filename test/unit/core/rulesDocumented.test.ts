import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { rules } from '../../../server/src/core/rules';

describe('rules are documented', () => {
	it('names every diagnostic code in docs/diagnostics.md, and no code that no longer exists', () => {
		const table = readFileSync(path.resolve(__dirname, '../../../docs/diagnostics.md'), 'utf8');
		// The first cell of each row names the codes.
		const firstCells = table
			.split('\n')
			.filter(line => line.startsWith('| `'))
			.map(line => line.split('|')[1]);
		const documented = new Set(firstCells.flatMap(cell => [...cell.matchAll(/`([a-z0-9-]+)`/g)].map(m => m[1])));
		const missing = Object.keys(rules).filter(code => !documented.has(code));
		const stale = [...documented].filter(code => !(code in rules));
		assert.deepEqual({ missing, stale }, { missing: [], stale: [] });
	});
});
