// The bench's results: what is measured per site (SizeResult), the budgets each figure is held to,
// and the Markdown table that prints them beside each other (run.ts measures, this shows).
import { officialPackage } from './official';
import type { TierFigures } from './pageTiers';
import type { BusyFigures } from './busyBench';
import type { FormatFigures } from './formatBench';
import type { ServerFigures } from './serverBench';
import type { OutsideFigures } from './outsideClient';
import type { BrowserWorkerFigures } from './browserWorker';
import type { SoakFigures } from './soakBench';
import type { GeneratedSite } from './siteGenerator';

/** Budgets (on a 2-core machine), by figure and size; a real site is held to L's, and to the ratios to its floor. */
export const budgets: Partial<Record<string, Partial<Record<string, number>>>> = {
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

export type CheckFigures = {
	wallMs: number;
	runs: number[];
	cpuMs: number | undefined;
	peakRssMb: number | undefined;
	exitCode: number | null;
	problems: string;
};

export interface SizeResult {
	site: Omit<GeneratedSite, 'navPages' | 'endpointEntries' | 'dir'> & { dir?: string };
	floor?: { totalMs: number; readMs: number; parseMs: number };
	/** Cold: no page cache (`--no-cache`); warm: a second run with the cache the first one wrote. */
	check?: CheckFigures;
	warm?: CheckFigures;
	/** The run that writes the page cache the warm runs read (no cache before it): a fresh checkout's first local run. */
	firstCached?: CheckFigures;
	tiers?: TierFigures;
	/** Lines of `mintdoc check` output that differ from the cold run: with the MDX parser alone, and warm from the cache. */
	identical?: { parserOnly: number; warm: number };
	server?: ServerFigures | { error: string };
	/** The outside client (outsideClient.ts): without Node flags, then with the VS Code client's. */
	outside?: OutsideFigures[];
	/** The Node server, then the server in a browser's Web Worker (browserWorker.ts). */
	browser?: BrowserWorkerFigures[];
	busy?: BusyFigures;
	soak?: SoakFigures;
	/** `mintdoc format` on a copy of the site, and with --official `mint format` beside it. */
	format?: FormatFigures;
	peer?: { validateMs: number; diagnostics: number };
	official?: { wallMs: number; cpuMs: number | undefined; exitCode: number | null; ratio: number; output: string } | { error: string };
	errors: string[];
}

const ms = (n: number | undefined) =>
	n === undefined || Number.isNaN(n) ? '—' : n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const mb = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(0)} MB`);
const ratio = (n: number | undefined, floor: number | undefined) => (n === undefined || !floor ? '' : ` (${(n / floor).toFixed(1)}× floor)`);

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

/** The browser worker's figures beside the Node server's, same client: `Node · worker (ratio)`. */
function browserRows(
	chosen: readonly string[],
	results: Partial<Record<string, SizeResult>>,
	row: (label: string, cell: (size: string) => string, budgetText?: string) => string,
): string[] {
	if (!chosen.some(size => results[size]?.browser)) return [];
	const both = (size: string, value: (f: BrowserWorkerFigures) => number) => {
		const [node, worker] = ['node', 'worker'].map(server => results[size]?.browser?.find(f => f.server === server));
		return node && worker ? `${ms(value(node))} · ${ms(value(worker))} (${(value(worker) / value(node)).toFixed(1)}×)` : '—';
	};
	const questions = (size: string) => {
		const worker = results[size]?.browser?.find(f => f.server === 'worker');
		return worker?.fileRequests ? `${worker.fileQuestions} in ${worker.fileRequests}` : '—';
	};
	return [
		row('browser worker (Node · worker): first diagnostics', size => both(size, f => f.firstDiagnosticsMs), 'worker ≤ 2× Node'),
		row('browser worker: every page judged', size => both(size, f => f.loadedMs)),
		row('browser worker: docs.json edit p95 (25 entries, `x` appended / removed)', size => both(size, f => f.editP95Ms), 'as the desktop'),
		row('browser worker: file questions in requests', questions),
		row(
			'browser worker: findings (Node · worker, differing)',
			size => {
				const [node, worker] = ['node', 'worker'].map(server => results[size]?.browser?.find(f => f.server === server));
				return node && worker ? `${node.findings} · ${worker.findings}, ${worker.differing ?? '—'} differing` : '—';
			},
			'the same',
		),
	];
}

export const pct = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)} %` : '—');

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
		row('`mintdoc check` first run, writing the cache: wall / CPU / peak RSS', size => {
			const first = results[size]?.firstCached;
			return first ? `${ms(first.wallMs)}${ratio(first.wallMs, floor(size))} / ${ms(first.cpuMs)} / ${mb(first.peakRssMb)}` : '—';
		}),
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
		...browserRows(chosen, results, row),
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
