import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkPageIcons } from '../../../server/src/core/icons/iconRules';
import { checkedSummary } from '../../../server/src/core/mdx/checkedSummary';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';

describe('a summary as a one-shot check keeps it', () => {
	const text = [
		'---',
		'title: T',
		'---',
		'',
		'# Heading',
		'',
		'<Card title="a" icon="not-an-icon-at-all">x</Card>',
		'<Card title="b">y</Card>',
		'<Custom icon="rocket" />',
		'',
		'```js',
		'code',
		'```',
		'',
		'[link](/somewhere#anchor)',
		'',
	].join('\n');
	const full = summarizePage(TextDocument.create('file:///s/page.mdx', 'mdx', 0, text));

	it('drops headings, folds and the elements without an icon prop; keeps findings, links, anchors, imports, frontmatter', () => {
		assert.ok(full.headings.length && full.folds.length && full.elements.length === 3, 'the page has what is dropped');
		const slim = checkedSummary(full);
		assert.deepEqual(slim.headings, []);
		assert.deepEqual(slim.folds, []);
		assert.deepEqual(
			slim.elements.map(e => e.props?.map(p => p.value)),
			[['a', 'not-an-icon-at-all']],
		);
		for (const field of ['diagnostics', 'links', 'anchors', 'imports', 'frontmatter'] as const) assert.equal(slim[field], full[field], field);
	});

	it('keeps the elements of components imported by name from the site, whose props snippet-unknown-prop checks (before: dropped, the CLI reported none)', () => {
		const page = summarizePage(
			TextDocument.create(
				'file:///s/p.mdx',
				'mdx',
				0,
				'import { Box as B } from "/snippets/box.jsx";\nimport { Chart } from "recharts";\n\n<B tone="x" />\n<Chart />\n<Other />\n',
			),
		);
		assert.deepEqual(
			checkedSummary(page).elements.map(e => e.name),
			['B'],
		);
	});

	it('gives the icon rule the same findings', () => {
		const findings = checkPageIcons(full, 'fontawesome', false);
		assert.equal(findings.length, 1);
		assert.deepEqual(checkPageIcons(checkedSummary(full), 'fontawesome', false), findings);
	});
});
