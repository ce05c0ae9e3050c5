import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runProcess } from './processRun';

export interface FormatRun {
	readonly wallMs: number;
	readonly cpuMs: number | undefined;
	readonly pages: number;
	readonly changed: number;
	readonly msPerPage: number;
}

export interface FormatFigures {
	/** Cold: `mintdoc format --no-cache` on a fresh copy in a fresh process (a fresh checkout's first run). */
	readonly mintdoc: FormatRun;
	/** Cold: `mintdoc format --check --no-cache` on the site just formatted: what a CI job without a cache pays. */
	readonly coldCheck: FormatRun;
	/** Warm: `mintdoc format --check` once its cache knows the pages: what a local run and format on save pay. */
	readonly check: FormatRun;
	/** The platform's own `mint format` on a copy of the same site (with --official). */
	readonly official?: FormatRun | { error: string };
}

/**
 * `mintdoc format` on a throw-away copy of the site (it writes in place, like `mint format`), and
 * with `officialBin` the platform's `mint format` on another copy: whole process, so start-up counts.
 */
export async function benchFormat(siteDir: string, cli: string, officialBin?: string): Promise<FormatFigures> {
	const [ours, coldCheck, check] = await inCopy(siteDir, async dir => {
		const cold = await mintdocFormat(cli, dir, ['--no-cache'], /formatted (\d+) of (\d+) page/);
		const coldCheck = await mintdocFormat(cli, dir, ['--check', '--no-cache'], /would change (\d+) of (\d+) page/);
		await mintdocFormat(cli, dir, ['--check'], /would change (\d+) of (\d+) page/); // fills the cache
		const warm = await mintdocFormat(cli, dir, ['--check'], /would change (\d+) of (\d+) page/);
		return [cold, coldCheck, warm] as const;
	});
	if (!officialBin) return { mintdoc: ours, coldCheck, check };
	const official = await inCopy(siteDir, async dir => {
		const home = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-bench-home-'));
		try {
			const env = { ...process.env, HOME: home, CI: '1', DO_NOT_TRACK: '1', MINTLIFY_TELEMETRY_DISABLED: '1' };
			const run = await runProcess(officialBin, ['format'], { cwd: dir, timeoutMs: 30 * 60_000, env });
			const m = /formatted (\d+) of (\d+) mdx file/.exec(run.stdout + run.stderr);
			if (!m) return { error: `mint format said: ${(run.stdout + run.stderr).slice(-300)}` };
			return figures(run.wallMs, run.cpuMs, Number(m[2]), Number(m[1]));
		} finally {
			rmSync(home, { recursive: true, force: true });
		}
	});
	return { mintdoc: ours, coldCheck, check, official };
}

async function mintdocFormat(cli: string, dir: string, args: string[], summary: RegExp): Promise<FormatRun> {
	const run = await runProcess(process.execPath, [cli, 'format', ...args], { cwd: dir, timeoutMs: 20 * 60_000 });
	const m = summary.exec(run.stderr);
	if (!m) throw new Error(`mintdoc format ${args.join(' ')} said: ${run.stderr.slice(0, 300)}`);
	return figures(run.wallMs, run.cpuMs, Number(m[2]), Number(m[1]));
}

function figures(wallMs: number, cpuMs: number | undefined, pages: number, changed: number): FormatRun {
	return { wallMs, cpuMs, pages, changed, msPerPage: wallMs / Math.max(1, pages) };
}

async function inCopy<T>(siteDir: string, work: (dir: string) => Promise<T>): Promise<T> {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-bench-format-'));
	try {
		cpSync(siteDir, dir, { recursive: true, filter: src => path.basename(src) !== 'node_modules' && path.basename(src) !== '.git' });
		return await work(dir);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
