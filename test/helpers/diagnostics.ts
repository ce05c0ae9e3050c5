import * as assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';

/** The parts of a diagnostic a test states: `[startLine, startChar, endLine, endChar]`, code, and a message fragment. */
export interface ExpectedDiagnostic {
	readonly range: readonly [number, number, number, number];
	readonly code: string;
	readonly message?: RegExp;
	/** LSP severity (1 error … 4 hint), when the test states it. */
	readonly severity?: number;
}

/** Asserts the diagnostics are exactly these (order-insensitive), with exact ranges. */
export function assertDiagnostics(actual: readonly Diagnostic[], expected: readonly ExpectedDiagnostic[]): void {
	const shape = (d: Diagnostic) => ({ range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character], code: String(d.code) });
	const sort = <T extends { range: readonly number[]; code: string }>(xs: T[]) =>
		xs.sort((a, b) => a.range.join(',').localeCompare(b.range.join(',')) || a.code.localeCompare(b.code));
	assert.deepEqual(
		sort(actual.map(shape)),
		sort(expected.map(e => ({ range: [...e.range], code: e.code }))),
		`diagnostics: ${JSON.stringify(actual.map(d => [d.code, d.message]))}`,
	);
	for (const e of expected) {
		const match = actual.find(d => String(d.code) === e.code && d.range.start.line === e.range[0] && d.range.start.character === e.range[1]);
		if (e.message) assert.match(match!.message, e.message);
		if (e.severity !== undefined) assert.equal(match!.severity, e.severity, `severity of ${e.code}`);
	}
}
