import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { URI } from 'vscode-uri';
import { noCancellation } from '../core/cancellation';
import type { createLanguageService, FileDiagnostics } from '../core/languageService';
import { findUndocumentedOperations, type SpecCoverage } from '../core/openapi/coverage';
import { translationRows, type TranslationRow } from './translationsReport';
import { findExternalLinkProblems } from '../node/network/externalLinkFindings';
import type { createFsWorkspace } from '../node/runtime/fsWorkspace';
import type { Diagnostic } from 'vscode-languageserver-types';
import { createCheckService } from './checkService';
import { UsageError } from './usageError';
import { teamConfigLoader, type TeamConfigChoice } from './teamConfigFiles';
import { appendAll } from '../core/arrays';
import type { CheckResult } from './checkResult';

export type { CheckResult } from './checkResult';
import { resolveSinceRef } from './sinceRef';
import { formatGithub } from './formats/github';
import { formatJunit } from './formats/junit';
import { formatSarif } from './formats/sarif';
import { formatCoverageText, formatJson, formatJsonWithCoverage, formatText, relativeFile, summary, toCoverage, toProblems } from './report';
import { formatTranslationsTable } from './translationsReport';
import { jsonText } from './terminalText';
import { parseRuleOptions, printConfig, suppressedProblems } from './printConfig';

export { UsageError } from './usageError';

declare const MINTDOC_VERSION: string;

/** Where the project and its diagnostics reference live (SARIF's help links, the package's homepage). */
const homepage = 'https://github.com/mintdoc/mintdoc';
const formats = ['text', 'json', 'github', 'sarif', 'junit'] as const;

export const checkUsage = `  check [dir...] [--format text|json|github|sarif|junit] [--quiet] [--max-warnings N]
        [--coverage] [--no-cache] [--cache-location path] [--no-a11y]
        [--translations] [--check-external] [--offline]
        [--config file | --no-config] [--rule code=severity]... [--print-config file]
        [--since git-ref]
                                        Check the docs sites in the given folders (default: .);
                                        github: workflow annotations, sarif: SARIF 2.1.0 for code
                                        scanning, junit: a JUnit XML report;
                                        --quiet reports errors only; --max-warnings N exits 1 when
                                        there are more than N warnings;
                                        --coverage also lists, per OpenAPI file, the operations no
                                        page documents (JSON: {"problems": [...], "coverage": [...]});
                                        --check-external also checks http(s) links over the network
                                        (progress on stderr; verdicts cached beside the page cache);
                                        --offline fetches nothing (hosted OpenAPI documents come
                                        from the cache or are reported not fetched);
                                        --translations prints, per language of a site with
                                        \`languages\`, the pages translated and missing (a table);
                                        page results are cached between runs (by content, in
                                        the user's cache folder, ~/.cache/mintdoc):
                                        --no-cache skips it, --cache-location sets a file or folder;
                                        --no-a11y leaves out the accessibility findings (a11y-*);
                                        mintdoc.json (beside docs.json, or above it up to the
                                        repository's top) sets rules, overrides and ignored files:
                                        --config file uses that file instead, --no-config none;
                                        --rule code=off|hint|info|warn|error (repeatable, a family
                                        as a11y-*=off) wins over mintdoc.json for this run;
                                        --print-config file prints the effective rules for that
                                        file as JSON and checks nothing;
                                        --since ref also reports the routes the site served at
                                        that git ref and serves no more (page-removed-without-
                                        redirect, redirect-removed); in CI, the pull request's
                                        merge base (needs the history: fetch-depth: 0)
`;

/**
 * Checks every docs site found in `dirs`: a folder holding `docs.json` is a site; any other
 * folder is searched for sites below it. Throws {@link UsageError} for unreadable folders or
 * when no site is found at all.
 */
