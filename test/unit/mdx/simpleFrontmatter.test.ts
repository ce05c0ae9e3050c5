import * as assert from 'node:assert';
import { parseDocument } from 'yaml';
import { readFrontmatter, simpleFrontmatter } from '../../../server/src/core/mdx/frontmatter';

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

/** What the YAML reader makes of the text, as readFrontmatter's slow path reads it. */
function reference(yaml: string): { data: unknown; errors: number } {
	const doc = parseDocument(yaml, { prettyErrors: false, uniqueKeys: false, logLevel: 'error' });
	return { data: doc.toJS({ maxAliasCount: 100 }), errors: doc.errors.length };
}

describe('simple frontmatter', () => {
	it('gives what the YAML reader gives on every text it accepts', () => {
		const next = random(52);
		const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
		const keys = ['title', 'description', 'icon', 'sidebarTitle', 'mode', 'x-y', 'a_b', 'true', 'Null', 'title', '1a', 'on', 'openapi'];
		const pieces = [
			'a',
			'Z',
			' ',
			'  ',
			':',
			': ',
			'#',
			' #',
			'"',
			"'",
			'\\',
			'-',
			'---',
			'[',
			']',
			'{',
			'}',
			',',
			'&',
			'*',
			'!',
			'|',
			'>',
			'%',
			'@',
			'`',
			'é',
			'日',
			'😀',
			'\t',
			'\u2028',
			'\uFEFF',
			'1',
			'.',
			'?',
		];
		const values = () => {
			let v = '';
			const length = Math.floor(next() * 6);
			for (let i = 0; i < length; i++) v += pick(pieces);
			const style = next();
			if (style < 0.25) return `"${v}"`;
			if (style < 0.4) return `'${v}'`;
			if (style < 0.5) return pick(['true', 'null', 'False', 'FALSE', 'yes', 'x', '', '3', '0', '07', '-1', '1.5', '123456789', '1234567890', '0x1', '.inf']);
			// Flow sequences: quoted items, spacing, empty, trailing comma, plain items.
			if (style < 0.65)
				return `[${pick(['', ' '])}${Array.from({ length: Math.floor(next() * 3) }, () => pick([`"${v}"`, `'${v}'`, 'a', '"b"'])).join(pick([', ', ',', ' , ']))}${pick(['', ' ', ','])}]`;
			return `${pick(['A', 'b', '/', '1', '-', '"', ''])}${v}`;
		};
		let accepted = 0;
		for (let run = 0; run < 20_000; run++) {
			const lines: string[] = [];
			const count = 1 + Math.floor(next() * 4);
			for (let i = 0; i < count; i++) {
				const shape = next();
				lines.push(
					shape < 0.85 ? `${pick(keys)}:${pick([' ', ' ', '  ', ''])}${values()}` : shape < 0.92 ? '' : pick(['  more', '- item', '# note', 'key:', ' ']),
				);
			}
			const yaml = lines.join('\n') + '\n';
			const fast = simpleFrontmatter(yaml);
			if (fast === undefined) continue;
			accepted++;
			const slow = reference(yaml);
			assert.strictEqual(slow.errors, 0, JSON.stringify(yaml));
			assert.deepStrictEqual(fast, slow.data, JSON.stringify(yaml));
			assert.deepStrictEqual(Object.keys(fast), Object.keys(slow.data as object), `key order ${JSON.stringify(yaml)}`);
		}
		assert.ok(accepted > 1_000, `only ${accepted} texts took the fast path`);
	});

	it('declines what it does not read as the YAML reader would', () => {
		for (const yaml of [
			'title: a: b\n',
			'title: a #b\n',
			'title: "a\\"b"\n',
			"title: 'it''s'\n",
			'title: null\n',
			'title: x\ntitle: y\n',
			'title: x\n  continued\n',
			'title: x',
			'title:\n',
			'tags: [a, b]\n',
			"tags: ['a', 'b',]\n",
			'boost: 07\n',
		])
			assert.strictEqual(simpleFrontmatter(yaml), undefined, yaml);
		assert.deepStrictEqual(readFrontmatter('---\ntitle: "Café: ok"\nicon: rocket\n---\n# x'), {
			data: { title: 'Café: ok', icon: 'rocket' },
			start: 4,
			end: 35,
			errors: [],
		});
	});
});
