import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeFenceCompletion, codeFenceHover } from '../../../server/src/core/features/codeFenceFeatures';

const doc = (text: string) => TextDocument.create('file:///ws/index.mdx', 'mdx', 0, text);
const range = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });

describe('Code fences: languages and meta complete and explain themselves (before: nothing)', () => {
	it("completes the highlighter's languages right after the backticks", () => {
		const list = codeFenceCompletion(doc('Text\n\n```ty\n'), { line: 2, character: 5 })!;
		const typescript = list.items.find(i => i.label === 'typescript')!;
		assert.deepEqual(typescript.textEdit, { range: range(2, 3, 5), newText: 'typescript' });
		assert.ok(list.items.some(i => i.label === 'mermaid') && list.items.some(i => i.label === 'js'));
	});

	it('completes the meta parts not written yet, in the order mint format writes them', () => {
		const list = codeFenceCompletion(doc('```js wrap \n```\n'), { line: 0, character: 11 })!;
		const sorted = [...list.items].sort((a, b) => a.sortText!.localeCompare(b.sortText!));
		assert.deepEqual(
			sorted.map(i => i.label),
			['title', 'expandable', 'highlight', 'icon', 'lines', 'focus', 'twoslash', 'nocopy'],
		);
		assert.deepEqual(list.items.find(i => i.label === 'highlight')!.textEdit, { range: range(0, 11, 11), newText: 'highlight={${1:1}}' });
		const typed = codeFenceCompletion(doc('```js {1} foc\n```\n'), { line: 0, character: 13 })!;
		assert.ok(!typed.items.some(i => i.label === 'highlight'));
		assert.deepEqual(typed.items.find(i => i.label === 'focus')!.textEdit, { range: range(0, 10, 13), newText: 'focus={${1:1}}' });
	});

	it('offers nothing on a closing fence or outside fences', () => {
		assert.equal(codeFenceCompletion(doc('```js\nconst a = 1;\n```\n'), { line: 2, character: 3 }), undefined);
		assert.equal(codeFenceCompletion(doc('```js\n```\n\nText'), { line: 3, character: 4 }), undefined);
		// The fence after a closed block opens a new one.
		assert.ok(codeFenceCompletion(doc('```js\n```\n\n```py '), { line: 3, character: 6 }));
	});

	it('explains a meta word on hover, a bare line range as highlight', () => {
		const hover = codeFenceHover(doc('```js Example {1,3} wrap\n```\n'), { line: 0, character: 16 })!;
		assert.deepEqual(hover.range, range(0, 14, 19));
		assert.equal(
			(hover.contents as { value: string }).value,
			'**highlight** — Highlight lines: `highlight={1,3-5}` (`{1,3-5}` alone means the same).\n\n[Code blocks in the platform docs](https://mintlify.com/docs/create/code)',
		);
		assert.deepEqual(codeFenceHover(doc('```js Example {1,3} wrap\n```\n'), { line: 0, character: 21 })!.range, range(0, 20, 24));
		assert.equal(codeFenceHover(doc('```js Example\n```\n'), { line: 0, character: 8 }), undefined);
	});
});
