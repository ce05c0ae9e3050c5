import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { corpusFolder, corpusSites } from '../../../bench/corpusSites';

/*
 * `npm run bench` without --site measures the corpus' largest real site: the corpus is found beside
 * the repository or beside a parent folder (a worktree in /work/wt/branch finds /work/corpus), and
 * the site with the most pages comes first.
 */
describe('the bench finds the development corpus and its largest site', () => {
	let top: string;
	const saved = process.env.MINTDOC_CORPUS;
	before(() => {
		delete process.env.MINTDOC_CORPUS;
		top = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-corpus-'));
		mkdirSync(path.join(top, 'main'));
		mkdirSync(path.join(top, 'wt', 'branch'), { recursive: true });
		const site = (dir: string, pages: number) => {
			mkdirSync(path.join(top, 'corpus', dir), { recursive: true });
			writeFileSync(path.join(top, 'corpus', dir, 'docs.json'), '{}');
			for (let i = 0; i < pages; i++) writeFileSync(path.join(top, 'corpus', dir, `p${i}.mdx`), '# P\n');
		};
		site('small-site', 2);
		site('owner-repo/docs', 5);
	});
	after(() => {
		rmSync(top, { recursive: true, force: true });
		if (saved !== undefined) process.env.MINTDOC_CORPUS = saved;
	});

	it('from the repository beside it and from a worktree two levels down', () => {
		const corpus = path.join(top, 'corpus');
		assert.equal(corpusFolder(undefined, path.join(top, 'main')), corpus);
		assert.equal(corpusFolder(undefined, path.join(top, 'wt', 'branch')), corpus);
		assert.equal(corpusFolder(path.join(top, 'nowhere'), path.join(top, 'main')), undefined, 'a folder named with --corpus must exist');
	});

	it('largest site first, nested docs roots included', () => {
		assert.deepEqual(
			corpusSites(path.join(top, 'corpus')).map(s => [path.relative(top, s.dir), s.pages]),
			[
				[path.join('corpus', 'owner-repo', 'docs'), 5],
				[path.join('corpus', 'small-site'), 2],
			],
		);
	});
});
