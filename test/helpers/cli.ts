import { spawn, spawnSync } from 'node:child_process';
import * as path from 'node:path';

/** The built CLI, as `npm run build` writes it. */
export const cliPath = path.resolve(__dirname, '../../dist/cli.js');

/** Runs `mintdoc <args>` (the built CLI) in `cwd` and returns its exit status and output. */
export function mintdoc(args: string[], cwd: string, env: Record<string, string> = {}) {
	const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs `mintdoc <args>` (the built CLI) with standard input an open pipe (a reader of /dev/stdin
 * would block on it), killed after 30 s: a hang fails the test, never stalls it.
 */
export function mintdocWithHangGuard(args: string[], cwd: string) {
	return new Promise<{ status: number | null; stdout: string; stderr: string }>(resolve => {
		const child = spawn(process.execPath, [cliPath, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
		child.stdout.on('data', chunk => (stdout += chunk));
		child.stderr.on('data', chunk => (stderr += chunk));
		child.on('close', status => {
			clearTimeout(timer);
			resolve({ status, stdout, stderr });
		});
	});
}

/** A running `mintdoc preview`. */
export interface PreviewProcess {
	readonly url: string;
	/** Everything it printed so far. */
	output(): string;
	stop(): Promise<void>;
}

/** `node dist/cli.js preview <dir> --port 0 [...args]` until it prints its URL. */
export async function startPreview(dir: string, args: readonly string[] = []): Promise<PreviewProcess> {
	const child = spawn(process.execPath, [cliPath, 'preview', dir, '--port', '0', ...args], {
		cwd: path.resolve(__dirname, '../..'),
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stderr.on('data', chunk => (output += chunk));
	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`no URL within 30 s:\n${output}`)), 30_000);
		child.stdout.on('data', chunk => {
			output += chunk;
			const m = /MintDoc preview: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
			if (m) {
				clearTimeout(timer);
				resolve(m[1]);
			}
		});
		child.once('exit', code => {
			clearTimeout(timer);
			reject(new Error(`preview exited with ${code}:\n${output}`));
		});
	});
	return {
		url,
		output: () => output,
		stop: () =>
			new Promise(resolve => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}),
	};
}
