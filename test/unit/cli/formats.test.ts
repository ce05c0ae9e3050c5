import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';
import { escapeData, escapeProperty, formatGithub } from '../../../server/src/cli/formats/github';
import { formatJunit } from '../../../server/src/cli/formats/junit';
import { formatSarif } from '../../../server/src/cli/formats/sarif';
import type { CheckProblem } from '../../../server/src/cli/report';
import { rules } from '../../../server/src/core/rules';

const fixtures = path.resolve(__dirname, '../../fixtures/formats');

function problem(
	file: string,
	line: number,
	character: number,
	endCharacter: number,
	severity: CheckProblem['severity'],
	code: string,
	message: string,
): CheckProblem {
	return { file, range: { start: { line, character }, end: { line, character: endCharacter } }, severity, code, message };
}

// Messages with what each format must escape: quotes, markup, commas, colons, percent signs, newlines.
const problems: CheckProblem[] = [
	problem('docs/docs.json', 11, 8, 24, 'error', 'page-not-found', 'No page "guides/setp": did you mean "guides/setup"?'),
	problem('docs/guides/a b&c.mdx', 3, 0, 12, 'warning', 'link-anchor-missing', 'No heading #install, in <Steps> of 100% & more:\nsee "x"'),
	problem('docs/guides/a b&c.mdx', 0, 0, 3, 'hint', 'frontmatter-unknown-key', 'Undocumented key `titel`, did you mean `title`?'),
];

