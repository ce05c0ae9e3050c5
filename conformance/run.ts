// `npm run conformance -- <docs root>...`: runs MintDoc's check and the platform's own published
// tooling (installed on demand from npm into a cache folder) on the same sites, and prints per site
// and per rule the false alarms (MintDoc errors the platform does not report) and the misses (what
// the platform reports that MintDoc does not). A benchmark-like tool, not part of `npm test`.
//
// Options: --legacy   the given folders hold a legacy mint.json: compare MintDoc's upgrade with the platform's (legacy.ts)
//          --inject   also copy each site, inject defects the platform rejects, and check MintDoc reports each
//          --json F   write the whole result (every false alarm and miss) to F
//          --cache D  where the official packages and their results live (default node_modules/.cache/mintdoc-conformance)
//          --fresh    ignore cached official results
//          --schema-diff N  also judge N configurations mutated from the sites' docs.json (and the example
//                     site's) with the platform's validator and MintDoc's rules: the verdicts must agree
//          --cli F    the MintDoc CLI to judge (default dist/cli.js of this checkout): an earlier build, for a before/after table
//          --drift    only the drift alarm: MintDoc's tables (docs.json keys, page keys, components, HTTP
//                     methods, OpenAPI versions, icon styles, Visibility audiences, contextual options) against
//                     the newest published platform packages (platformTables.ts); fails naming each difference
//          --pinned-only  skip the platform's newest published libraries (by default each site is also run
//                     with them, and a drift table says where they and the pinned ones disagree)
//
// It also fails when MintDoc's copy of a platform constant (the default ignores) differs from the
// pinned or the newest platform code.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultIgnores } from '../server/src/core/site/pageIndex';
import { formatDrift, listDifference, siteDrift, type SiteDrift } from './drift';
import { ensureNewestOfficial } from './newestOfficial';
import { compareTables, formatTableDrift, mintdocTables } from './platformTables';
import { publishedTables } from './publishedTables';
import { compare, keyMintdoc, keyOfficial, normalizeTarget, type Comparison, type Keyed, type MintdocFinding, type OfficialFinding } from './compare';
import { setAsideCrashedLinkChecks } from './crashedChecks';
import { injectDefects } from './inject';
import { formatLegacyReport, legacyFailed, runLegacySite } from './legacy';
import { ensureOfficial, officialPackages } from './officialInstall';
import { schemaDiff, type SchemaDiffResult } from './schemaDiff';

const repo = path.resolve(__dirname, '..');
let cli = path.join(repo, 'dist', 'cli.js');

interface SiteResult {
	readonly root: string;
	readonly files: number;
	readonly pages: number;
	readonly buildPassed: boolean | undefined;
	readonly ours: { errors: number; warnings: number; byCode: Record<string, number> };
	readonly official: { errors: number; warnings: number; byCheck: Record<string, number> };
	readonly comparison: Comparison;
	readonly injected?: readonly { defect: string; expected: string; found: boolean }[];
	/** Official facts (errors and warnings) of the pinned libraries. */
	readonly officialFacts: number;
}

/** What a runner prints, as far as the harness reads it. */
interface OfficialRun {
	readonly findings: OfficialFinding[];
	readonly checks: Record<string, { passed?: boolean; skipped?: string }>;
	readonly versions?: Record<string, string | null>;
	readonly defaultIgnores?: string[] | null;
}

function countFiles(root: string): { files: number; pages: number } {
	let files = 0;
	let pages = 0;
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else {
				files++;
				if (/\.mdx?$/i.test(entry.name)) pages++;
			}
		}
	};
	walk(root);
	return { files, pages };
}

/** MintDoc's findings, files relative to the root. */
export function runMintdoc(root: string): MintdocFinding[] {
	const run = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json'], { cwd: root, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
	if (run.status !== 0 && run.status !== 1) throw new Error(`mintdoc check failed on ${root}: ${run.stderr}`);
	return JSON.parse(run.stdout) as MintdocFinding[];
}

/** A fingerprint of a site's files (names, sizes, times), so official results are reused while nothing changed. */
function siteFingerprint(root: string): string {
	const hash = createHash('sha256');
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
			if (entry.name === 'node_modules') continue;
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else if (entry.isFile()) {
				const s = statSync(full);
				hash.update(`${full}\0${s.size}\0${s.mtimeMs}\n`);
			}
		}
	};
	walk(root);
	return hash.digest('hex').slice(0, 16);
}

