import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { buildSiteTree } from '../../../server/src/core/features/siteTree';
import { createLanguageService } from '../../../server/src/core/languageService';
import { findUndocumentedOperations } from '../../../server/src/core/openapi/coverage';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';

const pets = [
	'openapi: 3.1.0',
	'info: { title: Pets, version: "1" }',
	'paths:',
	'  /pets:',
	'    get: { summary: List pets }',
	'    post: { summary: Create a pet }',
	'  /pets/{petId}:',
	'    get: { summary: Get a pet }',
	'    delete: { summary: Delete a pet }',
	'  /internal:',
	'    get: { x-hidden: true }',
].join('\n');
const owners =
	'{ "openapi": "3.0.3", "info": { "title": "Owners", "version": "2" }, "paths": { "/owners": { "get": {}, "post": {} }, "/pets": { "get": {} } } }';

async function siteOf(navigation: unknown, extra: Record<string, unknown> = {}, files: Record<string, string> = {}) {
	const workspace = new InMemoryWorkspace({
		'docs.json': docsJson(navigation, extra),
		'api/pets.yaml': pets,
		'api/owners.json': owners,
		'index.mdx': '# Home',
		...files,
	});
	const service = createLanguageService({ workspace });
	await service.findDocsRoots(noCancellation);
	const site = await service.getSite(workspaceRoot, noCancellation);
	const readText = async (uri: string) => (await workspace.readDocument(uri))?.getText();
	return { site, readText };
}

/** Coverage as `file: METHOD /path, ...` per spec, paths relative to /ws. */
async function undocumented(navigation: unknown, extra: Record<string, unknown> = {}, files: Record<string, string> = {}) {
	const { site, readText } = await siteOf(navigation, extra, files);
	const coverage = await findUndocumentedOperations(site, readText);
	return Object.fromEntries(coverage.map(c => [c.specUri.slice(workspaceRoot.length + 1), c.operations.map(o => `${o.method} ${o.path}`)]));
}

describe('OpenAPI coverage (undocumented operations)', () => {
	it('lists the operations no entry documents, inherited openapi and api.openapi resolving entries; x-hidden ignored', async () => {
		const result = await undocumented(
			{
				tabs: [
					{ tab: 'API', openapi: 'api/pets.yaml', groups: [{ group: 'Pets', pages: ['GET /pets', 'post /pets'] }] },
					{ tab: 'Owners', groups: [{ group: 'O', pages: ['index', 'GET /owners'] }] },
				],
			},
			{ api: { openapi: 'api/owners.json' } },
		);
		assert.deepEqual(result, {
			'api/pets.yaml': ['GET /pets/{petId}', 'DELETE /pets/{petId}'],
			'api/owners.json': ['POST /owners', 'GET /pets'],
		});
	});

	it('resolves an explicit file prefix (extension optional, leading slash) to that spec only', async () => {
		const result = await undocumented(
			{ groups: [{ group: 'G', openapi: 'api/pets.yaml', pages: ['GET /pets', '/api/owners GET /pets', 'api/owners.json GET /owners'] }] },
			{ api: { openapi: 'api/owners.json' } },
		);
		assert.deepEqual(result, {
			'api/pets.yaml': ['POST /pets', 'GET /pets/{petId}', 'DELETE /pets/{petId}'],
			'api/owners.json': ['POST /owners'],
		});
	});

	it('counts an element with openapi and no pages as generating every endpoint (spec rule 4)', async () => {
		const result = await undocumented({
			tabs: [
				{ tab: 'Pets API', openapi: 'api/pets.yaml' },
				{ tab: 'Owners', openapi: { source: 'api/owners.json', directory: 'owners' }, groups: [{ group: 'O', pages: ['GET /owners'] }] },
			],
		});
		assert.deepEqual(result, { 'api/pets.yaml': [], 'api/owners.json': ['POST /owners', 'GET /pets'] });
	});

	it('an element with openapi and an empty pages array generates nothing', async () => {
		const result = await undocumented({ groups: [{ group: 'G', openapi: 'api/pets.yaml', pages: [] }] });
		assert.deepEqual(result, { 'api/pets.yaml': ['GET /pets', 'POST /pets', 'GET /pets/{petId}', 'DELETE /pets/{petId}'] });
	});

	it('counts MDX pages documenting an operation through frontmatter, with or without a file', async () => {
		const result = await undocumented(
			{ groups: [{ group: 'G', openapi: 'api/pets.yaml', pages: ['index', 'GET /pets'] }] },
			{ api: { openapi: 'api/owners.json' } },
			{
				'endpoints/get-pet.mdx': '---\ntitle: Get a pet\nopenapi: "api/pets.yaml GET /pets/{petId}"\n---\n',
				'endpoints/create-owner.mdx': '---\nopenapi: POST /owners\n---\n# Owner',
				'endpoints/webhook.mdx': '---\nopenapi: "api/pets webhook pet.created"\n---\n',
				'endpoints/unknown.mdx': '---\nopenapi: "api/pets.yaml PUT /nothing"\n---\n',
				'notes.mdx': '# Mentions openapi: DELETE /pets/{petId} in the body only',
				'broken.mdx': '---\nopenapi: [unclosed\n---\n',
			},
		);
		assert.deepEqual(result, {
			'api/owners.json': ['GET /owners', 'GET /pets'],
			'api/pets.yaml': ['POST /pets', 'DELETE /pets/{petId}'],
		});
	});

	it('returns nothing for a site without specs, and keeps spans pointing at the method keys', async () => {
		assert.deepEqual(await undocumented({ groups: [{ group: 'G', pages: ['index'] }] }), {});
		const { site, readText } = await siteOf({ groups: [{ group: 'G', openapi: 'api/pets.yaml', pages: ['GET /pets'] }] });
		const [coverage] = await findUndocumentedOperations(site, readText);
		assert.deepEqual(
			coverage.operations.map(o => pets.slice(o.span.offset, o.span.offset + o.span.length)),
			['post', 'get', 'delete'],
		);
	});

	it('feeds the Site view: one section per spec with operations, each located in the spec file', async () => {
		const { site, readText } = await siteOf(
			{ groups: [{ group: 'G', openapi: 'api/pets.yaml', pages: ['GET /pets', 'POST /pets', 'GET /pets/{petId}'] }] },
			{ api: { openapi: 'api/owners.json' } },
			{
				'owners.mdx': '---\nopenapi: api/owners.json GET /owners\n---\n',
				'more.mdx': '---\nopenapi: api/owners.json POST /owners\n---\n',
				'pets.mdx': '---\nopenapi: api/owners.json GET /pets\n---\n',
			},
		);
		const tree = buildSiteTree(site, await findUndocumentedOperations(site, readText));
		assert.deepEqual(tree.undocumented, [
			{
				specUri: workspaceUri('api/pets.yaml'),
				label: 'api/pets.yaml',
				operations: [
					{
						method: 'DELETE',
						path: '/pets/{petId}',
						location: { uri: workspaceUri('api/pets.yaml'), range: { start: { line: 8, character: 4 }, end: { line: 8, character: 10 } } },
					},
				],
			},
		]);
		assert.deepEqual(buildSiteTree(site).undocumented, []);
	});
});
