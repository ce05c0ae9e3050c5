import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

/** The built CLI, as `npm run build` writes it. */
export const cliPath = path.resolve(__dirname, '../../dist/cli.js');

/** Runs `mintdoc <args>` (the built CLI) in `cwd` and returns its exit status and output. */
export function mintdoc(args: string[], cwd: string) {
	const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8' });
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
