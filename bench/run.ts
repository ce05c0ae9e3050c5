// `npm run bench`: measures MintDoc on the largest real site of the development corpus and on
// generated sites (S, M, L), against the floor, a peer and (with --official) the platform's own CLI;
// `--site DIR` (any number) measures those real sites instead of the corpus'. Real sites come first:
// a budget met on a generated site says little about a real one. A benchmark, not a test: it never
// fails on timing.
// Usage: npm run bench -- [--sizes S,M,L] [--site DIR]... [--corpus DIR] [--official] [--runs N] [--parts floor,check,warm,identical,tiers,peer,server,outside,browser,busy,soak,format]
// `outside` (not in the default parts): the server as another editor starts and drives it, without and with the client's Node flags (outsideClient.ts);
// `--outside-uris node` makes that client spell file URIs as Node's pathToFileURL does (`+` kept) instead of as VS Code does.
// `browser` (not in the default parts): the server in a browser's Web Worker beside the Node server, same client (browserWorker.ts).
// The corpus folder: --corpus, else MINTDOC_CORPUS, else `corpus` beside the repository or a parent folder; without one, generated sites only.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { measureFloor } from './floor';
import { measureTiers } from './pageTiers';
import { corpusFolder, corpusSites } from './corpusSites';
import { describeRealSite } from './realSite';
import { ensureOfficialCli, officialPackage, runOfficialBrokenLinks } from './official';
import { budgets, formatTable, pct, type CheckFigures, type SizeResult } from './resultTable';
import { measurePeer } from './peer';
import { runProcess } from './processRun';
import { benchWhileChecking } from './busyBench';
import { benchFormat } from './formatBench';
import { benchServer } from './serverBench';
import { benchOutsideBothWays } from './outsideClient';
import { benchBrowserWorker } from './browserWorker';
import { soakServer } from './soakBench';
import { defaultSeed, ensureSite, generatorVersion, sizes, type SizeName } from './siteGenerator';
import { median } from './stats';

const repo = path.resolve(__dirname, '..');
const cacheDir = path.join(repo, '.bench-cache');
const cli = path.join(repo, 'dist', 'cli.js');
const server = path.join(repo, 'dist', 'server.js');

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
			'outside-uris': { type: 'string', default: 'vscode' },
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
			log(
				`  mintdoc check ${size} (first, writing the cache): ${first.wallMs.toFixed(0)} ms (CPU ${first.cpuMs?.toFixed(0)} ms), peak RSS ${first.peakRssMb?.toFixed(0)} MB, exit ${first.exitCode}`,
			);
			result.firstCached = {
				wallMs: first.wallMs,
				runs: [first.wallMs],
				cpuMs: first.cpuMs,
				peakRssMb: first.peakRssMb,
				exitCode: first.exitCode,
				problems: first.stdout.trim().split('\n').pop() ?? '',
			};
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
			result.outside = await benchOutsideBothWays(site.dir, server, log, values['outside-uris'] === 'node' ? 'node' : 'vscode');
		});
		await attempt('browser', async () => {
			result.browser = await benchBrowserWorker(site.dir, log);
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

/** Lines in one output and not the other (both ways), as a multiset. */
function differingLines(a: string, b: string): number {
	const counts = new Map<string, number>();
	for (const line of a.split('\n')) counts.set(line, (counts.get(line) ?? 0) + 1);
	for (const line of b.split('\n')) counts.set(line, (counts.get(line) ?? 0) - 1);
	return [...counts.values()].reduce((sum, n) => sum + Math.abs(n), 0);
}

main().catch(e => {
	// A benchmark never fails a build: report and exit 0.
	console.error(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
});
