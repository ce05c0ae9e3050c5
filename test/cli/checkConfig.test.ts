import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';
import { copyFixtures } from '../helpers/tempSite';

interface Problem {
	file: string;
	severity: string;
	code: string;
	range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

describe('mintdoc check with mintdoc.json (built CLI)', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	beforeEach(() => {
		site = copyFixtures('minimal');
		// The repository's top: mintdoc.json is looked for up to here.
		mkdirSync(site.path('.git'));
		// A description, so that page-description-missing (info) stays out of the findings these tests are about.
		writeFileSync(site.path('minimal/index.mdx'), '---\ndescription: Home\n---\n\n# Home\n\n![](https://x.dev/a.png)\n\n[x](/nowhere)\n');
		mkdirSync(site.path('minimal/changelog'));
		writeFileSync(site.path('minimal/changelog/a.mdx'), '# A\n\n[y](/gone)\n');
		mkdirSync(site.path('minimal/generated'));
		writeFileSync(site.path('minimal/generated/b.mdx'), '# B\n\n[z](/missing)\n');
	});
	afterEach(() => site.dispose());

	const check = (...args: string[]) => {
		const result = mintdoc(['check', 'minimal', '--format', 'json', '--no-cache', ...args], site.dir);
		const problems = result.stdout ? (JSON.parse(result.stdout) as Problem[]) : [];
		return { status: result.status, stderr: result.stderr, found: problems.map(p => `${p.file} ${p.code} ${p.severity}`) };
	};
	const baseline = [
		'minimal/changelog/a.mdx link-broken error',
		'minimal/generated/b.mdx link-broken error',
		'minimal/index.mdx a11y-missing-alt warning',
		'minimal/index.mdx link-broken error',
	];

	it('without mintdoc.json reports every finding at its default severity', () => {
		assert.deepEqual(check(), { status: 1, stderr: '', found: baseline });
	});

	it('applies rules (families too), overrides (later wins) and ignore; exit status and counts follow', () => {
		writeFileSync(
			site.path('minimal/mintdoc.json'),
			JSON.stringify({
				rules: { 'a11y-*': 'off', 'link-broken': 'warn' },
				overrides: [
					{ files: ['changelog/**'], rules: { 'link-broken': 'error' } },
					{ files: ['changelog/*.mdx'], rules: { 'link-broken': 'hint' } },
				],
				ignore: ['generated/**'],
			}),
		);
		assert.deepEqual(check(), { status: 0, stderr: '', found: ['minimal/changelog/a.mdx link-broken hint', 'minimal/index.mdx link-broken warning'] });
		const text = mintdoc(['check', 'minimal', '--no-cache'], site.dir);
		assert.match(text.stdout, /0 errors, 1 warning, 1 note in 2 files \(1 site checked\)\.\n$/);
		assert.equal(mintdoc(['check', 'minimal', '--no-cache', '--max-warnings', '0'], site.dir).status, 1);
	});

	it('finds mintdoc.json at the repository top above the docs root', () => {
		writeFileSync(site.path('mintdoc.json'), '{ "rules": { "link-broken": "off" } }');
		assert.deepEqual(check().found, ['minimal/index.mdx a11y-missing-alt warning']);
	});

	it('reports an unknown rule and a bad setting at their ranges (exit 1) and applies the rest', () => {
		writeFileSync(
			site.path('minimal/mintdoc.json'),
			'{\n  "rules": {\n    "link-brokn": "off",\n    "a11y-missing-alt": "loud",\n    "link-*": "info"\n  }\n}\n',
		);
		const result = mintdoc(['check', 'minimal', '--format', 'json', '--no-cache'], site.dir);
		const problems = JSON.parse(result.stdout) as (Problem & { message: string })[];
		assert.deepEqual(
			problems
				.filter(p => p.file === 'minimal/mintdoc.json')
				.map(p => [p.code, p.severity, p.range.start.line, p.range.start.character, p.range.end.character, p.message]),
			[
				['mintdoc-json-unknown-rule', 'error', 2, 4, 16, "Unknown rule 'link-brokn': did you mean 'link-broken'?"],
				['mintdoc-json-severity', 'error', 3, 24, 30, '\'a11y-missing-alt\' must be set to one of "off", "hint", "info", "warn", "error".'],
			],
		);
		assert.deepEqual(
			problems.filter(p => p.file !== 'minimal/mintdoc.json').map(p => `${p.code} ${p.severity}`),
			['link-broken information', 'link-broken information', 'a11y-missing-alt warning', 'link-broken information'],
		);
		assert.equal(result.status, 1);
	});

	it('reports a mintdoc.json that is not JSON, never crashes, and checks the site', () => {
		writeFileSync(site.path('minimal/mintdoc.json'), '{ "rules": { "a11y-*": "off" ');
		const result = check();
		assert.deepEqual(result.found, [...baseline.filter(f => !f.includes('a11y')), 'minimal/mintdoc.json mintdoc-json-syntax error']);
		assert.equal(result.status, 1);
	});

	it('--config uses the given file, --no-config none', () => {
		writeFileSync(site.path('minimal/mintdoc.json'), '{ "rules": { "link-broken": "off" } }');
		writeFileSync(site.path('team.json'), '{ "rules": { "a11y-missing-alt": "off" }, "ignore": ["changelog/**", "generated/**"] }');
		assert.deepEqual(check('--config', 'team.json').found, ['minimal/index.mdx link-broken error']);
		assert.deepEqual(check('--no-config').found, baseline);
		const missing = mintdoc(['check', 'minimal', '--config', 'nope.json'], site.dir);
		assert.deepEqual([missing.status, missing.stderr], [2, "mintdoc: cannot read --config 'nope.json': no such file\n"]);
		assert.equal(mintdoc(['check', 'minimal', '--config', 'team.json', '--no-config'], site.dir).status, 2);
	});

	it('--rule code=severity (repeatable, families too) wins over mintdoc.json for one run; a typo is a usage error', () => {
		writeFileSync(site.path('minimal/mintdoc.json'), '{ "rules": { "link-broken": "off" } }');
		assert.deepEqual(check('--rule', 'link-broken=warn', '--rule', 'a11y-*=error').found, [
			'minimal/changelog/a.mdx link-broken warning',
			'minimal/generated/b.mdx link-broken warning',
			'minimal/index.mdx a11y-missing-alt error',
			'minimal/index.mdx link-broken warning',
		]);
		const typo = mintdoc(['check', 'minimal', '--rule', 'link-brokn=off'], site.dir);
		assert.deepEqual([typo.status, typo.stderr], [2, "mintdoc: --rule: unknown rule 'link-brokn' (did you mean 'link-broken'?)\n"]);
		assert.equal(mintdoc(['check', 'minimal', '--rule', 'link-broken=loud'], site.dir).status, 2);
	});

	it('--print-config prints the effective rules of one file as JSON', () => {
		writeFileSync(
			site.path('minimal/mintdoc.json'),
			JSON.stringify({ rules: { 'link-*': 'warn' }, overrides: [{ files: ['changelog/**'], rules: { 'link-broken': 'off' } }], ignore: ['generated/**'] }),
		);
		const print = (file: string, ...args: string[]) => {
			const result = mintdoc(['check', '--print-config', file, ...args], site.dir);
			assert.equal(result.status, 0, result.stderr);
			return JSON.parse(result.stdout) as { file: string; docsRoot: string; config: string | null; ignored: boolean; rules: Record<string, string> };
		};
		const changelog = print('minimal/changelog/a.mdx');
		assert.deepEqual([changelog.file, changelog.docsRoot, changelog.config, changelog.ignored], ['changelog/a.mdx', 'minimal', 'minimal/mintdoc.json', false]);
		assert.deepEqual([changelog.rules['link-broken'], changelog.rules['link-relative'], changelog.rules['mdx-syntax']], ['off', 'warn', 'error']);
		assert.equal(print('minimal/index.mdx').rules['link-broken'], 'warn');
		assert.equal(print('minimal/generated/b.mdx').ignored, true);
		assert.equal(print('minimal/index.mdx', '--rule', 'link-broken=hint').rules['link-broken'], 'hint');
		assert.equal(print('minimal/index.mdx', '--no-config').config, null);
		const outside = mintdoc(['check', '--print-config', '.'], site.dir);
		assert.equal(outside.status, 2);
	});

	it('inline comments silence findings after mintdoc.json, and an unused one is reported (configurable)', () => {
		writeFileSync(
			site.path('minimal/index.mdx'),
			'# Home\n\n{/* mintdoc-disable-next-line a11y-missing-alt */}\n![](https://x.dev/a.png)\n\n{/* mintdoc-disable-next-line link-broken */}\nclean\n\n[x](/nowhere)\n',
		);
		writeFileSync(site.path('minimal/changelog/a.mdx'), '# A\n\n{/* mintdoc-disable */}\n[y](/gone)\n{/* mintdoc-enable */}\n');
		const result = mintdoc(['check', 'minimal', '--format', 'json', '--no-cache', '--rule', 'link-broken=warn'], site.dir);
		const problems = JSON.parse(result.stdout) as Problem[];
		assert.deepEqual(
			problems.map(p => [p.file, p.code, p.severity, p.range.start.line, p.range.start.character, p.range.end.character]),
			[
				['minimal/generated/b.mdx', 'link-broken', 'warning', 2, 4, 12],
				// This page has no frontmatter: the finding is an empty range at its start.
				['minimal/index.mdx', 'page-description-missing', 'information', 0, 0, 0],
				['minimal/index.mdx', 'unused-disable-directive', 'warning', 5, 0, 45],
				['minimal/index.mdx', 'link-broken', 'warning', 8, 4, 12],
			],
		);
		assert.equal(result.status, 0);
		assert.deepEqual(check('--rule', 'unused-disable-directive=error').status, 1);
	});

	it('SARIF lists what mintdoc.json and comments silenced, marked external and inSource; the other formats leave it out', () => {
		writeFileSync(site.path('minimal/index.mdx'), '# Home\n\n{/* mintdoc-disable-next-line link-broken */}\n[x](/nowhere) ![](https://x.dev/a.png)\n');
		writeFileSync(site.path('minimal/mintdoc.json'), '{ "rules": { "a11y-*": "off" }, "ignore": ["generated/**"] }');
		const result = mintdoc(['check', 'minimal', '--format', 'sarif', '--no-cache'], site.dir);
		const log = JSON.parse(result.stdout) as {
			runs: {
				results: {
					ruleId: string;
					level: string;
					suppressions?: { kind: string }[];
					locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
				}[];
			}[];
		};
		assert.deepEqual(
			log.runs[0].results.map(r => [r.locations[0].physicalLocation.artifactLocation.uri, r.ruleId, r.level, r.suppressions?.[0]?.kind ?? 'reported']),
			[
				['minimal/changelog/a.mdx', 'link-broken', 'error', 'reported'],
				['minimal/index.mdx', 'page-description-missing', 'note', 'reported'],
				['minimal/index.mdx', 'a11y-missing-alt', 'warning', 'external'],
				['minimal/index.mdx', 'link-broken', 'error', 'inSource'],
				['minimal/generated/b.mdx', 'link-broken', 'error', 'external'],
			],
		);
		assert.equal(result.status, 1, 'the exit status counts only what is reported');
		const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
		addFormats(ajv);
		const schema: object = JSON.parse(readFileSync(path.resolve(__dirname, '../fixtures/formats/sarif-schema-2.1.0.json'), 'utf8'));
		assert.ok(ajv.validate(schema, log), JSON.stringify(ajv.errors));
		assert.deepEqual(check().found, ['minimal/changelog/a.mdx link-broken error', 'minimal/index.mdx page-description-missing information']);
	});

	it('every command answers --help and -h with its own usage, exit 0', () => {
		for (const command of ['check', 'format', 'generate', 'api-server', 'preview', 'upgrade']) {
			for (const flag of ['--help', '-h']) {
				const result = mintdoc([command, flag], site.dir);
				assert.equal(result.status, 0, `${command} ${flag}: ${result.stderr}`);
				assert.equal(result.stderr, '');
				assert.ok(result.stdout.startsWith(`Usage: mintdoc ${command} `), `${command} ${flag}: ${result.stdout.slice(0, 80)}`);
			}
		}
		assert.match(mintdoc(['check', '--help'], site.dir).stdout, /--print-config file/);
	});
});
