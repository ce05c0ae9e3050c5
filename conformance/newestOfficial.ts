import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The platform's libraries at their newest published versions, beside the pinned set of
 * officialInstall.ts, so that a change on the platform's side shows up as drift in the harness
 * before it shows up as a false alarm. The libraries that build and link-check a site; the CLI
 * (`mint validate`) is left out when it does not install. Where the registry here lacks a
 * version a newest package depends on, the newest version it has of that dependency is used
 * instead, and the report says so.
 */
export const newestLibraries = ['@mintlify/common', '@mintlify/link-rot', '@mintlify/prebuild', '@mintlify/validation'] as const;

export interface NewestOfficial {
	readonly runner: string;
	/** Requested version of each library. */
	readonly versions: Readonly<Record<string, string>>;
	/** Dependencies the registry lacked at the wanted version → the version used instead. */
	readonly substituted: Readonly<Record<string, string>>;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function npmView(args: readonly string[]): string | undefined {
	const result = spawnSync(npm, ['view', ...args, '--json'], { encoding: 'utf8', timeout: 120_000 });
	return result.status === 0 ? result.stdout : undefined;
}

/** `1.0.1211` > `1.0.999`: numeric comparison of dotted versions (prereleases sort first). */
export function compareVersions(a: string, b: string): number {
	const parts = (v: string) => v.split(/[.-]/).map(p => (/^\d+$/.test(p) ? Number(p) : p));
	const [x, y] = [parts(a), parts(b)];
	for (let i = 0; i < Math.max(x.length, y.length); i++) {
		const [p, q] = [x[i], y[i]];
		if (p === q) continue;
		if (p === undefined) return -1;
		if (q === undefined) return 1;
		if (typeof p === 'number' && typeof q === 'number') return p - q;
		return String(p) < String(q) ? -1 : 1;
	}
	return 0;
}

/** The newest published version below `wanted` (the registry lacks `wanted`), or undefined. */
export function newestBelow(published: readonly string[], wanted: string): string | undefined {
	return published
		.filter(v => !/-/.test(v) && compareVersions(v, wanted) < 0)
		.sort(compareVersions)
		.pop();
}

/** Installs (once per set of newest versions) into `<cacheDir>/official-newest` and puts the runner beside it. */
export function ensureNewestOfficial(cacheDir: string, log: (line: string) => void): NewestOfficial | { error: string } {
	const versions: Record<string, string> = {};
	for (const name of newestLibraries) {
		const latest = npmView([name, 'version']);
		if (!latest) return { error: `npm view ${name} failed: the registry cannot be asked for the newest version` };
		versions[name] = JSON.parse(latest) as string;
	}
	const dir = path.join(cacheDir, 'official-newest');
	const stamp = path.join(dir, '.installed');
	mkdirSync(dir, { recursive: true });
	const installed = existsSync(stamp)
		? (JSON.parse(readFileSync(stamp, 'utf8')) as { versions: Record<string, string>; substituted: Record<string, string> })
		: undefined;
	let substituted: Record<string, string> = installed?.substituted ?? {};
	if (JSON.stringify(installed?.versions) !== JSON.stringify(versions)) {
		substituted = {};
		log(
			`installing the platform's newest libraries (${Object.entries(versions)
				.map(([n, v]) => `${n}@${v}`)
				.join(', ')}) into ${dir} ...`,
		);
		for (let attempt = 0; ; attempt++) {
			const dependencies = { ...versions, 'js-yaml': '4.3.1', ignore: '7.0.16' };
			for (const [name, version] of Object.entries(substituted)) if (name in dependencies) dependencies[name as keyof typeof dependencies] = version;
			writeFileSync(
				path.join(dir, 'package.json'),
				JSON.stringify({ name: 'mintdoc-conformance-newest', private: true, type: 'module', dependencies, overrides: substituted }, null, 2) + '\n',
			);
			const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', timeout: 30 * 60_000 });
			if (result.status === 0) break;
			// "No matching version found for @mintlify/mdx@4.0.7.": take the newest version the registry has below it.
			const missing = /No matching version found for (@?[^@\s]+)@([^\s]+?)\.?\s/.exec(result.stderr ?? '');
			const published = missing ? npmView([missing[1]!, 'versions']) : undefined;
			const fallback = missing && published ? newestBelow(JSON.parse(published) as string[], missing[2]!) : undefined;
			if (!missing || !fallback || attempt >= 10 || substituted[missing[1]!] === fallback)
				return { error: `npm install of the newest libraries failed: ${(result.stderr || '').trim().split('\n').slice(-3).join(' ')}` };
			log(`  the registry has no ${missing[1]}@${missing[2]}: using ${fallback}`);
			substituted[missing[1]!] = fallback;
		}
		writeFileSync(stamp, JSON.stringify({ versions, substituted }));
	}
	copyFileSync(path.join(__dirname, 'official', 'runner.mjs'), path.join(dir, 'runner.mjs'));
	return { runner: path.join(dir, 'runner.mjs'), versions, substituted };
}
