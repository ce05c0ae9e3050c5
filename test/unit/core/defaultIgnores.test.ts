import * as assert from 'node:assert/strict';
import ignore from 'ignore';
import { createRandom } from '../../../bench/random';
import { defaultIgnores, mayMatchDefaultIgnores } from '../../../server/src/core/site/pageIndex';

describe("the default ignores' shortcut", () => {
	const matcher = ignore().add(defaultIgnores);

	it('says "cannot match" only where the default patterns match nothing (generated paths, tricky names)', () => {
		const parts = [
			'docs',
			'v1.2',
			'.git',
			'.GitHub',
			'node_modules',
			'Node_Modules',
			'README.md',
			'readme.MD',
			'LICENSE.md',
			'a.mdx',
			'.mintlify',
			'skills',
			'x.json',
			'CHANGELOG.md',
			'contributing.md',
			'git',
			'README',
			'a.md',
		];
		const { int: random } = createRandom(11);
		let skipped = 0;
		for (let i = 0; i < 20_000; i++) {
			const path = Array.from({ length: 1 + random(4) }, () => parts[random(parts.length)]).join('/');
			if (mayMatchDefaultIgnores(path)) continue;
			skipped++;
			assert.equal(matcher.ignores(path), false, path);
			assert.equal(matcher.ignores(`${path}/`), false, `${path}/`);
		}
		assert.ok(skipped > 1000, `the shortcut answered for ${skipped} paths`);
	});

	it('sends every path the defaults ignore to the matcher', () => {
		for (const path of ['.git/x.mdx', 'a/.github/w.md', 'node_modules/p/a.mdx', 'docs/README.md', 'Readme.md', 'LICENSE.md', '.mintlify/a.mdx'])
			assert.equal(mayMatchDefaultIgnores(path), true, path);
		assert.equal(mayMatchDefaultIgnores('guides/intro.mdx'), false);
	});
});
