import * as assert from 'node:assert/strict';
import { readOpenApiSpec } from '../../../server/src/core/openapi/openApiSpec';
import { validateSpec } from '../../../server/src/core/openapi/specValidation';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkPages, checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

// OpenAPI 3.2 as @mintlify/common 1.0.1211 reads it (openapi/validate.js, parseOpenApiString.js,
// getOpenApiOperationMethodAndEndpoint.js): `query` operations, `additionalOperations` with
// custom methods, path items that `$ref` into `components.pathItems`, `in: querystring`, tag `parent`.
const spec32 = [
	'openapi: 3.2.0',
	'info: { title: Search, version: "1" }',
	'tags:',
	'  - name: catalog',
	'  - name: items',
	'    parent: catalog',
	'paths:',
	'  /search:',
	'    query:',
	'      summary: Search items',
	'      requestBody: { content: { application/json: { schema: { type: object } } } }',
	'      responses: { "200": { description: ok } }',
	'  /cache:',
	'    additionalOperations:',
	'      PURGE:',
	'        summary: Purge the cache',
	'        responses: { "204": { description: gone } }',
	'  /users:',
	"    $ref: '#/components/pathItems/Users'",
	'components:',
	'  pathItems:',
	'    Users:',
	'      get:',
	'        summary: List users',
	'        parameters:',
	'          - name: filter',
	'            in: querystring',
	'            content: { application/json: { schema: { type: object } } }',
	'        responses: { "200": { description: ok } }',
].join('\n');

describe('OpenAPI 3.2 documents', () => {
	it('reads query operations, custom methods from additionalOperations and path items referenced from components.pathItems', () => {
		const spec = readOpenApiSpec('file:///ws/api.yaml', spec32);
		assert.deepEqual(
			spec.operations.map(o => `${o.method} ${o.path} ${o.summary}`),
			['QUERY /search Search items', 'PURGE /cache Purge the cache', 'GET /users List users'],
		);
	});

	it('validates against the 3.2 schema: a valid document has no problem (before: "Unsupported OpenAPI version: 3.2.0")', async () => {
		const spec = await validateSpec('file:///ws/api.yaml', spec32, readOpenApiSpec('file:///ws/api.yaml', spec32));
		assert.equal(spec.problems, undefined);
	});

	it('still reports what the 3.2 schema rejects, at the key the pointer names', async () => {
		const text = [
			'openapi: 3.2.0',
			'info: { title: Bad, version: "1" }',
			'paths:',
			'  /a:',
			'    query:',
			'      responses: 5',
			'    additionalOperations:',
			'      GET: { responses: { "200": { description: ok } } }',
		].join('\n');
		const spec = await validateSpec('file:///ws/bad.yaml', text, readOpenApiSpec('file:///ws/bad.yaml', text));
		const messages = (spec.problems ?? []).map(p => `${p.message} @${p.span.offset}`);
		assert.ok(messages.includes(`/paths/~1a/query/responses must be object @${text.indexOf('responses: 5')}`), messages.join('\n'));
		assert.ok(
			messages.some(m => m.startsWith('/paths/~1a/additionalOperations') && m.endsWith(`@${text.indexOf('additionalOperations')}`)),
			messages.join('\n'),
		);
	});

	it('resolves QUERY and custom-method entries in docs.json and frontmatter (before: openapi-invalid-method)', async () => {
		const text = docsJson({
			groups: [{ group: 'API', openapi: 'api.yaml', pages: ['QUERY /search', 'PURGE /cache', 'GET /users', 'api QUERY /search', 'page'] }],
		});
		const result = await checkSite({
			'docs.json': text,
			'api.yaml': spec32,
			'page.mdx': '---\ntitle: Page\nopenapi: PURGE /cache\n---\n',
		});
		assert.deepEqual(result['docs.json'] ?? [], []);
		assert.deepEqual(result['page.mdx'] ?? [], []);
	});

	it('reports a custom method no document in scope declares, and a lower-case one, as not a method', async () => {
		const text = docsJson({ groups: [{ group: 'API', openapi: 'api.yaml', pages: ['FETCH /search', 'purge /cache', 'QUERY /cache'] }] });
		const result = await checkSite({ 'docs.json': text, 'api.yaml': spec32 });
		assertDiagnostics(result['docs.json'] ?? [], [
			{
				range: rangeOf(text, '"FETCH /search"'),
				code: 'openapi-invalid-method',
				message: /'FETCH' is not an HTTP method.*QUERY, or a method the OpenAPI 3\.2 document declares/,
			},
			{ range: rangeOf(text, '"purge /cache"'), code: 'openapi-invalid-method' },
			{ range: rangeOf(text, '"QUERY /cache"'), code: 'openapi-operation-not-found', message: /no QUERY on this path \(it has PURGE\)/ },
		]);
	});

	it('checks pages of a site with a 3.2 document without findings', async () => {
		const result = await checkPages({ 'docs.json': docsJson({ groups: [{ group: 'G', openapi: 'api.yaml', pages: ['QUERY /search'] }] }), 'api.yaml': spec32 });
		assert.deepEqual(result, {});
	});
});
