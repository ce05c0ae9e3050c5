import * as assert from 'node:assert/strict';
import { EditMap } from 'micromark-util-edit-map';
import { linearConsume, originalConsume } from '../../../server/src/core/mdx/linearEditMap';
import { parseMdx } from '../../../server/src/core/mdx/mdxParser';

type Consume = typeof linearConsume;
const prototype = EditMap.prototype as unknown as { consume: Consume };

/** Runs `body` with `consume` in place of the installed one, then puts the installed one back. */
function withConsume<T>(consume: Consume, body: () => T): T {
	const installed = prototype.consume;
	prototype.consume = consume;
	try {
		return body();
	} finally {
		prototype.consume = installed;
	}
}

/** A small deterministic generator (mulberry32): the same pages on every run. */
function random(seed: number) {
	let a = seed;
	return (n: number) => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
	};
}

/** The line shapes that make micromark edit its events: container exits, lazy lines, line suffixes, setext, tables, JSX. */
const lineShapes = [
	'- > x',
	'> - x',
	'> > - 1. y',
	'- a',
	'  - b',
	'lazy text',
	'',
	'> quote',
	'trailing  ',
	'tab\t',
	'Title',
	'===',
	'---',
	'| a | b |',
	'| - | - |',
	'* [x] done',
	'1) one',
	'<Note>note</Note>',
	'<Icon icon="x" />',
	'{1 + 1}',
	'```js',
	'code',
	'```',
	'[link](/a) *em* **strong**',
	'    indented',
];

function page(seed: number, lines: number): string {
	const pick = random(seed);
	return Array.from({ length: lines }, () => lineShapes[pick(lineShapes.length)]).join('\n') + '\n';
}

/** Issue 51: micromark's EditMap.consume copied every earlier event per container exit (quadratic); ours must give the same events. */
describe('linear EditMap.consume', function () {
	this.timeout(120_000);

	it('is installed by the MDX parser', () => {
		assert.equal(prototype.consume, linearConsume);
		assert.notEqual(originalConsume, linearConsume);
	});

	it('leaves the same list as the package for random edits: overlapping removals, adds at the end, addBefore, ranges outside the list', () => {
		const pick = random(51);
		for (let round = 0; round < 3000; round++) {
			const length = pick(30);
			const events = Array.from({ length }, (_, i) => `e${i}`);
			const edits = Array.from({ length: pick(6) }, () => ({
				// Now and then past the end (the package pads with holes there; ours defers to it).
				at: pick(round % 50 === 0 ? length + 4 : length + 1),
				remove: pick(5),
				add: Array.from({ length: pick(4) }, (_, i) => `a${round}.${i}`),
				before: pick(2) === 1,
			}));
			const apply = (consume: Consume) => {
				const map = new EditMap();
				for (const { at, remove, add, before } of edits) (before ? map.addBefore : map.add).call(map, at, remove, add.slice() as never);
				const list = events.slice();
				withConsume(consume, () => map.consume(list as never));
				return list;
			};
			assert.deepStrictEqual(apply(linearConsume), apply(originalConsume), JSON.stringify({ length, edits }));
		}
	});

	it('gives the same trees as the package on generated pages with many edits, positions included', () => {
		for (let seed = 1; seed <= 60; seed++) {
			const text = page(seed, 20 + seed * 10);
			const expected = withConsume(originalConsume, () => parseMdx(text, true));
			const actual = withConsume(linearConsume, () => parseMdx(text, true));
			assert.ok(expected.tree, `seed ${seed}: ${expected.error?.message}`);
			assert.deepStrictEqual(actual, expected, `seed ${seed}`);
			// As Markdown too (`.md` pages: no MDX constructs).
			assert.deepStrictEqual(
				withConsume(linearConsume, () => parseMdx(text, false)),
				withConsume(originalConsume, () => parseMdx(text, false)),
				`seed ${seed} (md)`,
			);
		}
	});

	it('moves only what follows the first edit: linear in the page where the package is quadratic', () => {
		const text = '- > x\n'.repeat(2000);
		let calls = 0;
		let whole = 0;
		let tail = 0;
		const counting = function (this: EditMap, events: unknown[]) {
			const map = (this as unknown as { map: [number][] }).map;
			if (map.length > 0) {
				calls++;
				whole += events.length;
				tail += events.length - Math.min(...map.map(change => change[0]));
			}
			return linearConsume.call(this, events);
		};
		const counted = withConsume(counting, () => parseMdx(text, true));
		assert.deepStrictEqual(counted, parseMdx(text, true));
		// One edit per line, each a few events from the end: the package copies `whole` events, ours `tail`.
		assert.ok(calls >= 1999, `${calls} edits`);
		assert.ok(tail < 10 * calls, `tail ${tail} over ${calls} edits`);
		assert.ok(whole > 1000 * calls, `whole ${whole} over ${calls} edits`);
	});
});
