import { apiServerUsage, runApiServer } from './apiServer';
import { checkUsage, runCheck } from './check';
import { formatUsage, runFormat } from './format';
import { generateUsage, runGenerate } from './generate';
import { llmsUsage, runLlms } from './llms';
import { mcpUsage, runMcp } from './mcp/mcpCommand';
import { previewUsage, runPreview } from './preview';
import { runUpgrade, upgradeUsage } from './upgrade';

/** One `mintdoc` command: the name typed, its lines of the help text, and what runs it. */
export interface CliCommand {
	readonly name: string;
	/** Its entry in `mintdoc --help` (two spaces, the name, the options, then what it does); `mintdoc <name> --help` prints it alone. */
	readonly usage: string;
	/** Runs it with the arguments after its name; resolves to the exit status (0 ok, 1 something to fix, 2 usage or I/O failure). */
	run(args: readonly string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number>;
}

/** Every command, in the order `mintdoc --help` lists them: a new command is a new row here. */
export const commands: readonly CliCommand[] = [
	{ name: 'check', usage: checkUsage, run: runCheck },
	{ name: 'format', usage: formatUsage, run: runFormat },
	{ name: 'generate', usage: generateUsage, run: runGenerate },
	{ name: 'api-server', usage: apiServerUsage, run: runApiServer },
	{ name: 'preview', usage: previewUsage, run: runPreview },
	{ name: 'upgrade', usage: upgradeUsage, run: runUpgrade },
	{ name: 'mcp', usage: mcpUsage, run: runMcp },
	{ name: 'llms', usage: llmsUsage, run: runLlms },
];
