// `npm run bench`: measures MintDoc on the largest real site of the development corpus and on
// generated sites (S, M, L), against the floor, a peer and (with --official) the platform's own CLI;
// `--site DIR` (any number) measures those real sites instead of the corpus'. Real sites come first:
// a budget met on a generated site says little about a real one. A benchmark, not a test: it never
// fails on timing.
// Usage: npm run bench -- [--sizes S,M,L] [--site DIR]... [--corpus DIR] [--official] [--runs N] [--parts floor,check,warm,identical,tiers,peer,server,outside,busy,soak,format]
// `outside` (not in the default parts): the server as another editor starts and drives it, without and with the client's Node flags (outsideClient.ts).
// The corpus folder: --corpus, else MINTDOC_CORPUS, else `corpus` beside the repository or a parent folder; without one, generated sites only.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { measureFloor } from './floor';
import { measureTiers, type TierFigures } from './pageTiers';
import { corpusFolder, corpusSites } from './corpusSites';
import { describeRealSite } from './realSite';
import { ensureOfficialCli, officialPackage, runOfficialBrokenLinks } from './official';
import { measurePeer } from './peer';
import { runProcess } from './processRun';
import { benchWhileChecking, type BusyFigures } from './busyBench';
import { benchFormat, type FormatFigures } from './formatBench';
import { benchServer, type ServerFigures } from './serverBench';
import { benchOutsideBothWays, type OutsideFigures } from './outsideClient';
import { soakServer, type SoakFigures } from './soakBench';
import { defaultSeed, ensureSite, generatorVersion, sizes, type GeneratedSite, type SizeName } from './siteGenerator';
import { median } from './stats';

const repo = path.resolve(__dirname, '..');
const cacheDir = path.join(repo, '.bench-cache');
const cli = path.join(repo, 'dist', 'cli.js');
const server = path.join(repo, 'dist', 'server.js');

/** Budgets (on a 2-core machine), by figure and size; a real site is held to L's, and to the ratios to its floor. */
const budgets: Partial<Record<string, Partial<Record<string, number>>>> = {
	checkMs: { M: 3_000, L: 20_000 },
	checkPeakRssMb: { L: 500 },
	firstDiagnosticsMs: { L: 1_000 },
	loadedMs: { L: 30_000 },
	configEditP95Ms: { M: 30, L: 50 },
	pageEditP95Ms: { L: 30 },
	pageCompletionP95Ms: { L: 20 },
	endpointCompletionP95Ms: { L: 20 },
	hoverP95Ms: { L: 20 },
	serverRssMb: { L: 400 },
	soakGrowthPercent: { L: 10 },
};
/** `mintdoc check` within this many times the floor, cold and warm, on every site. */
const coldFloorRatio = 3;
const warmFloorRatio = 1.5;

type CheckFigures = { wallMs: number; runs: number[]; cpuMs: number | undefined; peakRssMb: number | undefined; exitCode: number | null; problems: string };

