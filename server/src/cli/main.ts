import { saveCodeCache } from '../node/runtime/codeCache';
import { commands } from './commands';
import { UsageError } from './usageError';
import { escapingStream } from './terminalText';

declare const MINTDOC_VERSION: string;

const usage = `Usage: mintdoc <command> [options]

Commands:
${commands.map(c => (c.usage.endsWith('\n') ? c.usage : `${c.usage}\n`)).join('')}
Options:
  -h, --help       Show this help
  -v, --version    Show the version

Exit status of check: 0 no errors, 1 errors found (or more warnings than --max-warnings),
2 usage or I/O failure.
Exit status of upgrade: 0 written, 1 mint.json invalid, 2 no mint.json, docs.json exists (no --force), usage.
`;

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
	const found = commands.find(c => c.name === command);
	// Every command explains itself, before any of its options is read (as git and npm do).
	if (found && wantsHelp(rest)) {
		out.write(`Usage: mintdoc ${found.usage.trimStart()}${found.usage.endsWith('\n') ? '' : '\n'}`);
		return 0;
	}
	try {
		if (found) return await found.run(rest, out, err);
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
			// Started through dist/cli.js: what this command compiled is kept for the next one (node/runtime/codeCache.ts).
			void saveCodeCache();
		},
		// main() reports its own failures; this is the last resort for one it did not foresee.
		(e: unknown) => {
			process.stderr.write(`mintdoc: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
			process.exitCode = 2;
		},
	);
}
