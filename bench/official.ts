import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { runProcess, type ProcessRun } from './processRun';

/** The newest version of the platform's CLI that installs from the registry here (newer ones miss a dependency version). */
export const officialPackage = 'mintlify@4.2.949';

/** Installs the official CLI once into `<cache>/official` (npm registry only) and returns its binary, or why not. */
export function ensureOfficialCli(cacheDir: string, log: (line: string) => void): { bin: string } | { error: string } {
	const dir = path.join(cacheDir, 'official');
	const bin = path.join(dir, 'node_modules', '.bin', 'mintlify');
	const stamp = path.join(dir, '.installed');
	if (existsSync(bin) && existsSync(stamp)) return { bin };
	mkdirSync(dir, { recursive: true });
	if (!existsSync(path.join(dir, 'package.json')))
		writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'mintdoc-bench-official', private: true }) + '\n');
	log(`installing ${officialPackage} into ${dir} (once; a large install) ...`);
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', officialPackage], {
		cwd: dir,
		encoding: 'utf8',
		timeout: 30 * 60_000,
	});
	if (result.status !== 0 || !existsSync(bin))
		return { error: `npm install ${officialPackage} failed: ${(result.stderr || result.error?.message || '').trim().split('\n').slice(-3).join(' ')}` };
	writeFileSync(stamp, officialPackage + '\n');
	return { bin };
}

/** Times `mintlify broken-links` inside the site folder (it works offline), in a fresh process. */
export function runOfficialBrokenLinks(bin: string, siteDir: string): Promise<ProcessRun> {
	// No telemetry or update checks: the run must not depend on the network.
	const env = { ...process.env, CI: '1', DO_NOT_TRACK: '1', MINTLIFY_TELEMETRY_DISABLED: '1' };
	return runProcess(bin, ['broken-links'], { cwd: siteDir, timeoutMs: 15 * 60_000, env });
}
