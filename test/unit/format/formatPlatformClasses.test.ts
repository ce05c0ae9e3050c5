import * as assert from 'node:assert/strict';
import { formatted, lines } from '../../helpers/formatText';
import { parseMdx } from '../../../server/src/core/mdx/mdxParser';
import { firstDifference } from '../../../server/src/core/format/treeEquality';

/**
 * The classes of difference issue 47 found on sites outside the development corpus. Each expected
 * text is what `mint format` (@mintlify/cli 4.0.1552) wrote for the same input, run on these
 * fixtures on 2026-12-05.
 */
describe('format: the platform form of the classes learned on unseen sites', () => {
	it('frontmatter keys written quoted are written plain; every string value double-quoted', () => {
		const input = lines(
			'---',
			'"og:title": "2024"',
			`"og:image": 'https://x.com/a.png'`,
			'"key with space": x',
			'nested:',
			'  "inner:key": "v"',
			`list: ['x', "y"]`,
			'---',
			'',
			'Text',
		);
		assert.equal(
			formatted(input),
			lines(
				'---',
				'og:title: "2024"',
				'og:image: "https://x.com/a.png"',
				'key with space: "x"',
				'nested:',
				'  inner:key: "v"',
				'list:',
				'  - "x"',
				'  - "y"',
				'---',
				'',
				'Text',
			),
		);
	});

	it('a key whose plain form would read as something else keeps the block as written', () => {
		const input = lines('---', '"a: b": x', '---', '', 'Text');
		assert.equal(formatted(input), input);
	});

	it('<Callout type="…"> naming a callout is written as that callout (any case); others stay Callouts', () => {
		const input = lines(
			'<Callout type="tip">Tip text</Callout>',
			'',
			'<Callout type="Warning" title="X" icon="x">',
			'Warn text',
			'</Callout>',
			'',
			'<Callout icon="key" color="#FFC107">Custom</Callout>',
			'',
			'<Callout type="other">Kept</Callout>',
		);
		assert.equal(
			formatted(input),
			lines(
				'<Tip>',
				'  Tip text',
				'</Tip>',
				'',
				'<Warning title="X" icon="x">',
				'  Warn text',
				'</Warning>',
				'',
				'<Callout icon="key" color="#FFC107">',
				'  Custom',
				'</Callout>',
				'',
				'<Callout type="other">',
				'  Kept',
				'</Callout>',
			),
		);
	});

	it('a built-in component that holds content keeps an opening and a closing tag when empty; others close themselves', () => {
		const input = lines(
			'<Tabs>',
			'<Tab title="x">',
			'</Tab>',
			'<Tab title="y"></Tab>',
			'</Tabs>',
			'',
			'<Frame />',
			'',
			'<Note />',
			'',
			'<Icon icon="x" />',
			'',
			'<div></div>',
		);
		assert.equal(
			formatted(input),
			lines(
				'<Tabs>',
				'  <Tab title="x">',
				'  </Tab>',
				'  <Tab title="y">',
				'  </Tab>',
				'</Tabs>',
				'',
				'<Frame>',
				'</Frame>',
				'',
				'<Note>',
				'</Note>',
				'',
				'<Icon icon="x" />',
				'',
				'<div />',
			),
		);
	});

	it('a built-in component’s prop={true} is the bare prop; an HTML element’s stays; props in the editor’s order', () => {
		const input = lines(
			'<Accordion icon="x" defaultOpen={true} title="T" description="D">',
			'A',
			'</Accordion>',
			'',
			'<ParamField default="x" header="h" query="q" type="string" path="p" body="b" required={true} deprecated placeholder="ph">',
			'Desc',
			'</ParamField>',
			'',
			'<ResponseField deprecated default="d" required type="t" name="n">',
			'Desc',
			'</ResponseField>',
			'',
			'<div hidden={true}>z</div>',
		);
		assert.equal(
			formatted(input),
			lines(
				'<Accordion title="T" description="D" defaultOpen icon="x">',
				'  A',
				'</Accordion>',
				'',
				'<ParamField query="q" path="p" body="b" header="h" default="x" type="string" required deprecated placeholder="ph">',
				'  Desc',
				'</ParamField>',
				'',
				'<ResponseField name="n" type="t" default="d" required deprecated>',
				'  Desc',
				'</ResponseField>',
				'',
				'<div hidden={true}>z</div>',
			),
		);
	});

	it('code fence meta: title, expandable, highlight, icon, lines, wrap, focus, twoslash, nocopy; ```nocopy is a text block', () => {
		const input = lines(
			'```js c.js {1} expandable',
			'a',
			'```',
			'',
			'```python title.py wrap lines icon="python" focus={2} twoslash nocopy highlight={3}',
			'b',
			'```',
			'',
			'```nocopy',
			'c',
			'```',
			'',
			'```wrap js',
			'e',
			'```',
		);
		assert.equal(
			formatted(input),
			lines(
				'```js c.js expandable highlight={1}',
				'a',
				'```',
				'',
				'```python title.py highlight={3} icon=python lines wrap focus={2} twoslash nocopy',
				'b',
				'```',
				'',
				'```text nocopy',
				'c',
				'```',
				'',
				'```wrap js',
				'e',
				'```',
			),
		);
	});

	it('a + opening a text run is escaped only where it would read as a list marker', () => {
		const input = lines(
			'+20 more and **+20 strong** and (+1)',
			'',
			'**\\+ x** and [\\+ link](/x)',
			'',
			'<Badge>a</Badge>+20',
			'',
			'| a | b |',
			'| --- | --- |',
			'| +1 | \\+ 2 |',
		);
		assert.equal(
			formatted(input),
			lines(
				'+20 more and **+20 strong** and (+1)',
				'',
				'**\\+ x** and [\\+ link](/x)',
				'',
				'<Badge>a</Badge>+20',
				'',
				'| a | b |',
				'| --- | --- |',
				'| +1 | \\+ 2 |',
			),
		);
	});

	it('an image alt over two lines inside nested components is joined, not left as written', () => {
		const input = lines('<Steps>', '<Step title="S">', '<Frame>', '![Alt text that runs', 'over two lines](/img.png)', '</Frame>', '</Step>', '</Steps>');
		assert.equal(
			formatted(input),
			lines('<Steps>', '  <Step title="S">', '    <Frame>', '      ![Alt text that runs over two lines](/img.png)', '    </Frame>', '  </Step>', '</Steps>'),
		);
	});
});

