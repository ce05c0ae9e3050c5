// `npm run conformance:format -- <docs roots> [--cache dir | --mint path/to/mint] [--work dir] [--reuse]`:
// `mintdoc format` measured against the platform's own `mint format` (issue 35), page by page.
//  1. Each root is copied into the work folder and `mint format` rewrites the copy in place (timed).
//  2. Every `.mdx` page of the original is formatted by MintDoc's core (timed) and compared with
//     what `mint format` wrote: identical, or the first differing line of each.
//  3. Every formatted page must parse to the same tree as the original (treeEquality.ts), and a
//     second run must change nothing.
// `--reuse` keeps an earlier `mint format` copy in the work folder instead of running it again.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatMdx } from '../server/src/core/format/formatPage';
import { classifyDifference, formatClasses, type FormatClass } from './formatClasses';
import { ensureOfficial } from './officialInstall';

interface SiteResult {
	site: string;
	pages: number;
	identical: number;
	mintChanged: number;
	unsafe: string[];
	parseErrors: number;
	notIdempotent: string[];
	differences: { file: string; line: number; ours: string; mint: string }[];
	/** Pages that differ from `mint format`'s by each class of difference (formatClasses.ts). */
	classes: Map<FormatClass, number>;
	mintMs: number;
	oursMs: number;
}

function args() {
	const argv = process.argv.slice(2);
	const roots: string[] = [];
	let cache: string | undefined;
	let mint: string | undefined;
	let work = path.join(os.tmpdir(), 'mintdoc-format-conformance');
	let reuse = false;
	let show = 0;
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--cache') cache = argv[++i];
		else if (a === '--mint') mint = argv[++i];
		else if (a === '--work') work = argv[++i];
		else if (a === '--reuse') reuse = true;
		else if (a === '--show') show = Number(argv[++i]);
		else roots.push(path.resolve(a));
	}
	return { roots, cache, mint, work, reuse, show };
}

function mdxFiles(dir: string, base = dir, out: string[] = []): string[] {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) mdxFiles(full, base, out);
		else if (entry.name.endsWith('.mdx')) out.push(path.relative(base, full));
	}
	return out;
}

function runMint(mint: string, root: string, copy: string, reuse: boolean): number {
	if (reuse && existsSync(copy)) return Number(readFileSafe(path.join(copy, '..', `${path.basename(copy)}.ms`)) || 0);
	rmSync(copy, { recursive: true, force: true });
	cpSync(root, copy, { recursive: true, filter: src => !src.includes(`${path.sep}.git${path.sep}`) && !src.endsWith(`${path.sep}.git`) });
	const home = path.join(os.tmpdir(), 'mintdoc-format-conformance-home');
	mkdirSync(home, { recursive: true });
	const start = performance.now();
	const r = spawnSync(mint, ['format'], {
		cwd: copy,
		encoding: 'utf8',
		timeout: 30 * 60_000,
		env: { ...process.env, HOME: home, DO_NOT_TRACK: '1', MINTLIFY_TELEMETRY_DISABLED: '1' },
	});
	const ms = performance.now() - start;
	if (r.status !== 0) process.stderr.write(`mint format in ${copy}: exit ${r.status}\n${(r.stdout + r.stderr).split('\n').slice(-5).join('\n')}\n`);
	spawnSync('sh', ['-c', `echo ${Math.round(ms)} > "${copy}.ms"`]);
	return ms;
}

function readFileSafe(file: string): string | undefined {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return undefined;
	}
}

