import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { formatText, summary, toProblems } from '../../../server/src/cli/report';

describe('CLI report', () => {
	const results = [
		{
			uri: 'file:///work/site/docs.json',
			diagnostics: [
				{
					range: { start: { line: 4, character: 2 }, end: { line: 4, character: 9 } },
					message: "Expected ','.",
					severity: DiagnosticSeverity.Error,
					code: 'json-syntax',
				},
				{
					range: { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } },
					message: 'Big.',
					severity: DiagnosticSeverity.Warning,
					code: 'file-too-large',
				},
			],
		},
	];

	it('makes paths relative to the working directory and sorts by position', () => {
		const problems = toProblems(results, '/work');
		assert.deepEqual(
			problems.map(p => [p.file, p.range.start.line, p.severity, p.code]),
			[
				['site/docs.json', 0, 'warning', 'file-too-large'],
				['site/docs.json', 4, 'error', 'json-syntax'],
			],
		);
	});

	it('reports a finding once when two sites (a nested docs root and its parent) both give it', () => {
		const page = { uri: 'file:///work/site/ja/index.mdx', diagnostics: [results[0].diagnostics[0]] };
		const problems = toProblems([page, results[0], page], '/work');
		assert.deepEqual(
			problems.map(p => [p.file, p.range.start.line, p.code]),
			[
				['site/docs.json', 0, 'file-too-large'],
				['site/docs.json', 4, 'json-syntax'],
				['site/ja/index.mdx', 4, 'json-syntax'],
			],
		);
	});

	it('prints path:line:col severity message [code] with 1-based positions, then a summary', () => {
		assert.equal(
			formatText(toProblems(results, '/work'), summary(toProblems(results, '/work'), 1)),
			[
				'site/docs.json:1:1 warning Big. [file-too-large]',
				"site/docs.json:5:3 error Expected ','. [json-syntax]",
				'1 error, 1 warning in 1 file (1 site checked).',
				'',
			].join('\n'),
		);
		assert.equal(formatText([], summary([], 2)), 'No problems found (2 sites checked).\n');
	});
});
