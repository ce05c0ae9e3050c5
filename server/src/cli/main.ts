import { parseArgs } from 'node:util';
import { apiServerUsage, runApiServer } from './apiServer';
import { checkFolders, UsageError } from './check';
import { generateUsage, runGenerate } from './generate';
import { previewUsage, runPreview } from './preview';
import { formatTranslationsTable } from './translationsReport';
import { formatCoverageText, formatJson, formatJsonWithCoverage, formatText, toCoverage, toProblems } from './report';

declare const MINTDOC_VERSION: string;

const usage = `Usage: mintdoc <command> [options]

Commands:
  check [dir...] [--format text|json] [--coverage] [--translations] [--check-external] [--no-cache] [--cache-location path]
                                        Check the docs sites in the given folders (default: .);
                                        --coverage also lists, per OpenAPI file, the operations no
                                        page documents (JSON: {"problems": [...], "coverage": [...]});
                                        --check-external also checks http(s) links over the network
                                        (progress on stderr; verdicts cached beside the page cache);
                                        --translations prints, per language of a site with
                                        \`languages\`, the pages translated and missing (a table);
                                        page results are cached between runs (by content, in
                                        node_modules/.cache/mintdoc or the user's cache folder):
                                        --no-cache skips it, --cache-location sets a file or folder
${generateUsage}
${apiServerUsage}
${previewUsage}

Options:
  -h, --help       Show this help
  -v, --version    Show the version

Exit status of check: 0 no errors, 1 errors found, 2 usage or I/O failure.
`;

/** Runs the CLI and returns its exit status; output goes to the given streams (tests pass their own). */
export async function main(argv: readonly string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
	const [command, ...rest] = argv;
	if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
		(command === undefined ? err : out).write(usage);
		return command === undefined ? 2 : 0;
	}
	if (command === '-v' || command === '--version') {
		out.write(`${MINTDOC_VERSION}\n`);
		return 0;
	}
	try {
		if (command === 'check') return await runCheck(rest, out, err);
		if (command === 'api-server') return await runApiServer(rest, out);
		if (command === 'generate') return await runGenerate(rest, out);
		if (command === 'preview') return await runPreview(rest, out);
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
			args: [...args],
			allowPositionals: true,
			options: {
				format: { type: 'string', default: 'text' },
				coverage: { type: 'boolean', default: false },
				translations: { type: 'boolean', default: false },
				'check-external': { type: 'boolean', default: false },
				cache: { type: 'boolean', default: true },
				'no-cache': { type: 'boolean', default: false },
				'cache-location': { type: 'string' },
			},
		});
	} catch (e) {
		throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\n${usage}`);
	}
	const format = parsed.values.format;
	if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be 'text' or 'json', not '${format}'`);
	const dirs = parsed.positionals.length ? parsed.positionals : ['.'];
	const { roots, results, coverage, translations } = await checkFolders(dirs, process.cwd(), {
		coverage: parsed.values.coverage,
		translations: parsed.values.translations,
		checkExternal: parsed.values['check-external'],
		onExternalProgress: progressReporter(err),
		cache: parsed.values.cache && !parsed.values['no-cache'],
		cacheLocation: parsed.values['cache-location'],
	});
	const problems = toProblems(results, process.cwd());
	const report = coverage && toCoverage(coverage, process.cwd());
	if (format === 'json')
		out.write(
			translations
				? JSON.stringify({ problems, ...(report ? { coverage: report } : {}), translations }, null, 2) + '\n'
				: report
					? formatJsonWithCoverage(problems, report)
					: formatJson(problems),
		);
	else out.write(formatText(problems, roots.length) + (report ? formatCoverageText(report) : '') + (translations ? formatTranslationsTable(translations) : ''));
	return problems.some(p => p.severity === 'error') ? 1 : 0;
}

/** Progress of the external link check on stderr: a line every 50 links and at the end. */
function progressReporter(err: NodeJS.WritableStream): (done: number, total: number) => void {
	return (done, total) => {
		if (done % 50 === 0 || done === total) err.write(`mintdoc: external links checked: ${done}/${total}\n`);
	};
}

if (require.main === module) {
	main(process.argv.slice(2), process.stdout, process.stderr).then(
		code => {
			process.exitCode = code;
		},
		// main() reports its own failures; this is the last resort for one it did not foresee.
		(e: unknown) => {
			process.stderr.write(`mintdoc: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
			process.exitCode = 2;
		},
	);
}
