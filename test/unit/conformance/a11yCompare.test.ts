import * as assert from 'node:assert/strict';
import { compareA11y, type OfficialA11yFinding } from '../../../conformance/a11yCompare';
import type { MintdocFinding } from '../../../conformance/compare';

const official = (f: Partial<OfficialA11yFinding>): OfficialA11yFinding => ({
	check: 'alt-text',
	severity: 'error',
	file: 'a.mdx',
	line: 3,
	column: 1,
	element: 'img',
	message: 'Missing alt attribute',
	...f,
});
const ours = (code: string, line: number, character: number, message = '', file = 'a.mdx'): MintdocFinding => ({
	file,
	range: { start: { line, character } },
	severity: 'warning',
	code,
	message,
});

describe('conformance: a11y pairing', () => {
	it('pairs by file, line, column and kind, contrast by the pair of colors and its level', () => {
		const result = compareA11y(
			[
				official({}),
				official({ line: 5, element: 'a' }),
				official({ line: 9, element: 'video' }),
				official({ check: 'contrast', file: 'docs.json', line: null, column: null, element: null, pair: 'Primary Color vs Light Background' }),
			],
			[
				ours('a11y-missing-alt', 2, 0),
				ours('a11y-link-text', 4, 0),
				ours('a11y-missing-alt', 20, 0),
				ours('a11y-contrast', 5, 14, 'Primary Color vs Light Background (#ffffff): contrast 2.10:1 fails', 'docs.json'),
				ours('component-unknown-prop', 1, 1),
			],
		);
		assert.equal(result.found, 3);
		assert.deepEqual(
			result.missed.map(m => m.line),
			[9],
		);
		assert.deepEqual(
			result.extra.map(e => e.range.start.line),
			[20],
		);
	});
});