describe('format: what the tree comparison counts as the same page', () => {
	const tree = (text: string) => parseMdx(text, true).tree!;
	const same = (a: string, b: string) => firstDifference(tree(a), tree(b));
	it('an alt whose line break is a space, a named callout and its Callout, prop={true} and the bare prop, ```nocopy and ```text nocopy', () => {
		assert.equal(same('![a\nb](/i.png)\n', '![a b](/i.png)\n'), undefined);
		assert.equal(same('<Callout type="TIP" title="t">x</Callout>\n', '<Tip title="t">\nx\n</Tip>\n'), undefined);
		assert.equal(same('<Card horizontal={true} title="a" />\n', '<Card title="a" horizontal>\n</Card>\n'), undefined);
		assert.equal(same('```nocopy\nc\n```\n', '```text nocopy\nc\n```\n'), undefined);
	});
	it('but not an alt with other words, a callout of another type, prop={false}, or another flag', () => {
		assert.match(same('![a\nb](/i.png)\n', '![a c](/i.png)\n') ?? '', /image\.alt$/);
		assert.notEqual(same('<Callout type="tip">x</Callout>\n', '<Note>\nx\n</Note>\n'), undefined);
		assert.notEqual(same('<Card horizontal={false} title="a" />\n', '<Card title="a" horizontal />\n'), undefined);
		assert.notEqual(same('```nocopy\nc\n```\n', '```text wrap\nc\n```\n'), undefined);
	});
});
