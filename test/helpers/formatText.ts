import * as assert from 'node:assert/strict';
import { formatMdx, type FormatResult } from '../../server/src/core/format/formatPage';

/** The page as MintDoc formats it (the test fails when the formatter does not format it). */
export function formatted(input: string): string {
	const result = formatMdx(input);
	assert.equal(result.kind, 'formatted', JSON.stringify(result));
	return (result as Extract<FormatResult, { kind: 'formatted' }>).text;
}

/** A page's text from its lines (each ends with a line break). */
export function lines(...l: string[]): string {
	return l.join('\n') + '\n';
}
