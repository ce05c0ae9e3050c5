import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { faults, matrixRows } from '../../api/faultMatrix';
import { readmePath, readmeTable, renderFaultTable } from '../../api/faultMatrixTable';

describe('fault matrix table in docs/platform-api.md', () => {
	it('is the table generated from test/api/faultMatrix.ts (run faultMatrixTable.ts --write after changing the matrix)', () => {
		const table = readmeTable(readFileSync(readmePath, 'utf8'));
		assert.ok(table, 'docs/platform-api.md has the fault-matrix markers');
		assert.equal(table, renderFaultTable());
	});

	it('covers every fault the issue names, for every endpoint family where it applies', () => {
		assert.deepEqual(
			faults.map(f => f.id),
			[
				'http-400',
				'http-401',
				'http-403',
				'http-404',
				'http-409',
				'http-429-retry-after',
				'http-429',
				'http-500',
				'http-502',
				'http-503',
				'timeout-headers',
				'timeout-body',
				'reset-before-answer',
				'reset-mid-body',
				'truncated-json',
				'html-200',
				'gzip-garbage',
				'stream-no-finish',
				'stream-error-part',
				'stream-endless-idle',
				'stream-endless-stop',
				'endless-body',
				'body-50mb',
			],
		);
		const families = (family: string) => matrixRows.filter(r => r.family === family).length;
		assert.deepEqual([families('updateStatus'), families('feedback'), families('assistant'), matrixRows.length], [19, 19, 23, 61]);
		// Every row names a next step the user can take, and retries stay bounded.
		for (const row of matrixRows) {
			assert.ok(row.words.length > 0 && row.fault.todo.length > 0, row.id);
			assert.ok(row.maxAttempts >= 1 && row.maxAttempts <= 3, row.id);
		}
	});
});
