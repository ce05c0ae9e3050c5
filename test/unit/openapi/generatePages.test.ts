import * as assert from 'node:assert/strict';
import { parse } from 'yaml';
import { generatePages, slugify } from '../../../server/src/core/openapi/generatePages';
import { readOpenApiSpec } from '../../../server/src/core/openapi/openApiSpec';
import { readFrontmatter } from '../../../server/src/core/mdx/frontmatter';

const spec = readOpenApiSpec(
	'file:///ws/api/openapi.yaml',
	[
		'openapi: 3.1.0',
		'info: { title: Pets, version: "1" }',
		'paths:',
		'  /pets:',
		'    get:',
		'      summary: List pets',
		'      description: "Returns every pet: even the \\"shy\\" ones.\\n\\nPaginated."',
		'    post: { summary: "Créer un animal", deprecated: true }',
		'  /pets/{petId}:',
		'    get: { summary: List pets }',
		'    delete: {}',
		'  /v1/files/{id}.json:',
		'    put: { summary: "#1 — upload!" }',
		'  /internal:',
		'    get: { x-hidden: true, summary: Hidden }',
		'  /emoji:',
		'    get: { summary: "🐶" }',
	].join('\n'),
);

const frontmatterOf = (text: string) => readFrontmatter(text)!.data;

describe('OpenAPI page generator', () => {
	it('writes one page per visible operation, named from the summary or method and path, kebab case and unique', () => {
		const result = generatePages(spec, { folder: 'api-reference/endpoint', existing: new Set(), force: false });
		assert.deepEqual(result.entries, [
			'api-reference/endpoint/list-pets',
			'api-reference/endpoint/creer-un-animal',
			'api-reference/endpoint/list-pets-2',
			'api-reference/endpoint/delete-pets-petid',
			'api-reference/endpoint/1-upload',
			'api-reference/endpoint/get-emoji',
		]);
		assert.deepEqual(
			result.files.map(f => f.relativePath),
			result.entries.map(e => `${e}.mdx`),
		);
		assert.deepEqual(result.skipped, []);
	});

	it('writes frontmatter the platform reads: openapi, title, description, deprecated, strings quoted safely', () => {
		const [list, create, , remove] = generatePages(spec, { folder: '', existing: new Set(), force: false }).files;
		assert.equal(list.text, '---\nopenapi: "GET /pets"\ntitle: "List pets"\ndescription: "Returns every pet: even the \\"shy\\" ones.\\n\\nPaginated."\n---\n');
		assert.deepEqual(frontmatterOf(list.text), {
			openapi: 'GET /pets',
			title: 'List pets',
			description: 'Returns every pet: even the "shy" ones.\n\nPaginated.',
		});
		assert.deepEqual(frontmatterOf(create.text), { openapi: 'POST /pets', title: 'Créer un animal', deprecated: true });
		assert.deepEqual(frontmatterOf(remove.text), { openapi: 'DELETE /pets/{petId}', title: 'DELETE /pets/{petId}' });
		assert.equal(create.relativePath, 'creer-un-animal.mdx');
	});

	it('prefixes the openapi value with the file when asked (several specs in the site)', () => {
		const { files } = generatePages(spec, { filePrefix: 'api/openapi.yaml', folder: '/endpoints/', existing: new Set(), force: false });
		assert.equal(files[0].relativePath, 'endpoints/list-pets.mdx');
		assert.equal(parse(files[0].text.split('---\n')[1]).openapi, 'api/openapi.yaml GET /pets');
	});

	it('never overwrites an existing file without force, but still lists its entry', () => {
		const existing = new Set(['ep/list-pets.mdx', 'ep/get-emoji.mdx', 'ep/unrelated.mdx']);
		const kept = generatePages(spec, { folder: 'ep', existing, force: false });
		assert.deepEqual(kept.skipped, ['ep/list-pets.mdx', 'ep/get-emoji.mdx']);
		assert.equal(kept.files.length, 4);
		assert.equal(kept.entries.length, 6);
		const forced = generatePages(spec, { folder: 'ep', existing, force: true });
		assert.deepEqual([forced.skipped, forced.files.length], [[], 6]);
	});

	it('generates nothing for a spec without paths or with only hidden operations', () => {
		const empty = readOpenApiSpec('file:///x.json', '{ "openapi": "3.0.0", "info": { "title": "E", "version": "1" } }');
		assert.deepEqual(generatePages(empty, { folder: '', existing: new Set(), force: false }), { files: [], skipped: [], entries: [] });
	});

	it('slugifies odd text', () => {
		assert.deepEqual(['GET /a/{b}/c.json', '  Hello,  World!  ', 'Ünïcödé', '日本語', 'x'.repeat(100) + ' y'].map(slugify), [
			'get-a-b-c-json',
			'hello-world',
			'unicode',
			'',
			'x'.repeat(80),
		]);
	});
});
