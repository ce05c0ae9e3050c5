import * as assert from 'node:assert/strict';
import { autoCloseTag } from '../../../server/src/core/features/closingTag';

/** The text with `|` where the cursor is, just after the `>` typed. */
const at = (marked: string) => autoCloseTag(marked.replace('|', ''), marked.indexOf('|'));

describe('Auto-close on `>`: the closing tag to insert after an opening tag just typed (before: nothing)', () => {
	it('closes components and HTML elements, attributes with > in strings and expressions read over', () => {
		assert.equal(at('# Title\n\n<Note>|'), '</Note>');
		assert.equal(at('<Steps>\n  <Step title="A > B">|\n</Steps>'), '</Step>');
		assert.equal(at('<Accordion title={a > b ? "x" : "y"}>|'), '</Accordion>');
		assert.equal(at('Some <div className="x">|'), '</div>');
		assert.equal(at('<Tabs.Tab>|'), '</Tabs.Tab>');
	});

	it('inserts nothing after />, a void element, a fragment, a closing tag or a > that ends no tag', () => {
		assert.equal(at('<Icon icon="x" />|'), undefined);
		assert.equal(at('Line<br>|'), undefined);
		assert.equal(at('<img src="/a.png">|'), undefined);
		assert.equal(at('<>|'), undefined);
		assert.equal(at('<Note>x</Note>|'), undefined);
		assert.equal(at('a => b >|'), undefined);
		assert.equal(at('<https://example.com>|'), undefined);
		assert.equal(at('> quote >|'), undefined);
	});

	it('inserts nothing in frontmatter, code fences, inline code or comments', () => {
		assert.equal(at('---\ntitle: <Card>|\n---\n'), undefined);
		assert.equal(at('```jsx\n<Card>|\n```\n'), undefined);
		assert.equal(at('~~~\n<Card>|'), undefined);
		assert.equal(at('Use `<Card>|` here'), undefined);
		assert.equal(at('{/* <Card>| */}'), undefined);
		assert.equal(at('<!-- <Card>| -->'), undefined);
		// After a closed fence and closed inline code, tags are tags again.
		assert.equal(at('```\n<x>\n```\n`<y>` <Card>|'), '</Card>');
		assert.equal(at('---\ntitle: A\n---\n<Card>|'), '</Card>');
	});

	it('inserts nothing when the element is closed right after already', () => {
		assert.equal(at('<Note>|</Note>'), undefined);
		assert.equal(at('<Note>|</Warning>'), '</Note>');
	});
});
