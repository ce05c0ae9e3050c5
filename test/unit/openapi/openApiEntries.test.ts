import * as assert from 'node:assert/strict';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkPages, checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

const spec = [
	'openapi: 3.1.0',
	'info: { title: Pets, version: "1" }',
	'servers: [{ url: https://api.example.com }]',
	'paths:',
	'  /pets:',
	'    get: { summary: List pets, responses: { "200": { description: ok } } }',
	'    post: { summary: Create a pet, responses: { "201": { description: ok } } }',
	'  /pets/{petId}:',
	'    get: { summary: Get a pet, responses: { "200": { description: ok } } }',
	'  /internal:',
	'    get: { x-hidden: true, responses: { "200": { description: ok } } }',
	'webhooks:',
	'  pet.created: { post: { responses: { "200": { description: ok } } } }',
	'components: { schemas: { Pet: { type: object } } }',
].join('\n');
const v2 =
	'{ "openapi": "3.0.3", "info": { "title": "V2", "version": "2" }, "paths": { "/owners": { "get": { "responses": {} } }, "/pets": { "get": { "responses": {} } } } }';

async function docs(navigation: unknown, extra: Record<string, unknown> = {}, files: Record<string, string> = {}) {
	const text = docsJson(navigation, extra);
	const result = await checkSite({ 'docs.json': text, 'api/pets.yaml': spec, 'api/v2.json': v2, 'index.mdx': '# Home', ...files });
	return { text, d: result['docs.json'] ?? [], all: result };
}

