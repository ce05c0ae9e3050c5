import * as assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { SharedValues } from '../../../server/src/core/site/sharedValues';
import { SummaryStore } from '../../../server/src/core/site/summaryStore';

describe('positions, ranges and strings shared between page summaries', () => {
	it('replaces equal positions by one object, and leaves everything else as it was', () => {
		const shared = new SharedValues();
		const first = { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 9 } }, list: [{ line: 3, character: 0 }] };
		const second = {
			headings: [{ text: 'A', range: { start: { line: 3, character: 0 }, end: { line: 4, character: 1 } } }],
			// Not positions: a third key, a fraction, a negative line, a Set, a class instance.
			other: { line: 3, character: 0, extra: true },
			fraction: { line: 3, character: 0.5 },
			negative: { line: -1, character: 0 },
			set: new Set([{ line: 3, character: 0 }]),
		};
		const before = JSON.stringify({ first, second: { ...second, set: [...second.set] } });
		shared.share(first);
		shared.share(second);
		assert.equal(JSON.stringify({ first, second: { ...second, set: [...second.set] } }), before, 'the same values');
		assert.equal(second.headings[0].range.start, first.range.start);
		assert.equal(first.list[0], first.range.start);
		assert.notEqual(second.headings[0].range.end, first.range.end);
		assert.notEqual(second.headings[0].range, first.range, 'ranges of other positions are not shared');
		assert.notEqual(second.other, first.range.start);
		assert.notEqual([...second.set][0], first.range.start, 'what a Set holds is not walked');
		assert.equal(shared.size, 3);
		assert.equal(shared.ranges, 2);
	});

	it('keeps positions as they are once its table is full', () => {
		const shared = new SharedValues(2);
		const a = shared.share([
			{ line: 1, character: 1 },
			{ line: 2, character: 2 },
			{ line: 3, character: 3 },
		]);
		const b = shared.share([
			{ line: 1, character: 1 },
			{ line: 2, character: 2 },
			{ line: 3, character: 3 },
		]);
		assert.equal(a[0], b[0]);
		assert.equal(a[1], b[1]);
		assert.notEqual(a[2], b[2]);
		assert.equal(shared.size, 2);
	});

	it('makes the summaries of two pages hold one object per equal position', () => {
		const store = new SummaryStore();
		const page = (name: string, text: string) => TextDocument.create(`file:///site/${name}.mdx`, 'mdx', 1, text);
		const a = store.get(page('a', '# Install\n\nSee [setup](/setup).\n\n## Next\n'), summarizePage);
		const b = store.get(page('b', '# Usage\n\nRead [the guide](/guide).\n\n## Next\n'), summarizePage);
		const startsA = a.headings.map(h => h.range.start);
		const startsB = b.headings.map(h => h.range.start);
		assert.deepEqual(startsA, startsB);
		startsA.forEach((start, i) => assert.equal(start, startsB[i], `heading ${i} starts at the same object`));
	});

	it('replaces equal ranges by one object, not objects that only hold a start and an end', () => {
		const shared = new SharedValues();
		const range = () => ({ start: { line: 2, character: 4 }, end: { line: 2, character: 9 } });
		const a = shared.share({ range: range(), list: [range()] });
		const b = shared.share({ headings: [{ text: 'x', range: range() }] });
		assert.equal(a.list[0], a.range);
		assert.equal(b.headings[0].range, a.range);
		assert.deepEqual(a.range, range());
		// A start and an end that are not positions, or a third key: left as they are.
		const notRanges = shared.share([
			{ start: 2, end: 9 },
			{ start: { line: 2, character: 4 }, end: { line: 2, character: 9 }, extra: 1 },
		]);
		assert.notEqual(notRanges[1], a.range);
		assert.equal(notRanges[1].start, a.range.start, 'its positions are still shared');
		assert.equal(shared.ranges, 1);
	});

	it('holds one string per short text: equal strings of many summaries take the memory of one', () => {
		// Strings cannot be told apart by identity in JavaScript: what sharing them saves is measured on the heap.
		const gc = collector();
		// Each string made anew, as a summary copied from a worker thread holds them.
		const fresh = (i: number) => ['label-', 'Update-', String(i % 50).padStart(40, '0')].join('');
		const summaries = (count: number) => Array.from({ length: count }, (_, i) => ({ elements: [{ name: fresh(i), props: [{ name: fresh(i + 1) }] }] }));
		const heapAfter = (make: () => unknown) => {
			gc();
			const before = process.memoryUsage().heapUsed;
			const kept = make();
			gc();
			const used = process.memoryUsage().heapUsed - before;
			assert.ok(kept);
			return used;
		};
		const shared = new SharedValues();
		const plain = heapAfter(() => summaries(40_000));
		const sharing = heapAfter(() => summaries(40_000).map(summary => shared.share(summary)));
		// 80,000 strings of 53 characters (~5 MB) against 50 of them: the same objects otherwise.
		assert.ok(plain - sharing > 3 * 2 ** 20, `plain ${plain} bytes, shared ${sharing} bytes`);
		assert.equal(shared.strings, 50);
		assert.equal(shared.string(fresh(7)), fresh(7));
		assert.equal(shared.string('x'.repeat(300)).length, 300, 'a long string is answered as it is');
	});

	it('keeps strings as they are once its string table is full', () => {
		const shared = new SharedValues(10, 2);
		shared.share(['a', 'b', 'c']);
		assert.equal(shared.strings, 2);
	});
});

/** V8's full collection, which node exposes only with --expose-gc (set here, then taken from a fresh context). */
function collector(): () => void {
	setFlagsFromString('--expose-gc');
	return runInNewContext('gc') as () => void;
}
