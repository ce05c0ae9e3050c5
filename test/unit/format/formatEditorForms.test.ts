import * as assert from 'node:assert/strict';
import { formatted, lines } from '../../helpers/formatText';

/**
 * Images as the platform's web editor writes them. Each expected text is what `mint format`
 * (@mintlify/cli 4.0.1552) wrote for the same input, run by hand on these fixtures.
 */

describe('format: images in the web editor form', () => {
	it('an <img> with only src, alt and title becomes a Markdown image, in a component too', () => {
		const input = lines(
			'<img alt="Alpha" src="/a.png" />',
			'',
			'<img src="/b.png" />',
			'',
			`<img src="/c.png" alt='Say "hi" *now*' title="T" />`,
			'',
			'<Frame caption="Cap">',
			'<img src="/d.png" alt="In frame" />',
			'</Frame>',
		);
		assert.equal(
			formatted(input),
			lines('![Alpha](/a.png)', '', '![](/b.png)', '', '![Say "hi" \\*now\\*](/c.png "T")', '', '<Frame caption="Cap">', '  ![In frame](/d.png)', '</Frame>'),
		);
	});

	it('any other <img> is written one prop per line in the written order; inside an HTML element it stays as written', () => {
		const input = lines(
			'<img className="rounded-xl block" src="/e.png" alt="Eps" />',
			'',
			'<img src="/o.png" alt="Style" style={{ width: 10 }} />',
			'',
			'<div>',
			'  <img src="/a.png" alt="A" className="x" />',
			'</div>',
		);
		assert.equal(
			formatted(input),
			lines(
				'<img',
				'  className="rounded-xl block"',
				'  src="/e.png"',
				'  alt="Eps"',
				'/>',
				'',
				'<img',
				'  src="/o.png"',
				'  alt="Style"',
				'  style={{ width: 10 }}',
				'/>',
				'',
				'<div>',
				'  <img src="/a.png" alt="A" className="x" />',
				'</div>',
			),
		);
	});

	it('a light/dark pair is written together, light first: src after the other props, the mode classes last', () => {
		const input = lines(
			'<Frame>',
			'  <img src="/a.png" alt="Same" className="dark:hidden rounded block" width="3" />',
			'',
			'  <img className="dark:block hidden rounded" src="/b.png" alt="Same" width="3" />',
			'</Frame>',
			'',
			'<img src="/d.png" alt="Only modes" className="hidden dark:block" />',
			'<img src="/c.png" alt="Only modes" className="dark:hidden" />',
			'',
			'<img src="/e.png" alt="One" className="block dark:hidden" />',
			'<img src="/f.png" alt="Two" className="hidden dark:block" />',
		);
		assert.equal(
			formatted(input),
			lines(
				'<Frame>',
				'  <img',
				'    alt="Same"',
				'    className="rounded block dark:hidden"',
				'    width="3"',
				'    src="/a.png"',
				'  />',
				'  <img',
				'    alt="Same"',
				'    className="rounded hidden dark:block"',
				'    width="3"',
				'    src="/b.png"',
				'  />',
				'</Frame>',
				'',
				'<img',
				'  alt="Only modes"',
				'  src="/c.png"',
				'  className="dark:hidden"',
				'/>',
				'<img',
				'  alt="Only modes"',
				'  src="/d.png"',
				'  className="hidden dark:block"',
				'/>',
				'',
				// Different alt text: not a pair.
				'<img',
				'  src="/e.png"',
				'  alt="One"',
				'  className="block dark:hidden"',
				'/>',
				'',
				'<img',
				'  src="/f.png"',
				'  alt="Two"',
				'  className="hidden dark:block"',
				'/>',
			),
		);
	});

	it('a Markdown image inside text or a table cell becomes an inline <img>; alone, in a heading or a link it stays Markdown', () => {
		const input = lines(
			'Text ![](/a.png) and ![x](/b.png "T") more.',
			'',
			'- ![A](/a.png)',
			'- item ![B](/b.png)',
			'',
			'# Head ![A](/a.png)',
			'',
			'[![A](/a.png)](https://x.com)',
			'',
			'| a | b |',
			'| --- | --- |',
			'| ![A](/a.png) | x |',
		);
		assert.equal(
			formatted(input),
			lines(
				'Text <img src="/a.png" alt="" /> and <img src="/b.png" alt="x" title="T" /> more.',
				'',
				'- ![A](/a.png)',
				'- item <img src="/b.png" alt="B" />',
				'',
				'# Head ![A](/a.png)',
				'',
				'[![A](/a.png)](https://x.com)',
				'',
				'| a | b |',
				'| --- | --- |',
				'| <img src="/a.png" alt="A" /> | x |',
			),
		);
	});
});

