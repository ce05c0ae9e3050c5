import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { fastTree, parseMdxFast } from '../../../server/src/core/mdx/fastMdxParse';
import { parseMdx } from '../../../server/src/core/mdx/mdxParser';

/** Both parsers' answers as plain data (positions included), for deepEqual. */
function both(text: string): { fast: unknown; micromark: unknown } {
	const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
	return { fast: plain(parseMdxFast(text)), micromark: plain(parseMdx(text, true)) };
}

function assertSameTree(text: string): void {
	const { fast, micromark } = both(text);
	assert.deepEqual(fast, micromark, `different trees for ${JSON.stringify(text)}`);
}

/** The page is read by the fast reader alone (no part of it given to micromark), to micromark's tree. */
function assertReadWithoutMicromark(text: string): void {
	const read = fastTree(text);
	assert.ok(read, 'the reader declined the page');
	assert.equal(read.chunks, 0, 'part of the page went to micromark');
	assertSameTree(text);
}

describe('fastMdxParse: micromark’s tree, read faster', () => {
	it('reads a page of plain blocks without micromark, to the same tree', () => {
		const page = [
			'---',
			'title: "Install"',
			'---',
			'',
			'# Install the tool',
			'',
			'Run the installer with `npm ci` and wait for **all** of it,',
			'  then _restart_ the editor (see [the guide](/guide/start)).',
			'A snake_case name stays text.',
			'- one item',
			'- two items',
			'  go on here',
			'',
			'3. third',
			'4. fourth',
			'',
			'<Note title="Heads up" icon=\'star\' open>',
			'  Keep the key **secret**.',
			'',
			'  ```bash title',
			'    npm ci',
			'  npm test',
			'  ```',
			'  <Card title="x" />',
			'  <CardGroup cols={2} tags={["a", \'b\']}>',
			'    <Card',
			'      title="Two lines"',
			'      icon="star"',
			'    />',
			'  </CardGroup>',
			'</Note>',
			'',
			'```',
			'plain',
			'```',
			'',
		].join('\n');
		assertReadWithoutMicromark(page);
	});

	it('reads a list inside an element that a line at the element’s indentation ends after a blank line (a changelog’s Update)', () => {
		// crewAI's and mintlify/docs' changelogs: 11.8 MB of crewAI's pages went to micromark for these lines alone.
		const page = [
			'<Update label="Jul 17, 2026">',
			'  ## v1.15.4',
			'',
			'  ### Features',
			'  - Promote Skills out of experimental status',
			'  - Add **flows** in `Studio`',
			'',
			'  ### Documentation',
			'  - Add Flows in Studio documentation',
			'',
			'  More text at the element’s indentation.',
			'',
			'</Update>',
			'',
			' - a list one column in',
			'',
			' after it, one column in',
			'',
		].join('\n');
		assertReadWithoutMicromark(page);
		// Further in than the list, after a blank line, the line is left to micromark (it would be the item's, or not).
		const further = ' - a list one column in\n\n  two columns in\n';
		assert.equal(fastTree(further)?.chunks, 1);
		assertSameTree(further);
	});

	it('reads a paragraph that starts with `@` (a changelog’s contributors), as micromark does', () => {
		// crewAI's changelogs end each release with such a line: with `@` not taken for a paragraph's first
		// character, 6.7 MB of the corpus' distinct pages went to micromark for it (10.7 → 4.0 MB).
		const page = [
			'<Update label="Jul 17, 2026">',
			'  ## Contributors',
			'',
			'  @greysonlalonde',
			'',
			'  @EdwardIrby, @dependabot[bot], @factory-droid[bot]',
			'</Update>',
			'',
			'@name at the page’s top level',
			'@a@b.co',
			'',
		].join('\n');
		assertReadWithoutMicromark('  @greysonlalonde\n\n@EdwardIrby, @dependabot[bot]\n');
		assertSameTree(page);
		// An email's `@` (after a character of its local part) is still micromark's: GFM makes it a link.
		assert.equal(fastTree('@a@b.co\n')?.chunks, 1);
		assertSameTree('@a@b.co\n');
	});

	it('reads a page whose lines end with CRLF, to micromark’s tree (offsets and the values’ line endings its own)', () => {
		// 0xsequence/docs: 484 of its 1,205 pages were written with CRLF and went to micromark whole.
		const page = [
			'---',
			'title: "FAQ"',
			'description: two',
			'  lines',
			'---',
			'',
			'<Accordion title="FAQ">',
			'  Text across',
			'  two lines, with a hard break  ',
			'  and **more**.',
			'',
			'  ```ts',
			'  const a = 1;',
			'',
			'  const b = 2;',
			'  ```',
			'</Accordion>',
			'',
			'- item',
			'  continued',
			'',
			'| a | b |',
			'| - | - |',
			'| 1 | 2 |',
			'',
		].join('\r\n');
		assertReadWithoutMicromark(page);
		// Parts left to micromark (a quote, a prop across lines) are moved back as well.
		const chunked = 'Text\r\n\r\n> a quote\r\n> across lines\r\n\r\n<Card title="A long\r\n  title">\r\n  after\r\n</Card>\r\n';
		assert.equal(fastTree(chunked)?.chunks, 1);
		assertSameTree(chunked);
		// Line endings mixed, a lone CR, or a reference that decodes to a line ending: the page is micromark's.
		// So is a task box with its line ending after it, whose text micromark starts with `\n` (the `\r` alone dropped).
		for (const mixed of ['a\r\nb\nc\r\n', 'a\rb\r\n', 'a&#10;b\r\nc\r\n', '<A b="x&NewLine;y" />\r\n', '- [x]\r\nalpha\r\n- alpha\r\n']) {
			assert.equal(fastTree(mixed), undefined, JSON.stringify(mixed));
			assertSameTree(mixed);
		}
	});

	it('gives micromark what it does not read, in one call, and places its nodes in the page', () => {
		const page = [
			'Intro text.',
			'',
			'| a \\| b | www.c.com |',
			'| --- | --- |',
			'| 1 | 2 |',
			'',
			'Between the chunks.',
			'',
			'> a quote',
			'',
			'- item',
			'',
			'  > a quote in the item',
			'',
			'- next item',
			'',
			'{props.name}',
			'',
			'## Last',
			'',
		].join('\n');
		const read = fastTree(page);
		assert.ok(read);
		assert.equal(read.chunks, 2);
		assertSameTree(page);
	});

	it('leaves to micromark what reaches across the page or does not close', () => {
		for (const page of [
			'See [the guide][g].\n\n[g]: /guide\n',
			'Text\n\n```js\nnever closed\n',
			'<Note>\n\nText with {x}\n\nPlain.\n',
			'A\r\nB\n',
			'- a\n\n  b\n\n- c\n',
			// A list that interrupts a paragraph micromark reads goes on with an item after a blank line.
			'Text {x}:\n- a\n\n- b\n',
			// A `$` in a list item's paragraph of several lines moves where a text ends at a line break.
			'- a $ b\n  [c](/d)\n',
			// A tag over several lines does not interrupt an item's paragraph (micromark reports an error here).
			'<Note>\n- alpha\n<Icon\n  icon="x"\n />\n</Note>\n',
			'{x}\n\n- a\n\nText\n\n- b\n',
		]) {
			assertSameTree(page);
		}
		assert.equal(fastTree('See [the guide][g].\n\n[g]: /guide\n'), undefined);
		// `]:` in code defines nothing: such a page is read (its `[g]` is text, as micromark reads it).
		for (const page of ['```ts\nconst a = { [k]: 1 };\n```\n\nSee [g].\n', '<Note>\n  ```\n  [g]: /x\n  ```\n</Note>\n\n[g]\n']) {
			assertSameTree(page);
			assert.equal(fastTree(page)?.chunks, 0);
		}
		assert.equal(fastTree('```\nx\n```\n\n{a}\n\n[g]: /guide\n'), undefined);
		// A chunk is not cut inside a comment holding blank lines, nor made to run on after an element on one line.
		for (const page of ['{/* a\n\n<A>\n\n</A> */}\n\n# x\n', '<Note>{a}</Note>\n\n# x\n\n<Note>\nb\n</Note>\n']) {
			assertSameTree(page);
			assert.equal(fastTree(page)?.chunks, 1);
		}
		// An element whose opening tag goes on over several lines is one chunk, with what it holds.
		const wrapped = '<div\n  style={{ a: 1,\n  b: 2 }}\n>\n\n<h1 style={{ a: 1 }}>\nTitle\n</h1>\n\n</div>\n\n# x\n';
		assertSameTree(wrapped);
		assert.equal(fastTree(wrapped)?.chunks, 1);
		// A chunk whose fence is not closed would swallow the paragraph after it: the sentinel sees it.
		assert.equal(fastTree('| a |\n| - |\n\n```js\nopen\n\nx\n'), undefined);
	});

	it('reads a paragraph led by an inline element, code spans holding `@`, `{` or a URL, thematic breaks, props with `&`, a fence under a paragraph', () => {
		for (const page of [
			'<Note>\n  <Badge icon="flask" color="purple" size="sm">Beta</Badge> Text on **all** plans. [What Beta means](/beta).\n</Note>\n',
			'<Info>\nAdded in [`pkg@0.16.0`](/sdk/changelog). Pass them on (`Pay`, `{ a, b }`, …), not on `https://a.b` or `&amp;`.\n</Info>\n',
			'<Note>\n  Text\n\n  ***\n  <Card title="x" />\n  ****\n\n  - - -  \n</Note>\n\n---\n',
			'<Frame>\n  <img src="/a.png" alt="The Syncs & Scheduled tab" />\n</Frame>\n',
			'<Frame caption="x">\n  <img src="/a.png" style={{ maxWidth: \'720px\', margin: \'0 auto\' }} />\n</Frame>\n',
			'<Frame>\n  ![The Delivery > Setup tab & a percent_of_total formula](/images/a.png)\n</Frame>\n',
			'<Note>\n  Type **@** to tag an agent, as in *"How does @Weekly revenue compare?"*\n</Note>\n',
			'Use `&` (AND) and `|` (OR): `mode="pay" | "fund"`.\n\n- `f(): A | B` and `www.a.b`\n',
			'Reference it as `${lightdash.parameters.name}` (or the shorter `${ld.parameters.name}`): `$1,234.56`.\n',
			'<Frame>\n  <img\n    src="/a.png"\n    alt="An agent\'s page & more"\n  />\n</Frame>\n',
			'**Signature**:\n```ts\nfunction f(a: { b?: number }): void\n```\n\n<Note>\n  Returns:\n  ```ts\n  type R = {}\n  ```\n</Note>\n',
			'<Note>\n  <Card title="x">\n    **Good:**\n    ```text\n    Say it.\n    ```\n  </Card>\n</Note>\n\nText\n     ```\n  x\n     ```\n',
			'| Builder | What it does |\n| --- | --- |\n| `swap({...})` | a \\| b, [see](/x@y) |\n',
		]) {
			assertSameTree(page);
			assert.equal(fastTree(page)?.chunks, 0, page);
		}
		// Not a code span after all, a reference, a tag followed by a tag, a table's head: micromark reads those.
		for (const page of [
			'<Note>\n\\`a@b.co`\n</Note>\n',
			'<Note>\n`a`@b.co`\n</Note>\n',
			'<Frame>\n  <img alt="a &amp; b" />\n</Frame>\n',
			'<Note>\n<Badge>Beta</Badge><Badge>Gamma</Badge>\n</Note>\n',
			'Text\n***\n',
			'a `|` b\n-|-\n',
			'<Note>\n| h | i |\n| --- | :-: |\n<Note>a</Note>\n<Icon /> b\n</Note>\n',
			'a `|` b\n\n| a | b |\n|---|---|\n| `c \\| d` | e |\n',
		]) {
			assertSameTree(page);
		}
		assert.equal(fastTree('<Note>\n`a`@b.co`\n</Note>\n')?.chunks, 1);
	});

	it('reads ESM blocks as micromark does: to a line before a blank line, or further while acorn needs more', () => {
		const page = [
			'---',
			'title: x',
			'---',
			'import { Card } from "/snippets/card.mdx";',
			"export const chains = ['a', 'b'];",
			'',
			'# Title',
			'',
			'export const Widget = ({ x }) => {',
			'  const y = { a: 1,',
			'',
			'    b: <div>{x}</div> };',
			'  /* a comment',
			'',
			'  */',
			'  return y;',
			'};',
			'',
			'Text after.',
			'',
			'export default function Page() {}',
		].join('\n');
		assertReadWithoutMicromark(page);
		// Each of these is read, or left to micromark, to the same tree or error.
		for (const text of [
			'import a from "a"\n\nimport a from "b"\n',
			'import a from "a"\nconst b = 1\n',
			'export const a = {\n\nx\n',
			'import {\n',
			'export const a = 1\n\n\nexport const b = 2',
			'Text\nimport a from "a"\n',
			'# x\nimport a from "a"\n',
			'import\ta from "a"\n\nimport{ b } from "b"\n',
			'import a, { b as c } from "a"\n\n> quote\n\nexport { a, c }\n',
			'export const a = 1\n\n<Note>\n{x}\n\nimport b from "b"\n</Note>\n',
			'export const a = 1 /*\n\n*/ + 2\n',
		]) {
			assertSameTree(text);
		}
		assert.equal(fastTree('import a from "a"\n\n> quote\n\nexport { a }\n')?.chunks, 1);
		// Import names are declared in page order: an ESM line left in a chunk gives the page to micromark.
		assert.equal(fastTree('export const a = 1\n\n<Note>\n{x}\n\nimport b from "b"\n</Note>\n'), undefined);
		for (const text of ['import a from "a"\n\nimport a from "b"\n', 'import a from "a"\nconst b = 1\n', 'export const a = {\n\nx\n']) {
			assert.ok((both(text).micromark as { error?: unknown }).error, text);
		}
	});

	it('reports syntax errors as micromark does', () => {
		for (const page of ['<Note>\n\nText\n', 'A {b\n\nc\n', '</Note>\n']) {
			const { fast, micromark } = both(page);
			assert.deepEqual(fast, micromark);
			assert.ok((fast as { error?: unknown }).error);
		}
	});

	// Pages made of pieces that are read directly, pieces that are not, and the edges between them:
	// indentation, lists that go on or end, emphasis and code spans next to every kind of character.
	const word = fc.constantFrom(
		'alpha',
		'Beta',
		'x_y',
		'_lead',
		'trail_',
		'a*b',
		'**bold**',
		'*em*',
		'_em_',
		'__strong__',
		'**a**b',
		'a**b**',
		'(**x**)',
		'**x**.',
		'*(x)*',
		'`code`',
		'`` a ` b ``',
		'` x `',
		'`x',
		'[link](/a/b)',
		'[a **b**](/c)',
		'[x]',
		'![i](/i.png)',
		'1.',
		'2)',
		'#',
		'&',
		'&amp;',
		'a\\b',
		'<Icon />',
		'{x}',
		'$5',
		'~~d~~',
		'https://a.b',
		'a@b.co',
		'é',
		'ü**x**',
		'"q"',
		'|',
		'-',
		'>',
		'a\\*b',
		'\\_x\\_',
		'\\\\',
		'end\\',
		'\\[x\\]',
		'*a\\*b*',
		'![alt](/i.png)',
		'![](/i.png)',
		'![a *b*](/i.png)',
		'<br />',
		'<br/>',
		'a<br/>b',
		'<Icon icon="x" />',
		"<Icon a='1' b />",
		'<b>x</b>',
		'<Badge icon="a">Beta *x*</Badge>',
		'a<b>[l](/m)</b>c',
		'<b></b>',
		'<b>x<i>y</i></b>',
		'<b>x</c>',
		'**<b>x</b>**',
		'**View ▾**',
		'(▾**x**)',
		'**x**▾',
		'*é*',
		'[`a` b](/c)',
		'[a \\] b](/c)',
		'string[]',
		'[]',
		'[^1]',
		'[a][b]',
		'[x] y',
		'[ ] z',
		']',
		'[a',
		'[a](b c)',
		'$',
		'$x$',
		'a\\|b',
		'**[a](/b)**',
		'*[a*](/b)',
		'**a [b] c**',
		'[**x** y](/z)',
		'*a [b* c]',
		'_[a](/b_c)_',
		'`a@b.co`',
		'`{x}`',
		'`https://a.b`',
		'`&amp;`',
		'`~~x~~`',
		'[`a@b.co`](/c)',
		'\\`a@b.co`',
		'``a` b@c.co ``',
		'`a`@b.co`',
		'<Badge>`{x}`</Badge>',
		'![`a@b.co`](/i.png)',
		'![a > b & c](/i.png)',
		'![x_y_z 2_3](/i.png)',
		'![a &amp; b](/i.png)',
		'![_x_](/i.png)',
		'![a__b_](/i.png)',
		'![é_x](/i.png)',
		'@name',
		'@dependabot[bot],',
		'@a-b,',
		'**@**',
		'(@x.co)',
		'a.@b.co',
		'_@b.co',
		'+@b.co',
		'"@Weekly revenue"',
		'é@b.co',
		'\u212A@b.co',
		'\u017F@b.co',
		'`${a}`',
		'`$x` `y$`',
		'$ `a$`',
		'`$`$',
		'\\$ `$`',
		'`x | y`',
		'`|`',
		'|',
		'`a|b` |',
		'a@',
	);
	const phrase = fc.array(word, { minLength: 1, maxLength: 5 }).map(ws => ws.join(' '));
	const indent = fc.constantFrom('', '', '', ' ', '  ', '   ', '    ');
	const paragraph = fc
		.array(fc.tuple(indent, phrase, fc.constantFrom('', '', ' ', '  ', '   ', '\\', ' \\')), { minLength: 1, maxLength: 3 })
		.map(lines => lines.map(([i, p, t]) => `${i}${p}${t}`).join('\n'));
	const heading = fc
		.tuple(indent, fc.integer({ min: 1, max: 7 }), phrase, fc.constantFrom('', ' #', ' '))
		.map(([i, d, p, t]) => `${i}${'#'.repeat(d)} ${p}${t}`);
	// What an item may hold after its first line, at its content's indentation (two columns for `-`): nested lists, code, more paragraphs.
	const inItem = fc.oneof(
		fc.tuple(indent, phrase).map(([i, p]) => `${i}${p}`),
		fc.constantFrom(
			'  - sub',
			'  - sub\n  - sub two',
			'  - sub\n\n  - loose sub',
			'  1. sub\n     - deeper',
			'   - sub',
			'    - deep',
			'  * other',
			'  2. two',
			'  ```js\n  code\n  ```',
			'  ```\n  a\n\n  b\n  ```',
			'  ```\n code\n  ```',
			'\n  after a blank',
			'\n  - sub after a blank',
			'\n    indented four',
			'  > quote',
			'  # heading',
			'  <Note />',
			'  ***',
			'\n  ***',
			'  ---',
			'lazy',
		),
	);
	const listItems = fc.tuple(
		fc.constantFrom('-', '*', '+', '1.', '1)', '7.'),
		fc.array(fc.tuple(phrase, fc.option(inItem, { nil: undefined }), fc.constantFrom('\n', '\n', '\n\n', '\n\n\n')), { minLength: 1, maxLength: 3 }),
		indent,
	);
	const list = listItems.map(([m, items, i]) =>
		items.map(([p, more, sep], n) => `${i}${m} ${p}${more ? `\n${more.replace(/^(?=.)/gm, i)}` : ''}${n < items.length - 1 ? sep : ''}`).join(''),
	);
	const fence = fc
		.tuple(
			indent,
			fc.constantFrom('```', '````', '~~~'),
			fc.constantFrom('', 'js', 'bash title="x"', 'py  a b '),
			fc.array(fc.tuple(indent, phrase), { maxLength: 3 }),
			indent,
		)
		.map(([i, f, info, body, j]) => `${i}${f}${info}\n${body.map(([k, p]) => `${k}${p}`).join('\n')}${body.length ? '\n' : ''}${j}${f}`);
	const cell = fc.oneof(
		phrase,
		fc.constantFrom(
			'',
			' ',
			'x',
			'`a|b`',
			'`a\\|b`',
			'a\\|b',
			'`a\\\\|b`',
			'a\\\\',
			'$5',
			'\\',
			'`\\\\`',
			'`f({...})`',
			'`a@b.co` \\| [x](/a@b)',
			'`{a` \\| `b}`',
		),
	);
	const tableRow = fc.array(cell, { minLength: 1, maxLength: 3 }).map(cs => `| ${cs.join(' | ')} |`);
	const table = fc
		.tuple(
			indent,
			fc.constantFrom('| h | i |', '|h|i|', 'h | i', '| h |'),
			fc.constantFrom('| --- | :-: |', '|-|-:|', '| :-- |', '| - | - | - |'),
			fc.array(tableRow, { maxLength: 3 }),
			fc.constantFrom('', '', '\ntext after', '\n  | z |  '),
		)
		.map(([i, h, d, rows, after]) => [h, d, ...rows].map(r => `${i}${r}`).join('\n') + after);
	const other = fc.constantFrom(
		'```\n[a]: /x\n```',
		'[a]: /x',
		'{/* a\n\n<b>\n\n</b> */}',
		'<Note>a</Note>',
		'{a}\n\n{b}',
		'> quote',
		'***',
		'---',
		'* * *  ',
		'Text\n***',
		'Text:\n```ts\ncode\n```',
		'Text:\n  ```\n  code\n  ```\nafter',
		'Text:\n```js `x`\ncode\n```',
		'Text\n---',
		'<Badge icon="a">Beta</Badge> text',
		'<Badge>Beta</Badge>\n<Badge>Gamma</Badge> x',
		'{1 + 1}',
		'import X from "/x.mdx"',
		'import { X as Y } from "/y.mdx"\nexport const z = {\n\n  a: 1 }',
		'export const w = 1 /*\n\n*/',
		'import {\n  V,\n} from "v"',
		'$$\nx\n$$',
		'<div>\n\n- a\n\n</div>',
		'a\n===',
	);
	const leaf = fc.oneof(paragraph, heading, list, fence, table, other);
	const block: fc.Arbitrary<string> = fc.letrec<{ block: string }>(tie => ({
		block: fc.oneof(
			{ depthSize: 'small', withCrossShrink: true },
			leaf,
			leaf,
			fc
				.tuple(
					indent,
					fc.constantFrom('Note', 'Card', 'div'),
					fc.constantFrom(
						'',
						' title="A b"',
						" icon='x' open",
						' a="1"  b',
						' cols={2}',
						` tags={["a", 'b']} n={-1.5}`,
						' x={y}',
						' {...p}',
						'\n  title="A b"\n  cols={3}\n',
						'\n    a="1" b={true}',
						'\n\n  a="1"\n',
						' a="x&amp;y"',
						' a="x & y" b=\'&\'',
						' a="x &y"',
						" style={{ maxWidth: '720px', margin: '0 auto' }}",
						" s={{ a: '}' }} t={a => <b>{a}</b>}",
						' s={{ a: 1 }',
						' s={a b}',
						' s={}',
						' s={{\n  a: 1 }}',
					),
					fc.array(fc.tuple(tie('block'), fc.constantFrom('\n', '\n\n')), { maxLength: 2 }),
					indent,
				)
				.map(([i, n, a, c, j]) => `${i}<${n}${a}>\n${c.map(([b, s]) => `${b}${s}`).join('')}${j}</${n}>`),
			fc
				.tuple(
					indent,
					fc.constantFrom('Icon', 'Card'),
					fc.constantFrom('', ' icon="x"', '\n  icon="x"\n  size={12}\n', ' a={[]}'),
					fc.constantFrom(' />', '/>', ' />  '),
				)
				.map(([i, n, a, e]) => `${i}<${n}${a}${e}`),
		),
	})).block;
	const page = fc
		.tuple(
			fc.option(phrase, { nil: undefined }),
			fc.array(fc.tuple(block, fc.constantFrom('\n', '\n\n', '\n\n\n')), { minLength: 1, maxLength: 6 }),
			fc.constantFrom('', '\n'),
		)
		.map(([front, blocks, end]) => `${front ? `---\ntitle: ${JSON.stringify(front)}\n---\n` : ''}${blocks.map(([b, s]) => `${b}${s}`).join('')}${end}`);

	it('gives micromark’s tree (or its error) for generated pages', () => {
		fc.assert(
			fc.property(page, text => {
				const { fast, micromark } = both(text);
				assert.deepEqual(fast, micromark);
			}),
			{ numRuns: 1500 },
		);
	});

	it('gives micromark’s tree (or its error) for generated pages with CRLF line endings', () => {
		fc.assert(
			fc.property(page, text => {
				const { fast, micromark } = both(text.replace(/\n/g, '\r\n'));
				assert.deepEqual(fast, micromark);
			}),
			{ numRuns: 500 },
		);
	});
});
