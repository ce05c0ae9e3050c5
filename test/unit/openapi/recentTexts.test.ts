import * as assert from 'node:assert/strict';
import { RecentTexts } from '../../../server/src/core/openapi/recentTexts';

describe('RecentTexts: what is kept per text read', () => {
	it('keeps the last texts up to the count, oldest out first', () => {
		const recent = new RecentTexts<number>(3, 1_000);
		for (const [i, text] of ['a', 'b', 'c', 'd'].entries()) recent.set(text, i);
		assert.deepEqual(
			['a', 'b', 'c', 'd'].map(t => recent.get(t)),
			[undefined, 1, 2, 3],
		);
		assert.equal(recent.size, 3);
	});

	it('keeps no more characters than its limit: the versions of a large document being edited do not pile up', () => {
		const recent = new RecentTexts<number>(32, 100);
		for (let i = 0; i < 10; i++) recent.set(`${i}`.padEnd(40, 'x'), i);
		assert.equal(recent.size, 2);
		assert.equal(recent.characters, 80);
		assert.equal(recent.get('9'.padEnd(40, 'x')), 9);
	});

	it('always keeps the newest text, even one over the limit alone', () => {
		const recent = new RecentTexts<string>(32, 10);
		recent.set('small', 's');
		recent.set('a text longer than the limit', 'l');
		assert.deepEqual([recent.size, recent.get('a text longer than the limit'), recent.get('small')], [1, 'l', undefined]);
	});

	it('counts a text set again once', () => {
		const recent = new RecentTexts<number>(32, 100);
		recent.set('abc', 1);
		recent.set('abc', 2);
		assert.deepEqual([recent.size, recent.characters, recent.get('abc')], [1, 3, 2]);
	});
});
