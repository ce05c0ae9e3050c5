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
	readonly mintdoc: FormatRun;
	/** `mintdoc format --check` on the site just formatted: what CI and format on save pay once pages are in the form. */
	readonly check: FormatRun;
	/** The platform's own `mint format` on a copy of the same site (with --official). */
	readonly official?: FormatRun | { error: string };
}

/**
 * `mintdoc format` on a throw-away copy of the site (it writes in place, like `mint format`), and
 * with `officialBin` the platform's `mint format` on another copy: whole process, so start-up counts.
 */
export async function benchFormat(siteDir: string, cli: string, officialBin?: string): Promise<FormatFigures> {
	const [ours, check] = await inCopy(siteDir, async dir => {
		const run = await runProcess(process.execPath, [cli, 'format'], { cwd: dir, timeoutMs: 20 * 60_000 });
		const m = /formatted (\d+) of (\d+) page/.exec(run.stderr);
		if (!m) throw new Error(`mintdoc format said: ${run.stderr.slice(0, 300)}`);
		const again = await runProcess(process.execPath, [cli, 'format', '--check'], { cwd: dir, timeoutMs: 20 * 60_000 });
		const n = /would change (\d+) of (\d+) page/.exec(again.stderr);
		if (!n) throw new Error(`mintdoc format --check said: ${again.stderr.slice(0, 300)}`);
		return [figures(run.wallMs, run.cpuMs, Number(m[2]), Number(m[1])), figures(again.wallMs, again.cpuMs, Number(n[2]), Number(n[1]))] as const;
	});
	if (!officialBin) return { mintdoc: ours, check };
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
	return { mintdoc: ours, check, official };
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
