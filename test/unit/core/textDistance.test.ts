import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { closestMatch, editDistance } from '../../../server/src/core/textDistance';

/** The textbook optimal-string-alignment distance, written plainly: the reference for the fast one. */
function referenceDistance(a: string, b: string): number {
	const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
		}
	}
	return d[a.length][b.length];
}

describe('text distance', () => {
	it('counts a swap of neighbours as one edit, also next to a shared prefix or suffix', () => {
		assert.equal(editDistance('pest', 'pets'), 1);
		assert.equal(editDistance('xxab', 'xxba'), 1);
		assert.equal(editDistance('abyy', 'bayy'), 1);
		assert.equal(editDistance('guides/setup', 'guides/setpu'), 1);
		assert.equal(editDistance('kitten', 'sitting'), 3);
		assert.equal(editDistance('', 'abc'), 3);
		assert.equal(editDistance('same', 'same'), 0);
	});

	it('equals the textbook distance, and a bounded call says "more than max" exactly when it is', () => {
		const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/', '-'), maxLength: 12 });
		fc.assert(
			fc.property(word, word, fc.integer({ min: 0, max: 6 }), (a, b, max) => {
				const expected = referenceDistance(a, b);
				assert.equal(editDistance(a, b), expected);
				assert.equal(editDistance(a, b, max), expected <= max ? expected : max + 1);
			}),
			{ seed: 4242, numRuns: 3000 },
		);
	});

	it('suggests the closest page, the earlier one on ties, and a moved page by its file name', () => {
		assert.equal(closestMatch('guides/setpu', ['guides/setup', 'guides/settle']), 'guides/setup');
		assert.equal(closestMatch('a/bc', ['a/bd', 'a/be']), 'a/bd');
		assert.equal(closestMatch('guides/install-sdk', ['guides/install-the-sdk']), 'guides/install-the-sdk');
		assert.equal(closestMatch('old/folder/authentication', ['api/authentication', 'guides/setup']), 'api/authentication');
		assert.equal(closestMatch('nothing-like-it', ['guides/setup']), undefined);
	});

	it('picks what a plain scan with the textbook distance picks (the pruning by length and characters changes nothing)', () => {
		const path = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', '/', '-', 'é'), minLength: 1, maxLength: 14 });
		fc.assert(
			fc.property(path, fc.array(path, { maxLength: 40 }), (value, candidates) => {
				const max = Math.max(1, Math.floor(value.length / 3));
				let expected: string | undefined;
				let best = max + 1;
				for (const c of candidates) {
					const d = referenceDistance(value.toLowerCase(), c.toLowerCase());
					if (d < best) [expected, best] = [c, d];
				}
				const actual = closestMatch(value, candidates);
				// Without a close one, the fallbacks (words, file name) may still answer.
				if (expected !== undefined) assert.equal(actual, expected);
				// Asked again with the same list (its prepared copy reused), the same answer.
				assert.equal(closestMatch(value, candidates), actual);
			}),
			{ seed: 77, numRuns: 3000 },
		);
	});

	it('on a list of over 5,000 pages picks what a plain scan of the documented steps picks (the indexes change nothing)', () => {
		// The steps written plainly: within the value's top two folders when any page is there, the
		// earliest closest within a third of its length, else a page holding every word, else its file name.
		const plain = (value: string, all: readonly string[]): string | undefined => {
			const lower = value.toLowerCase();
			const max = Math.max(1, Math.floor(value.length / 3));
			const scope = lower.split('/').slice(0, 2).join('/') + '/';
			let pool = all.map((c, i) => i);
			if (scope.length > 2 && lower.indexOf('/') !== lower.lastIndexOf('/')) {
				const scoped = pool.filter(i => all[i].toLowerCase().startsWith(scope));
				if (scoped.length) pool = scoped;
			}
			let best: string | undefined;
			let bestDistance = max + 1;
			// editDistance unbounded: the test above holds it equal to the textbook distance.
			for (const i of pool) {
				const d = editDistance(lower, all[i].toLowerCase());
				if (d < bestDistance) [best, bestDistance] = [all[i], d];
			}
			if (best !== undefined) return best;
			const words = lower.split(/[-/_. ]+/).filter(Boolean);
			if (words.length > 1)
				for (const i of pool)
					if (
						words.every(w =>
							all[i]
								.toLowerCase()
								.split(/[-/_. ]+/)
								.includes(w),
						)
					)
						return all[i];
			const name = value.split('/').pop()!;
			for (const i of pool) if (all[i] === name || all[i].endsWith('/' + name)) return all[i];
			return undefined;
		};
		const segment = fc.string({ unit: fc.constantFrom('a', 'b', 'C', '-'), minLength: 0, maxLength: 4 });
		const value = fc.array(segment, { minLength: 1, maxLength: 4 }).map(parts => parts.join('/'));
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.array(value, { minLength: 1, maxLength: 8 }), (seed, asked) => {
				// A site-like list: a few top folders, the same pages under each, some asked values among them.
				let state = seed;
				const next = (n: number) => (state = (state * 48271) % 2147483647) % n;
				const letters = ['a', 'b', 'c', 'C', '-', '/'];
				const pages: string[] = [];
				while (pages.length < 5_200) {
					const folder = `${['a', 'b', 'ab'][next(3)]}/${['a', 'b', 'c'][next(3)]}`;
					const name = Array.from({ length: 1 + next(6) }, () => letters[next(letters.length)]).join('');
					pages.push(next(10) === 0 ? name : `${folder}/${name}`);
				}
				for (const v of asked) if (next(3) === 0) pages.splice(next(pages.length), 0, v.replace(/x/g, 'y'));
				for (const v of asked) assert.equal(closestMatch(v, pages), plain(v, pages), `asked ${JSON.stringify(v)}`);
			}),
			{ seed: 2026, numRuns: 25 },
		);
	});

	it('on a site of 25,000 pages looks within the language and version of the entry, in milliseconds', () => {
		const pages: string[] = [];
		for (const language of ['en', 'fr', 'es', 'de'])
			for (let v = 1; v <= 100; v++) for (let p = 0; p < 62; p++) pages.push(`${language}/v${v}/guides/page-${p}`);
		// The same typo in another version is as close as the one in its own version: the own one wins.
		pages.unshift('en/v7x/guides/pgae-41');
		const started = performance.now();
		assert.equal(closestMatch('en/v7/guides/pgae-41', pages), 'en/v7/guides/page-41');
		assert.equal(closestMatch('en/v50/guides/page-12-x', pages), 'en/v50/guides/page-12');
		const elapsed = performance.now() - started;
		// Outside any language/version folder, every page is a candidate.
		assert.equal(closestMatch('xx/page-3', pages.concat('page-3')), 'page-3');
		assert.ok(elapsed < 1000, `two suggestions among ${pages.length} pages took ${elapsed.toFixed(0)} ms`);
	});
});
