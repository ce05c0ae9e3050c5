import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';
import { cliPath, mintdoc } from '../helpers/cli';
import { copyFixtures } from '../helpers/tempSite';

const fixtures = path.resolve(__dirname, '../fixtures/formats');

/** `minimal` with one error (a missing page) and two warnings (a leading slash, an extension). */
function siteWithFindings() {
	const site = copyFixtures('minimal');
	const docs = site.path('minimal/docs.json');
	writeFileSync(docs, readFileSync(docs, 'utf8').replace('"pages": ["index"]', '"pages": ["/index", "other.mdx", "missing"]'));
	// With a description, like index.mdx: page-description-missing (info) is not among the findings counted here.
	writeFileSync(site.path('minimal/other.mdx'), '---\ntitle: Other\ndescription: More\n---\n\nMore.\n');
	return site;
}

describe('mintdoc check: CI formats and limits (built CLI)', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof siteWithFindings>;
	beforeEach(() => (site = siteWithFindings()));
	afterEach(() => site.dispose());

	it('--format github writes workflow commands with 1-based positions, then the summary', () => {
		const result = mintdoc(['check', 'minimal', '--format', 'github', '--no-cache'], site.dir);
		assert.equal(result.status, 1);
		const lines = result.stdout.trimEnd().split('\n');
		assert.deepEqual(lines, [
			"::warning file=minimal/docs.json,line=8,col=37,endLine=8,endColumn=45,title=MintDoc page-leading-slash::Write page paths without a leading slash: 'index'.",
			"::warning file=minimal/docs.json,line=8,col=47,endLine=8,endColumn=58,title=MintDoc page-extension::Write page paths without the '.mdx' extension: 'other'.",
			"::error file=minimal/docs.json,line=8,col=60,endLine=8,endColumn=69,title=MintDoc page-not-found::No page 'missing': neither missing.mdx nor missing.md exists in the docs root.",
			'1 error, 2 warnings in 1 file (1 site checked).',
		]);
	});

	it('--format sarif writes a log the published SARIF 2.1.0 schema accepts', () => {
		const result = mintdoc(['check', 'minimal', '--format', 'sarif', '--no-cache'], site.dir);
		assert.equal(result.status, 1);
		const log = JSON.parse(result.stdout) as { runs: { tool: { driver: { version: string } }; results: { ruleId: string; level: string }[] }[] };
		const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
		addFormats(ajv);
		const schema: object = JSON.parse(readFileSync(path.join(fixtures, 'sarif-schema-2.1.0.json'), 'utf8'));
		const valid: boolean = ajv.validate(schema, structuredClone(log));
		assert.ok(valid, JSON.stringify(ajv.errors));
		assert.deepEqual(
			log.runs[0].results.map(r => `${r.ruleId} ${r.level}`),
			['page-leading-slash warning', 'page-extension warning', 'page-not-found error'],
		);
		assert.match(log.runs[0].tool.driver.version, /^\d+\.\d+\.\d+/);
	});

	it('--format junit writes a report the JUnit XML Schema accepts, one suite per checked file', async () => {
		const result = mintdoc(['check', 'minimal', '--format', 'junit', '--no-cache'], site.dir);
		assert.equal(result.status, 1);
		const validation = await validateXML({
			xml: [{ fileName: 'report.xml', contents: result.stdout }],
			schema: [{ fileName: 'junit.xsd', contents: readFileSync(path.join(fixtures, 'junit-jenkins.xsd'), 'utf8') }],
		});
		assert.deepEqual(validation.errors, []);
		assert.deepEqual(
			[...result.stdout.matchAll(/<testsuite name="([^"]*)" tests="(\d+)" failures="(\d+)"/g)].map(m => m.slice(1).join(' ')),
			['minimal/docs.json 3 3', 'minimal/index.mdx 1 0', 'minimal/other.mdx 1 0'],
		);
	});

	it('--quiet reports errors only and says how many it left out; warnings still count for --max-warnings', () => {
		const result = mintdoc(['check', 'minimal', '--quiet', '--no-cache'], site.dir);
		assert.equal(result.status, 1);
		assert.equal(
			result.stdout,
			[
				"minimal/docs.json:8:60 error No page 'missing': neither missing.mdx nor missing.md exists in the docs root. [page-not-found]",
				'1 error, 0 warnings in 1 file (1 site checked; 2 warnings or notes not shown (--quiet)).',
				'',
			].join('\n'),
		);
	});

	it('--max-warnings N exits 1 with more than N warnings and no error, 0 at N; -1 is no limit', () => {
		const docs = site.path('minimal/docs.json');
		writeFileSync(docs, readFileSync(docs, 'utf8').replace(', "missing"', ''));
		const over = mintdoc(['check', 'minimal', '--max-warnings', '1', '--no-cache'], site.dir);
		assert.equal(over.status, 1);
		assert.equal(over.stderr, 'mintdoc: 2 warnings found, more than --max-warnings 1 allows.\n');
		assert.equal(mintdoc(['check', 'minimal', '--max-warnings', '2', '--no-cache'], site.dir).status, 0);
		assert.equal(mintdoc(['check', 'minimal', '--max-warnings', '-1', '--no-cache'], site.dir).status, 0);
		const quietOver = mintdoc(['check', 'minimal', '--max-warnings=0', '--quiet', '--no-cache'], site.dir);
		assert.deepEqual([quietOver.status, quietOver.stdout], [1, 'No problems found (1 site checked; 2 warnings or notes not shown (--quiet)).\n']);
	});

	it('refuses an unknown format or a limit that is not a whole number (exit 2)', () => {
		const format = mintdoc(['check', 'minimal', '--format', 'xml'], site.dir);
		assert.deepEqual([format.status, format.stderr], [2, "mintdoc: --format must be one of text, json, github, sarif, junit, not 'xml'\n"]);
		const limit = mintdoc(['check', 'minimal', '--max-warnings', 'many'], site.dir);
		assert.deepEqual([limit.status, limit.stderr], [2, "mintdoc: --max-warnings must be a whole number (-1 for no limit), not 'many'\n"]);
	});
});

describe('mintdoc check | head (built CLI)', function () {
	this.timeout(120_000);

	it('stops quietly when the reader of its output goes away (EPIPE), with no stack trace', () => {
		const site = copyFixtures('minimal');
		try {
			// Enough problems that the output outgrows the pipe buffer the reader leaves unread.
			const docs = site.path('minimal/docs.json');
			const pages = Array.from({ length: 4000 }, (_, i) => `"missing-page-with-a-long-name-${i}"`).join(', ');
			writeFileSync(docs, readFileSync(docs, 'utf8').replace('"pages": ["index"]', `"pages": ["index", ${pages}]`));
			const result = spawnSync('bash', ['-c', `set -o pipefail; node ${JSON.stringify(cliPath)} check minimal --no-cache | head -n 1`], {
				cwd: site.dir,
				encoding: 'utf8',
			});
			assert.match(result.stdout, /^minimal\/docs\.json:\d+:\d+ error No page 'missing-page-with-a-long-name-0'/);
			assert.doesNotMatch(result.stderr, /EPIPE|Unhandled|at /);
		} finally {
			site.dispose();
		}
	});
});
