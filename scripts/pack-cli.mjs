// `npm run pack:cli [-- --out DIR]`: the command-line tool as an npm package of its own,
// `mintdoc-<version>.tgz`, whose `bin` is `mintdoc`. It holds only the CLI's production bundles
// (no dependencies: esbuild bundles them), a README for CLI users and the licence; the extension's
// manifest, client and webviews stay in the .vsix. Prints the tarball's path on the last line.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { values } = parseArgs({ options: { out: { type: 'string', default: root } } });
const out = path.resolve(values.out);
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const stage = path.join(root, 'build', 'npm-cli');

rmSync(stage, { recursive: true, force: true });
mkdirSync(path.join(stage, 'dist'), { recursive: true });
execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--production', '--cli-only', path.join(stage, 'dist')], { stdio: 'inherit' });

const pkg = {
	name: manifest.name,
	version: manifest.version,
	description: 'Checks Mintlify-style documentation sites (docs.json, MDX pages, OpenAPI) the way the platform builds them, with CI output formats.',
	keywords: ['mintlify', 'docs.json', 'mdx', 'openapi', 'documentation', 'linter', 'sarif'],
	license: manifest.license,
	homepage: manifest.homepage,
	repository: manifest.repository,
	bugs: manifest.bugs,
	bin: { mintdoc: 'dist/cli.js' },
	files: ['dist/', 'README.md', 'LICENSE'],
	engines: { node: '>=20' },
};
writeFileSync(path.join(stage, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
copyFileSync(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));
// The package's README is the CLI reference, with links into the repository made absolute (npm shows it on its own).
const repoBlob = `${manifest.homepage}/blob/main/docs/`;
const readme = readFileSync(path.join(root, 'docs', 'cli.md'), 'utf8').replace(/\]\((?!https?:|#)([^)]+)\)/g, (_, target) => `](${repoBlob}${target})`);
writeFileSync(path.join(stage, 'README.md'), readme);

mkdirSync(out, { recursive: true });
const packed = JSON.parse(
	execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
		cwd: stage,
		encoding: 'utf8',
		env: { ...process.env, npm_config_update_notifier: 'false' },
	}),
);
console.log(path.join(out, packed[0].filename));
