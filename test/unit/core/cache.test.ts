import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCache } from '../../../server/src/core/cache';

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
});