describe('OpenAPI entries in docs.json', () => {
	it('resolves entries through the nearest openapi, an explicit file (extension optional, / allowed) and api.openapi', async () => {
		const { d } = await docs(
			{
				tabs: [
					{ tab: 'API', openapi: 'api/pets.yaml', groups: [{ group: 'Pets', pages: ['GET /pets', 'POST /pets', 'GET /pets/{petId}'] }] },
					{ tab: 'V2', groups: [{ group: 'Owners', openapi: { source: '/api/v2.json', directory: 'v2' }, pages: ['GET /owners', 'api/pets GET /pets'] }] },
					{ tab: 'Default', pages: ['index', 'GET /pets/{petId}'] },
				],
			},
			{ api: { openapi: 'api/pets.yaml' } },
		);
		assert.deepEqual(d, []);
	});

	it('reports an entry with no spec in scope (the platform would treat it as a file path)', async () => {
		const { text, d } = await docs({ groups: [{ group: 'G', pages: ['GET /pets'] }] });
		assertDiagnostics(d, [{ range: rangeOf(text, '"GET /pets"'), code: 'openapi-no-spec', message: /treats it as a file path/ }]);
	});

	it('fixes a lower-case method, a trailing slash, renamed path parameters and wrong methods', async () => {
		const { text, d } = await docs({
			groups: [{ group: 'G', openapi: 'api/pets.yaml', pages: ['get /pets', 'GET /pets/', 'GET /pets/{id}', 'DELETE /pets', 'GET /pest'] }],
		});
		assertDiagnostics(d, [
			{ range: rangeOf(text, '"get /pets"'), code: 'openapi-method-case' },
			{ range: rangeOf(text, '"GET /pets/"'), code: 'openapi-operation-not-found', message: /\(a trailing slash\) Did you mean 'GET \/pets'\?/ },
			{ range: rangeOf(text, '"GET /pets/{id}"'), code: 'openapi-operation-not-found', message: /different path parameter names.*'GET \/pets\/\{petId\}'/ },
			{ range: rangeOf(text, '"DELETE /pets"'), code: 'openapi-operation-not-found', message: /no DELETE on this path \(it has GET, POST\)/ },
			{ range: rangeOf(text, '"GET /pest"'), code: 'openapi-operation-not-found', message: /Did you mean 'GET \/pets'\?/ },
		]);
		assert.deepEqual(
			d.map(x => (x.data as { replacement?: string } | undefined)?.replacement),
			['GET /pets', 'GET /pets', 'GET /pets/{petId}', 'GET /pets', 'GET /pets'],
		);
	});

	it('reports a method HTTP does not have instead of a missing page', async () => {
		const { text, d } = await docs({ groups: [{ group: 'G', openapi: 'api/pets.yaml', pages: ['FETCH /pets', 'api/pets LIST /pets'] }] });
		assertDiagnostics(d, [
			{ range: rangeOf(text, '"FETCH /pets"'), code: 'openapi-invalid-method', message: /'FETCH' is not an HTTP method/ },
			{ range: rangeOf(text, '"api/pets LIST /pets"'), code: 'openapi-invalid-method' },
		]);
	});

	it('names the other spec when the operation lives there, warns on ambiguity and on x-hidden', async () => {
		const { text, d } = await docs(
			{
				groups: [
					{ group: 'A', openapi: 'api/pets.yaml', pages: ['GET /owners', 'GET /internal'] },
					{ group: 'B', pages: ['GET /pets'] },
				],
			},
			{ api: { openapi: ['api/pets.yaml', 'api/v2.json'] } },
		);
		assertDiagnostics(d, [
			{ range: rangeOf(text, '"GET /owners"'), code: 'openapi-operation-not-found', message: /It is in v2\.json\. Did you mean 'v2 GET \/owners'\?/ },
			{ range: rangeOf(text, '"GET /internal"'), code: 'openapi-hidden-operation' },
			{ range: rangeOf(text, '"GET /pets"'), code: 'openapi-ambiguous' },
		]);
	});

	it('reports missing files, Swagger 2.0, external $refs and webhooks before 3.1', async () => {
		const swagger = '{ "swagger": "2.0", "info": { "title": "Old", "version": "1" }, "paths": {} }';
		const external =
			'openapi: 3.0.0\ninfo: { title: X, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200": { $ref: "./responses.yaml#/ok" }\nwebhooks:\n  hook: { post: {} }\n';
		const { text, d, all } = await docs(
			{
				tabs: [
					{ tab: 'A', openapi: 'api/missing.yaml', pages: ['index'] },
					{ tab: 'B', openapi: 'api/old.json' },
					{ tab: 'C', openapi: 'api/ext.yaml', pages: ['GET /a'] },
				],
			},
			{},
			{ 'api/old.json': swagger, 'api/ext.yaml': external },
		);
		assertDiagnostics(d, [
			{ range: rangeOf(text, '"api/missing.yaml"'), code: 'openapi-spec-not-found' },
			{ range: rangeOf(text, '"api/old.json"'), code: 'openapi-version', message: /Swagger 2\.0/ },
		]);
		assertDiagnostics(all['api/ext.yaml'], [
			{ range: rangeOf(external, '"./responses.yaml#/ok"'), code: 'openapi-external-ref' },
			{ range: [8, 2, 8, 6], code: 'openapi-webhooks-version' },
		]);
	});

	it('survives broken YAML and a spec that is not a map', async () => {
		const { all } = await docs(
			{ groups: [{ group: 'G', openapi: 'api/bad.yaml', pages: ['GET /x'] }] },
			{},
			{ 'api/bad.yaml': 'openapi: 3.1.0\npaths: [\n  - : :\n' },
		);
		assert.ok(all['api/bad.yaml'].some(x => x.code === 'openapi-syntax'));
		const { d } = await docs({ groups: [{ group: 'G', openapi: 'api/list.yaml', pages: ['GET /x'] }] }, {}, { 'api/list.yaml': '- 1\n- 2\n' });
		assert.deepEqual(
			d.map(x => x.code),
			['openapi-operation-not-found'],
		);
	});
});

describe('links to generated API pages', () => {
	it("accepts a link to an operation's x-mint.href outside the generated folders", async () => {
		const hrefSpec = spec.replace('    post: { summary: Create a pet,', '    post: { x-mint: { href: /guides/adopt }, summary: Create a pet,');
		const files = {
			'docs.json': docsJson({ groups: [{ group: 'G', openapi: 'api/pets.yaml', pages: ['index', 'POST /pets'] }] }),
			'api/pets.yaml': hrefSpec,
			'index.mdx': '# Home\n\n[Adopt](/guides/adopt) and [gone](/guides/nope)\n',
		};
		assert.deepEqual(
			(await checkPages(files))['index.mdx'].map(d => [d.code, d.message.split('.')[0]]),
			[['link-broken', "No page or file '/guides/nope' in this site"]],
		);
	});
});