interface SizeResult {
	site: Omit<GeneratedSite, 'navPages' | 'endpointEntries' | 'dir'> & { dir?: string };
	floor?: { totalMs: number; readMs: number; parseMs: number };
	/** Cold: no page cache (`--no-cache`); warm: a second run with the cache the first one wrote. */
	check?: CheckFigures;
	warm?: CheckFigures;
	tiers?: TierFigures;
	/** Lines of `mintdoc check` output that differ from the cold run: with the MDX parser alone, and warm from the cache. */
	identical?: { parserOnly: number; warm: number };
	server?: ServerFigures | { error: string };
	/** The outside client (outsideClient.ts): without Node flags, then with the VS Code client's. */
	outside?: OutsideFigures[];
	busy?: BusyFigures;
	soak?: SoakFigures;
	/** `mintdoc format` on a copy of the site, and with --official `mint format` beside it. */
	format?: FormatFigures;
	peer?: { validateMs: number; diagnostics: number };
	official?: { wallMs: number; cpuMs: number | undefined; exitCode: number | null; ratio: number; output: string } | { error: string };
	errors: string[];
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			sizes: { type: 'string' },
			site: { type: 'string', multiple: true, default: [] },
			corpus: { type: 'string' },
			official: { type: 'boolean', default: false },
			runs: { type: 'string', default: '1' },
			parts: { type: 'string', default: 'floor,check,warm,tiers,peer,server,busy,soak,format' },
			seed: { type: 'string', default: String(defaultSeed) },
		},
	});
	// Real sites alone when only --site is given; generated sizes too when --sizes names them.
	const sizeNames = (values.sizes ?? (values.site!.length ? '' : 'S,M,L'))
		.split(',')
		.map(s => s.trim().toUpperCase())
		.filter((s): s is SizeName => s in sizes);
	const log = (line: string) => console.error(line);
	// The corpus' largest real site, unless sites are named (or only generated sizes are asked for).
	const corpus = values.site!.length || values.sizes ? undefined : corpusFolder(values.corpus, repo);
	if (!values.site!.length && !values.sizes && !corpus)
		log(`no corpus folder (--corpus DIR or MINTDOC_CORPUS; looked for ${path.join(repo, '..', 'corpus')}): generated sites only`);
	const largest = corpus ? corpusSites(corpus)[0] : undefined;
	if (largest) log(`corpus ${corpus}: the largest real site is ${largest.dir} (${largest.pages} pages)`);
	const realSites = largest ? [largest.dir] : values.site!.map(dir => path.resolve(dir));
	const labelOf = (dir: string) => path.relative(path.dirname(path.dirname(dir)), dir).replace(/\\/g, '/');
	const realByLabel = new Map(realSites.map(dir => [labelOf(dir), dir]));
	const chosen: string[] = [...realByLabel.keys(), ...sizeNames];
	const runs = Math.max(1, Number(values.runs) || 1);
	const seed = Number(values.seed) || defaultSeed;
	const parts = new Set(values.parts!.split(',').map(p => p.trim()));
	if (!existsSync(cli) || !existsSync(server)) throw new Error('dist/ is missing: run `node scripts/build.mjs` first (npm run bench does)');
	mkdirSync(cacheDir, { recursive: true });

	const results: Partial<Record<string, SizeResult>> = {};
	const machine = {
		cpu: os.cpus()[0]?.model ?? 'unknown',
		cores: os.cpus().length,
		ramGb: Math.round(os.totalmem() / 1024 ** 3),
		node: process.version,
		platform: `${os.platform()} ${os.release()}`,
		loadAverage: os.loadavg().map(n => Math.round(n * 100) / 100),
	};
	const date = new Date().toISOString();
	// Written after every size, so a long L run interrupted midway still leaves S and M.
	const save = () =>
		writeFileSync(
			path.join(__dirname, 'results.json'),
			JSON.stringify(
				{
					date,
					machine: { ...machine, loadAverageAtEnd: os.loadavg().map(n => Math.round(n * 100) / 100) },
					generator: { version: generatorVersion, seed },
					budgets,
					results,
				},
				null,
				2,
			) + '\n',
		);
	for (const size of chosen) {
		const real = realByLabel.get(size);
		const site = real ? describeRealSite(real, size) : ensureSite(cacheDir, size as SizeName, seed, log);
		const { navPages: _n, endpointEntries: _e, dir: _d, ...summary } = site;
		const result: SizeResult = { site: real ? { ...summary, dir: real } : summary, errors: [] };
		results[size] = result;
		log(
			`site ${size}: ${site.pages} pages, ${site.links} links, ${site.operations} operations, ${(site.bytes / 1024 / 1024).toFixed(1)} MB in ${site.files} files`,
		);
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
		// Cold runs never read a page cache; warm runs share one written by a first, unmeasured run.
		const cacheFile = path.join(cacheDir, 'page-cache', `${size.replace(/[^\w.-]+/g, '_')}.bin`);
		const checkRuns = async (label: 'cold' | 'warm', cacheArgs: string[]): Promise<CheckFigures> => {
			const walls: number[] = [];
			let last;
			for (let i = 0; i < runs; i++) {
				last = await runProcess(process.execPath, [cli, 'check', site.dir, ...cacheArgs], { timeoutMs: 20 * 60_000 });
				walls.push(last.wallMs);
				log(
					`  mintdoc check ${size} (${label}): ${last.wallMs.toFixed(0)} ms (CPU ${last.cpuMs?.toFixed(0)} ms), peak RSS ${last.peakRssMb?.toFixed(0)} MB, exit ${last.exitCode}`,
				);
			}
			if (last!.exitCode !== 0 && last!.exitCode !== 1) throw new Error(`mintdoc check exited with ${last!.exitCode}: ${last!.stderr.slice(0, 500)}`);
			return {
				wallMs: median(walls),
				runs: walls,
				cpuMs: last!.cpuMs,
				peakRssMb: last!.peakRssMb,
				exitCode: last!.exitCode,
				problems: last!.stdout.trim().split('\n').pop() ?? '',
			};
		};
		await attempt('check', async () => {
			result.check = await checkRuns('cold', ['--no-cache']);
		});
		await attempt('warm', async () => {
			rmSync(cacheFile, { force: true });
			const first = await runProcess(process.execPath, [cli, 'check', site.dir, '--cache-location', cacheFile], { timeoutMs: 20 * 60_000 });
			result.warm = await checkRuns('warm', ['--cache-location', cacheFile]);
			if (result.warm.problems !== (first.stdout.trim().split('\n').pop() ?? ''))
				result.errors.push(`warm: findings differ from the run that wrote the cache: ${result.warm.problems}`);
		});
		await attempt('identical', async () => {
			const cold = await runProcess(process.execPath, [cli, 'check', site.dir, '--no-cache'], { timeoutMs: 20 * 60_000 });
			const parserOnly = await runProcess(process.execPath, [cli, 'check', site.dir, '--no-cache'], {
				timeoutMs: 30 * 60_000,
				env: { ...process.env, MINTDOC_PAGE_READER: 'parser' },
			});
			rmSync(cacheFile, { force: true });
			await runProcess(process.execPath, [cli, 'check', site.dir, '--cache-location', cacheFile], { timeoutMs: 20 * 60_000 });
			const warm = await runProcess(process.execPath, [cli, 'check', site.dir, '--cache-location', cacheFile], { timeoutMs: 20 * 60_000 });
			result.identical = { parserOnly: differingLines(cold.stdout, parserOnly.stdout), warm: differingLines(cold.stdout, warm.stdout) };
			log(
				`  identical ${size}: ${result.identical.parserOnly} lines differ with the MDX parser alone, ${result.identical.warm} warm from the cache (of ${cold.stdout.split('\n').length})`,
			);
		});
		await attempt('tiers', async () => {
			result.tiers = await measureTiers(site.dir);
			const t = result.tiers;
			log(
				`  tiers ${size}: fast tier ${t.fast.pages}/${t.pages} pages, ${pct(t.fast.bytes, t.bytes)} of bytes (${t.fast.ms.toFixed(0)} ms); parser ${t.parser.pages} pages (${t.parser.ms.toFixed(0)} ms); rules ${t.siteRulesMs.toFixed(0)} + ${t.pageRulesMs.toFixed(0)} ms`,
			);
		});
		await attempt('peer', async () => {
			result.peer = await measurePeer(path.join(site.dir, 'docs.json'), path.join(repo, 'schemas', 'docs.schema.json'));
		});
		await attempt('server', async () => {
			result.server = await benchServer(site, server, log);
		});
		await attempt('outside', async () => {
			result.outside = await benchOutsideBothWays(site.dir, server, log);
		});
		await attempt('busy', async () => {
			result.busy = await benchWhileChecking(site, server, log);
		});
		await attempt('soak', async () => {
			result.soak = await soakServer(site, server, log);
		});
		await attempt('format', async () => {
			let officialBin: string | undefined;
			if (values.official) {
				const installed = ensureOfficialCli(cacheDir, log);
				if ('error' in installed) throw new Error(installed.error);
				officialBin = installed.bin;
			}
			result.format = await benchFormat(site.dir, cli, officialBin);
			const f = result.format;
			const official = f.official && !('error' in f.official) ? f.official : undefined;
			log(
				`  mintdoc format ${size} cold: ${f.mintdoc.pages} pages in ${f.mintdoc.wallMs.toFixed(0)} ms (${f.mintdoc.msPerPage.toFixed(1)} ms/page, CPU ${f.mintdoc.cpuMs?.toFixed(0)} ms)` +
					`; --check cold: ${f.coldCheck.wallMs.toFixed(0)} ms (${f.coldCheck.msPerPage.toFixed(1)} ms/page)` +
					`; --check warm: ${f.check.wallMs.toFixed(0)} ms (${f.check.msPerPage.toFixed(1)} ms/page, CPU ${f.check.cpuMs?.toFixed(0)} ms)` +
					(official ? `; mint format: ${official.wallMs.toFixed(0)} ms (${official.msPerPage.toFixed(1)} ms/page, CPU ${official.cpuMs?.toFixed(0)} ms)` : ''),
			);
		});
		if (values.official && (size === 'M' || real)) {
			await attempt('official', async () => {
				const installed = ensureOfficialCli(cacheDir, log);
				if ('error' in installed) throw new Error(installed.error);
				const run = await runOfficialBrokenLinks(installed.bin, site.dir);
				log(`  ${officialPackage} broken-links ${size}: ${run.wallMs.toFixed(0)} ms, exit ${run.exitCode}${run.timedOut ? ' (timed out)' : ''}`);
				const output = (run.stdout + run.stderr).trim().split('\n').slice(-3).join(' | ').slice(0, 300);
				result.official = {
					wallMs: run.wallMs,
					cpuMs: run.cpuMs,
					exitCode: run.exitCode,
					ratio: result.check ? run.wallMs / result.check.wallMs : NaN,
					output,
				};
			});
		}
		save();
	}

	console.log(formatTable(date, machine, chosen, results));
	console.error(`wrote ${path.relative(process.cwd(), path.join(__dirname, 'results.json'))}`);
}

