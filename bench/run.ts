// `npm run bench`: generates synthetic sites (S, M, L) and measures MintDoc against the floor, a peer
// and (with --official) the platform's own CLI. A benchmark, not a test: it never fails on timing.
// Usage: npm run bench -- [--sizes S,M,L] [--official] [--runs N] [--parts floor,check,peer,server,busy,soak]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { measureFloor } from './floor';
import { ensureOfficialCli, officialPackage, runOfficialBrokenLinks } from './official';
import { measurePeer } from './peer';
import { runProcess } from './processRun';
import { benchWhileChecking, type BusyFigures } from './busyBench';
import { benchServer, type ServerFigures } from './serverBench';
import { soakServer, type SoakFigures } from './soakBench';
import { defaultSeed, ensureSite, generatorVersion, sizes, type GeneratedSite, type SizeName } from './siteGenerator';
import { median } from './stats';

const repo = path.resolve(__dirname, '..');
const cacheDir = path.join(repo, '.bench-cache');
const cli = path.join(repo, 'dist', 'cli.js');
const server = path.join(repo, 'dist', 'server.js');

/** The issue's budgets (on a 2-core machine), by figure and size. */
const budgets: Partial<Record<string, Partial<Record<SizeName, number>>>> = {
	checkMs: { M: 3_000, L: 20_000 },
	firstDiagnosticsMs: { L: 1_500 },
	configEditP95Ms: { M: 30, L: 50 },
	pageEditP95Ms: { L: 30 },
	pageCompletionP95Ms: { L: 20 },
	endpointCompletionP95Ms: { L: 20 },
	hoverP95Ms: { L: 20 },
	serverRssMb: { L: 400 },
	soakGrowthPercent: { L: 10 },
};

interface SizeResult {
	site: Omit<GeneratedSite, 'navPages' | 'endpointEntries' | 'dir'>;
	floor?: { totalMs: number; readMs: number; parseMs: number };
	check?: { wallMs: number; runs: number[]; cpuMs: number | undefined; peakRssMb: number | undefined; exitCode: number | null; problems: string };
	server?: ServerFigures | { error: string };
	busy?: BusyFigures;
	soak?: SoakFigures;
	peer?: { validateMs: number; diagnostics: number };
	official?: { wallMs: number; cpuMs: number | undefined; exitCode: number | null; ratio: number; output: string } | { error: string };
	errors: string[];
}

