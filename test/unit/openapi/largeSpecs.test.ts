import * as assert from 'node:assert/strict';
import { readOpenApiSpec } from '../../../server/src/core/openapi/openApiSpec';
import { validateSpec } from '../../../server/src/core/openapi/specValidation';
import { checkSite, docsJson } from '../../helpers/siteCheck';
import { generateSpec } from '../../helpers/specGenerator';

describe('large and hostile OpenAPI documents (generated)', function () {
	this.timeout(120_000);

	it('reads 5,000 operations in 3.0 JSON and 3.1 YAML with every operation located', () => {
		for (const [version, format] of [
			['3.0.3', 'json'],
			['3.1.0', 'yaml'],
		] as const) {
			const text = generateSpec({ operations: 5000, version, format });
			const spec = readOpenApiSpec(`file:///ws/big.${format}`, text);
			assert.equal(spec.operations.length, 5000, `${version} ${format}`);
			const last = spec.operations[4999];
			assert.equal(text.slice(last.span.offset, last.span.offset + last.span.length).replace(/"/g, ''), 'delete');
			assert.deepEqual(spec.parseErrors, []);
		}
	});

	it('validates deep schemas (200 levels) and $ref cycles without throwing or hanging', async () => {
		const text = generateSpec({ operations: 50, schemaDepth: 200, cycle: true });
		const spec = await validateSpec('file:///ws/deep.yaml', text, readOpenApiSpec('file:///ws/deep.yaml', text));
		assert.deepEqual(spec.problems ?? [], []);
		const broken = text.replace('openapi: 3.1.0', 'openapi: 3.1.0\nextra-top-level: 1');
		const invalid = await validateSpec('file:///ws/deep.yaml', broken, readOpenApiSpec('file:///ws/deep.yaml', broken));
		assert.ok((invalid.problems ?? []).length >= 1);
	});

	it('resolves entries against a 5,000-operation spec in one site check', async () => {
		const pages = ['GET /resources0/{id}', 'DELETE /resources1249/{id}', 'PATCH /resources3/{id}'];
		const result = await checkSite({
			'docs.json': docsJson({ groups: [{ group: 'API', openapi: 'api.yaml', pages }] }),
			'api.yaml': generateSpec({ operations: 5000 }),
		});
		assert.deepEqual(
			result['docs.json'].map(d => [d.code, d.message.split(' ').slice(0, 4).join(' ')]),
			[['openapi-operation-not-found', "No operation 'PATCH /resources3/{id}'"]],
		);
	});
});
