import * as assert from 'node:assert/strict';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';
import { GitRepo, pageText } from '../helpers/gitRepo';

/**
 * `mintdoc check --since <ref>` on real git repositories made in a temporary folder: a page moved
 * or deleted without a redirect fails the check (exit 1) naming the old route and the new one; a
 * redirect (also a pattern) makes it pass; a removed redirect is a warning; and every bad input
 * (unknown ref, shallow clone, no repository, no git) ends with exit 2 and one line, writing nothing.
 */
const config = (pages: string[], redirects: { source: string; destination: string }[] = []) =>
	JSON.stringify(
		{
			$schema: 'https://mintlify.com/docs.json',
			theme: 'mint',
			name: 'T',
			colors: { primary: '#000000' },
			navigation: { groups: [{ group: 'G', pages }] },
			redirects,
		},
		null,
		2,
	) + '\n';

describe('mintdoc check --since (built CLI, real git repositories)', function () {
	this.timeout(120_000);
	let repo: GitRepo;
	const check = (...args: string[]) => mintdoc(['check', '--no-cache', ...args], path.join(repo.dir, 'docs'), repo.env);

	beforeEach(() => {
		repo = new GitRepo('mintdoc-since-');
		repo.write({
			'docs/docs.json': config(['index', 'guides/setup', 'guides/deploy', 'blog/launch'], [{ source: '/start', destination: '/index' }]),
			'docs/index.mdx': pageText('Home'),
			'docs/guides/setup.mdx': pageText('Setup'),
			'docs/guides/deploy.mdx': pageText('Deploy'),
			'docs/blog/launch.mdx': pageText('Launch'),
			'README.md': '# repo\n',
		});
		repo.commit('site');
	});
	afterEach(() => repo.dispose());

	it('a page renamed with git mv and no redirect: exit 1, naming the old route and the new one, on its navigation entry', () => {
		repo.git('mv', 'docs/guides/setup.mdx', 'docs/guides/install.mdx');
		repo.write({ 'docs/docs.json': config(['index', 'guides/install', 'guides/deploy', 'blog/launch'], [{ source: '/start', destination: '/index' }]) });
		repo.commit('rename');
		const result = check('--since', 'HEAD~1');
		assert.equal(result.status, 1, result.stdout + result.stderr);
		assert.match(
			result.stdout,
			/^docs\.json:14:11 error \/guides\/setup was served at HEAD~1 and no page or redirect serves it now: git sees guides\/setup\.mdx renamed to guides\/install\.mdx\. Add a redirect from \/guides\/setup to \/guides\/install\. \[page-removed-without-redirect\]$/m,
		);
		assert.match(result.stdout, /1 error, 0 warnings in 1 file/);
		// Without --since the same site is clean: the check compares nothing.
		assert.equal(check().status, 0);
	});

	it('the same rename with its redirect: exit 0', () => {
		repo.git('mv', 'docs/guides/setup.mdx', 'docs/guides/install.mdx');
		repo.write({
			'docs/docs.json': config(
				['index', 'guides/install', 'guides/deploy', 'blog/launch'],
				[
					{ source: '/start', destination: '/index' },
					{ source: '/guides/setup', destination: '/guides/install' },
				],
			),
		});
		repo.commit('rename with redirect');
		const result = check('--since', 'HEAD~1');
		assert.equal(result.status, 0, result.stdout + result.stderr);
	});

	it('a moved folder covered by a wildcard redirect (`:slug*`): exit 0; without it, each page is reported', () => {
		repo.git('mv', 'docs/blog', 'docs/news');
		repo.write({ 'docs/docs.json': config(['index', 'guides/setup', 'guides/deploy', 'news/launch'], [{ source: '/start', destination: '/index' }]) });
		repo.commit('move folder');
		const without = check('--since', 'HEAD~1', '--format', 'json');
		assert.equal(without.status, 1);
		assert.deepEqual(
			(JSON.parse(without.stdout) as { code: string; message: string }[]).map(p => [p.code, p.message.split(' ')[0]]),
			[['page-removed-without-redirect', '/blog/launch']],
		);
		repo.write({
			'docs/docs.json': config(
				['index', 'guides/setup', 'guides/deploy', 'news/launch'],
				[
					{ source: '/start', destination: '/index' },
					{ source: '/blog/:slug*', destination: '/news/:slug*' },
				],
			),
		});
		const covered = check('--since', 'HEAD~1');
		assert.equal(covered.status, 0, covered.stdout);
	});

	it('a deleted page (committed or not) is reported; a removed redirect is a warning (exit 0)', () => {
		repo.git('rm', '-q', 'docs/guides/deploy.mdx');
		repo.write({ 'docs/docs.json': config(['index', 'guides/setup', 'blog/launch']) });
		const result = check('--since', 'HEAD');
		assert.equal(result.status, 1, result.stdout + result.stderr);
		assert.match(result.stdout, /docs\.json:\d+:\d+ error \/guides\/deploy was served at HEAD \(guides\/deploy\.mdx\) and no page or redirect serves it now/);
		assert.match(result.stdout, /warning The redirect from \/start \(in the configuration at HEAD\) was removed .* \[redirect-removed\]/);
		const quiet = check('--since', 'HEAD', '--rule', 'page-removed-without-redirect=off');
		assert.equal(quiet.status, 0, quiet.stdout);
		assert.match(quiet.stdout, /0 errors, 1 warning/);
	});

	it('mintdoc.json configures the rules like any other', () => {
		repo.git('rm', '-q', 'docs/guides/deploy.mdx');
		repo.write({
			'docs/docs.json': config(['index', 'guides/setup', 'blog/launch'], [{ source: '/start', destination: '/index' }]),
			'docs/mintdoc.json': '{"rules": {"page-removed-without-redirect": "warn"}}',
		});
		const result = check('--since', 'HEAD');
		assert.equal(result.status, 0, result.stdout);
		assert.match(result.stdout, /warning \/guides\/deploy was served at HEAD/);
	});

	const oneLine = (stderr: string) => {
		assert.equal(stderr.trim().split('\n').length, 1, stderr);
		assert.doesNotMatch(stderr, /\n\s+at /);
		return stderr.trim();
	};

	it('bad input: unknown ref, a folder outside git, git missing → exit 2 and one line; nothing written to the repository', () => {
		const index = path.join(repo.dir, '.git', 'index');
		// `git status` may itself refresh the index: read first, then note the index's time.
		const status = repo.git('status', '--porcelain');
		const before = { index: statSync(index).mtimeMs, status };
		const unknown = check('--since', 'no-such-branch');
		assert.equal(unknown.status, 2);
		assert.equal(oneLine(unknown.stderr), "mintdoc: --since: unknown git ref 'no-such-branch' (not a branch, tag or commit of this repository)");
		assert.equal(unknown.stdout, '');
		const option = check('--since=--output=x');
		assert.equal(option.status, 2);
		oneLine(option.stderr);
		// No git anywhere on PATH (the CLI runs as process.execPath, so node is not needed there).
		const noGit = mintdoc(['check', '--no-cache', '--since', 'HEAD'], path.join(repo.dir, 'docs'), { ...repo.env, PATH: path.join(repo.home, 'empty-bin') });
		assert.equal(noGit.status, 2);
		assert.equal(oneLine(noGit.stderr), 'mintdoc: --since: git is not installed (or not on PATH): --since needs it to read the history');
		assert.equal(check('--since', 'HEAD').status, 0);
		const after = statSync(index).mtimeMs;
		assert.deepEqual({ index: after, status: repo.git('status', '--porcelain') }, before);

		const outside = path.join(repo.home, 'site');
		mkdirSync(outside);
		writeFileSync(path.join(outside, 'docs.json'), config([]));
		const notRepo = mintdoc(['check', '--no-cache', '--since', 'HEAD', outside], repo.home, { ...repo.env, GIT_CEILING_DIRECTORIES: path.dirname(repo.home) });
		assert.equal(notRepo.status, 2);
		assert.match(oneLine(notRepo.stderr), /^mintdoc: --since: .*site is not in a git repository/);
	});

	it('a shallow clone without the ref: exit 2, saying to fetch the history (fetch-depth: 0)', () => {
		repo.write({ 'docs/extra.mdx': pageText('Extra') });
		repo.commit('second');
		const clone = path.join(repo.home, 'clone');
		repo.git('clone', '-q', '--depth', '1', `file://${repo.dir}`, clone);
		const result = mintdoc(['check', '--no-cache', '--since', 'HEAD~1', 'docs'], clone, repo.env);
		assert.equal(result.status, 2);
		assert.equal(
			oneLine(result.stderr),
			"mintdoc: --since: git ref 'HEAD~1' is not in this shallow clone: fetch the history (actions/checkout with fetch-depth: 0, or git fetch --unshallow)",
		);
	});
});