async function main(): Promise<void> {
	const { values } = parseArgs({ options: { sizes: { type: 'string', default: 'S,M,L' }, official: { type: 'boolean', default: false }, runs: { type: 'string', default: '1' }, parts: { type: 'string', default: 'floor,check,peer,server,busy,soak' }, seed: { type: 'string', default: String(defaultSeed) } } });
	const chosen = values.sizes!.split(',').map(s => s.trim().toUpperCase()).filter((s): s is SizeName => s in sizes);
	const runs = Math.max(1, Number(values.runs) || 1);
	const seed = Number(values.seed) || defaultSeed;
	const parts = new Set(values.parts!.split(',').map(p => p.trim()));
	const log = (line: string) => console.error(line);
	if (!existsSync(cli) || !existsSync(server)) throw new Error('dist/ is missing: run `node scripts/build.mjs` first (npm run bench does)');
	mkdirSync(cacheDir, { recursive: true });

	const results: Partial<Record<SizeName, SizeResult>> = {};
	const machine = { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, ramGb: Math.round(os.totalmem() / 1024 ** 3), node: process.version, platform: `${os.platform()} ${os.release()}`, loadAverage: os.loadavg().map(n => Math.round(n * 100) / 100) };
	const date = new Date().toISOString();
	// Written after every size, so a long L run interrupted midway still leaves S and M.
	const save = () => writeFileSync(path.join(__dirname, 'results.json'), JSON.stringify({ date, machine: { ...machine, loadAverageAtEnd: os.loadavg().map(n => Math.round(n * 100) / 100) }, generator: { version: generatorVersion, seed }, budgets, results }, null, 2) + '\n');
	for (const size of chosen) {
		const site = ensureSite(cacheDir, size, seed, log);
		const { navPages: _n, endpointEntries: _e, dir: _d, ...summary } = site;
		const result: SizeResult = { site: summary, errors: [] };
		results[size] = result;
		log(`site ${size}: ${site.pages} pages, ${site.links} links, ${site.operations} operations, ${(site.bytes / 1024 / 1024).toFixed(1)} MB in ${site.files} files`);
		const attempt = async (label: string, work: () => Promise<void>) => {
			if (label !== 'official' && !parts.has(label)) return;
			try {
				await work();
			} catch (e) {
				result.errors.push(`${label}: ${e instanceof Error ? e.message : String(e)}`);
				log(`  ${label} failed: ${e instanceof Error ? e.message : String(e)}`);
			}
		};
		await attempt('floor', async () => {
			result.floor = await measureFloor(site);
		});
		await attempt('check', async () => {
			const walls: number[] = [];
			let last;
			for (let i = 0; i < runs; i++) {
				last = await runProcess(process.execPath, [cli, 'check', site.dir], { timeoutMs: 20 * 60_000 });
				walls.push(last.wallMs);
				log(`  mintdoc check ${size}: ${last.wallMs.toFixed(0)} ms (CPU ${last.cpuMs?.toFixed(0)} ms), peak RSS ${last.peakRssMb?.toFixed(0)} MB, exit ${last.exitCode}`);
			}
			if (last!.exitCode !== 0 && last!.exitCode !== 1) throw new Error(`mintdoc check exited with ${last!.exitCode}: ${last!.stderr.slice(0, 500)}`);
			result.check = { wallMs: median(walls), runs: walls, cpuMs: last!.cpuMs, peakRssMb: last!.peakRssMb, exitCode: last!.exitCode, problems: last!.stdout.trim().split('\n').pop() ?? '' };
		});
		await attempt('peer', async () => {
			result.peer = await measurePeer(path.join(site.dir, 'docs.json'), path.join(repo, 'schemas', 'docs.schema.json'));
		});
		await attempt('server', async () => {
			result.server = await benchServer(site, server, log);
		});
		await attempt('busy', async () => {
			result.busy = await benchWhileChecking(site, server, log);
		});
		await attempt('soak', async () => {
			result.soak = await soakServer(site, server, log);
		});
		if (values.official && size === 'M') {
			await attempt('official', async () => {
				const installed = ensureOfficialCli(cacheDir, log);
				if ('error' in installed) throw new Error(installed.error);
				const run = await runOfficialBrokenLinks(installed.bin, site.dir);
				log(`  ${officialPackage} broken-links ${size}: ${run.wallMs.toFixed(0)} ms, exit ${run.exitCode}${run.timedOut ? ' (timed out)' : ''}`);
				const output = (run.stdout + run.stderr).trim().split('\n').slice(-3).join(' | ').slice(0, 300);
				result.official = { wallMs: run.wallMs, cpuMs: run.cpuMs, exitCode: run.exitCode, ratio: result.check ? run.wallMs / result.check.wallMs : NaN, output };
			});
		}
		save();
	}

	console.log(formatTable(date, machine, chosen, results));
	console.error(`wrote ${path.relative(process.cwd(), path.join(__dirname, 'results.json'))}`);
}

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '—' : n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(n < 10 ? 1 : 0)} ms`);
const mb = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(0)} MB`);
const ratio = (n: number | undefined, floor: number | undefined) => (n === undefined || !floor ? '' : ` (${(n / floor).toFixed(1)}× floor)`);

