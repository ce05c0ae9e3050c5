import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { pageCompletion, pageHover } from '../../../server/src/core/features/pageFeatures';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { rangeOf } from '../../helpers/siteCheck';

const page = (text: string) => TextDocument.create('file:///ws/page.mdx', 'mdx', 1, text);

describe('MDX components', () => {
	it('accepts built-in, imported and locally defined components', () => {
		const text =
			'import Chart from "/snippets/chart.mdx";\nimport { A, B as Bee } from "/snippets/parts.jsx";\nexport const Local = () => null;\n\n<Note>x</Note>\n<Card title="t">y</Card>\n<Chart />\n<Bee />\n<Local />\n<Tree><Tree.Folder name="src"><Tree.File name="a.ts" /></Tree.Folder></Tree>\n<div>html</div>\n';
		assert.deepEqual(summarizePage(page(text)).diagnostics, []);
	});

	it('accepts the components the platform renders although its docs do not describe them (Latex, Mermaid, Param, Github.Repo, ...)', () => {
		const text =
			'<Latex>x^2</Latex>\n\n<Mermaid chart="graph TD; A-->B" />\n\n<Param query="limit" type="number">Max.</Param>\n\n<Github.Repo repo="a/b" />\n\n<Heading level={2}>H</Heading>\n';
		assert.deepEqual(summarizePage(page(text)).diagnostics, []);
	});

	it('warns about unknown components (with the one meant) and missing required props, at the name', () => {
		const text = '<Notee>x</Notee>\n\n<Accordion>no title</Accordion>\n\n<ParamField type="string">x</ParamField>\n';
		const d = summarizePage(page(text)).diagnostics;
		assertDiagnostics(d, [
			{ range: rangeOf(text, 'Notee'), code: 'component-unknown', message: /<Notee> is not a built-in component.*Did you mean <Note>\?/ },
			{ range: rangeOf(text, 'Accordion'), code: 'component-missing-prop', message: /<Accordion> needs "title"/ },
			{ range: rangeOf(text, 'ParamField'), code: 'component-missing-prop', message: /"query \| path \| body \| header"/ },
		]);
		assert.ok(d.every(x => x.severity === 2));
	});

	it('completes components after <, their props, and enumerated values', async () => {
		const complete = async (text: string) => {
			const document = page(text);
			return (await pageCompletion(summarizePage(document), document, document.positionAt(text.length), 'page', undefined as never))?.items ?? [];
		};
		const tags = await complete('Text\n\n<Ca');
		const card = tags.find(i => i.label === 'Card')!;
		assert.equal(card.textEdit && 'newText' in card.textEdit ? card.textEdit.newText : '', 'Card>\n\t$0\n</Card>');
		assert.ok(tags.some(i => i.label === 'Tree.Folder'));
		const props = await complete('<Card title="x" ');
		assert.ok(!props.some(i => i.label === 'title'), 'props already written are not offered');
		assert.deepEqual(props.map(i => i.label).sort(), ['arrow', 'color', 'cta', 'disabled', 'horizontal', 'href', 'icon', 'iconType', 'img', 'type']);
		const values = await complete('<Badge color="');
		assert.ok(values.map(i => i.label).includes('green'));
	});

	it('hovers a component with its documentation', () => {
		const document = page('<Accordion title="x">y</Accordion>\n');
		const hover = pageHover(summarizePage(document), document, { line: 0, character: 3 });
		assert.match((hover?.contents as { value: string }).value, /^\*\*<Accordion>\*\* — A collapsible section\.\n\n- `title` \(string, required\)/);
	});
});
