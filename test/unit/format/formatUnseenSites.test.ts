import * as assert from 'node:assert/strict';
import { formatted, lines } from '../../helpers/formatText';

/**
 * Pages from sites outside the development corpus (0xsequence/docs, Portkey-AI/docs-core,
 * crewAIInc/crewAI) that the formatter's guard left as written, or that a second run changed, each
 * reduced to a few lines. The expected text keeps what the page says; where `mint format` changes
 * the tree (it moves a space out of strong text, joins a quote to the one before it) MintDoc keeps
 * the page's meaning instead.
 */
describe('format: pages from sites it had never seen', () => {
	it('a space at the inner edge of strong text stays a character reference', () => {
		const input = lines('Some **bold&#x20;** text and **&#x20;x**.');
		assert.equal(formatted(input), input);
	});

	it('emphasis touching a letter (inside a word, CJK) is written with `*`; alone with `_`', () => {
		assert.equal(formatted(lines('中文*强调*文字 and a*b*c and *x* alone.')), lines('中文*强调*文字 and a*b*c and _x_ alone.'));
	});

	it('a bare URL or e-mail address is written as a link to itself; parentheses in a destination are escaped', () => {
		assert.equal(
			formatted(lines('See https://example.com/a_b_ or www.x.io, mail a@b.io and https://example.com/\\{id\\}.', '', '![i](/a%20(1).png)')),
			lines(
				'See [https://example.com/a_b](https://example.com/a_b)\\_ or [www.x.io](http://www.x.io), mail [a@b.io](mailto:a@b.io) and [https://example.com/\\\\\\{id\\\\\\}](https://example.com/\\\\{id\\\\}).',
				'',
				'![i](/a%20\\(1\\).png)',
			),
		);
	});

	it('a bare URL holding a character reference keeps it in the destination', () => {
		assert.equal(formatted(lines('See https://x.io/a&#x5F;b now.')), lines('See [https://x.io/a\\&#x5F;b](https://x.io/a\\&#x5F;b) now.'));
	});

	it('a paragraph starting with the word import or export keeps it a character reference (not an ESM line)', () => {
		for (const input of [lines('&#x69;mport this is text.'), lines('&#x65;xport const x is a sentence.')]) assert.equal(formatted(input), input);
	});

	it('a link written [X](url) at a list item start is not escaped as a task marker; a task marker is lower-cased', () => {
		assert.equal(formatted(lines('- [X](https://x.com) link', '- [X] done')), lines('- [X](https://x.com) link', '- [x] done'));
	});

	it('two quotes in a list item stay two quotes', () => {
		const input = lines('- item', '  > quote one', '', '  > quote two');
		assert.equal(formatted(input), input);
	});

	it('an <img> right under the text of a list item inside components stays a tag', () => {
		const input = lines('<Steps>', '  <Step title="A">', '    - text', '      <img src="/a.png" />', '  </Step>', '</Steps>');
		assert.equal(formatted(input), input);
	});

	it('a page with CRLF line ends is written with LF, its code blocks inside components the same code', () => {
		const crlf = ['<Tabs>', '  <Tab title="A">', '    ```js', '    a', '    b', '    ```', '  </Tab>', '</Tabs>', ''].join('\r\n');
		assert.equal(formatted(crlf), crlf.replace(/\r\n/g, '\n'));
	});

	it('a heading’s custom anchor {#id} is kept, at the top level and inside a component', () => {
		const top = lines('## Title {#custom-id}', '', 'Text');
		assert.equal(formatted(top), top);
		assert.equal(
			formatted(lines('<Accordion title="x">', '  ### Inner   {#inner}', '  Text', '</Accordion>')),
			lines('<Accordion title="x">', '  ### Inner {#inner}', '', '  Text', '</Accordion>'),
		);
	});
});