/** One Markdown table: a row per figure, a column per size, then the budget. */
export function formatTable(date: string, machine: { cpu: string; cores: number; ramGb: number; node: string; loadAverage: number[] }, chosen: readonly SizeName[], results: Partial<Record<SizeName, SizeResult>>): string {
	const server = (size: SizeName) => {
		const s = results[size]?.server;
		return s && !('error' in s) ? s : undefined;
	};
	const budget = (key: string, unit: (n: number) => string) => chosen.flatMap(size => (budgets[key]?.[size] !== undefined ? [`${size} ≤ ${unit(budgets[key]![size]!)}`] : [])).join(', ');
	const row = (label: string, cell: (size: SizeName) => string, budgetText = '') => `| ${label} | ${chosen.map(cell).join(' | ')} | ${budgetText} |`;
	const lines = [
		`MintDoc bench — ${date} — ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB RAM, node ${machine.node}, load average ${machine.loadAverage.join(' ')}`,
		'',
		`| figure | ${chosen.map(size => `${size} (${results[size]!.site.pages} pages, ${(results[size]!.site.bytes / 1024 / 1024).toFixed(0)} MB)`).join(' | ')} | budget |`,
		`|---|${chosen.map(() => '---').join('|')}|---|`,
		row('floor: read all files + parse docs.json and specs', size => ms(results[size]?.floor?.totalMs)),
		row('`mintdoc check` wall (cold process)', size => ms(results[size]?.check?.wallMs) + ratio(results[size]?.check?.wallMs, results[size]?.floor?.totalMs), budget('checkMs', ms)),
		row('`mintdoc check` CPU time (user + system, all threads)', size => ms(results[size]?.check?.cpuMs)),
		row('`mintdoc check` peak RSS', size => mb(results[size]?.check?.peakRssMb)),
		row('server: first diagnostics', size => ms(server(size)?.firstDiagnosticsMs) + ratio(server(size)?.firstDiagnosticsMs, results[size]?.floor?.totalMs), budget('firstDiagnosticsMs', ms)),
		row('server: every page checked (background)', size => ms(server(size)?.loadedMs)),
		row('server: docs.json edit → diagnostics p50 / p95', size => `${ms(server(size)?.configEditP50Ms)} / ${ms(server(size)?.configEditP95Ms)}`, budget('configEditP95Ms', ms)),
		row('server: MDX edit → diagnostics p50 / p95', size => `${ms(server(size)?.pageEditP50Ms)} / ${ms(server(size)?.pageEditP95Ms)}`, budget('pageEditP95Ms', ms)),
		row('server: completion, page paths p50 / p95', size => `${ms(server(size)?.pageCompletionP50Ms)} / ${ms(server(size)?.pageCompletionP95Ms)}`, budget('pageCompletionP95Ms', ms)),
		row('server: completion, `METHOD /path` p50 / p95', size => `${ms(server(size)?.endpointCompletionP50Ms)} / ${ms(server(size)?.endpointCompletionP95Ms)}`, budget('endpointCompletionP95Ms', ms)),
		row('server: hover p95 / definition p95', size => `${ms(server(size)?.hoverP95Ms)} / ${ms(server(size)?.definitionP95Ms)}`, budget('hoverP95Ms', ms)),
		row('server: RSS after load / after edits / settled (15 s idle)', size => `${mb(server(size)?.rssAfterLoadMb)} / ${mb(server(size)?.rssAfterEditsMb)} / ${mb(server(size)?.rssSettledMb)}`, budget('serverRssMb', mb)),
		row('server, background check running: docs.json / MDX edit p95', size => `${ms(results[size]?.busy?.configEditP95Ms)} / ${ms(results[size]?.busy?.pageEditP95Ms)}`),
		row('server, background check running: completion / hover p95', size => `${ms(results[size]?.busy?.pageCompletionP95Ms)} / ${ms(results[size]?.busy?.hoverP95Ms)}`),
		row('server, background check running: measured until / check done', size => `${ms(results[size]?.busy?.measuredUntilMs)} / ${ms(results[size]?.busy?.backgroundDoneMs)}`),
		row('soak (1,000 edits): RSS after load / every 100 / after idle', size => {
			const soak = results[size]?.soak;
			return soak ? `${mb(soak.rssAfterLoadMb)} / ${soak.rssEveryHundredMb.map(n => n?.toFixed(0) ?? '—').join(', ')} / ${mb(soak.rssAfterIdleMb)} (+${soak.growthPercent?.toFixed(0)} %)` : '—';
		}, budget('soakGrowthPercent', n => `+${n} %`)),
		row('peer: vscode-json-languageservice validate docs.json', size => ms(results[size]?.peer?.validateMs)),
	];
	if (chosen.some(size => results[size]?.official)) {
		lines.push(row(`official: \`${officialPackage} broken-links\``, size => {
			const o = results[size]?.official;
			if (!o) return '';
			return 'error' in o ? `failed: ${o.error.slice(0, 80)}` : `${ms(o.wallMs)}, CPU ${ms(o.cpuMs)} (MintDoc ${o.ratio.toFixed(1)}× faster)`;
		}, 'MintDoc ≥ 20× faster'));
	}
	const errors = chosen.flatMap(size => results[size]!.errors.map(e => `${size}: ${e}`));
	if (errors.length) lines.push('', 'Not measured:', ...errors.map(e => `- ${e}`));
	return lines.join('\n');
}

main().catch(e => {
	// A benchmark never fails a build: report and exit 0.
	console.error(`bench: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
});
