import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';

const spec = [
	'openapi: 3.1.0',
	'info: { title: Pet Store, version: "1" }',
	'paths:',
	'  /pets:',
	'    get: { summary: List pets, description: "All: of them" }',
	'    post: { summary: Create a pet, deprecated: true }',
	'  /pets/{petId}:',
	'    delete: {}',
	'  /internal:',
	'    get: { x-hidden: true }',
].join('\n');

/** Tab-indented on purpose: the group added by --docs-json must follow the file's style. */
const docsJson =
	'{\n\t"name": "Pets",\n\t"theme": "mint",\n\t"navigation": {\n\t\t"groups": [\n\t\t\t{ "group": "Start", "pages": ["index"] }\n\t\t]\n\t}\n}\n';

describe('mintdoc generate (built CLI)', function () {
	this.timeout(30_000);
	let dir: string;
	const file = (relative: string) => path.join(dir, relative);
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-generate-'));
		mkdirSync(file('docs/api'), { recursive: true });
		writeFileSync(file('docs/docs.json'), docsJson);
		writeFileSync(file('docs/index.mdx'), '# Home');
		writeFileSync(file('docs/api/openapi.yaml'), spec);
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('writes one page per operation into -o, prints the pages entries relative to the docs root', () => {
		const result = mintdoc(['generate', 'api/openapi.yaml', '-o', 'api-reference/endpoint'], file('docs'));
		assert.equal(result.stderr, '');
		assert.equal(result.status, 0);
		assert.equal(
			result.stdout,
			[
				'Wrote 3 pages:',
				'  api-reference/endpoint/list-pets.mdx',
				'  api-reference/endpoint/create-a-pet.mdx',
				'  api-reference/endpoint/delete-pets-petid.mdx',
				'Entries for a "pages" array of docs.json:',
				'[',
				'  "api-reference/endpoint/list-pets",',
				'  "api-reference/endpoint/create-a-pet",',
				'  "api-reference/endpoint/delete-pets-petid"',
				']',
				'',
			].join('\n'),
		);
		assert.equal(
			readFileSync(file('docs/api-reference/endpoint/list-pets.mdx'), 'utf8'),
			'---\nopenapi: "GET /pets"\ntitle: "List pets"\ndescription: "All: of them"\n---\n',
		);
		assert.equal(
			readFileSync(file('docs/api-reference/endpoint/create-a-pet.mdx'), 'utf8'),
			'---\nopenapi: "POST /pets"\ntitle: "Create a pet"\ndeprecated: true\n---\n',
		);
		assert.equal(readFileSync(file('docs/docs.json'), 'utf8'), docsJson, 'docs.json untouched without --docs-json');
	});

	it('never overwrites without --force and reports the skipped files', () => {
		mkdirSync(file('docs/ep'));
		writeFileSync(file('docs/ep/list-pets.mdx'), 'mine');
		const result = mintdoc(['generate', 'api/openapi.yaml', '-o', 'ep'], file('docs'));
		assert.equal(result.status, 0);
		assert.match(
			result.stdout,
			/Wrote 2 pages:\n {2}ep\/create-a-pet\.mdx\n {2}ep\/delete-pets-petid\.mdx\nSkipped 1 existing file \(--force overwrites\):\n {2}ep\/list-pets\.mdx\n/,
		);
		assert.equal(readFileSync(file('docs/ep/list-pets.mdx'), 'utf8'), 'mine');
		assert.equal(mintdoc(['generate', 'api/openapi.yaml', '-o', 'ep', '--force'], file('docs')).status, 0);
		assert.match(readFileSync(file('docs/ep/list-pets.mdx'), 'utf8'), /^---\nopenapi: "GET \/pets"/);
	});

	it('defaults to the current folder and, with --docs-json, appends a group keeping the file formatting', () => {
		mkdirSync(file('docs/endpoints'));
		const result = mintdoc(['generate', '../api/openapi.yaml', '--docs-json'], file('docs/endpoints'));
		assert.equal(result.status, 0);
		assert.deepEqual(readdirSync(file('docs/endpoints')).sort(), ['create-a-pet.mdx', 'delete-pets-petid.mdx', 'list-pets.mdx']);
		assert.match(result.stdout, /Added the group "Pet Store" \(3 pages\) to navigation\.groups in \.\.\/docs\.json\.\n$/);
		const text = readFileSync(file('docs/docs.json'), 'utf8');
		assert.ok(
			text.startsWith(
				'{\n\t"name": "Pets",\n\t"theme": "mint",\n\t"navigation": {\n\t\t"groups": [\n\t\t\t{ "group": "Start", "pages": ["index"] },\n\t\t\t{\n\t\t\t\t"group": "Pet Store",\n',
			),
			text,
		);
		assert.deepEqual(JSON.parse(text).navigation.groups[1], {
			group: 'Pet Store',
			pages: ['endpoints/list-pets', 'endpoints/create-a-pet', 'endpoints/delete-pets-petid'],
		});
		// Running it again adds nothing twice.
		const again = mintdoc(['generate', '../api/openapi.yaml', '--docs-json'], file('docs/endpoints'));
		assert.match(again.stdout, /already has a group "Pet Store": not added again/);
		assert.equal(readFileSync(file('docs/docs.json'), 'utf8'), text);
	});

	it('says what to paste when docs.json has no navigation.groups, and prefixes the file when the site has several specs', () => {
		writeFileSync(file('docs/api/other.yaml'), 'openapi: 3.0.0\ninfo: { title: O, version: "1" }\npaths: {}\n');
		const tabs = JSON.stringify({ name: 'P', theme: 'mint', navigation: { tabs: [{ tab: 'A', openapi: 'api/other.yaml' }] } }, null, 2);
		writeFileSync(file('docs/docs.json'), tabs);
		const result = mintdoc(['generate', 'api/openapi.yaml', '-o', 'ep', '--docs-json', '--format', 'json'], file('docs'));
		assert.equal(result.status, 0);
		const output = JSON.parse(result.stdout);
		assert.deepEqual([output.written.length, output.skipped, output.docsJson, output.docsJsonUpdate.added], [3, [], file('docs/docs.json'), false]);
		assert.match(output.docsJsonUpdate.message, /no navigation\.groups array.*Paste this group/s);
		assert.equal(readFileSync(file('docs/docs.json'), 'utf8'), tabs);
		assert.match(readFileSync(file('docs/ep/list-pets.mdx'), 'utf8'), /^openapi: "api\/openapi\.yaml GET \/pets"$/m);
	});

	it('works outside any docs site (entries relative to the output folder) and refuses --docs-json there', () => {
		writeFileSync(file('spec.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'S', version: '1' }, paths: { '/a': { get: {} } } }));
		const result = mintdoc(['generate', 'spec.json', '-o', 'out'], dir);
		assert.equal(result.status, 0);
		assert.match(result.stdout, /no docs\.json found above the output folder.*\n\[\n {2}"get-a"\n\]\n$/);
		assert.ok(existsSync(file('out/get-a.mdx')));
		const refused = mintdoc(['generate', 'spec.json', '-o', 'out2', '--docs-json'], dir);
		assert.deepEqual([refused.status, refused.stdout], [2, '']);
		assert.match(refused.stderr, /--docs-json: no docs\.json/);
		assert.ok(!existsSync(file('out2')));
	});

	it('exits 2 with a message for a missing file, a syntax error, Swagger 2.0 or a missing argument', () => {
		writeFileSync(file('broken.yaml'), 'openapi: 3.0.0\npaths: [\n');
		writeFileSync(file('swagger.json'), '{ "swagger": "2.0", "paths": {} }');
		const cases: [string[], RegExp][] = [
			[['generate', 'nope.yaml'], /cannot read 'nope\.yaml': no such file/],
			[['generate', 'broken.yaml'], /broken\.yaml:\d+:\d+: .*fix the syntax first/],
			[['generate', 'swagger.json'], /Swagger 2\.0/],
			[['generate'], /exactly one OpenAPI file/],
		];
		for (const [args, message] of cases) {
			const result = mintdoc(args, dir);
			assert.equal(result.status, 2, args.join(' '));
			assert.match(result.stderr, message);
		}
	});
});
