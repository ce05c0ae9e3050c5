import * as assert from 'node:assert/strict';
import { URI, Utils } from 'vscode-uri';
import { createRandom } from '../../../bench/random';
import { joinUri } from '../../../server/src/core/uris';

/** What joinUri answered before its shortcut: parse, join, print. */
const slow = (base: string, ...segments: string[]) => Utils.joinPath(URI.parse(base), ...segments).toString();

describe('joinUri', () => {
	it('appends a plain name to a canonical URI exactly as parsing, joining and printing do', () => {
		const bases = ['file:///site', 'file:///site/', 'file:///', 'file:///c%3A/docs', 'vscode-test:/w/docs', 'file:///a%20b/c'];
		const names = ['intro.mdx', 'a-b_c~d.md', 'v1.15.4', 'guides/setup.mdx', 'x..y', 'API', '0'];
		for (const base of bases) for (const name of names) assert.equal(joinUri(base, name), slow(base, name), `${base} + ${name}`);
	});

	it('takes the full way for what needs encoding or normalizing, and for bases not written canonically', () => {
		const cases: [string, string, string][] = [
			['file:///site', 'a b.mdx', 'file:///site/a%20b.mdx'],
			['file:///site', '../up.mdx', 'file:///up.mdx'],
			['file:///site', './here.mdx', 'file:///site/here.mdx'],
			['file:///site', '.mintignore', 'file:///site/.mintignore'],
			['file:///site', 'a//b', 'file:///site/a/b'],
			['file:///site', 'é.mdx', 'file:///site/%C3%A9.mdx'],
			['file:///site', '100%.mdx', 'file:///site/100%25.mdx'],
			['file:///C:/site', 'a.mdx', 'file:///c%3A/site/a.mdx'],
			['file:///site?q=1', 'a.mdx', 'file:///site/a.mdx?q%3D1'],
			['file:///site with space', 'a.mdx', 'file:///site%20with%20space/a.mdx'],
		];
		for (const [base, name, expected] of cases) {
			assert.equal(slow(base, name), expected, `the reference for ${base} + ${name}`);
			assert.equal(joinUri(base, name), expected, `${base} + ${name}`);
		}
	});

	it('agrees with the full way on random names and bases', () => {
		const alphabet = 'aZ09._~-/ %é#?';
		const { int: random } = createRandom(7);
		for (let i = 0; i < 5000; i++) {
			const name = Array.from({ length: 1 + random(8) }, () => alphabet[random(alphabet.length)]).join('');
			const base = ['file:///site', 'file:///site/', 'file:///s%20t', 'file:///S T'][random(4)];
			assert.equal(joinUri(base, name), slow(base, name), JSON.stringify([base, name]));
		}
	});
});
