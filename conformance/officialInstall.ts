import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The platform's published packages, pinned: the newest set that installs from the registry here
 * (`mintlify@4.2.988` needs a `@mintlify/models` version the registry lacks). The strict build of
 * `mint validate`, the link check of `mint broken-links`, the docs.json validator and the OpenAPI
 * helpers the build uses. They are run as an oracle, in their own folder, never bundled.
 */
export const officialPackages: Readonly<Record<string, string>> = {
	mintlify: '4.2.949',
	'@mintlify/cli': '4.0.1552',
	'@mintlify/common': '1.0.1182',
	'@mintlify/link-rot': '3.0.1387',
	'@mintlify/prebuild': '1.0.1339',
	'@mintlify/validation': '0.1.878',
	'js-yaml': '4.3.1',
	ignore: '7.0.16',
};

/** Installs the packages once into `<cacheDir>/official` (npm registry only) and puts our runner beside them. */
export function ensureOfficial(
	cacheDir: string,
	log: (line: string) => void,
): { runner: string; schemaVerdict: string; legacyUpgrade: string } | { error: string } {
	const dir = path.join(cacheDir, 'official');
	const stamp = path.join(dir, '.installed');
	const wanted = JSON.stringify(officialPackages);
	mkdirSync(dir, { recursive: true });
	if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== wanted) {
		writeFileSync(
			path.join(dir, 'package.json'),
			JSON.stringify({ name: 'mintdoc-conformance-official', private: true, type: 'module', dependencies: officialPackages }, null, 2) + '\n',
		);
		log(`installing the platform's packages into ${dir} (once; about 1 GB, a few minutes) ...`);
		const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
		const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', timeout: 30 * 60_000 });
		if (result.status !== 0) return { error: `npm install failed: ${(result.stderr || result.error?.message || '').trim().split('\n').slice(-3).join(' ')}` };
		writeFileSync(stamp, wanted);
	}
	for (const script of ['runner.mjs', 'schemaVerdict.mjs', 'legacyUpgrade.mjs']) copyFileSync(path.join(__dirname, 'official', script), path.join(dir, script));
	return { runner: path.join(dir, 'runner.mjs'), schemaVerdict: path.join(dir, 'schemaVerdict.mjs'), legacyUpgrade: path.join(dir, 'legacyUpgrade.mjs') };
}
