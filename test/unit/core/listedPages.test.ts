import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { PageEntry } from '../../../server/src/core/docsConfig/navigation';
import { listedPages, listedStats, type ListedPagesDerivation } from '../../../server/src/core/features/listedPages';
import { sortPaths } from '../../../server/src/core/features/pageCandidates';

/** Page paths, some in mixed case, some of them pages of the site. */
const universe = Array.from({ length: 3000 }, (_, i) => `${['v1', 'v2', 'Guides'][i % 3]}/${i % 7 === 0 ? 'Page' : 'page'}-${i}`);
const all = sortPaths(universe.filter((_, i) => i % 5 !== 0));

/** The ways an entry names a page (or none: an OpenAPI reference), as pagePathOf reads them. */
const spelling = fc
	.tuple(fc.integer({ min: 0, max: universe.length - 1 }), fc.constantFrom('', '/', '.mdx', 'GET '))
	.map(([i, how]) => (how === '/' ? `/${universe[i]}` : how === '.mdx' ? `${universe[i]}.mdx` : how === 'GET ' ? `GET /${universe[i]}` : universe[i]));

type Step =
	| { kind: 'replace'; at: number; value: string }
	| { kind: 'insert'; at: number; values: string[] }
	| { kind: 'delete'; at: number; count: number }
	| { kind: 'undo' };

const step: fc.Arbitrary<Step> = fc.oneof(
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: spelling }) },
	// Up to 300 entries at once: a paste past what is derived (256) is counted in full.
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), values: fc.array(spelling, { maxLength: 300 }) }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 40 }) }) },
	{ weight: 1, arbitrary: fc.constant({ kind: 'undo' as const }) },
);

const entriesOf = (values: readonly string[]) => values.map(value => ({ value }) as PageEntry);

function assertSameAsCounted(derived: ListedPagesDerivation, values: readonly string[], what: string) {
	const counted = listedPages(entriesOf(values), all, undefined);
	assert.deepEqual(derived.unlisted, counted.unlisted, `${what}: the unlisted pages`);
	for (const path of universe) assert.equal(derived.listed.has(path), counted.listed.has(path), `${what}: whether ${path} is listed`);
}

describe('pages a navigation lists, derived from the last navigation of the same page set', () => {
	it('equals a full count after every step of random editing sessions', () => {
		listedStats.derived = 0;
		fc.assert(
			fc.property(fc.array(spelling, { minLength: 1, maxLength: 400 }), fc.array(step, { minLength: 1, maxLength: 80 }), (start, steps) => {
				let values = start;
				const history: string[][] = [];
				let last = listedPages(entriesOf(values), all, undefined);
				for (const [i, s] of steps.entries()) {
					const at = values.length ? ('at' in s ? s.at % values.length : 0) : 0;
					const next =
						s.kind === 'replace'
							? values.map((v, k) => (k === at ? s.value : v))
							: s.kind === 'insert'
								? [...values.slice(0, at), ...s.values, ...values.slice(at)]
								: s.kind === 'delete'
									? [...values.slice(0, at), ...values.slice(at + s.count)]
									: history.pop();
					if (!next) continue;
					if (s.kind !== 'undo') history.push(values);
					values = next;
					// Each answer from the last one, as completion does across keystrokes.
					last = listedPages(entriesOf(values), all, last);
					assertSameAsCounted(last, values, `step ${i} (${s.kind})`);
				}
			}),
			{ numRuns: 60, seed: 32 },
		);
		assert.ok(listedStats.derived > 200, `derived ${listedStats.derived} times`);
	});

	it('derives a keystroke from the last answer, and keeps it right past the delta it folds back into a whole count', () => {
		let values = universe.slice(0, 2000);
		let last = listedPages(entriesOf(values), all, undefined);
		const counted = listedStats.counted;
		// 700 keystrokes, each renaming one entry to a path listed nowhere else: the changes pile up past 512 paths.
		for (let i = 0; i < 700; i++) {
			values = values.map((v, k) => (k === i ? universe[2000 + (i % 1000)] : v));
			last = listedPages(entriesOf(values), all, last);
		}
		assert.equal(listedStats.counted, counted, 'no keystroke was counted in full');
		assertSameAsCounted(last, values, 'after 700 keystrokes');
	});
});
