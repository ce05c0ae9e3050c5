import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '../..');
const pages = [
	'README.md',
	...readdirSync(path.join(repo, 'docs'))
		.filter(f => f.endsWith('.md'))
		.map(f => `docs/${f}`),
];

/** Relative link and image targets of a Markdown page (outside code fences), without their #fragment. */
function relativeTargets(text: string): string[] {
	const prose = text.replace(/^```[\s\S]*?^```/gm, '');
	return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map(m => m[1]).filter(t => !/^(https?:|mailto:|#)/.test(t));
}

describe('README and docs/', () => {
	it('the README stays a short front page with the set-up commands, the install and real screenshots', () => {
		const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
		assert.ok(readme.split('\n').length < 150, `${readme.split('\n').length} lines`);
		for (const command of ['npm run demo', 'npm test', 'code --install-extension mintdoc.vsix', 'npx mintdoc check'])
			assert.ok(readme.includes(command), command);
		const images = [...readme.matchAll(/!\[[^\]]+\]\(([^)]+\.png)\)/g)].map(m => m[1]);
		assert.ok(images.length >= 4, images.join(', '));
	});

	it('links every page of docs/ from the README', () => {
		const linked = new Set(relativeTargets(readFileSync(path.join(repo, 'README.md'), 'utf8')).map(t => t.split('#')[0]));
		assert.deepEqual(
			pages.filter(p => p.startsWith('docs/') && !linked.has(p)),
			[],
		);
	});

	for (const page of pages) {
		it(`${page}: every relative link and image points at a file of the repository`, () => {
			const broken = relativeTargets(readFileSync(path.join(repo, page), 'utf8')).filter(
				target => !existsSync(path.resolve(path.dirname(path.join(repo, page)), decodeURIComponent(target.split('#')[0]))),
			);
			assert.deepEqual(broken, []);
		});
	}
});
