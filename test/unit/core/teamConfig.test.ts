import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { parseTeamConfig } from '../../../server/src/core/config/teamConfig';
import { applyTeamConfig, effectiveRules, parseRuleOption, ruleSettingFor } from '../../../server/src/core/config/ruleResolution';
import { findTeamConfig, pathInRoot, rootOf } from '../../../server/src/core/config/teamConfigLookup';

const parse = (text: string) => parseTeamConfig(TextDocument.create('file:///site/mintdoc.json', 'json', 1, text));
const found = (text: string) =>
	parse(text).findings.map(d => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.message]);
const finding = (code: string, severity: DiagnosticSeverity = DiagnosticSeverity.Warning): Diagnostic => ({
	range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
	message: code,
	code,
	severity,
	source: 'mintdoc',
});

describe('mintdoc.json: parsing and validation', () => {
	it('reads rules, overrides, ignore and format.ignore, with comments and trailing commas', () => {
		const config = parse(`{
  // the team's choices
  "$schema": "./schema.json",
  "rules": { "link-anchor-missing": "off", "a11y-*": "error", },
  "overrides": [{ "files": ["changelog/**"], "rules": { "link-broken": "warn" } }],
  "ignore": ["generated/**"],
  "format": { "ignore": ["snippets/**"] }
}`);
		assert.deepEqual(config.findings, []);
		assert.deepEqual(
			[...config.rules],
			[
				['link-anchor-missing', 'off'],
				['a11y-*', 'error'],
			],
		);
		assert.deepEqual(
			config.overrides.map(o => [o.files, [...o.rules]]),
			[[['changelog/**'], [['link-broken', 'warn']]]],
		);
		assert.deepEqual(config.ignore, ['generated/**']);
		assert.deepEqual(config.formatIgnore, ['snippets/**']);
	});

	it('reports an unknown rule code at the key, with the code meant, and keeps the rest', () => {
		const text = '{\n  "rules": {\n    "link-brokn": "off",\n    "link-relative": "off"\n  }\n}';
		assert.deepEqual(found(text), [
			['mintdoc-json-unknown-rule', DiagnosticSeverity.Error, 2, 4, 2, 16, "Unknown rule 'link-brokn': did you mean 'link-broken'?"],
		]);
		assert.deepEqual([...parse(text).rules], [['link-relative', 'off']]);
	});

	it('reports a family prefix that names no rule, and a bad setting at the value with the word meant', () => {
		assert.deepEqual(
			found('{"rules": {"zzz-*": "off"}}').map(f => f.slice(0, 6)),
			[['mintdoc-json-unknown-rule', DiagnosticSeverity.Error, 0, 11, 0, 18]],
		);
		assert.deepEqual(found('{"rules": {"link-broken": "warning"}}'), [
			[
				'mintdoc-json-severity',
				DiagnosticSeverity.Error,
				0,
				26,
				0,
				35,
				'\'link-broken\' must be set to one of "off", "hint", "info", "warn", "error": did you mean "warn"?',
			],
		]);
		assert.deepEqual(
			found('{"rules": {"link-broken": 2}}').map(f => f.slice(0, 6)),
			[['mintdoc-json-severity', DiagnosticSeverity.Error, 0, 26, 0, 27]],
		);
	});

	it('reports text that is not JSON at the error, never throws, and applies what it could read', () => {
		const config = parse('{ "rules": { "link-broken": "off" }, "ignore": [ }');
		assert.deepEqual(
			config.findings.map(d => [d.code, d.range.start.character]),
			[['mintdoc-json-syntax', 49]],
		);
		assert.deepEqual([...config.rules], [['link-broken', 'off']]);
		assert.deepEqual(
			found('').map(f => f[0]),
			['mintdoc-json-syntax'],
		);
		assert.deepEqual(
			found('[1]').map(f => f.slice(0, 6)),
			[['mintdoc-json-shape', DiagnosticSeverity.Error, 0, 0, 0, 3]],
		);
		assert.deepEqual(found('\u0000\u0001{').length > 0, true);
	});

	it('reports wrong shapes and unknown keys at their ranges', () => {
		assert.deepEqual(
			found('{"rule": {}, "rules": [], "ignore": "x/**", "overrides": [{"rules": {}}, {"files": [""], "rulez": 1}], "format": {"ignor": []}}').map(f =>
				f.slice(0, 6),
			),
			[
				['mintdoc-json-unknown-key', DiagnosticSeverity.Warning, 0, 1, 0, 7],
				['mintdoc-json-shape', DiagnosticSeverity.Error, 0, 22, 0, 24],
				['mintdoc-json-shape', DiagnosticSeverity.Error, 0, 58, 0, 71],
				['mintdoc-json-shape', DiagnosticSeverity.Error, 0, 84, 0, 86],
				['mintdoc-json-unknown-key', DiagnosticSeverity.Warning, 0, 89, 0, 96],
				['mintdoc-json-unknown-key', DiagnosticSeverity.Warning, 0, 114, 0, 121],
			],
		);
		assert.match(String(found('{"rule": {}}')[0][6]), /did you mean 'rules'\?/);
		// One glob written without its list counts.
		assert.deepEqual(parse('{"ignore": "x/**"}').ignore, ['x/**']);
	});
});