export interface CheckOptions {
	readonly coverage?: boolean;
	/** Also check `http(s)` links over the network (opt in), reporting progress. */
	readonly checkExternal?: boolean;
	readonly onExternalProgress?: (done: number, total: number) => void;
	/** For tests: the requests of the external check. */
	readonly fetch?: typeof fetch;
	readonly translations?: boolean;
	/** Keep page summaries between runs (default true). */
	readonly cache?: boolean;
	/** A cache file, or a folder (existing, or written with a trailing separator) to keep it in. */
	readonly cacheLocation?: string;
	/** Fetch nothing (hosted OpenAPI documents come from the cache or are reported not fetched). */
	readonly offline?: boolean;
	/** Which mintdoc.json applies (default: the one beside docs.json or above it), and `--rule` settings. */
	readonly teamConfig?: TeamConfigChoice;
	/** A git ref: also report the routes the sites served then and serve no more (`--since`). */
	readonly since?: string;
	/** Accessibility findings reported (default true; `--no-a11y`). */
	readonly a11y?: boolean;
}

export async function checkFolders(dirs: readonly string[], cwd: string, options: CheckOptions = {}): Promise<CheckResult> {
	const folders: string[] = [];
	for (const dir of dirs) {
		const absolute = path.resolve(cwd, dir);
		const stat = await fs.stat(absolute).catch((e: NodeJS.ErrnoException) => e);
		if (stat instanceof Error) throw new UsageError(`cannot read folder '${dir}': ${stat.code === 'ENOENT' ? 'no such file or directory' : stat.message}`);
		if (!stat.isDirectory()) throw new UsageError(`'${dir}' is not a folder; pass the folder that holds docs.json`);
		try {
			await fs.access(absolute, fs.constants.R_OK | fs.constants.X_OK);
		} catch {
			throw new UsageError(`cannot read folder '${dir}': permission denied`);
		}
		folders.push(URI.file(absolute).toString());
	}
	// A ref git cannot resolve ends the run here, before anything is read or cached.
	const since =
		options.since === undefined
			? undefined
			: await resolveSinceRef(
					options.since,
					folders.map(f => URI.parse(f).fsPath),
				);
	// A --config the run cannot read ends it here too; each site's mintdoc.json is read by the service (the team's view).
	const loader = await teamConfigLoader(options.teamConfig ?? {}, cwd, folders);
	const { service, workspace, flush, dispose, cacheFile } = await createCheckService(folders, cwd, {
		...options,
		teamConfigLoader: loader,
		teamSwitches: { a11y: options.a11y ?? true, rules: options.teamConfig?.rules, keepSuppressed: true },
	});
	try {
		const roots = await service.findDocsRoots(noCancellation);
		if (roots.length === 0) throw new UsageError(`no docs.json found in ${dirs.map(d => `'${d}'`).join(', ')}`);
		// Each file once, as the service last showed it: findings made beside the checks come back with the file's own.
		const results = new Map<string, FileDiagnostics>();
		const keep = (files: readonly FileDiagnostics[]) => files.forEach(file => results.set(file.uri, file));
		for (const root of roots) since?.read(root);
		for (const root of roots) {
			const pages: FileDiagnostics[] = [];
			// The configuration (and its OpenAPI documents) is checked while the workers parse the pages.
			const [site] = await Promise.all([service.checkSite(root, noCancellation), service.checkPages(root, noCancellation, result => pages.push(result))]);
			keep(site);
			keep(pages);
		}
		if (since) keep(await service.setBesideFindings('compared', undefined, byUri(await since.findings(service, roots))));
		await flush();
		if (options.checkExternal && !options.offline) {
			const found = await findExternalLinkProblems(service, workspace, roots, {
				cacheFile: cacheFile === undefined ? undefined : `${cacheFile}.links`,
				onProgress: options.onExternalProgress,
				fetch: options.fetch,
			});
			keep(await service.setBesideFindings('external', undefined, found));
		}
		// What agents and search engines read (titles, descriptions, llms.txt) needs every page at once: after the pages.
		for (const root of roots) keep(await service.checkPageMetadata(root, noCancellation));
		const configured = [...results.values()];
		const suppressed = configured.flatMap(({ uri, suppressed }) => (suppressed ?? []).map(s => ({ uri, ...s })));
		const configFiles = [...new Set((await Promise.all(roots.map(root => service.teamConfigUri(root)))).filter(uri => uri !== undefined))];
		return { ...(await withCoverage(service, workspace, roots, configured, { ...options, cwd })), suppressed, configFiles };
	} finally {
		dispose();
	}
}

