import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';
import { copyFixtures } from '../helpers/tempSite';

const repo = path.resolve(__dirname, '../..');

describe('mintdoc check (built CLI)', function () {
	this.timeout(30_000);
	let site: ReturnType<typeof copyFixtures>;
	beforeEach(() => (site = copyFixtures('minimal', 'broken')));
	afterEach(() => site.dispose());

	it('passes the bundled example site clean', () => {
		const result = mintdoc(['check', 'examples/acme'], repo);
		assert.equal(result.stderr, '');
		assert.equal(result.stdout, 'No problems found (1 site checked).\n');
		assert.equal(result.status, 0);
	});

	it('--no-a11y leaves out the accessibility findings, and only them', () => {
		// A description, so that page-description-missing (info, on every page without one) stays out of this comparison.
		writeFileSync(
			path.join(site.dir, 'minimal', 'index.mdx'),
			'---\ndescription: Home\n---\n\n# Home\n\n![](https://x.dev/a.png)\n\n<Card title="t" tittle="x">y</Card>\n',
		);
		const codes = (args: string[]) =>
			(JSON.parse(mintdoc(['check', 'minimal', '--format', 'json', '--no-cache', ...args], site.dir).stdout) as { code: string }[]).map(p => p.code);
		assert.deepEqual(codes([]), ['a11y-missing-alt', 'component-unknown-prop']);
		assert.deepEqual(codes(['--no-a11y']), ['component-unknown-prop']);
	});

	it('prints path:line:col severity message [code] and exits 1 on errors', () => {
		const result = mintdoc(['check', 'broken', 'minimal'], site.dir);
		assert.equal(
			result.stdout,
			["broken/docs.json:4:3 error Expected ',' between values. [json-syntax]", '1 error, 0 warnings in 1 file (2 sites checked).', ''].join('\n'),
		);
		assert.equal(result.status, 1);
	});

	it('writes the stable JSON contract with paths relative to the working directory', () => {
		const result = mintdoc(['check', '.', '--format', 'json'], site.dir);
		assert.equal(result.status, 1);
		assert.deepEqual(JSON.parse(result.stdout), [
			{
				file: 'broken/docs.json',
				range: { start: { line: 3, character: 2 }, end: { line: 3, character: 14 } },
				severity: 'error',
				code: 'json-syntax',
				message: "Expected ',' between values.",
			},
		]);
	});

	it('prints an empty JSON array and exits 0 for a clean site', () => {
		const result = mintdoc(['check', '--format=json', 'minimal'], site.dir);
		assert.deepEqual([result.status, JSON.parse(result.stdout)], [0, []]);
	});

	it('reports schema findings (as VS Code shows them) beside the navigation rules, with the same codes as the editor', () => {
		const docs = site.path('minimal/docs.json');
		writeFileSync(
			docs,
			readFileSync(docs, 'utf8').replace('"theme": "mint"', '"theme": "mintt"').replace('"pages": ["index"]', '"pages": ["index", "/index"], "expanded": "no"'),
		);
		const result = mintdoc(['check', 'minimal'], site.dir);
		assert.equal(
			result.stdout,
			[
				'minimal/docs.json:3:12 error Value is not accepted. Valid values: "mint", "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia", "luma". [schema]',
				"minimal/docs.json:8:46 warning 'index' is already listed in this navigation; readers will only reach it from one place. [nav-duplicate-page]",
				"minimal/docs.json:8:46 warning Write page paths without a leading slash: 'index'. [page-leading-slash]",
				'minimal/docs.json:8:57 warning `expanded` has no effect here: top-level groups are always expanded. It only applies to groups nested in another group. [nav-expanded-top-level]',
				'minimal/docs.json:8:69 error Incorrect type. Expected "boolean". [schema]',
				'2 errors, 3 warnings in 1 file (1 site checked).',
				'',
			].join('\n'),
		);
		assert.equal(result.status, 1);
	});

	it('exits 2 with a clear message on usage and I/O failures', () => {
		const missing = mintdoc(['check', 'nope'], site.dir);
		assert.deepEqual([missing.status, missing.stdout, missing.stderr], [2, '', "mintdoc: cannot read folder 'nope': no such file or directory\n"]);
		mkdirSync(site.path('empty'));
		const noSite = mintdoc(['check', 'empty'], site.dir);
		assert.deepEqual([noSite.status, noSite.stderr], [2, "mintdoc: no docs.json found in 'empty'\n"]);
		const file = mintdoc(['check', 'minimal/docs.json'], site.dir);
		assert.deepEqual([file.status, file.stderr], [2, "mintdoc: 'minimal/docs.json' is not a folder; pass the folder that holds docs.json\n"]);
		const format = mintdoc(['check', '--format', 'xml', 'minimal'], site.dir);
		assert.deepEqual([format.status, format.stderr], [2, "mintdoc: --format must be one of text, json, github, sarif, junit, not 'xml'\n"]);
		const command = mintdoc(['lint'], site.dir);
		assert.equal(command.status, 2);
		assert.match(command.stderr, /^mintdoc: unknown command 'lint'/);
	});
});
