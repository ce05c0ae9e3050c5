import * as assert from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { bytesDocument, LazyDocument } from '../../../server/src/node/runtime/lazyDocument';

describe('a page decoded when its text is asked for', () => {
	it('answers as the document decoded at once would, invalid UTF-8, a BOM and CRLF included', () => {
		for (const bytes of [
			Buffer.from('---\ntitle: Café\n---\n# 日本語 😀\r\nline'),
			Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0x0a, 0xc3, 0x28, 0x62, 0xe2, 0x82, 0x0a, 0xf0, 0x9f]),
			Buffer.alloc(0),
		]) {
			const lazy = bytesDocument('file:///a.mdx', 'mdx', bytes);
			const eager = TextDocument.create('file:///a.mdx', 'mdx', 0, bytes.toString('utf8'));
			assert.strictEqual(lazy.getText(), eager.getText());
			assert.strictEqual(lazy.lineCount, eager.lineCount);
			assert.deepStrictEqual(lazy.positionAt(7), eager.positionAt(7));
			assert.strictEqual(lazy.offsetAt({ line: 1, character: 2 }), eager.offsetAt({ line: 1, character: 2 }));
			assert.strictEqual(
				lazy.getText({ start: { line: 0, character: 1 }, end: { line: 1, character: 1 } }),
				eager.getText({ start: { line: 0, character: 1 }, end: { line: 1, character: 1 } }),
			);
			assert.strictEqual(lazy.version, 0);
			assert.strictEqual(lazy.languageId, 'mdx');
		}
	});
	it('loads once, on first use, and not before', () => {
		let loads = 0;
		const lazy = new LazyDocument('file:///b.mdx', 'mdx', () => (loads++, TextDocument.create('file:///b.mdx', 'mdx', 0, 'a\nb')));
		assert.strictEqual(lazy.uri, 'file:///b.mdx');
		assert.strictEqual(loads, 0);
		assert.strictEqual(lazy.lineCount, 2);
		assert.strictEqual(lazy.getText(), 'a\nb');
		assert.strictEqual(loads, 1);
	});
});
