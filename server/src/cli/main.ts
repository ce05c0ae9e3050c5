import { filterA11y } from '../core/a11yFindings';
import { parseArgs } from 'node:util';
import { saveCodeCache } from '../node/codeCache';
import { apiServerUsage, runApiServer } from './apiServer';
import { checkFolders, UsageError } from './check';
import { formatUsage, runFormat } from './format';
import { generateUsage, runGenerate } from './generate';
import { mcpUsage, runMcp } from './mcp/mcpCommand';
import { previewUsage, runPreview } from './preview';
import { formatGithub } from './formats/github';
import { formatJunit } from './formats/junit';
import { formatSarif } from './formats/sarif';
import { runUpgrade, upgradeUsage } from './upgrade';
import { formatCoverageText, formatJson, formatJsonWithCoverage, formatText, relativeFile, summary, toCoverage, toProblems } from './report';
import { formatTranslationsTable } from './translationsReport';
import { escapingStream, jsonText } from './terminalText';
import { parseRuleOptions, printConfig, suppressedProblems } from './printConfig';

declare const MINTDOC_VERSION: string;

/** Where the project and its diagnostics reference live (SARIF's help links, the package's homepage). */
const homepage = 'https://github.com/mintdoc/mintdoc';
const formats = ['text', 'json', 'github', 'sarif', 'junit'] as const;

const checkUsage = `  check [dir...] [--format text|json|github|sarif|junit] [--quiet] [--max-warnings N]
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

const usage = `Usage: mintdoc <command> [options]

Commands:
${checkUsage}${formatUsage}
${generateUsage}
${apiServerUsage}
${previewUsage}
${upgradeUsage}
${mcpUsage}
Options:
  -h, --help       Show this help
  -v, --version    Show the version

Exit status of check: 0 no errors, 1 errors found (or more warnings than --max-warnings),
2 usage or I/O failure.
Exit status of upgrade: 0 written, 1 mint.json invalid, 2 no mint.json, docs.json exists (no --force), usage.
`;

const usages: Readonly<Record<string, string>> = {
	check: checkUsage,
	format: formatUsage,
	generate: generateUsage,
	'api-server': apiServerUsage,
	preview: previewUsage,
	upgrade: upgradeUsage,
	mcp: mcpUsage,
};

/** `-h` or `--help` among a command's options (not after `--`, where arguments are taken as written). */
function wantsHelp(args: readonly string[]): boolean {
	const end = args.indexOf('--');
	return (end === -1 ? args : args.slice(0, end)).some(a => a === '--help' || a === '-h');
}

/** Runs the CLI and returns its exit status; output goes to the given streams (tests pass their own). */
export async function main(argv: readonly string[], stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): Promise<number> {
	// Repository text never reaches the terminal raw (escape sequences); see terminalText.ts.
	const out = escapingStream(stdout);
	const err = escapingStream(stderr);
	const [command, ...rest] = argv;
	if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
		(command === undefined ? err : out).write(usage);
		return command === undefined ? 2 : 0;
	}
	if (command === '-v' || command === '--version') {
		out.write(`${MINTDOC_VERSION}\n`);
		return 0;
	}
	const commandUsage = usages[command];
	// Every command explains itself, before any of its options is read (as git and npm do).
	if (commandUsage !== undefined && wantsHelp(rest)) {
		out.write(`Usage: mintdoc ${commandUsage.trimStart()}${commandUsage.endsWith('\n') ? '' : '\n'}`);
		return 0;
	}
	try {
		if (command === 'check') return await runCheck(rest, out, err);
		if (command === 'format') return await runFormat(rest, out, err);
		if (command === 'api-server') return await runApiServer(rest, out);
		if (command === 'generate') return await runGenerate(rest, out);
		if (command === 'preview') return await runPreview(rest, out);
		if (command === 'upgrade') return await runUpgrade(rest, out, err);
		if (command === 'mcp') return await runMcp(rest, out);
		throw new UsageError(`unknown command '${command}'\n\n${usage}`);
	} catch (e) {
		if (e instanceof UsageError) {
			err.write(`mintdoc: ${e.message}\n`);
			return 2;
		}
		err.write(`mintdoc: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
		return 2;
	}
}

async function runCheck(args: readonly string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
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
		throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\n${usage}`);
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
	});
	const a11y = parsed.values.a11y && !parsed.values['no-a11y'];
	const all = toProblems(
		results.map(r => ({ ...r, diagnostics: filterA11y(r.diagnostics, a11y) })),
		cwd,
	);
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

if (require.main === module) {
	// `mintdoc check | head`: the reader went away, which is not a failure of the check; stop quietly
	// instead of dying on an unhandled EPIPE with a stack trace.
	for (const stream of [process.stdout, process.stderr]) {
		stream.on('error', (e: NodeJS.ErrnoException) => {
			if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
			throw e;
		});
	}
	main(process.argv.slice(2), process.stdout, process.stderr).then(
		code => {
			process.exitCode = code;
			// Started through dist/cli.js: what this command compiled is kept for the next one (node/codeCache.ts).
			void saveCodeCache();
		},
		// main() reports its own failures; this is the last resort for one it did not foresee.
		(e: unknown) => {
			process.stderr.write(`mintdoc: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
			process.exitCode = 2;
		},
	);
}