describe('OpenAPI references in MDX frontmatter', () => {
	const site = (frontmatter: string) => ({
		'docs.json': docsJson({ pages: ['index'] }, { api: { openapi: 'api/pets.yaml' } }),
		'api/pets.yaml': spec,
		'index.mdx': `---\ntitle: Home\n${frontmatter}\n---\n\n# Home\n`,
	});
	const check = async (frontmatter: string) => (await checkPages(site(frontmatter)))['index.mdx'] ?? [];

	it('accepts endpoints, webhooks and schemas that exist, with or without the file', async () => {
		for (const fm of [
			'openapi: GET /pets',
			'openapi: "api/pets POST /pets"',
			'openapi: api/pets.yaml webhook pet.created',
			'openapi-schema: Pet',
			'openapi-schema: api/pets Pet',
		]) {
			assert.deepEqual(await check(fm), [], fm);
		}
	});

	it('warns (the platform builds the page without its API section) on endpoints, webhooks and schemas no document has, at the value, with suggestions', async () => {
		assertDiagnostics(await check('openapi: GET /pest'), [{ range: [2, 9, 2, 18], code: 'openapi-page-unmatched', message: /Did you mean 'GET \/pets'\?/ }]);
		assertDiagnostics(await check('openapi: "webhook pet.create"'), [
			{ range: [2, 9, 2, 29], code: 'openapi-page-unmatched', message: /webhook 'pet.create'.*Did you mean 'pet.created'\?/ },
		]);
		assertDiagnostics(await check('openapi-schema: Pets'), [{ range: [2, 16, 2, 20], code: 'openapi-page-unmatched', message: /Did you mean 'Pet'\?/ }]);
		for (const d of await check('openapi: GET /pest')) assert.equal(d.severity, 2, 'a warning, not an error');
	});

	it('follows the platform: a file prefix is only a preference, and a lower-case method is accepted', async () => {
		// The platform looks for the operation in every document when the named file lacks it or does not exist.
		assert.deepEqual(await check('openapi: other GET /pets'), []);
		assert.deepEqual(await check('openapi: get /pets'), []);
		assert.deepEqual(await check('openapi: ../elsewhere/pets.yaml post /pets'), []);
	});

	it('finds OpenAPI documents that docs.json does not name, from the root or relative to the page', async () => {
		const files = {
			'docs.json': docsJson({ pages: ['index', 'reference/op'] }),
			'specs/admin-openapi.json': JSON.stringify({
				openapi: '3.0.3',
				info: { title: 'Admin', version: '1' },
				paths: { '/v1/x': { post: { summary: 'X', responses: { 200: { description: 'ok' } } } } },
			}),
			'index.mdx': '---\ntitle: Home\nopenapi: /specs/admin-openapi.json POST /v1/x\n---\n\n# Home\n',
			'reference/op.mdx': '---\ntitle: Op\nopenapi: ../specs/admin-openapi.json POST /v1/y\n---\n\n# Op\n',
		};
		const pages = await checkPages(files);
		assert.deepEqual(pages['index.mdx'] ?? [], []);
		assertDiagnostics(pages['reference/op.mdx'], [{ range: [2, 9, 2, 47], code: 'openapi-page-unmatched', message: /Did you mean 'POST \/v1\/x'\?/ }]);
	});

	it('warns, without an error, when the repository has no OpenAPI document at all', async () => {
		const pages = await checkPages({ 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': '---\ntitle: Home\nopenapi: POST /x\n---\n' });
		assert.deepEqual(
			pages['index.mdx'].map(d => [d.code, d.severity]),
			[['openapi-page-unmatched', 2]],
		);
	});

	it('warns when a page documents an endpoint the navigation also generates', async () => {
		const files = {
			...site('openapi: GET /pets'),
			'docs.json': docsJson({ groups: [{ group: 'G', openapi: 'api/pets.yaml', pages: ['index', 'GET /pets'] }] }),
		};
		const d = (await checkPages(files))['index.mdx'];
		assertDiagnostics(d, [{ range: [2, 9, 2, 18], code: 'openapi-documented-twice' }]);
		assert.equal(d[0].relatedInformation?.[0].location.uri.endsWith('/docs.json'), true);
	});
});