function compareSite(root: string, copy: string, mintMs: number): SiteResult {
	const files = mdxFiles(root);
	const result: SiteResult = {
		site: root,
		pages: 0,
		identical: 0,
		mintChanged: 0,
		unsafe: [],
		parseErrors: 0,
		notIdempotent: [],
		differences: [],
		classes: new Map(),
		mintMs,
		oursMs: 0,
	};
	for (const file of files) {
		const original = readFileSync(path.join(root, file), 'utf8');
		const theirs = readFileSafe(path.join(copy, file));
		if (theirs === undefined || !statSync(path.join(copy, file)).isFile()) continue;
		result.pages++;
		if (theirs !== original) result.mintChanged++;
		const start = performance.now();
		const formatted = formatMdx(original);
		result.oursMs += performance.now() - start;
		let ours = original;
		if (formatted.kind === 'formatted') ours = formatted.text;
		else if (formatted.kind === 'unsafe') result.unsafe.push(`${file}: ${formatted.where}`);
		else result.parseErrors++;
		if (formatted.kind === 'formatted') {
			const again = formatMdx(ours);
			if (again.kind !== 'formatted' || again.changed) result.notIdempotent.push(file);
		}
		if (ours === theirs) {
			result.identical++;
			continue;
		}
		for (const c of classifyDifference(ours, theirs)) result.classes.set(c, (result.classes.get(c) ?? 0) + 1);
		const a = ours.split('\n');
		const b = theirs.split('\n');
		let line = 0;
		while (line < Math.max(a.length, b.length) && a[line] === b[line]) line++;
		result.differences.push({ file, line: line + 1, ours: a[line] ?? '<end>', mint: b[line] ?? '<end>' });
	}
	return result;
}

function main() {
	const { roots, cache, mint: mintArg, work, reuse, show } = args();
	if (roots.length === 0) {
		process.stderr.write('usage: npm run conformance:format -- <docs roots> [--cache dir | --mint path/to/mint] [--work dir] [--reuse] [--show N]\n');
		process.exit(2);
	}
	let mint = mintArg;
	if (!mint) {
		if (!cache) {
			process.stderr.write('give --cache <dir> (installs the platform CLI there once) or --mint <path to the mint binary>\n');
			process.exit(2);
		}
		const installed = ensureOfficial(cache, line => process.stderr.write(line + '\n'));
		if ('error' in installed) throw new Error(installed.error);
		mint = path.join(cache, 'official', 'node_modules', '.bin', 'mint');
	}
	mkdirSync(work, { recursive: true });
	const results: SiteResult[] = [];
	for (const root of roots) {
		const copy = path.join(work, path.basename(root));
		const mintMs = runMint(mint, root, copy, reuse);
		const r = compareSite(root, copy, mintMs);
		results.push(r);
		for (const d of r.differences.slice(0, show))
			process.stdout.write(`  ${path.basename(root)}/${d.file}:${d.line}\n    ours: ${d.ours}\n    mint: ${d.mint}\n`);
	}
	process.stdout.write(
		'\n| site | pages | changed by mint format | identical to mint format | tree equal | unsafe (left as written) | parse errors | idempotent | mint format ms/page | mintdoc ms/page |\n',
	);
	process.stdout.write('|---|---|---|---|---|---|---|---|---|---|\n');
	for (const r of results) {
		const pct = (n: number) => `${n} (${((100 * n) / Math.max(1, r.pages)).toFixed(1)}%)`;
		process.stdout.write(
			`| ${path.basename(r.site)} | ${r.pages} | ${r.mintChanged} | ${pct(r.identical)} | ${r.pages - r.unsafe.length - r.parseErrors} | ${r.unsafe.length} | ${r.parseErrors} | ${r.pages - r.notIdempotent.length - r.unsafe.length - r.parseErrors} | ${(r.mintMs / Math.max(1, r.pages)).toFixed(1)} | ${(r.oursMs / Math.max(1, r.pages)).toFixed(2)} |\n`,
		);
	}
	process.stdout.write(
		`\npages differing from mint format, by class of difference (a page may show several)\n\n| site | ${formatClasses.join(' | ')} |\n|---|${formatClasses.map(() => '---').join('|')}|\n`,
	);
	const total = new Map<FormatClass, number>();
	for (const r of results) {
		process.stdout.write(`| ${path.basename(r.site)} | ${formatClasses.map(c => r.classes.get(c) ?? 0).join(' | ')} |\n`);
		for (const [c, n] of r.classes) total.set(c, (total.get(c) ?? 0) + n);
	}
	process.stdout.write(`| all | ${formatClasses.map(c => total.get(c) ?? 0).join(' | ')} |\n`);
	for (const r of results) for (const u of r.unsafe) process.stdout.write(`unsafe ${path.basename(r.site)}/${u}\n`);
	for (const r of results) for (const u of r.notIdempotent) process.stdout.write(`not idempotent ${path.basename(r.site)}/${u}\n`);
}

main();
