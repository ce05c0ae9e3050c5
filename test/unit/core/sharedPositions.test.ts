import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { SharedPositions } from '../../../server/src/core/site/sharedPositions';
import { SummaryStore } from '../../../server/src/core/site/summaryStore';

describe('positions shared between page summaries', () => {
	it('replaces equal positions by one object, and leaves everything else as it was', () => {
		const shared = new SharedPositions();
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
		assert.notEqual(second.other, first.range.start);
		assert.notEqual([...second.set][0], first.range.start, 'what a Set holds is not walked');
		assert.equal(shared.size, 3);
	});

	it('keeps positions as they are once its table is full', () => {
		const shared = new SharedPositions(2);
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
});
