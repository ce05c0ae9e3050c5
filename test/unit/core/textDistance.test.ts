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