function runOfficial(runner: string, root: string, cacheDir: string, fresh: boolean, log: (l: string) => void, set = ''): OfficialRun {
	// Keyed by the package set, the site's files and the runner itself: a changed runner means new official results.
	const runnerHash = createHash('sha256').update(readFileSync(runner)).digest('hex').slice(0, 8);
	const cached = path.join(cacheDir, 'results', `${set}${siteFingerprint(root)}-${runnerHash}.json`);
	if (!fresh && existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8'));
	log(`  running the platform's tooling on ${root} (a minute or more per thousand pages) ...`);
	const run = spawnSync(process.execPath, [runner, root], { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
	if (run.status !== 0) throw new Error(`the official runner failed on ${root} (exit ${run.status})`);
	const result = JSON.parse(run.stdout);
	mkdirSync(path.dirname(cached), { recursive: true });
	writeFileSync(cached, run.stdout);
	return result;
}

/** Folders where hosted OpenAPI documents generate pages (`directory`, default `api-reference`): the offline link check cannot know those pages. */
function remoteSpecFolders(root: string): string[] {
	const folders = new Set<string>();
	const visit = (value: unknown): void => {
		if (Array.isArray(value)) return value.forEach(visit);
		if (!value || typeof value !== 'object') return;
		for (const [key, child] of Object.entries(value)) {
			if (key === 'openapi') {
				for (const source of Array.isArray(child) ? child : [child]) {
					const url = typeof source === 'string' ? source : (source as { source?: unknown })?.source;
					const directory = typeof source === 'object' && source ? (source as { directory?: unknown }).directory : undefined;
					if (typeof url === 'string' && /^https?:/i.test(url))
						folders.add(typeof directory === 'string' ? directory.replace(/^\/+|\/+$/g, '') : 'api-reference');
				}
			} else visit(child);
		}
	};
	try {
		visit(JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')));
	} catch {
		// a broken docs.json: nothing is hosted
	}
	return [...folders];
}

/** Folders below the root that hold a docs.json of their own (relative, with a trailing slash). */
function nestedRoots(root: string): string[] {
	const found: string[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
			if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
			const relative = dir ? `${dir}/${entry.name}` : entry.name;
			if (existsSync(path.join(root, relative, 'docs.json'))) found.push(relative + '/');
			walk(relative);
		}
	};
	walk('');
	return found;
}

/**
 * Compares one site. A nested site (a folder with its own docs.json) is compared on its own run:
 * MintDoc judges its pages against it, the platform's tools against whichever root they are run on.
 */
export function compareSite(root: string, allOurs: readonly MintdocFinding[], allOfficial: readonly OfficialFinding[]): Comparison {
	const nested = nestedRoots(root);
	const outside = (file: string | null) => file === null || !nested.some(n => file.startsWith(n));
	const ours = allOurs.filter(f => outside(f.file));
	const official = allOfficial.filter(f => outside(f.file));
	const texts = new Map<string, string | undefined>();
	const readText = (file: string) => {
		if (!texts.has(file)) texts.set(file, existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : undefined);
		return texts.get(file);
	};
	const ourKeyed = ours.map(f => keyMintdoc(f, readText));
	const officialKeyed = official.map(keyOfficial).filter((k): k is Keyed<OfficialFinding> => k !== undefined);
	const platformReads = (f: MintdocFinding) => {
		const line = readText(f.file)?.split('\n')[f.range.start.line] ?? '';
		const before = line.slice(0, f.range.start.character);
		if (/\]\($/.test(before)) return true;
		const tag = /<([A-Za-z][\w.]*)[^<>]*$/.exec(before)?.[1];
		return tag === undefined || ['a', 'Card', 'img', 'source'].includes(tag);
	};
	return setAsideCrashedLinkChecks(
		setAsideRenderedIds(root, compare(ourKeyed, officialKeyed, { remoteFolders: remoteSpecFolders(root) }, platformReads)),
		official,
		ours,
	);
}

/**
 * The platform's link check knows heading ids and a few component ids, not the `id` of an inline
 * element (`<span id="page-12-0">`) or of an HTML heading (`<h2 id="x">`), which the rendered page
 * has. Such anchor "misses" are set aside as contradicted by the renderer, after reading the page.
 */
function setAsideRenderedIds(root: string, comparison: Comparison): Comparison {
	const contradicted: OfficialFinding[] = [];
	const misses = comparison.misses.filter(miss => {
		if (miss.check !== 'anchors' || !miss.file || !miss.target) return true;
		const hash = miss.target.indexOf('#');
		const anchor = miss.target.slice(hash + 1);
		const page = hash <= 0 ? miss.file.replace(/\.mdx?$/i, '') : normalizeTarget(miss.target.slice(0, hash), miss.file).slice(1);
		const file = [`${page}.mdx`, `${page}.md`, `${page}/index.mdx`, `${page}/index.md`].map(f => path.join(root, f)).find(f => existsSync(f));
		const escaped = anchor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		if (file && new RegExp(`\\bid=(["'])${escaped}\\1`).test(readFileSync(file, 'utf8'))) {
			contradicted.push(miss);
			return false;
		}
		return true;
	});
	return { ...comparison, misses, contradicted };
}

const tally = <T>(items: readonly T[], key: (t: T) => string) =>
	items.reduce<Record<string, number>>((acc, t) => ((acc[key(t)] = (acc[key(t)] ?? 0) + 1), acc), {});

async function main(): Promise<void> {
	const { values, positionals } = parseArgs({
		allowPositionals: true,
		options: {
			inject: { type: 'boolean', default: false },
			json: { type: 'string' },
			cache: { type: 'string' },
			fresh: { type: 'boolean', default: false },
			'schema-diff': { type: 'string' },
			seed: { type: 'string', default: '1501' },
			legacy: { type: 'boolean', default: false },
			'pinned-only': { type: 'boolean', default: false },
			cli: { type: 'string' },
			drift: { type: 'boolean', default: false },
		},
	});
	const log = (line: string) => console.error(line);
	if (values.drift) {
		process.exitCode = tableDriftAlarm(path.resolve(values.cache ?? path.join(repo, 'node_modules', '.cache', 'mintdoc-conformance')));
		return;
	}
	if (positionals.length === 0) throw new Error('usage: npm run conformance -- <docs root>... [--inject] [--json out.json]');
	if (values.cli) cli = path.resolve(values.cli);
	if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first (npm run conformance does)');
	const cacheDir = path.resolve(values.cache ?? path.join(repo, 'node_modules', '.cache', 'mintdoc-conformance'));
	const official = ensureOfficial(cacheDir, log);
	if ('error' in official) throw new Error(official.error);
	if (values.legacy) {
		const tools = {
			legacyUpgrade: official.legacyUpgrade,
			runMintdoc,
			runOfficial: (root: string) => runOfficial(official.runner, root, cacheDir, values.fresh!, log),
			compareSite,
		};
		const legacy = positionals.map(root => (log(path.resolve(root)), runLegacySite(path.resolve(root), tools, log)));
		if (values.json) writeFileSync(values.json, JSON.stringify({ legacy }, null, 2) + '\n');
		console.log(formatLegacyReport(legacy));
		process.exitCode = legacyFailed(legacy) ? 1 : 0;
		return;
	}
	const newest = values['pinned-only'] ? undefined : ensureNewestOfficial(cacheDir, log);
	if (newest && 'error' in newest) throw new Error(newest.error);
	const results: SiteResult[] = [];
	const drift: SiteDrift[] = [];
	const ignoreLists = new Map<string, readonly string[]>();
	if (newest?.publishedDefaultIgnores)
		ignoreLists.set(`newest published @mintlify/common ${newest.published['@mintlify/common']}`, newest.publishedDefaultIgnores);
	for (const rootArg of positionals) {
		const root = path.resolve(rootArg);
		log(`${root}`);
		const ours = runMintdoc(root);
		const theirs = runOfficial(official.runner, root, cacheDir, values.fresh!, log);
		if (theirs.defaultIgnores) ignoreLists.set(`pinned @mintlify/common ${theirs.versions?.['@mintlify/common']}`, theirs.defaultIgnores);
		if (newest) {
			// Results are kept per set of versions: a newer library means new results.
			const set = `newest-${createHash('sha256').update(JSON.stringify(newest.versions)).digest('hex').slice(0, 8)}-`;
			const latest = runOfficial(newest.runner, root, cacheDir, values.fresh!, log, set);
			if (latest.defaultIgnores) ignoreLists.set(`newest loadable @mintlify/common ${latest.versions?.['@mintlify/common']}`, latest.defaultIgnores);
			const skipped = new Set(Object.entries(latest.checks).flatMap(([name, c]) => (c.skipped ? [name] : [])));
			drift.push(siteDrift(root, theirs.findings, latest.findings, skipped));
		}
		const comparison = compareSite(root, ours, theirs.findings);
		const facts = theirs.findings.filter(f => f.severity !== 'info');
		results.push({
			root,
			...countFiles(root),
			buildPassed: theirs.checks.validate?.passed,
			ours: {
				errors: ours.filter(f => f.severity === 'error').length,
				warnings: ours.filter(f => f.severity === 'warning').length,
				byCode: tally(ours, f => `${f.severity} ${f.code}`),
			},
			official: {
				errors: facts.filter(f => f.severity === 'error').length,
				warnings: facts.filter(f => f.severity === 'warning').length,
				byCheck: tally(facts, f => `${f.severity} ${f.check}`),
			},
			comparison,
			injected: values.inject ? injectDefects(root, runMintdoc, log) : undefined,
			officialFacts: facts.length,
		});
	}
	let schema: SchemaDiffResult | undefined;
	if (values['schema-diff']) {
		// Seeds: every docs.json given that is whole in one file (a $ref is composed by the build, not by the validator).
		const seeds = [...positionals.map(r => path.join(path.resolve(r), 'docs.json')), path.join(repo, 'examples', 'acme', 'docs.json')]
			.map(file => readFileSync(file, 'utf8'))
			.filter(text => !text.includes('"$ref"'))
			.map(text => JSON.parse(text));
		log(`schema differential: ${values['schema-diff']} mutants of ${seeds.length} configurations ...`);
		schema = await schemaDiff(seeds, official.schemaVerdict, Number(values['schema-diff']), Number(values.seed));
	}
	if (values.json) writeFileSync(values.json, JSON.stringify({ sites: results, schema }, null, 2) + '\n');
	console.log(formatReport(results));
	if (newest)
		console.log(
			formatDrift(drift, {
				pinned: versionList(officialPackages),
				newest:
					versionList(newest.versions) +
					(newest.loadError ? `; the newest published (${versionList(newest.published)}) does not load here: ${newest.loadError}` : ''),
				substituted: Object.entries(newest.substituted)
					.map(([n, v]) => `${n}@${v} for the missing wanted version`)
					.join(', '),
			}),
		);
	const ignoreDrift = [...ignoreLists].map(([where, theirs]) => ({ where, ...listDifference(defaultIgnores, theirs) }));
	for (const d of ignoreDrift)
		console.log(
			d.onlyOurs.length || d.onlyTheirs.length
				? `Default ignores differ from the ${d.where}: MintDoc only ${JSON.stringify(d.onlyOurs)}, platform only ${JSON.stringify(d.onlyTheirs)}`
				: `Default ignores: MintDoc's list equals the ${d.where} (${ignoreLists.get(d.where)?.length} patterns).`,
		);
	if (schema) console.log(formatSchemaDiff(schema));
	const failed =
		results.some(r => r.comparison.falseAlarms.length > 0 || r.comparison.misses.length > 0 || r.injected?.some(i => !i.found)) ||
		ignoreDrift.some(d => d.onlyOurs.length > 0 || d.onlyTheirs.length > 0) ||
		(schema && schema.agreed < schema.cases);
	process.exitCode = failed ? 1 : 0;
}

const versionList = (versions: Readonly<Record<string, string>>) =>
	Object.entries(versions)
		.map(([n, v]) => `${n}@${v}`)
		.join(', ');

export function formatReport(results: readonly SiteResult[]): string {
	const lines = [
		'| site | files | pages | platform build | MintDoc errors | platform errors / warnings | false alarms | warnings the platform contradicts | misses | official found | unverifiable offline | contradicted by the renderer |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|',
	];
	for (const r of results) {
		const c = r.comparison;
		const judged = r.officialFacts - c.unverifiable.length - c.contradicted.length;
		lines.push(
			`| ${r.root} | ${r.files} | ${r.pages} | ${r.buildPassed === undefined ? '—' : r.buildPassed ? 'passes' : 'fails'} | ${r.ours.errors} | ${r.official.errors} / ${r.official.warnings} | ${c.falseAlarms.length} | ${c.contradictedWarnings.length} | ${c.misses.length} | ${judged - c.misses.length}/${judged} | ${c.unverifiable.length} | ${c.contradicted.length} |`,
		);
	}
	for (const r of results) {
		const c = r.comparison;
		if (c.falseAlarms.length) {
			lines.push('', `False alarms on ${r.root}, by rule:`);
			for (const [code, n] of Object.entries(tally(c.falseAlarms, f => f.code)))
				lines.push(
					`  ${code}: ${n}  e.g. ${c.falseAlarms.find(f => f.code === code)!.file}:${c.falseAlarms.find(f => f.code === code)!.range.start.line + 1} ${c.falseAlarms.find(f => f.code === code)!.message}`,
				);
		}
		if (c.contradictedWarnings.length) {
			lines.push('', `Warnings the platform contradicts on ${r.root}, by rule:`);
			for (const [code, n] of Object.entries(tally(c.contradictedWarnings, f => f.code))) {
				const example = c.contradictedWarnings.find(f => f.code === code)!;
				lines.push(`  ${code}: ${n}  e.g. ${example.file}:${example.range.start.line + 1} ${example.message.slice(0, 160)}`);
			}
		}
		if (c.misses.length) {
			lines.push('', `Misses on ${r.root}, by official check:`);
			for (const [check, n] of Object.entries(tally(c.misses, f => `${f.severity} ${f.check}`))) {
				const example = c.misses.find(f => `${f.severity} ${f.check}` === check)!;
				lines.push(`  ${check}: ${n}  e.g. ${example.file ?? ''} ${example.target ?? ''} ${example.message.slice(0, 160)}`);
			}
		}
		if (r.injected) {
			const missed = r.injected.filter(i => !i.found);
			lines.push(
				'',
				`Injected defects on ${r.root}: ${r.injected.length - missed.length}/${r.injected.length} reported${missed.length ? ` (not reported: ${missed.map(m => m.defect).join(', ')})` : ''}`,
			);
		}
	}
	return lines.join('\n');
}

export function formatSchemaDiff(result: SchemaDiffResult): string {
	const lines = [
		'',
		`Schema differential: ${result.agreed}/${result.cases} configurations judged alike by the platform's validator and MintDoc; ${result.falseAlarms.length} MintDoc rejects but the platform accepts, ${result.misses.length} the platform rejects but MintDoc accepts.`,
	];
	for (const d of result.falseAlarms.slice(0, 15)) lines.push(`  false alarm: ${d.mutation}: ${d.mintdocFindings[0]?.slice(0, 160)}`);
	for (const d of result.misses.slice(0, 15)) lines.push(`  miss: ${d.mutation}: the platform rejects ${d.officialPaths.slice(0, 3).join(', ')}`);
	return lines.join('\n');
}

/**
 * `--drift`: MintDoc's tables against the newest published platform packages'. 0 when they agree
 * or the registry cannot be reached (said on one line: no network is not drift), 1 naming each
 * difference. Seconds, not minutes: three `npm view`s and, once per version, three `npm pack`s.
 */
function tableDriftAlarm(cacheDir: string): number {
	const published = publishedTables(path.join(cacheDir, 'published'));
	if ('offline' in published) {
		console.log(`drift alarm: skipped, the npm registry cannot be reached (${published.offline})`);
		return 0;
	}
	const differences = compareTables(mintdocTables(), published.tables);
	console.log(formatTableDrift(differences, published.versions, published.unread));
	const failed = differences.length > 0 || Object.keys(published.unread).length > 0;
	console.log(
		failed
			? "drift alarm: FAILED — bring MintDoc's tables (and recordedTables in conformance/platformTables.ts) up to date, or list the difference in intentionalDifferences with its reason"
			: "drift alarm: MintDoc's tables match the newest published platform packages",
	);
	return failed ? 1 : 0;
}

if (require.main === module) {
	main().catch(e => {
		console.error(e instanceof Error ? e.message : e);
		process.exitCode = 2;
	});
}
