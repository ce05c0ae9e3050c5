import * as assert from 'node:assert/strict';
import { formatted, lines } from '../../helpers/formatText';
import { formatMdx, type FormatResult } from '../../../server/src/core/format/formatPage';

/**
 * Each case's expected text is what the platform's own `mint format` (@mintlify/cli 4.0.1552) wrote
 * for the same input, run by hand on these fixtures (see docs/format.md, "How the form was learned").
 */

describe('format: the web editor canonical MDX form', () => {
	it('strong or emphasised text that is one link is written as the link around the marked text', () => {
		const input = lines('- **[Pay](/pay)**: Enable payments.', '- See **[`conv` object](/x "t")** here.', '', 'A **[a](/x) b** and _[c](/y)_');
		assert.equal(
			formatted(input),
			lines('- [**Pay**](/pay): Enable payments.', '- See [**`conv` object**](/x "t") here.', '', 'A **[a](/x) b** and [_c_](/y)'),
		);
	});

	it('frontmatter: strings double-quoted, lists as block sequences, numbers and booleans bare', () => {
		const input = lines(
			'---',
			'title: Quick start',
			`description: 'Say "hi"'`,
			'keywords:',
			'  - setup',
			'  - install',
			'boost: 3',
			'hidden: true',
			'---',
			'',
			'# Hello',
		);
		assert.equal(
			formatted(input),
			lines(
				'---',
				'title: "Quick start"',
				'description: "Say \\"hi\\""',
				'keywords:',
				'  - "setup"',
				'  - "install"',
				'boost: 3',
				'hidden: true',
				'---',
				'',
				'# Hello',
			),
		);
	});

	it('blocks: soft breaks joined, blank lines between blocks, - and 1. markers, code fences with a language, pipe tables', () => {
		const input = lines(
			'Intro line one',
			'continues here.',
			'* first',
			'* second',
			'  with a lazy line',
			'',
			'1) one',
			'2) two',
			'',
			'```',
			'plain code',
			'```',
			'',
			'| a | b |',
			'|:--|--:|',
			'| 1 | 2 |',
			'',
			'> quoted',
			'> text',
			'',
			'***',
		);
		assert.equal(
			formatted(input),
			lines(
				'Intro line one continues here.',
				'',
				'- first',
				'- second with a lazy line',
				'',
				'1. one',
				'2. two',
				'',
				'```text',
				'plain code',
				'```',
				'',
				'| a | b |',
				'| :-- | --: |',
				'| 1 | 2 |',
				'',
				'> quoted text',
				'',
				'---',
			),
		);
	});

	it('components: children indented by two, Cards apart, Steps packed, code groups unindented, props in canonical order', () => {
		const input = lines(
			'<Note>',
			'A note that',
			'spans lines.',
			'</Note>',
			'<CardGroup cols={2}>',
			'  <Card href="/a" title="A" icon="rocket">',
			'    First',
			'  </Card>',
			'  <Card title="B">',
			'    Second',
			'  </Card>',
			'</CardGroup>',
			'',
			'<Steps>',
			'  <Step title="One">',
			'    Do this.',
			'  </Step>',
			'',
			'  <Step title="Two">',
			'    Then this.',
			'  </Step>',
			'</Steps>',
			'',
			'<CodeGroup>',
			'```bash npm',
			'npm i x',
			'```',
			'```bash yarn',
			'yarn add x',
			'```',
			'</CodeGroup>',
			'',
			'Text with <Badge icon="flask" color="purple">Beta</Badge> badge.',
		);
		assert.equal(
			formatted(input),
			lines(
				'<Note>',
				'  A note that spans lines.',
				'</Note>',
				'',
				'<CardGroup cols={2}>',
				'  <Card title="A" icon="rocket" href="/a">',
				'    First',
				'  </Card>',
				'',
				'  <Card title="B">',
				'    Second',
				'  </Card>',
				'</CardGroup>',
				'',
				'<Steps>',
				'  <Step title="One">',
				'    Do this.',
				'  </Step>',
				'  <Step title="Two">',
				'    Then this.',
				'  </Step>',
				'</Steps>',
				'',
				'<CodeGroup>',
				'',
				'```bash npm',
				'npm i x',
				'```',
				'',
				'```bash yarn',
				'yarn add x',
				'```',
				'',
				'</CodeGroup>',
				'',
				'Text with <Badge color="purple" icon="flask">Beta</Badge> badge.',
			),
		);
	});

	it('inline: _emphasis_, **strong**, escapes where MDX would read syntax, hard breaks as <br />', () => {
		const input = lines(
			'Some *emphasis*, __strong__, ~~gone~~ and `code`.',
			'A [link](https://example.com "Title").',
			'Costs 5 \\* 3 \\$ and a\\_b and \\_c\\_ and string\\[\\] and \\{x\\}.',
			'Line with break\\',
			'after.',
		);
		assert.equal(
			formatted(input),
			lines(
				'Some _emphasis_, **strong**, ~~gone~~ and `code`. A [link](https://example.com "Title"). Costs 5 \\* 3 \\$ and a_b and \\_c\\_ and string[] and \\{x\\}. Line with break<br />after.',
			),
		);
	});

	it('ESM, comments, headings, nested and task lists, quotes, tabs, empty Card, HTML, math, entities', () => {
		const input = lines(
			'---',
			'title: A',
			'---',
			"import { X } from '/snippets/x.mdx';",
			'',
			'export const y = 1;',
			'',
			'{/* a comment */}',
			'',
			'## Heading ##',
			'',
			'| c |',
			'|:-:|',
			'| x |',
			'',
			'3. three',
			'4. four',
			'   - nested',
			'   - list',
			'',
			'- [ ] task',
			'- [x] done',
			'',
			'+ plus',
			'',
			'> one',
			'>',
			'> two',
			'',
			'<Tabs>',
			'  <Tab title="A">',
			'    Alpha',
			'  </Tab>',
			'  <Tab title="B">',
			'    Beta',
			'  </Tab>',
			'</Tabs>',
			'',
			'<Card title="Empty" />',
			'',
			'<div className="x">',
			'  <p>hi</p>',
			'</div>',
			'',
			'Hard  ',
			'break and $x^2$ math.',
			'',
			'$$',
			'E = mc^2',
			'$$',
			'',
			'Text &amp; more &lt;tag&gt; # not heading',
		);
		assert.equal(
			formatted(input),
			lines(
				'---',
				'title: "A"',
				'---',
				'',
				"import { X } from '/snippets/x.mdx';",
				'',
				'export const y = 1;',
				'',
				'{/* a comment */}',
				'',
				'## Heading',
				'',
				'| c |',
				'| :-: |',
				'| x |',
				'',
				'3. three',
				'4. four',
				'   - nested',
				'   - list',
				'',
				'- [ ] task',
				'- [x] done',
				'- plus',
				'',
				'> one',
				'>',
				'> two',
				'',
				'<Tabs>',
				'  <Tab title="A">',
				'    Alpha',
				'  </Tab>',
				'  <Tab title="B">',
				'    Beta',
				'  </Tab>',
				'</Tabs>',
				'',
				'<Card title="Empty">',
				'</Card>',
				'',
				'<div className="x">',
				'  <p>hi</p>',
				'</div>',
				'',
				'Hard<br />break and $$x^2$$ math.',
				'',
				'$$',
				'E = mc^2',
				'$$',
				'',
				'Text & more \\<tag> # not heading',
			),
		);
	});

	it('code inside components is indented with them, blank code lines included; a list item keeps paragraphs apart', () => {
		const input = lines(
			'<Steps>',
			'  <Step title="Run">',
			'```js',
			'a();',
			'',
			'b();',
			'```',
			'  </Step>',
			'</Steps>',
			'',
			'- `id`',
			'',
			'  unique id',
			'- `key`',
		);
		assert.equal(
			formatted(input),
			lines(
				'<Steps>',
				'  <Step title="Run">',
				'    ```js',
				'    a();',
				'    ',
				'    b();',
				'    ```',
				'  </Step>',
				'</Steps>',
				'',
				'- `id`',
				'',
				'  unique id',
				'- `key`',
			),
		);
	});

	it('a callout written on one line becomes a block; a multi-line prop puts each prop on its own line', () => {
		const input = lines('<Note>Short note.</Note>', '', '<Quiz questions={[', '  { q: "a" },', ']} level="1" />');
		assert.equal(formatted(input), lines('<Note>', '  Short note.', '</Note>', '', '<Quiz', '  questions={[', '{ q: "a" },', ']}', '  level="1"', '/>'));
	});

	it('a multi-line expression settles: its lines stay with the component, a second run changes nothing', () => {
		const input = lines('<Info>', '  {[', '    1,', '  ]}', '</Info>');
		assert.equal(formatted(input), lines('<Info>', '  {[', '    1,', '  ]}', '</Info>'));
		// The parser drops up to two columns of a continuation line's indentation on each read: the passes settle.
		const top = formatted(lines('{[', '    1,', '  ]}'));
		assert.equal(top, lines('{[', '1,', ']}'));
		assert.equal(formatted(top), top);
		const nested = lines('<Tabs>', '<Tab title="A">', '{[', '  1,', ']}', '</Tab>', '</Tabs>');
		const once = formatted(nested);
		assert.equal(once, lines('<Tabs>', '  <Tab title="A">', '    {[', '    1,', '    ]}', '  </Tab>', '</Tabs>'));
		assert.equal(formatted(once), once);
	});

	it('line highlights are written highlight={…}; a Frame written inline becomes a block', () => {
		assert.equal(
			formatted(lines('```json {3}', '{}', '```', '', '<Frame>![Shot](/a.png)</Frame>')),
			lines('```json highlight={3}', '{}', '```', '', '<Frame>', '  ![Shot](/a.png)', '</Frame>'),
		);
	});

	it('a prop value holding both quote characters is written as a JS string, the same value', () => {
		assert.equal(formatted(lines(`<Card title="a &quot;b&quot; c's" />`)), lines(`<Card title={"a \\"b\\" c's"}>`, '</Card>'));
	});

	it('is idempotent: formatting the formatted page changes nothing', () => {
		const once = formatted(lines('* a', '* b', '', '<Card href="/x" title="T">', 'Body', 'text', '</Card>'));
		const twice = formatMdx(once);
		assert.deepEqual(twice, { kind: 'formatted', text: once, changed: false });
	});

	it('leaves a page that does not parse as written and says where', () => {
		const result = formatMdx('# Title\n\n<Note>\nnever closed\n');
		assert.equal(result.kind, 'parseError');
		assert.equal((result as Extract<FormatResult, { kind: 'parseError' }>).error.start.line, 3);
	});

	it('keeps the block after {/* mintdoc-format-ignore */} exactly as written', () => {
		const table = ['| Name   | Value |', '|--------|-------|', '| padded | yes   |'];
		const input = lines('{/* mintdoc-format-ignore */}', ...table, '', '| a |', '|---|', '| b |');
		assert.equal(formatted(input), lines('{/* mintdoc-format-ignore */}', '', ...table, '', '| a |', '| --- |', '| b |'));
	});

	it('an ignored block inside a component keeps its text, re-indented with the component', () => {
		const input = lines('<Info>', '{/* mintdoc-format-ignore */}', '*keep*   this', '</Info>');
		assert.equal(formatted(input), lines('<Info>', '  {/* mintdoc-format-ignore */}', '', '  *keep*   this', '</Info>'));
	});
});
