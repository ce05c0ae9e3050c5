import * as assert from 'node:assert/strict';
import { pageEntries } from '../../../bench/outsideClient';

/* The outside client finds the page entries of docs.json by a scan of its own (not the server's parser). */
describe("the bench's outside client: page entries of docs.json", () => {
	it('takes the strings directly inside every `pages` array, nested groups included, with UTF-16 line and column', () => {
		const text = [
			'{',
			'  "name": "pages",',
			'  "navigation": { "groups": [',
			'    { "group": "Été", "pages": ["intro", { "group": "Nested", "pages": ["a/b", "c\\"d"] }, "é/last"] }',
			'  ] }',
			'}',
		].join('\n');
		const line = text.split('\n')[3];
		const column = (quoted: string) => line.indexOf(quoted) + 1;
		assert.deepEqual(
			pageEntries(text).map(e => [e.value, e.line, e.character, text.slice(e.start, e.end)]),
			[
				['intro', 3, column('"intro"'), 'intro'],
				['a/b', 3, column('"a/b"'), 'a/b'],
				['c\\"d', 3, column('"c\\"d"'), 'c\\"d'],
				['é/last', 3, column('"é/last"'), 'é/last'],
			],
		);
	});
});
