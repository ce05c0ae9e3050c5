import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkSpecFile } from '../../../server/src/core/openapi/openApiRules';
import { readOpenApiSpec } from '../../../server/src/core/openapi/openApiSpec';
import { expandedSize } from '../../../server/src/core/openapi/refExpansion';
import { validateSpec } from '../../../server/src/core/openapi/specValidation';
import { createWorkerSpecReader } from '../../../server/src/node/workers/specWorkerReader';
import { refBomb } from '../../helpers/refBomb';

const dist = path.resolve(__dirname, '../../../dist');

/** OpenAPI documents made to explode when dereferenced (issue 31). */
describe('OpenAPI validation within a budget', function () {
	this.timeout(60_000);

	it('counts the expanded size once per value: exact on a small document, cut off at the limit on a bomb', () => {
		// The root, `a` (the $ref object plus the 3 values of `b` it expands to), `b` itself (3 values): 1 + 4 + 3.
		assert.equal(expandedSize({ a: { $ref: '#/b' }, b: { c: 1, d: 2 } }, 100), 8);
		assert.equal(expandedSize(JSON.parse(refBomb(24)), 20_000_000), undefined);
		assert.ok(expandedSize(JSON.parse(refBomb(10)), 20_000_000)! > 1024);
		// A schema that refers to itself (a tree) is finite: the cycle counts once.
		assert.equal(expandedSize({ s: { properties: { child: { $ref: '#/s' } } } }, 100), 5);
	});

	it('a 24-level $ref bomb is one openapi-too-complex finding on the document, at once', async () => {
		const uri = 'file:///site/openapi.json';
		const text = refBomb(24);
		const spec = await validateSpec(uri, text, readOpenApiSpec(uri, text));
		const findings = checkSpecFile(spec, TextDocument.create(uri, 'json', 1, text)).map(d => [d.code, d.message, d.range.start.line]);
		assert.deepEqual(findings, [
			['openapi-too-complex', 'This document is too complex to check: its $refs expand to more than 20 million values. It is not validated.', 0],
		]);
		// Its operations are still read (entries that name them are checked).
		assert.deepEqual(
			spec.operations.map(o => `${o.method} ${o.path}`),
			['GET /x'],
		);
	});

	it('the budget counts from when the worker takes the document up: loading the worker and compiling the schema are not counted', async () => {
		// A fresh worker takes about half a second to load its parser and compile the OpenAPI schema; this document
		// validates in milliseconds once it is taken up. Counted from the request, it was reported too complex.
		const reader = createWorkerSpecReader(path.join(dist, 'specWorker.js'), 60_000, 1, 250);
		try {
			const [first, second] = await Promise.all([reader.validate('file:///site/a.json', refBomb(2)), reader.validate('file:///site/b.json', refBomb(3))]);
			assert.deepEqual([first.problems ?? [], second.problems ?? []], [[], []]);
		} finally {
			reader.dispose();
		}
	});

	it('a validation over the time budget terminates its worker: one finding, and the next document is validated by a fresh worker', async () => {
		// 19 levels expand to 11 million values: under the size limit, about 3 s of work on a 2-core CI-class machine
		// (CI once finished it within a 3 s budget). The budget here is 300 ms, ten times less; it counts only the
		// validation itself (see the test above), so a slow machine does not make it pass or fail differently.
		const reader = createWorkerSpecReader(path.join(dist, 'specWorker.js'), 60_000, 1, 300);
		try {
			const slow = await reader.validate('file:///site/slow.json', refBomb(19));
			assert.deepEqual(
				slow.problems?.map(p => p.message),
				['This document is too complex to check: validating it took over 300 ms. It is not validated.'],
			);
			const fine = await reader.validate('file:///site/fine.json', refBomb(2));
			assert.deepEqual(fine.problems ?? [], []);
			assert.deepEqual(
				fine.operations.map(o => `${o.method} ${o.path}`),
				['GET /x'],
			);
		} finally {
			reader.dispose();
		}
	});
});
