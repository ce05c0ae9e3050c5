import * as assert from 'node:assert';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTransliterate, type Replacement } from '../../../server/src/core/mdx/transliterateFast';

/** A small deterministic generator (mulberry32), so a failure names the text that broke. */
function random(seed: number): () => number {
	return () => {
		seed |= 0;
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

type Transliterate = (text: string, options?: { customReplacements?: Iterable<Replacement> }) => string;

describe('transliterate without a regular expression per replacement', function () {
	// The library runs ~1,900 regular expressions a call: thousands of calls take a while on a busy machine.
	this.timeout(300_000);
	let library: Transliterate;
	let builtin: Replacement[];
	before(async () => {
		// The package exports index.js only; its table is read from the file beside it (as the bundles do).
		const folder = path.join(__dirname, '../../../node_modules/@sindresorhus/transliterate');
		library = ((await import(pathToFileURL(path.join(folder, 'index.js')).href)) as { default: Transliterate }).default;
		builtin = ((await import(pathToFileURL(path.join(folder, 'replacements.js')).href)) as { default: Replacement[] }).default;
	});

	it('gives the library’s result for every key alone and in text, with slugify’s replacements', () => {
		const fast = createTransliterate(builtin);
		const slugifys = new Map<string, string>([
			['&', ' and '],
			['🦄', ' unicorn '],
			['♥', ' love '],
		]);
		for (const [key] of builtin) {
			for (const text of [key, `a${key}b ${key}`, `Ä${key}-${key.toUpperCase()}`])
				assert.strictEqual(fast(text, { customReplacements: slugifys }), library(text, { customReplacements: slugifys }), JSON.stringify(text));
		}
	});

	it('gives the library’s result on random text and random caller replacements', () => {
		const fast = createTransliterate(builtin);
		const next = random(52);
		const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
		const keys = builtin.map(([key]) => key);
		const ascii = ['a', 'Z', ' ', '-', '&', '$', '1', '.', 'ae', 'ss'];
		const other = ['é', 'É', 'ß', 'æ', '中', '’', '—', '🦄', '♥', '\u0301', 'e\u0301', '😀', '\uD800', 'ﬁ'];
		const customs: (readonly Replacement[])[] = [
			[],
			[['&', ' and ']],
			// A caller's key that a built-in value brings in (ä → ae), one replacing a built-in value, one written twice, `$` patterns.
			[
				['ae', 'X'],
				['ä', 'AE!'],
				['&', '$&$&'],
				['&', ' und '],
			],
			// A value outside ASCII: the library's full path.
			[
				['a', 'é'],
				['ß', 'ẞ'],
			],
		];
		for (let run = 0; run < 4_000; run++) {
			let text = '';
			const length = 1 + Math.floor(next() * 8);
			for (let i = 0; i < length; i++) {
				const r = next();
				text += r < 0.4 ? pick(keys) : r < 0.7 ? pick(ascii) : pick(other);
			}
			const custom = pick(customs);
			assert.strictEqual(
				fast(text, { customReplacements: custom }),
				library(text, { customReplacements: custom }),
				`${JSON.stringify(text)} ${JSON.stringify(custom)}`,
			);
		}
	});

	it('keeps the library’s place and value for a key its table holds twice, and its type error', () => {
		const table: Replacement[] = [
			['ä', 'a1'],
			['ö', 'o'],
			['ä', 'a2'],
		];
		assert.strictEqual(createTransliterate(table)('äö'), 'a2o');
		assert.throws(() => createTransliterate(builtin)(5 as unknown as string), /Expected a string, got `number`/);
	});
});