const ms = (n: number | undefined) =>
	n === undefined || Number.isNaN(n) ? '—' : n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const mb = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(0)} MB`);
const ratio = (n: number | undefined, floor: number | undefined) => (n === undefined || !floor ? '' : ` (${(n / floor).toFixed(1)}× floor)`);

/** Lines in one output and not the other (both ways), as a multiset. */
function differingLines(a: string, b: string): number {
	const counts = new Map<string, number>();
	for (const line of a.split('\n')) counts.set(line, (counts.get(line) ?? 0) + 1);
	for (const line of b.split('\n')) counts.set(line, (counts.get(line) ?? 0) - 1);
	return [...counts.values()].reduce((sum, n) => sum + Math.abs(n), 0);
}

/**
 * The outside client's figures beside the server part's: one row per figure, each cell `without
 * flags · with the client's flags`, budgets as the server part's.
 */
function outsideRows(
	chosen: readonly string[],
	results: Partial<Record<string, SizeResult>>,
	row: (label: string, cell: (size: string) => string, budgetText?: string) => string,
	limit: (key: string, size: string) => number | undefined,
): string[] {
	if (!chosen.some(size => results[size]?.outside)) return [];
	const both = (size: string, cell: (f: OutsideFigures) => string) => (results[size]?.outside ?? []).map(cell).join(' · ') || '—';
	const budget = (key: string, unit: (n: number) => string) =>
		chosen.flatMap(size => (limit(key, size) !== undefined ? [`${size} ≤ ${unit(limit(key, size)!)}`] : [])).join(', ');
	return [
		row('outside client (no flags · client flags): first diagnostics', size => both(size, f => ms(f.firstDiagnosticsMs)), budget('firstDiagnosticsMs', ms)),
		row(
			'outside client: docs.json edit (`x` appended / removed, 50 entries spread) p50 / p95',
			size => both(size, f => `${ms(f.editP50Ms)} / ${ms(f.editP95Ms)}`),
			budget('configEditP95Ms', ms),
		),
		row(
			'outside client: page-path completion after a 1 s pause p50 / p95',
			size => both(size, f => `${ms(f.completionP50Ms)} / ${ms(f.completionP95Ms)}`),
			budget('pageCompletionP95Ms', ms),
		),
		row(
			'outside client: RSS after load / after edits / settled (10 s idle)',
			size => both(size, f => `${mb(f.rssAfterLoadMb)} / ${mb(f.rssAfterEditsMb)} / ${mb(f.rssSettledMb)}`),
			budget('serverRssMb', mb),
		),
	];
}