function byUri(files: readonly FileDiagnostics[]): Map<string, readonly Diagnostic[]> {
	const map = new Map<string, readonly Diagnostic[]>();
	for (const { uri, diagnostics } of files) map.set(uri, [...(map.get(uri) ?? []), ...diagnostics]);
	return map;
}

async function withCoverage(
	service: ReturnType<typeof createLanguageService>,
	workspace: ReturnType<typeof createFsWorkspace>,
	roots: readonly string[],
	results: FileDiagnostics[],
	options: { readonly coverage?: boolean; readonly translations?: boolean; readonly cwd?: string },
): Promise<CheckResult> {
	const translations: TranslationRow[] = [];
	if (options.translations) for (const root of roots) appendAll(translations, translationRows(await service.getSite(root, noCancellation), options.cwd ?? ''));
	if (!options.coverage) return options.translations ? { roots, results, translations } : { roots, results };
	const coverage: NonNullable<CheckResult['coverage']>[number][] = [];
	for (const root of roots) {
		const site = await service.getSite(root, noCancellation);
		for (const spec of await findUndocumentedOperations(site, async uri => (await workspace.readDocument(uri))?.getText())) {
			const document = site.specFiles.get(spec.specUri);
			coverage.push({ ...spec, positionAt: offset => document?.positionAt(offset) ?? { line: 0, character: 0 } });
		}
	}
	return options.translations ? { roots, results, coverage, translations } : { roots, results, coverage };
}