describe('mintdoc.json: resolution order and globs', () => {
	const config = parse(`{
  "rules": { "a11y-*": "error", "a11y-contrast-aaa": "off", "link-broken": "warn" },
  "overrides": [
    { "files": ["changelog/**"], "rules": { "link-broken": "off", "a11y-missing-alt": "hint" } },
    { "files": ["changelog/old/*.mdx"], "rules": { "link-broken": "info" } }
  ],
  "ignore": ["generated/**", "*.md"]
}`);

	it('goes defaults < rules < overrides (later wins) < one run, exact codes before families', () => {
		assert.equal(ruleSettingFor(parse('{}'), 'a.mdx', 'link-broken'), 'error', 'the default');
		assert.equal(ruleSettingFor(config, 'a.mdx', 'link-broken'), 'warn');
		assert.equal(ruleSettingFor(config, 'a.mdx', 'a11y-missing-alt'), 'error', 'the family');
		assert.equal(ruleSettingFor(config, 'a.mdx', 'a11y-contrast-aaa'), 'off', 'the exact code beats the family');
		assert.equal(ruleSettingFor(config, 'changelog/new.mdx', 'link-broken'), 'off');
		assert.equal(ruleSettingFor(config, 'changelog/new.mdx', 'a11y-missing-alt'), 'hint');
		assert.equal(ruleSettingFor(config, 'changelog/old/x.mdx', 'link-broken'), 'info', 'the later override wins');
		assert.equal(ruleSettingFor(config, 'changelog/old/x.mdx', 'link-broken', new Map([['link-*', 'error']])), 'error', '--rule wins');
		assert.equal(ruleSettingFor(config, undefined, 'link-broken'), 'warn', 'a file outside the root gets no override');
	});

	it('drops off rules, replaces severities, leaves a rule at its default as the check chose, and drops ignored files', () => {
		const lowered = finding('redirect-self', DiagnosticSeverity.Warning);
		const out = applyTeamConfig(config, 'changelog/a.mdx', [
			finding('link-broken', DiagnosticSeverity.Error),
			finding('a11y-missing-alt'),
			finding('a11y-contrast'),
			lowered,
		]);
		assert.deepEqual(
			out.map(d => [d.code, d.severity]),
			[
				['a11y-missing-alt', DiagnosticSeverity.Hint],
				['a11y-contrast', DiagnosticSeverity.Error],
				['redirect-self', DiagnosticSeverity.Warning],
			],
		);
		assert.equal(out[2], lowered, 'untouched findings are the same objects');
		assert.deepEqual(applyTeamConfig(config, 'generated/api/x.mdx', [finding('link-broken')]), []);
		assert.deepEqual(applyTeamConfig(config, 'notes/readme.md', [finding('link-broken')]), []);
		assert.equal(applyTeamConfig(config, 'notes/readme.mdx', [finding('link-broken')]).length, 1);
		assert.equal(applyTeamConfig(config, '../outside.mdx', [finding('link-broken')]).length, 1, 'outside the root nothing is ignored');
	});

	it('lists the effective rules of a file, and reads --rule', () => {
		const rules = effectiveRules(config, 'changelog/a.mdx');
		assert.equal(rules['link-broken'], 'off');
		assert.equal(rules['a11y-contrast'], 'error');
		assert.equal(rules['page-too-large'], 'info');
		assert.equal(rules['nav-language-note'], 'hint');
		assert.deepEqual(parseRuleOption('link-broken=off'), { code: 'link-broken', setting: 'off' });
		assert.equal(parseRuleOption('link-broken'), undefined);
		assert.equal(parseRuleOption('link-broken=loud'), undefined);
	});

	it('finds mintdoc.json beside docs.json or above it, never above the top', async () => {
		const files = new Map([
			['file:///ws/mintdoc.json', '{"rules": {"link-broken": "off"}}'],
			['file:///ws/b/docs/mintdoc.json', '{}'],
		]);
		const read = async (uri: string) => (files.has(uri) ? TextDocument.create(uri, 'json', 1, files.get(uri)!) : undefined);
		assert.equal((await findTeamConfig('file:///ws/a/docs', 'file:///ws', read))?.uri, 'file:///ws/mintdoc.json');
		assert.equal((await findTeamConfig('file:///ws/b/docs', 'file:///ws', read))?.uri, 'file:///ws/b/docs/mintdoc.json');
		assert.equal(await findTeamConfig('file:///ws/a/docs', 'file:///ws/a', read), undefined);
		assert.equal(await findTeamConfig('file:///ws/a/docs', undefined, read), undefined);
		assert.equal(pathInRoot('file:///ws/a', 'file:///ws/a/my%20page.mdx'), 'my page.mdx');
		assert.equal(pathInRoot('file:///ws/a', 'file:///ws/ab.mdx'), undefined);
		assert.equal(rootOf(['file:///ws', 'file:///ws/a'], 'file:///ws/a/x.mdx'), 'file:///ws/a');
	});
});
