import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCache, fingerprint } from '../../../server/src/core/cache';

describe('DocumentCache', () => {
	it('computes once per text and again after an edit', () => {
		const cache = new DocumentCache<number>(10);
		let computed = 0;
		const compute = () => ++computed;
		const doc = TextDocument.create('file:///a.json', 'json', 1, '{}');
		assert.equal(cache.get(doc, compute), 1);
		assert.equal(cache.get(doc, compute), 1);
		TextDocument.update(doc, [{ text: '{"a":1}' }], 2);
		assert.equal(cache.get(doc, compute), 2);
	});

	it('without the text kept, still computes again after an in-place edit (a new version of the same document)', () => {
		const cache = new DocumentCache<number>(10, { keepText: false });
		let computed = 0;
		const compute = () => ++computed;
		const doc = TextDocument.create('file:///a.mdx', 'mdx', 1, '# A');
		assert.equal(cache.get(doc, compute), 1);
		assert.equal(cache.peek(doc), 1);
		TextDocument.update(doc, [{ text: '# B' }], 2);
		assert.equal(cache.peek(doc), undefined);
		assert.equal(cache.get(doc, compute), 2);
		// Another document object with the first text finds the first value's text no more (replaced), the second's yes.
		assert.equal(cache.peek(TextDocument.create('file:///a.mdx', 'mdx', 0, '# B')), 2);
	});

	it('drops the least recently used entry beyond its capacity', () => {
		const cache = new DocumentCache<string>(2);
		const docs = ['a', 'b', 'c'].map(n => TextDocument.create(`file:///${n}`, 'json', 1, n));
		let computed = 0;
		const compute = (d: TextDocument) => (computed++, d.uri);
		cache.get(docs[0], compute);
		cache.get(docs[1], compute);
		cache.get(docs[0], compute); // a is now the most recent
		cache.get(docs[2], compute); // evicts b
		assert.equal(computed, 3);
		cache.get(docs[0], compute);
		assert.equal(computed, 3);
		cache.get(docs[1], compute);
		assert.equal(computed, 4);
	});

	it('without keeping texts, tells texts apart by fingerprint: same text hits, any edit misses', () => {
		const cache = new DocumentCache<number>(10, { keepText: false });
		let computed = 0;
		const compute = () => ++computed;
		const text = '---\ntitle: A\n---\n\n# A\n'.repeat(50);
		assert.equal(cache.get(TextDocument.create('file:///a.mdx', 'mdx', 1, text), compute), 1);
		// A new string with the same content (read again from disk) is the same text.
		assert.equal(cache.get(TextDocument.create('file:///a.mdx', 'mdx', 0, (text + ' ').slice(0, -1)), compute), 1);
		assert.equal(cache.peek(TextDocument.create('file:///a.mdx', 'mdx', 0, text)), 1);
		// One character swapped, one appended, one changed: each is another text.
		assert.equal(cache.peek(TextDocument.create('file:///a.mdx', 'mdx', 0, 'A' + text.slice(1))), undefined);
		assert.equal(cache.get(TextDocument.create('file:///a.mdx', 'mdx', 2, text + '\n'), compute), 2);
		assert.notEqual(fingerprint('ab'), fingerprint('ba'));
		assert.notEqual(fingerprint(''), fingerprint('\0'));
		const seen = new Set<string>();
		for (let i = 0; i < 20_000; i++) seen.add(fingerprint(`guides/page-${i}`));
		assert.equal(seen.size, 20_000);
	});
});