/** `mintdoc check`: options read, the sites checked (checkFolders), the findings printed; the exit status. */
export async function runCheck(args: readonly string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
	let parsed;
	try {
		parsed = parseArgs({
			args: joinNegativeLimit(args),
			allowPositionals: true,
			options: {
				format: { type: 'string', default: 'text' },
				quiet: { type: 'boolean', default: false },
				'max-warnings': { type: 'string' },
				coverage: { type: 'boolean', default: false },
				translations: { type: 'boolean', default: false },
				'check-external': { type: 'boolean', default: false },
				offline: { type: 'boolean', default: false },
				cache: { type: 'boolean', default: true },
				'no-cache': { type: 'boolean', default: false },
				'cache-location': { type: 'string' },
				a11y: { type: 'boolean', default: true },
				'no-a11y': { type: 'boolean', default: false },
				config: { type: 'string' },
				'no-config': { type: 'boolean', default: false },
				rule: { type: 'string', multiple: true },
				'print-config': { type: 'string' },
				since: { type: 'string' },
			},
		});
	} catch (e) {
		throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\nUsage:\n${checkUsage}`);
	}
	const format = parsed.values.format as (typeof formats)[number];
	if (!formats.includes(format)) throw new UsageError(`--format must be one of ${formats.join(', ')}, not '${format}'`);
	const maxWarningsText = parsed.values['max-warnings'];
	const maxWarnings = maxWarningsText === undefined ? undefined : Number(maxWarningsText);
	if (maxWarnings !== undefined && !(Number.isInteger(maxWarnings) && maxWarnings >= -1)) {
		throw new UsageError(`--max-warnings must be a whole number (-1 for no limit), not '${maxWarningsText}'`);
	}
	for (const option of ['coverage', 'translations'] as const) {
		if (parsed.values[option] && format !== 'text' && format !== 'json') throw new UsageError(`--${option} works with --format text or json, not ${format}`);
	}
	if (parsed.values.offline && parsed.values['check-external']) throw new UsageError('--offline fetches nothing: it cannot be used with --check-external');
	if (parsed.values.config !== undefined && parsed.values['no-config']) throw new UsageError('--config and --no-config cannot be used together');
	const teamConfig = { config: parsed.values.config, noConfig: parsed.values['no-config'], rules: parseRuleOptions(parsed.values.rule ?? []) };
	const cwd = process.cwd();
	const printFile = parsed.values['print-config'];
	if (printFile !== undefined) return printConfig(printFile, teamConfig, cwd, out, err);
	const dirs = parsed.positionals.length ? parsed.positionals : ['.'];
	const { roots, results, coverage, translations, suppressed, configFiles } = await checkFolders(dirs, cwd, {
		coverage: parsed.values.coverage,
		translations: parsed.values.translations,
		checkExternal: parsed.values['check-external'],
		onExternalProgress: progressReporter(err),
		cache: parsed.values.cache && !parsed.values['no-cache'],
		cacheLocation: parsed.values['cache-location'],
		offline: parsed.values.offline,
		teamConfig,
		since: parsed.values.since,
		a11y: parsed.values.a11y && !parsed.values['no-a11y'],
	});
	const all = toProblems(results, cwd);
	const problems = parsed.values.quiet ? all.filter(p => p.severity === 'error') : all;
	const summaryLine = summary(problems, roots.length, all.length - problems.length);
	const report = coverage && toCoverage(coverage, cwd);
	if (format === 'json')
		out.write(
			translations
				? jsonText(JSON.stringify({ problems, ...(report ? { coverage: report } : {}), translations }, null, 2)) + '\n'
				: report
					? formatJsonWithCoverage(problems, report)
					: formatJson(problems),
		);
	else if (format === 'github') out.write(formatGithub(problems, summaryLine));
	else if (format === 'sarif')
		out.write(
			formatSarif(
				problems,
				{ version: MINTDOC_VERSION, informationUri: homepage, rulesUri: `${homepage}/blob/main/docs/diagnostics.md` },
				cwd,
				suppressedProblems(suppressed ?? [], cwd),
			),
		);
	else if (format === 'junit') out.write(formatJunit(problems, [...new Set(results.map(r => relativeFile(r.uri, cwd)))]));
	else
		out.write(
			configurationLines(configFiles ?? [], cwd) +
				formatText(problems, summaryLine) +
				(report ? formatCoverageText(report) : '') +
				(translations ? formatTranslationsTable(translations) : ''),
		);
	if (all.some(p => p.severity === 'error')) return 1;
	// Warnings count against the limit even when --quiet leaves them out of the report, as in ESLint.
	const warnings = all.filter(p => p.severity === 'warning').length;
	if (maxWarnings !== undefined && maxWarnings >= 0 && warnings > maxWarnings) {
		err.write(`mintdoc: ${warnings} warning${warnings === 1 ? '' : 's'} found, more than --max-warnings ${maxWarnings} allows.\n`);
		return 1;
	}
	return 0;
}

/**
 * `Configuration: site/mintdoc.json`, first in the text output: a reader of a CI log sees which file
 * set the rules (one found in a folder above the site would otherwise act unseen). The path comes
 * from the repository's folder names: line breaks in it are printed escaped, never raw.
 */
function configurationLines(files: readonly string[], cwd: string): string {
	return files
		.map(uri => `Configuration: ${relativeFile(uri, cwd).replace(/[\r\n\u2028\u2029]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`)
		.join('');
}

/** `--max-warnings -1` (no limit, as in ESLint): parseArgs would read `-1` as an option, so it is joined to its flag. */
function joinNegativeLimit(args: readonly string[]): string[] {
	const joined: string[] = [];
	for (let i = 0; i < args.length; i++) {
		if (args[i] === '--max-warnings' && /^-\d+$/.test(args[i + 1] ?? '')) joined.push(`--max-warnings=${args[++i]}`);
		else joined.push(args[i]);
	}
	return joined;
}

/** Progress of the external link check on stderr: a line every 50 links and at the end. */
function progressReporter(err: NodeJS.WritableStream): (done: number, total: number) => void {
	return (done, total) => {
		if (done % 50 === 0 || done === total) err.write(`mintdoc: external links checked: ${done}/${total}\n`);
	};
}