describe('format: text the web editor keeps where it stands', () => {
	it("an <img>'s multi-line prop goes on from column 0; a Prompt's body is written as it stands", () => {
		const input = lines(
			'<Tabs>',
			'  <Tab title="A">',
			`    <img src="/a.png" alt="x" style={{`,
			`      width: '2px',`,
			'    }} />',
			'    <Prompt description="F" actions={["copy"]}>',
			'      Nested prompt',
			'      text   *kept*.',
			'',
			'        - as written',
			'    </Prompt>',
			'  </Tab>',
			'</Tabs>',
		);
		assert.equal(
			formatted(input),
			lines(
				'<Tabs>',
				'  <Tab title="A">',
				'    <img',
				'      src="/a.png"',
				'      alt="x"',
				'      style={{',
				`width: '2px',`,
				'}}',
				'    />',
				'',
				'    <Prompt description="F" actions={["copy"]}>',
				'    Nested prompt',
				'      text   *kept*.',
				'',
				'        - as written',
				'    </Prompt>',
				'  </Tab>',
				'</Tabs>',
			),
		);
	});

	it("a code fence's meta: title first, then highlight, icon, focus, then the flags", () => {
		const fence = (meta: string) => lines('```js ' + meta, 'a', '```');
		const metas = [
			'{11, 19}',
			'Title {1,3}',
			'wrap lines twoslash expandable T',
			'focus={2} {1} icon="x" T',
			'highlight="4"',
			'{1} title="T" lines',
			'{5,1,2,3}',
			'T icon="a b"',
		];
		assert.deepEqual(
			metas.map(meta => formatted(fence(meta)).split('\n')[0]),
			[
				'```js {11, 19}',
				'```js Title highlight={1,3}',
				'```js T expandable lines wrap twoslash',
				'```js T highlight={1} icon=x focus={2}',
				'```js highlight={4}',
				'```js title="T" highlight={1} lines',
				'```js highlight={1-3,5}',
				// A quoted value with a space: mint format splits it (and changes the icon); MintDoc keeps it.
				'```js T icon="a b"',
			],
		);
	});

	it('an HTML element inside a component is written as if at column 0; an HTML element inside it keeps its nesting', () => {
		const input = lines(
			'<ParamField body="x" type="object">',
			'  <div className="a">',
			'    <Tabs>',
			'      <Tab title="A">',
			'        Text',
			'      </Tab>',
			'    </Tabs>',
			'  </div>',
			'</ParamField>',
			'',
			'<div style={{',
			'  a: 1,',
			'}}>',
			'  <span style={{',
			'    b: 2,',
			'  }} />',
			'</div>',
		);
		assert.equal(
			formatted(input),
			lines(
				'<ParamField body="x" type="object">',
				'  <div className="a">',
				'  <Tabs>',
				'    <Tab title="A">',
				'      Text',
				'    </Tab>',
				'  </Tabs>',
				'</div>',
				'</ParamField>',
				'',
				'<div',
				'  style={{',
				'a: 1,',
				'}}',
				'>',
				'  <span',
				'    style={{',
				'b: 2,',
				'}}',
				'  />',
				'</div>',
			),
		);
	});

	it("a code block's trailing empty lines are dropped, except inside a component", () => {
		const input = lines(
			'```js',
			'',
			'a',
			'',
			'',
			'```',
			'',
			'<Note>',
			'  ```js',
			'  d',
			'',
			'  ```',
			'</Note>',
			'',
			'- item',
			'',
			'  ```js',
			'  c',
			'',
			'  ```',
		);
		assert.equal(
			formatted(input),
			lines('```js', '', 'a', '```', '', '<Note>', '  ```js', '  d', '  ', '  ```', '</Note>', '', '- item', '  ```js', '  c', '  ```'),
		);
	});

	it('emphasis around strong text is written strong around emphasis', () => {
		assert.equal(
			formatted(lines('A _**both**_ and *__both__* and _**[l](/x)**_ and _a **b**_.', '', '***x***')),
			lines('A **_both_** and **_both_** and [**_l_**](/x) and _a **b**_.', '', '**_x_**'),
		);
	});

	it('a Card written inline on a line of its own becomes the block form, like a callout', () => {
		assert.equal(
			formatted(lines('<Card>![main](/images/a.png)</Card>', '', '<Card title="T">Body</Card>')),
			lines('<Card>', '  ![main](/images/a.png)', '</Card>', '', '<Card title="T">', '  Body', '</Card>'),
		);
	});
});
