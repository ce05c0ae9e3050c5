import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { textsMention } from '../../../server/src/core/docsConfig/textMentions';

describe('textsMention (a word in configuration texts, searched again only where an edit changed them)', () => {
	it('answers as a search of the whole text after every edit of random editing sessions (fast-check, seeded)', () => {
		const piece = fc.constantFrom('openapi', 'open', 'api', 'o', 'i', '"', ' ', '\\', 'u', '\\u', 'x', 'penap', '{"openapi": 1}');
		const step = fc.record({ at: fc.nat(), remove: fc.integer({ min: 0, max: 9 }), insert: fc.array(piece, { maxLength: 3 }).map(parts => parts.join('')) });
		let found = 0;
		fc.assert(
			fc.property(fc.array(piece, { maxLength: 40 }), fc.array(step, { minLength: 1, maxLength: 12 }), (start, steps) => {
				let text = `{"name": "${start.join('')}"}`;
				for (const s of steps) {
					const at = s.at % (text.length + 1);
					text = text.slice(0, at) + s.insert + text.slice(Math.min(text.length, at + s.remove));
					const expected = text.includes('openapi') || text.includes('\\u');
					if (expected) found++;
					assert.equal(textsMention([text], 'openapi'), expected, JSON.stringify(text));
				}
			}),
			{ seed: 20_261_127, numRuns: 400 },
		);
		assert.ok(found > 100, 'both answers occur');
	});

	it('finds a word an edit completes from either side of what it changed', () => {
		const steps: [string, boolean][] = [
			['{"name": "xx open xx"}', false],
			['{"name": "xx openapi xx"}', true],
			['{"name": "xx open xx"}', false],
			['{"name": "xx oopenapi xx"}', true],
			['{"name": "xx open xx"}', false],
			['{"name": "xx o xx"}', false],
			['{"name": "xx openapi xx"}', true],
			['{"name": "xx oapi xx"}', false],
			['{"name": "xx o\\api xx"}', false],
			['{"name": "xx o\\uapi xx"}', true],
		];
		for (const [text, expected] of steps) assert.equal(textsMention([text], 'openapi'), expected, text);
	});

	it('reads every text of a composed configuration', () => {
		assert.equal(textsMention(['{"name": "a"}', '{"openapi": "x.yaml"}'], 'openapi'), true);
		assert.equal(textsMention(['{"name": "a"}', '{"pages": []}'], 'openapi'), false);
		assert.equal(textsMention(['{"\\u006fpenapi": "x.yaml"}'], 'openapi'), true, 'an escape may spell the key');
	});
});
