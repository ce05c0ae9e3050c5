import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { closingTagCompletion, openElements } from '../../../server/src/core/features/closingTag';

const doc = (text: string) => TextDocument.create('file:///ws/index.mdx', 'mdx', 0, text);
const range = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });

describe('Closing tags: `</` closes the innermost open element (before: nothing)', () => {
	it('closes the innermost open element, replacing what was typed of the name', () => {
		const text = '<Steps>\n<Step title="A > B">\nText <Icon icon="x" /> and <br>\n</St';
		const list = closingTagCompletion(doc(text), { line: 3, character: 4 })!;
		assert.deepEqual(
			list.items.map(i => [i.label, i.textEdit]),
			[['</Step>', { range: range(3, 0, 4), newText: '</Step>' }]],
		);
	});

	it('skips elements already closed, code fences, inline code, comments and frontmatter', () => {
		const text = [
			'---',
			'title: <Card>',
			'---',
			'<Tabs>',
			'<Tab title="One">',
			'```jsx',
			'<Note>',
			'```',
			'`<Warning>` {/* <Info> */} <!-- <Tip> -->',
			'</Tab>',
			'<Accordion title={a > b ? "x" : "y"}>',
			'</Accordion>',
			'</',
		].join('\n');
		assert.deepEqual(openElements(text, text.length - 2), ['Tabs']);
		assert.deepEqual(closingTagCompletion(doc(text), { line: 12, character: 2 })!.items[0]!.textEdit, { range: range(12, 0, 2), newText: '</Tabs>' });
	});

	it('replaces a `>` the editor already inserted, closes fragments, offers nothing when all is closed', () => {
		assert.deepEqual(closingTagCompletion(doc('<Note>\n</>'), { line: 1, character: 2 })!.items[0]!.textEdit, { range: range(1, 0, 3), newText: '</Note>' });
		assert.equal(closingTagCompletion(doc('<>\na < b\n</'), { line: 2, character: 2 })!.items[0]!.label, '</>');
		assert.equal(closingTagCompletion(doc('<Note>x</Note>\n</'), { line: 1, character: 2 }), undefined);
	});
});
