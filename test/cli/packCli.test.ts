import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { gitEnv } from '../helpers/gitRepo';

const repo = path.resolve(__dirname, '../..');
const version = (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The CLI as a docs team gets it: `npm run pack:cli` makes the npm package, which is installed into
 * an empty project from the tarball alone (offline, with an empty npm cache, so nothing can come from
 * a registry), and run there through `npx` — including the commands of the GitHub Actions example
 * and the pre-commit hook.
 */
describe('the mintdoc npm package (npm run pack:cli, installed offline)', function () {
	this.timeout(300_000);
	let work: string;
	let project: string;
	let tarball: string;
	const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };

	/** Runs a shell command in the project, as a CI step or a hook would. */
	function sh(command: string, cwd = project) {
		const result = spawnSync('bash', ['-c', command], { cwd, encoding: 'utf8', env: { ...env, npm_config_cache: path.join(work, 'npm-cache') } });
		return { status: result.status, stdout: result.stdout, stderr: result.stderr };
	}

	before(() => {
		work = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-pack-'));
		const lines = execFileSync(process.execPath, [path.join(repo, 'scripts', 'pack-cli.mjs'), '--out', work], { cwd: repo, encoding: 'utf8', env })
			.trim()
			.split('\n');
		tarball = lines[lines.length - 1];
		project = path.join(work, 'project');
		mkdirSync(project);
		writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'docs-site', private: true }));
		cpSync(path.join(repo, 'examples', 'acme'), path.join(project, 'docs'), { recursive: true });
		const install = sh(`npm install --save-dev ${JSON.stringify(tarball)}`);
		assert.equal(install.status, 0, install.stderr);
	});
	after(() => rmSync(work, { recursive: true, force: true }));

	it('is named mintdoc, holds only the CLI bundles, README and licence, and declares what a published package needs', () => {
		assert.equal(path.basename(tarball), `mintdoc-${version}.tgz`);
		const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
		assert.deepEqual(files, [
			'package/LICENSE',
			'package/README.md',
			'package/dist/cli.js',
			'package/dist/cliMain.js',
			'package/dist/formatWorker.js',
			'package/dist/mermaid.js',
			'package/dist/pageWorker.js',
			'package/dist/preview.css',
			'package/dist/preview.js',
			'package/dist/specWorker.js',
			'package/package.json',
		]);
		const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules', 'mintdoc', 'package.json'), 'utf8')) as Record<string, unknown>;
		assert.deepEqual(manifest.bin, { mintdoc: 'dist/cli.js' });
		assert.equal(manifest.version, version);
		assert.deepEqual(manifest.engines, { node: '>=20' });
		assert.ok(manifest.repository && manifest.license && manifest.homepage);
		assert.equal(manifest.dependencies, undefined, 'the bundle needs no dependency at run time');
	});

	it('runs `npx mintdoc check`: 0 on the example site, 1 on a broken copy, 2 on a folder that does not exist', () => {
		const clean = sh('npx --no-install mintdoc check docs');
		assert.deepEqual([clean.status, clean.stdout, clean.stderr], [0, 'No problems found (1 site checked).\n', '']);
		assert.equal(sh('npx --no-install mintdoc --version').stdout, `${version}\n`);

		cpSync(path.join(project, 'docs'), path.join(project, 'broken'), { recursive: true });
		const docsJson = path.join(project, 'broken', 'docs.json');
		writeFileSync(docsJson, readFileSync(docsJson, 'utf8').replace('"quickstart"', '"quickstrat"'));
		const broken = sh('npx --no-install mintdoc check broken');
		assert.equal(broken.status, 1);
		assert.match(broken.stdout, /^broken\/docs\.json:\d+:\d+ error No page 'quickstrat'.*\[page-not-found\]$/m);

		const missing = sh('npx --no-install mintdoc check nowhere');
		assert.deepEqual([missing.status, missing.stderr], [2, "mintdoc: cannot read folder 'nowhere': no such file or directory\n"]);
		rmSync(path.join(project, 'broken'), { recursive: true });
	});

	it("runs the GitHub Actions example's mintdoc steps as written (the pinned version resolves to the installed package)", () => {
		const workflow = parse(readFileSync(path.join(repo, 'examples', 'ci', 'github-actions.yml'), 'utf8')) as {
			jobs: Record<string, { steps: { run?: string }[] }>;
		};
		const steps = Object.values(workflow.jobs).flatMap(job =>
			job.steps.map(step => step.run).filter((run): run is string => run?.includes('mintdoc') === true),
		);
		assert.equal(steps.length, 3);
		// A team adopting the format check formats its pages once.
		assert.equal(sh('npx --no-install mintdoc format docs').status, 0);
		for (const run of steps) {
			assert.ok(run.includes(`mintdoc@${version} `), `the example pins the current version: ${run}`);
			const result = sh(run);
			assert.equal(result.status, 0, `${run}\n${result.stderr}`);
		}
		const sarif = JSON.parse(readFileSync(path.join(project, 'mintdoc.sarif'), 'utf8')) as { version: string; runs: { results: unknown[] }[] };
		assert.deepEqual([sarif.version, sarif.runs[0].results], ['2.1.0', []]);
		// On a pull request the check step compares with the base commit (SINCE): a page deleted since fails it.
		const check = steps.find(run => run.includes('SINCE'));
		assert.ok(check, 'the check step passes --since on pull requests');
		const git = gitEnv(path.join(work, 'git-home'));
		mkdirSync(git.HOME, { recursive: true });
		const inRepo = (command: string) =>
			spawnSync('bash', ['-c', command], { cwd: project, encoding: 'utf8', env: { ...env, ...git, npm_config_cache: path.join(work, 'npm-cache') } });
		assert.equal(inRepo('git init -q -b main && printf "node_modules\n*.sarif\n" > .gitignore && git add -A && git commit -qm site').status, 0);
		assert.equal(inRepo(`export SINCE=HEAD; ${check}`).status, 0);
		rmSync(path.join(project, 'docs', 'quickstart.mdx'));
		const deleted = inRepo(`export SINCE=HEAD; ${check}`);
		assert.equal(deleted.status, 1, deleted.stdout + deleted.stderr);
		assert.match(deleted.stdout, /^::error file=docs\/docs\.json,.*page-removed-without-redirect/m);
		inRepo('git checkout -q -- docs && rm -rf .git .gitignore');
	});

	it("runs the pre-commit hook's entry as pre-commit does (no file names), and fails it on an error", () => {
		const hooks = parse(readFileSync(path.join(repo, '.pre-commit-hooks.yaml'), 'utf8')) as {
			id: string;
			entry: string;
			language: string;
			pass_filenames: boolean;
			files: string;
		}[];
		const hook = hooks.find(h => h.id === 'mintdoc-check');
		assert.ok(hook);
		assert.equal(hook.pass_filenames, false);
		const files = new RegExp(hook.files);
		assert.deepEqual(
			['docs/docs.json', 'mint.json', 'docs/guides/setup.mdx', 'README.md', 'openapi.yaml', 'src/index.ts', 'logo.png'].map(f => files.test(f)),
			[true, true, true, true, true, false, false],
		);
		assert.equal(sh(hook.entry).status, 0);
		const page = path.join(project, 'docs', 'index.mdx');
		const text = readFileSync(page, 'utf8');
		writeFileSync(page, `${text}\n<Card title="x" href="/no-such-page">x</Card>\n`);
		const failed = sh(hook.entry);
		assert.equal(failed.status, 1);
		assert.match(failed.stdout, /docs\/index\.mdx:\d+:\d+ error .*\[link-broken\]/);
		writeFileSync(page, text);
	});

	it("runs the mintdoc-format hook's entry on the committed pages: 0 when formatted, 1 and the page's name when not", () => {
		const hooks = parse(readFileSync(path.join(repo, '.pre-commit-hooks.yaml'), 'utf8')) as {
			id: string;
			entry: string;
			pass_filenames: boolean;
			files: string;
		}[];
		const hook = hooks.find(h => h.id === 'mintdoc-format');
		assert.ok(hook);
		assert.equal(hook.pass_filenames, true);
		assert.deepEqual(
			['docs/guides/setup.mdx', 'docs/docs.json', 'README.md'].map(f => new RegExp(hook.files).test(f)),
			[true, false, false],
		);
		writeFileSync(path.join(project, 'docs', 'tidy.mdx'), '# Tidy\n\n- one\n- two\n');
		writeFileSync(path.join(project, 'docs', 'messy.mdx'), '# Messy\n\n* one\n* two\n');
		assert.equal(sh(`${hook.entry} docs/tidy.mdx`).status, 0);
		const failed = sh(`${hook.entry} docs/tidy.mdx docs/messy.mdx`);
		assert.deepEqual([failed.status, failed.stdout], [1, 'docs/messy.mdx\n']);
		rmSync(path.join(project, 'docs', 'tidy.mdx'));
		rmSync(path.join(project, 'docs', 'messy.mdx'));
	});
});
