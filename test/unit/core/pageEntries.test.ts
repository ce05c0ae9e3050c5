import * as assert from 'node:assert/strict';
import { classifyEntry, hasWhitespace, isOpenApiEntry } from '../../../server/src/core/docsConfig/pageEntries';

describe('page entries: whitespace without a pattern', () => {
	it('finds exactly the characters \\s matches, every one of the Basic Multilingual Plane', () => {
		const differ: string[] = [];
		for (let code = 0; code <= 0xffff; code++) {
			const ch = String.fromCharCode(code);
			if (hasWhitespace(`a${ch}b`) !== /\s/.test(ch)) differ.push(code.toString(16));
		}
		assert.deepEqual(differ, []);
	});

	it('reads entries cut from a two-byte text as from a plain one', () => {
		// A docs.json with Korean text: every value is cut from a two-byte string.
		const text = JSON.stringify({ name: '문서', pages: ['guides/intro', 'GET /users', 'openapi.json POST /users/{id}', 'ko/시작', 'a\u3000b'] });
		const pages = (JSON.parse(text) as { pages: string[] }).pages.map(page => text.slice(text.indexOf(page), text.indexOf(page) + page.length));
		assert.deepEqual(
			pages.map(page => [hasWhitespace(page), isOpenApiEntry(page), classifyEntry(page).kind]),
			[
				[false, false, 'page'],
				[true, true, 'openapi'],
				[true, true, 'openapi'],
				[false, false, 'page'],
				[true, false, 'page'],
			],
		);
	});
});
