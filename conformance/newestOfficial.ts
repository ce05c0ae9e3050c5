import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { officialPackages } from './officialInstall';

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
	/** The newest published version of each library. */
	readonly published: Readonly<Record<string, string>>;
	/** The versions installed and run: the newest published, or the newest below it that loads here. */
	readonly versions: Readonly<Record<string, string>>;
	/** Dependencies the registry lacked at the wanted version → the version used instead. */
	readonly substituted: Readonly<Record<string, string>>;
	/** Why the newest published set does not run here (a dependency it needs is missing from the registry), if it does not. */
	readonly loadError?: string;
	/** `DEFAULT_MINT_IGNORES` of the newest published `@mintlify/common`, read from its own module file (which loads on its own). */
	readonly publishedDefaultIgnores?: readonly string[];
}

interface Stamp {
	readonly published: Record<string, string>;
	readonly versions: Record<string, string>;
	readonly substituted: Record<string, string>;
	readonly loadError?: string;
	readonly publishedDefaultIgnores?: string[];
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
	const published: Record<string, string> = {};
	const history: Record<string, string[]> = {};
	for (const name of newestLibraries) {
		const all = npmView([name, 'versions']);
		if (!all) return { error: `npm view ${name} failed: the registry cannot be asked for the newest version` };
		history[name] = (JSON.parse(all) as string[]).filter(v => !v.includes('-')).sort(compareVersions);
		published[name] = history[name].at(-1)!;
	}
	const dir = path.join(cacheDir, 'official-newest');
	const stampFile = path.join(dir, '.installed');
	mkdirSync(dir, { recursive: true });
	let stamp = existsSync(stampFile) ? (JSON.parse(readFileSync(stampFile, 'utf8')) as Stamp) : undefined;
	if (JSON.stringify(stamp?.published) !== JSON.stringify(published)) {
		log(`installing the platform's newest libraries (${describe(published)}) into ${dir} ...`);
		let versions = { ...published };
		let loadError: string | undefined;
		let publishedDefaultIgnores: string[] | undefined;
		// The newest published set first; when it does not load (a dependency the registry lacks), each library one version lower, a few times.
		for (let step = 0; ; step++) {
			const installed = install(dir, versions, log);
			if ('error' in installed) return installed;
			if (step === 0) publishedDefaultIgnores = readDefaultIgnores(dir);
			const failure = loadFailure(dir);
			if (!failure) {
				stamp = { published, versions, substituted: installed.substituted, loadError, publishedDefaultIgnores };
				break;
			}
			loadError ??= failure;
			if (step >= 8) return { error: `no set of the platform's newest libraries loads here: ${failure}` };
			log(`  ${describe(versions)} does not load here (${failure}): trying one version lower`);
			// Libraries already at the pinned version or below stay: stepping them down would only go back in time.
			versions = Object.fromEntries(
				Object.entries(versions).map(([name, v]) => [name, compareVersions(v, officialPackages[name] ?? '0') > 0 ? (newestBelow(history[name]!, v) ?? v) : v]),
			);
		}
		writeFileSync(stampFile, JSON.stringify(stamp));
	}
	copyFileSync(path.join(__dirname, 'official', 'runner.mjs'), path.join(dir, 'runner.mjs'));
	return { runner: path.join(dir, 'runner.mjs'), ...stamp! };
}

const describe = (versions: Readonly<Record<string, string>>) =>
	Object.entries(versions)
		.map(([n, v]) => `${n}@${v}`)
		.join(', ');

/** npm install of these versions; a dependency the registry lacks at the wanted version is replaced by the newest it has below it. */
function install(
	dir: string,
	versions: Readonly<Record<string, string>>,
	log: (line: string) => void,
): { substituted: Record<string, string> } | { error: string } {
	const substituted: Record<string, string> = {};
	for (let attempt = 0; ; attempt++) {
		const dependencies: Record<string, string> = { ...versions, 'js-yaml': '4.3.1', ignore: '7.0.16' };
		for (const [name, version] of Object.entries(substituted)) if (name in dependencies) dependencies[name] = version;
		writeFileSync(
			path.join(dir, 'package.json'),
			JSON.stringify({ name: 'mintdoc-conformance-newest', private: true, type: 'module', dependencies, overrides: substituted }, null, 2) + '\n',
		);
		const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', timeout: 30 * 60_000 });
		if (result.status === 0) return { substituted };
		// "No matching version found for @mintlify/mdx@4.0.7.": take the newest version the registry has below it.
		const missing = /No matching version found for (@?[^@\s]+)@([^\s]+?)\.?\s/.exec(result.stderr ?? '');
		const published = missing ? npmView([missing[1]!, 'versions']) : undefined;
		const fallback = missing && published ? newestBelow(JSON.parse(published) as string[], missing[2]!) : undefined;
		if (!missing || !fallback || attempt >= 10 || substituted[missing[1]!] === fallback)
			return { error: `npm install of the newest libraries failed: ${(result.stderr || '').trim().split('\n').slice(-3).join(' ')}` };
		log(`  the registry has no ${missing[1]}@${missing[2]}: using ${fallback}`);
		substituted[missing[1]!] = fallback;
	}
}

/** Why the libraries the runner imports do not load in `dir` (the first line of the error), or undefined when they do. */
function loadFailure(dir: string): string | undefined {
	const script = "await import('@mintlify/common'); await import('@mintlify/link-rot'); await import('@mintlify/prebuild');";
	const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
	if (result.status === 0) return undefined;
	return (
		(result.stderr ?? '')
			.split('\n')
			.find(line => /Error/.test(line))
			?.trim() ?? `exit ${result.status}`
	);
}

/** `DEFAULT_MINT_IGNORES` read from its own module file of `@mintlify/common` (it imports nothing that may be missing). */
function readDefaultIgnores(dir: string): string[] | undefined {
	const file = path.join(dir, 'node_modules', '@mintlify', 'common', 'dist', 'mintIgnore.js');
	if (!existsSync(file)) return undefined;
	const script = `const m = await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(JSON.stringify(m.DEFAULT_MINT_IGNORES ?? null));`;
	const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
	return result.status === 0 ? ((JSON.parse(result.stdout) as string[] | null) ?? undefined) : undefined;
}