describe('CLI output formats', () => {
	describe('github (workflow commands)', () => {
		const output = formatGithub(problems, '1 error, 1 warning, 1 note in 2 files (1 site checked).');
		const lines = output.trimEnd().split('\n');

		it('writes one command per problem that the runner grammar reads back to the same fields', () => {
			// The runner's grammar: ::command key=value,key=value::data, one line; values unescaped as documented.
			const grammar = /^::(error|warning|notice) ((?:[a-zA-Z]+=[^,:\r\n]*)(?:,[a-zA-Z]+=[^,:\r\n]*)*)::([^\r\n]*)$/;
			const unescape = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
			const parsed = lines.slice(0, 3).map(line => {
				const match = grammar.exec(line);
				assert.ok(match, `not a workflow command: ${line}`);
				const props = Object.fromEntries(
					match[2]
						.split(',')
						.map(pair => pair.split('=') as [string, string])
						.map(([k, v]) => [k, unescape(v)]),
				);
				return { command: match[1], props, message: unescape(match[3]) };
			});
			assert.deepEqual(parsed, [
				{
					command: 'error',
					props: { file: 'docs/docs.json', line: '12', col: '9', endLine: '12', endColumn: '25', title: 'MintDoc page-not-found' },
					message: problems[0].message,
				},
				{
					command: 'warning',
					props: { file: 'docs/guides/a b&c.mdx', line: '4', col: '1', endLine: '4', endColumn: '13', title: 'MintDoc link-anchor-missing' },
					message: problems[1].message,
				},
				{
					command: 'notice',
					props: { file: 'docs/guides/a b&c.mdx', line: '1', col: '1', endLine: '1', endColumn: '4', title: 'MintDoc frontmatter-unknown-key' },
					message: problems[2].message,
				},
			]);
			assert.equal(lines[3], '1 error, 1 warning, 1 note in 2 files (1 site checked).');
		});

		it('escapes percent signs first, so an escape sequence in a message survives', () => {
			assert.equal(escapeData('50%0A\r\n'), '50%250A%0D%0A');
			assert.equal(escapeProperty('a:b,c%'), 'a%3Ab%2Cc%25');
		});
	});

	describe('sarif', () => {
		const log = JSON.parse(
			formatSarif(problems, { version: '1.2.3', informationUri: 'https://example.test/mintdoc', rulesUri: 'https://example.test/rules' }, '/work/repo'),
		);

		it('validates against the published SARIF 2.1.0 JSON Schema', () => {
			const schema = JSON.parse(readFileSync(path.join(fixtures, 'sarif-schema-2.1.0.json'), 'utf8'));
			// The published schema has a language-tag pattern that is only valid outside Unicode mode.
			const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
			addFormats(ajv);
			const valid = ajv.validate(schema, log);
			assert.ok(valid, JSON.stringify(ajv.errors, null, 2));
		});

		it('has what GitHub code scanning requires: rules with ids and help, results with rule, message and a region', () => {
			const run = log.runs[0];
			assert.equal(run.tool.driver.name, 'MintDoc');
			assert.deepEqual(
				run.tool.driver.rules.map((r: { id: string }) => r.id),
				Object.keys(rules),
			);
			const pageNotFound = run.tool.driver.rules.find((r: { id: string }) => r.id === 'page-not-found');
			assert.equal(pageNotFound.shortDescription.text, rules['page-not-found'].summary);
			assert.equal(pageNotFound.defaultConfiguration.level, 'error');
			assert.equal(pageNotFound.helpUri, 'https://example.test/rules');
			assert.deepEqual(
				run.results.map(
					(r: {
						ruleId: string;
						ruleIndex: number;
						level: string;
						locations: { physicalLocation: { artifactLocation: { uri: string }; region: object } }[];
					}) => [
						r.ruleId,
						run.tool.driver.rules[r.ruleIndex].id,
						r.level,
						r.locations[0].physicalLocation.artifactLocation.uri,
						r.locations[0].physicalLocation.region,
					],
				),
				[
					['page-not-found', 'page-not-found', 'error', 'docs/docs.json', { startLine: 12, startColumn: 9, endLine: 12, endColumn: 25 }],
					['link-anchor-missing', 'link-anchor-missing', 'warning', 'docs/guides/a%20b%26c.mdx', { startLine: 4, startColumn: 1, endLine: 4, endColumn: 13 }],
					[
						'frontmatter-unknown-key',
						'frontmatter-unknown-key',
						'note',
						'docs/guides/a%20b%26c.mdx',
						{ startLine: 1, startColumn: 1, endLine: 1, endColumn: 4 },
					],
				],
			);
			assert.equal(run.results[1].message.text, problems[1].message);
			assert.deepEqual(run.originalUriBaseIds, { '%SRCROOT%': { uri: 'file:///work/repo/' } });
		});
	});

	describe('junit', () => {
		const output = formatJunit(problems, ['docs/docs.json', 'docs/guides/a b&c.mdx', 'docs/index.mdx']);

		it("validates against Jenkins' JUnit XML Schema", async function () {
			this.timeout(60_000);
			const result = await validateXML({
				xml: [{ fileName: 'report.xml', contents: output }],
				schema: [{ fileName: 'junit.xsd', contents: readFileSync(path.join(fixtures, 'junit-jenkins.xsd'), 'utf8') }],
			});
			assert.deepEqual(result.errors, []);
			assert.equal(result.valid, true);
		});

		it('is one suite per checked file: errors and warnings fail, notes pass, a clean file is one passed case', () => {
			const suites = [...output.matchAll(/<testsuite name="([^"]*)" tests="(\d+)" failures="(\d+)"/g)].map(m => [m[1], Number(m[2]), Number(m[3])]);
			assert.deepEqual(suites, [
				['docs/docs.json', 1, 1],
				['docs/guides/a b&amp;c.mdx', 2, 1],
				['docs/index.mdx', 1, 0],
			]);
			assert.match(output, /<testsuites name="mintdoc check" tests="4" failures="2"/);
			assert.match(output, /<failure message="No heading #install, in &lt;Steps&gt; of 100% &amp; more:&#10;see &quot;x&quot;" type="warning">/);
			assert.match(output, /<testcase name="no problems" classname="docs\/index.mdx" time="0"\/>/);
		});

		it('drops characters XML cannot hold instead of writing an unreadable report', () => {
			const text = formatJunit([problem('a.mdx', 0, 0, 1, 'error', 'mdx-syntax', 'bad \u0001 byte')], ['a.mdx']);
			assert.match(text, /message="bad  byte"/);
		});
	});
});
