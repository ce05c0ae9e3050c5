import * as assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { applyDisableDirectives, parseDisableDirectives } from '../../../server/src/core/config/disableDirectives';
import { disableLineActions } from '../../../server/src/core/config/disableQuickFix';

const at = (line: number, code: string): Diagnostic => ({
	range: { start: { line, character: 0 }, end: { line, character: 3 } },
	message: code,
	code,
	severity: 2,
	source: 'mintdoc',
});
const parsed = (text: string, kind: 'mdx' | 'md' = 'mdx') =>
	parseDisableDirectives(text, kind).map(d => [d.kind, d.codes, d.range.start.line, d.range.start.character, d.range.end.character]);
const outcome = (text: string, findings: Diagnostic[], kind: 'mdx' | 'md' = 'mdx') =>
	applyDisableDirectives(parseDisableDirectives(text, kind), findings).map(
		d => `${d.range.start.line} ${String(d.code)}${d.code === 'unused-disable-directive' ? `: ${d.message}` : ''}`,
	);

describe('inline disable comments', () => {
	it('reads MDX flow and text expressions with their codes and reasons, at the comment', () => {
		assert.deepEqual(
			parsed(
				'# T\n\n{/* mintdoc-disable-next-line link-broken, a11y-missing-alt */}\nSee {/*mintdoc-disable-next-line*/} here\n  {/* mintdoc-disable link-* -- generated */}\n{/* mintdoc-enable */}\n',
			),
			[
				['disable-next-line', ['link-broken', 'a11y-missing-alt'], 2, 0, 63],
				['disable-next-line', [], 3, 4, 35],
				['disable', ['link-*'], 4, 2, 45],
				['enable', [], 5, 0, 22],
			],
		);
	});

	it('reads HTML comments in .md pages (beside MDX comments) only, and nothing in frontmatter or fenced code', () => {
		assert.deepEqual(parsed('<!-- mintdoc-disable-next-line link-broken -->\n', 'md'), [['disable-next-line', ['link-broken'], 0, 0, 46]]);
		assert.deepEqual(parsed('<!-- mintdoc-disable-next-line link-broken -->\n', 'mdx'), []);
		assert.deepEqual(parsed('x {/* mintdoc-enable */} <!-- mintdoc-disable -->\n', 'md'), [
			['enable', [], 0, 2, 24],
			['disable', [], 0, 25, 49],
		]);
		assert.deepEqual(parsed('---\ntitle: "{/* mintdoc-disable */}"\n---\n````mdx\n```\n{/* mintdoc-disable */}\n```\n````\n'), []);
		assert.deepEqual(
			parsed('~~~\n{/* mintdoc-disable */}\n~~~\n{/* mintdoc-disable */}\n').map(d => d[2]),
			[3],
		);
		assert.deepEqual(parsed('{/* mintdoc-disabled */}\n{/* mintdoc-disable-line x */}\n'), [], 'near misses are not directives');
	});

	it('silences the next line, and a block up to its enable, by code, family or all', () => {
		const text = [
			'{/* mintdoc-disable-next-line link-broken */}', // 0
			'[a](/x) ![](b.png)', // 1
			'{/* mintdoc-disable a11y-* */}', // 2
			'![](c.png) [d](/y)', // 3
			'{/* mintdoc-enable a11y-* */}', // 4
			'![](e.png)', // 5
			'{/* mintdoc-disable */}', // 6
			'[f](/z)', // 7
		].join('\n');
		assert.deepEqual(
			outcome(text, [
				at(1, 'link-broken'),
				at(1, 'a11y-missing-alt'),
				at(3, 'a11y-missing-alt'),
				at(3, 'link-broken'),
				at(5, 'a11y-missing-alt'),
				at(7, 'link-anchor-missing'),
			]),
			['1 a11y-missing-alt', '3 link-broken', '5 a11y-missing-alt'],
		);
	});

	it('reports a directive, or a code it names, that silences nothing (and a code that is not a rule)', () => {
		assert.deepEqual(outcome('{/* mintdoc-disable-next-line */}\nclean\n', []), [
			'0 unused-disable-directive: mintdoc-disable-next-line silences nothing: no finding on the next line. Remove it.',
		]);
		assert.deepEqual(outcome('{/* mintdoc-disable-next-line link-broken, link-brokn, icon-unknown */}\n[a](/x)\n', [at(1, 'link-broken')]), [
			"0 unused-disable-directive: mintdoc-disable-next-line names 'link-brokn', which is not a rule: did you mean 'link-broken'?",
			"0 unused-disable-directive: mintdoc-disable-next-line names 'icon-unknown', which reports nothing on the next line. Remove it.",
		]);
		assert.deepEqual(outcome('<!-- mintdoc-disable -->\n\nclean\n', [], 'md'), [
			'0 unused-disable-directive: mintdoc-disable silences nothing: no finding in its block. Remove it.',
		]);
	});

	it("quick fix: a comment line above the finding, indented like it; none in frontmatter or for the comments' own finding", () => {
		const document = TextDocument.create('file:///site/a.mdx', 'mdx', 1, '---\nfoo: 1\n---\n\t<Card tittle="x" />\n');
		const actions = disableLineActions(document, [at(1, 'frontmatter-unknown-key'), at(3, 'component-unknown-prop'), at(3, 'unused-disable-directive')]);
		assert.deepEqual(
			actions.map(a => [a.title, a.edit?.changes?.[document.uri]]),
			[
				[
					'Disable component-unknown-prop for this line',
					[
						{
							range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } },
							newText: '\t{/* mintdoc-disable-next-line component-unknown-prop */}\n',
						},
					],
				],
			],
		);
	});
});
