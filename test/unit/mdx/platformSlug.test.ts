import * as assert from 'node:assert';
import slugify from '@sindresorhus/slugify';
import { HeadingSlugger, headingSlug, plainAsciiSlug } from '../../../server/src/core/mdx/platformSlug';

/** A small deterministic generator (mulberry32), so a failure names the string that broke. */
function random(seed: number): () => number {
	return () => {
		seed |= 0;
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

describe('platform heading ids', () => {
	it('the ASCII fast path equals the library on every string it accepts', function () {
		// The library builds hundreds of regular expressions per call: 24,000 calls take a minute or more on a busy 2-core machine.
		this.timeout(300_000);
		const next = random(42);
		// Characters that matter to slugify: separators, `_`, digits, case (decamelize: `APIs`, `onError`, `ID2`), contractions (`-s`, `-t`), backslashes, percent-escapes.
		const alphabet = [
			'a',
			'b',
			's',
			'S',
			't',
			'T',
			'Z',
			'A',
			'P',
			'I',
			'0',
			'9',
			'-',
			'-',
			'_',
			' ',
			'.',
			'%',
			'2',
			'\\',
			'/',
			'(',
			')',
			'!',
			'&',
			'^',
			'`',
			'~',
			'=',
			'é',
		];
		let accepted = 0;
		for (let i = 0; i < 8_000; i++) {
			const length = 1 + Math.floor(next() * 14);
			let text = '';
			for (let j = 0; j < length; j++) text += alphabet[Math.floor(next() * alphabet.length)];
			const fast = plainAsciiSlug(text);
			if (fast === undefined) continue;
			accepted++;
			assert.strictEqual(fast, slugify(text, { decamelize: false, preserveCharacters: ['_'] }), JSON.stringify(text));
			// The variants heading ids with percent-escapes and component titles use.
			assert.strictEqual(
				plainAsciiSlug(text, { lowercase: false, keepPercent: true }),
				slugify(text, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false }),
				`escaped ${JSON.stringify(text)}`,
			);
			assert.strictEqual(plainAsciiSlug(text, { keepUnderscore: false }), slugify(text, { decamelize: false }), `title ${JSON.stringify(text)}`);
			// Parameter field ids (`param-onError` → `param-on-error`): the library's default decamelize.
			assert.strictEqual(
				plainAsciiSlug(text, { keepUnderscore: false, decamelize: true }),
				slugify(text, { decamelize: true, separator: '-' }),
				`param ${JSON.stringify(text)}`,
			);
		}
		assert.ok(accepted > 2_000, `only ${accepted} strings took the fast path`);
	});

	it('declines text the library transliterates', () => {
		for (const text of ['a&b', 'a^b', 'a`b', 'café']) assert.strictEqual(plainAsciiSlug(text), undefined, text);
	});

	it('numbers repeated ids from -2 as slugifyWithCounter does (a title `x-2` counts as it is)', () => {
		const slugger = new HeadingSlugger();
		assert.deepStrictEqual(
			['Setup', 'Setup', 'Setup-2', 'Setup', 'a-2', 'a', 'a', 'a'].map(t => slugger.slug(t)),
			['setup', 'setup-2', 'setup-2', 'setup-3', 'a-2', 'a', 'a-2', 'a-3'],
		);
	});

	it('numbers like the library over random title sequences', async () => {
		const { slugifyWithCounter } = await import('@sindresorhus/slugify');
		const next = random(7);
		const titles = ['a', 'a-2', 'a-3', 'b', 'A', 'a-2-2', 'b-1', 'x y'];
		for (let run = 0; run < 300; run++) {
			const reference = slugifyWithCounter();
			const slugger = new HeadingSlugger();
			for (let i = 0; i < 12; i++) {
				const title = titles[Math.floor(next() * titles.length)];
				assert.strictEqual(
					slugger.slug(title),
					reference(title.toLowerCase().replace(/\s+/g, '-'), { decamelize: false, preserveCharacters: ['_'] }),
					`${run}: ${title}`,
				);
			}
		}
	});

	it('keeps accents, CJK and `&` as the platform renders them', () => {
		assert.strictEqual(headingSlug('Using foo_bar v1.2'), 'using-foo_bar-v1-2');
		assert.strictEqual(headingSlug('Café & Crème'), 'café-&-crème');
		assert.strictEqual(headingSlug('日本語'), '日本語');
		assert.strictEqual(headingSlug("What's new?"), 'whats-new');
	});
});
