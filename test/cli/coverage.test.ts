import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { mintdoc } from '../helpers/cli';
import { copyFixtures } from '../helpers/tempSite';

describe('mintdoc check --coverage (built CLI)', function () {
	this.timeout(30_000);
	let site: ReturnType<typeof copyFixtures>;
	beforeEach(() => {
		site = copyFixtures('api');
		// A clean site, so the output is coverage only: GET /pets is in the navigation, POST /pets in a page.
		writeFileSync(
			site.path('api/docs.json'),
			JSON.stringify(
				{
					name: 'Pets',
					theme: 'mint',
					colors: { primary: '#065F46' },
					navigation: { groups: [{ group: 'Pets', openapi: 'api/pets.yaml', pages: ['index', 'GET /pets', 'create'] }] },
				},
				null,
				2,
			),
		);
		writeFileSync(site.path('api/create.mdx'), '---\ntitle: Create\nopenapi: "api/pets.yaml POST /pets"\n---\n');
		writeFileSync(site.path('api/pet.mdx'), '---\ntitle: Pet\n---\n');
	});
	afterEach(() => site.dispose());

	it('prints the undocumented operations per spec after the problems (text)', () => {
		const result = mintdoc(['check', '--coverage', 'api'], site.dir);
		assert.equal(result.stderr, '');
		assert.equal(
			result.stdout,
			['No problems found (1 site checked).', 'Undocumented operations in api/api/pets.yaml: 1', '  GET /pets/{petId}', ''].join('\n'),
		);
		assert.equal(result.status, 0);
	});

	it('prints { problems, coverage } in JSON, with the operation ranges in the spec', () => {
		const result = mintdoc(['check', 'api', '--coverage', '--format', 'json'], site.dir);
		assert.equal(result.status, 0);
		assert.deepEqual(JSON.parse(result.stdout), {
			problems: [],
			coverage: [
				{
					file: 'api/api/pets.yaml',
					operations: [{ method: 'GET', path: '/pets/{petId}', range: { start: { line: 24, character: 4 }, end: { line: 24, character: 7 } } }],
				},
			],
		});
	});

	it('keeps the plain JSON array contract without --coverage, and the exit status follows the problems only', () => {
		assert.deepEqual(JSON.parse(mintdoc(['check', 'api', '--format', 'json'], site.dir).stdout), []);
		writeFileSync(
			site.path('api/docs.json'),
			'{ "name": "Pets", "theme": "mint", "colors": { "primary": "#065F46" }, "navigation": { "groups": [ { "group": "G", "openapi": "api/pets.yaml" } ] } }',
		);
		const result = mintdoc(['check', 'api', '--coverage'], site.dir);
		assert.match(result.stdout, /Undocumented operations in api\/api\/pets\.yaml: 0\n$/);
	});

	it('documents --coverage in the usage text', () => {
		assert.match(mintdoc(['--help'], site.dir).stdout, /--coverage/);
	});
});
