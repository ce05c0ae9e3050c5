import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';
import { copyFixtures, copyFixturesNamed } from '../helpers/tempSite';

/*
 * A folder whose name holds characters URIs spell in several ways (`+`, a space, `%`, `#`) is
 * checked like any other: the files the CLI lists and the URIs it builds for docs.json entries and
 * links must meet (issue 52: one spelling of each URI).
 */
describe('mintdoc check on a folder whose path holds `+`, a space, `%` and `#`', function () {
	this.timeout(60_000);
	const sites: { dispose(): void }[] = [];
	afterEach(() => sites.splice(0).forEach(site => site.dispose()));

	/** The features fixture with a broken link and an anchor link, in a folder of that name; the check's JSON findings. */
	const findingsIn = (folderName: string | undefined, args: (site: string) => string[], cwd: (dir: string) => string) => {
		const site = folderName === undefined ? copyFixtures('features') : copyFixturesNamed(folderName, 'features');
		sites.push(site);
		writeFileSync(
			site.path('features/broken.mdx'),
			'---\ntitle: Broken\n---\n\nSee [nowhere](/nowhere), [setup](/guides/setup#setup) and [gone](guides/setup#gone).\n',
		);
		const result = mintdoc(['check', ...args(site.dir), '--format', 'json', '--no-cache'], cwd(site.dir));
		assert.equal(result.stderr, '');
		return { status: result.status, findings: JSON.parse(result.stdout) as { file: string; code: string }[] };
	};

	it('reports the same findings as on a plain path, named from the working directory or given whole', () => {
		const plain = findingsIn(
			undefined,
			() => ['features'],
			dir => dir,
		);
		assert.deepEqual(
			plain.findings.map(f => [f.file, f.code]),
			[
				['features/broken.mdx', 'link-broken'],
				['features/broken.mdx', 'link-anchor-missing'],
				['features/docs.json', 'page-not-found'],
				['features/guides/advanced.mdx', 'page-description-missing'],
				['features/index.mdx', 'page-description-missing'],
			],
		);
		const odd = 'docs+site v2 100% #1';
		assert.deepEqual(
			findingsIn(
				odd,
				() => ['features'],
				dir => dir,
			),
			plain,
		);
		// The folder named in the argument: the same findings, their paths under it.
		const whole = findingsIn(
			odd,
			dir => [path.join(dir, 'features')],
			dir => path.dirname(dir),
		);
		assert.deepEqual(
			whole.findings,
			plain.findings.map(f => ({ ...f, file: `${odd}/${f.file}` })),
		);
		assert.equal(whole.status, plain.status);
	});
});