const pct = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)} %` : '—');

/** One Markdown table: a row per figure, a column per site, then the budget. */
export function formatTable(
	date: string,
	machine: { cpu: string; cores: number; ramGb: number; node: string; loadAverage: number[] },
	chosen: readonly string[],
	results: Partial<Record<string, SizeResult>>,
): string {
	const server = (size: string) => {
		const s = results[size]?.server;
		return s && !('error' in s) ? s : undefined;
	};
	// A real site is held to the largest generated size's budgets (the issue's table, on crewAI).
	const limit = (key: string, size: string) => budgets[key]?.[size] ?? (results[size]?.site.dir !== undefined ? budgets[key]?.L : undefined);
	const budget = (key: string, unit: (n: number) => string) =>
		chosen.flatMap(size => (limit(key, size) !== undefined ? [`${size} ≤ ${unit(limit(key, size)!)}`] : [])).join(', ');
	const row = (label: string, cell: (size: string) => string, budgetText = '') => `| ${label} | ${chosen.map(cell).join(' | ')} | ${budgetText} |`;
	const floor = (size: string) => results[size]?.floor?.totalMs;
	const tiers = (size: string) => results[size]?.tiers;
	const lines = [
		`MintDoc bench — ${date} — ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB RAM, node ${machine.node}, load average ${machine.loadAverage.join(' ')}`,
		'',
		`| figure | ${chosen.map(size => `${size} (${results[size]!.site.pages} pages, ${(results[size]!.site.bytes / 1024 / 1024).toFixed(0)} MB)`).join(' | ')} | budget |`,
		`|---|${chosen.map(() => '---').join('|')}|---|`,
		row('floor: read all files + parse docs.json and specs', size => ms(floor(size))),
		row(
			'`mintdoc check` wall, cold (no cache)',
			size => ms(results[size]?.check?.wallMs) + ratio(results[size]?.check?.wallMs, floor(size)),
			`≤ ${coldFloorRatio}× floor; ${budget('checkMs', ms)}`,
		),
		row(
			'`mintdoc check` wall, warm (page cache, unchanged site)',
			size => ms(results[size]?.warm?.wallMs) + ratio(results[size]?.warm?.wallMs, floor(size)),
			`≤ ${warmFloorRatio}× floor`,
		),
		row('`mintdoc check` CPU time, cold (user + system, all threads)', size => ms(results[size]?.check?.cpuMs)),
		row('`mintdoc check` peak RSS, cold', size => mb(results[size]?.check?.peakRssMb), budget('checkPeakRssMb', mb)),
		row('fast tier reads: pages / bytes', size =>
			tiers(size) ? `${pct(tiers(size)!.fast.pages, tiers(size)!.pages)} / ${pct(tiers(size)!.fast.bytes, tiers(size)!.bytes)}` : '—',
		),
		row('one thread: read pages / fast tier / MDX parser / other pages', size =>
			tiers(size) ? `${ms(tiers(size)!.readMs)} / ${ms(tiers(size)!.fast.ms)} / ${ms(tiers(size)!.parser.ms)} / ${ms(tiers(size)!.other.ms)}` : '—',
		),
		row('one thread: docs.json rules + OpenAPI / page rules', size =>
			tiers(size) ? `${ms(tiers(size)!.siteRulesMs)} / ${ms(tiers(size)!.pageRulesMs)}` : '—',
		),
		row(
			'findings that differ: MDX parser alone / warm from the cache',
			size => (results[size]?.identical ? `${results[size]!.identical!.parserOnly} / ${results[size]!.identical!.warm}` : '—'),
			'0 / 0',
		),
		row(
			'server: first diagnostics',
			size => ms(server(size)?.firstDiagnosticsMs) + ratio(server(size)?.firstDiagnosticsMs, floor(size)),
			budget('firstDiagnosticsMs', ms),
		),
		row('server: every page checked (background)', size => ms(server(size)?.loadedMs), budget('loadedMs', ms)),
		row(
			'server: docs.json edit → diagnostics p50 / p95',
			size => `${ms(server(size)?.configEditP50Ms)} / ${ms(server(size)?.configEditP95Ms)}`,
			budget('configEditP95Ms', ms),
		),
		row('server: CPU time per docs.json edit (all threads)', size => ms(server(size)?.configEditCpuMs)),
		row(
			'server: MDX edit → diagnostics p50 / p95',
			size => `${ms(server(size)?.pageEditP50Ms)} / ${ms(server(size)?.pageEditP95Ms)}`,
			budget('pageEditP95Ms', ms),
		),
		row(
			'server: completion, page paths p50 / p95',
			size => `${ms(server(size)?.pageCompletionP50Ms)} / ${ms(server(size)?.pageCompletionP95Ms)}`,
			budget('pageCompletionP95Ms', ms),
		),
		row(
			'server: completion, `METHOD /path` p50 / p95',
			size => `${ms(server(size)?.endpointCompletionP50Ms)} / ${ms(server(size)?.endpointCompletionP95Ms)}`,
			budget('endpointCompletionP95Ms', ms),
		),
		row(
			'server: completion writing a page p95 (frontmatter key / icon / related / fence meta / </ / import / <)',
			size => {
				const p95 = server(size)?.writingCompletionP95Ms;
				return p95
					? Object.values(p95)
							.map(v => ms(v))
							.join(' / ')
					: ms(undefined);
			},
			budget('pageCompletionP95Ms', ms),
		),
		row('server: hover p95 / definition p95', size => `${ms(server(size)?.hoverP95Ms)} / ${ms(server(size)?.definitionP95Ms)}`, budget('hoverP95Ms', ms)),
		row(
			'server: RSS after load / after edits / settled (15 s idle)',
			size => `${mb(server(size)?.rssAfterLoadMb)} / ${mb(server(size)?.rssAfterEditsMb)} / ${mb(server(size)?.rssSettledMb)}`,
			budget('serverRssMb', mb),
		),
		...outsideRows(chosen, results, row, limit),
		row(
			'server, background check running: docs.json / MDX edit p95',
			size => `${ms(results[size]?.busy?.configEditP95Ms)} / ${ms(results[size]?.busy?.pageEditP95Ms)}`,
		),
		row(
			'server, background check running: completion / hover p95',
			size => `${ms(results[size]?.busy?.pageCompletionP95Ms)} / ${ms(results[size]?.busy?.hoverP95Ms)}`,
		),
		row(
			'server, background check running: measured until / check done',
			size => `${ms(results[size]?.busy?.measuredUntilMs)} / ${ms(results[size]?.busy?.backgroundDoneMs)}`,
		),
		row(
			'soak (1,000 edits): RSS after load / every 100 / after idle',
			size => {
				const soak = results[size]?.soak;
				return soak
					? `${mb(soak.rssAfterLoadMb)} / ${soak.rssEveryHundredMb.map(n => n?.toFixed(0) ?? '—').join(', ')} / ${mb(soak.rssAfterIdleMb)} (+${soak.growthPercent?.toFixed(0)} %)`
					: '—';
			},
			budget('soakGrowthPercent', n => `+${n} %`),
		),
		row('peer: vscode-json-languageservice validate docs.json', size => ms(results[size]?.peer?.validateMs)),
		row('`mintdoc format --no-cache` (cold: fresh copy, fresh process, in place): wall / CPU, per page', size => {
			const f = results[size]?.format?.mintdoc;
			return f ? `${ms(f.wallMs)} / ${ms(f.cpuMs)}, ${ms(f.msPerPage)}/page (${f.pages} pages)` : '';
		}),
		row('`mintdoc format --check --no-cache` once formatted (cold, as a CI job without a cache): wall / CPU, per page', size => {
			const f = results[size]?.format?.coldCheck;
			return f ? `${ms(f.wallMs)} / ${ms(f.cpuMs)}, ${ms(f.msPerPage)}/page` : '';
		}),
		row('`mintdoc format --check` once formatted, cache filled (warm): wall / CPU, per page', size => {
			const f = results[size]?.format?.check;
			return f ? `${ms(f.wallMs)} / ${ms(f.cpuMs)}, ${ms(f.msPerPage)}/page` : '';
		}),
	];
	if (chosen.some(size => results[size]?.format?.official)) {
		lines.push(
			row(`official: \`mint format\` (${officialPackage})`, size => {
				const o = results[size]?.format?.official;
				const ours = results[size]?.format?.mintdoc;
				if (!o) return '';
				if ('error' in o) return `failed: ${o.error.slice(0, 80)}`;
				return `${ms(o.wallMs)} / ${ms(o.cpuMs)}, ${ms(o.msPerPage)}/page${ours ? ` (MintDoc ${(o.wallMs / ours.wallMs).toFixed(1)}× faster)` : ''}`;
			}),
		);
	}
	if (chosen.some(size => results[size]?.official)) {
		lines.push(
			row(
				`official: \`${officialPackage} broken-links\``,
				size => {
					const o = results[size]?.official;
					if (!o) return '';
					return 'error' in o ? `failed: ${o.error.slice(0, 80)}` : `${ms(o.wallMs)}, CPU ${ms(o.cpuMs)} (MintDoc ${o.ratio.toFixed(1)}× faster)`;
				},
				'MintDoc ≥ 20× faster',
			),
		);
	}
	const errors = chosen.flatMap(size => results[size]!.errors.map(e => `${size}: ${e}`));
	if (errors.length) lines.push('', 'Not measured:', ...errors.map(e => `- ${e}`));
	return lines.join('\n');
}

main().catch(e => {
	// A benchmark never fails a build: report and exit 0.
	console.error(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
});
