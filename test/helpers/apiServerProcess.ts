import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { cliPath } from './cli';

const repo = path.resolve(__dirname, '../..');

export interface ApiServerProcess {
	readonly child: ChildProcess;
	/** `http://127.0.0.1:PORT` */
	readonly url: string;
	output(): string;
	/** SIGTERM; resolves with the exit code. */
	stop(): Promise<number | null>;
}

/** `node dist/cli.js api-server ...args` (the built CLI) until it prints its listening line. */
export async function startApiServer(args: string[]): Promise<ApiServerProcess> {
	const child = spawn(process.execPath, [cliPath, 'api-server', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	child.stdout!.on('data', chunk => (output += chunk));
	child.stderr!.on('data', chunk => (output += chunk));
	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`no listening line within 20 s:\n${output}`)), 20_000);
		child.stdout!.on('data', () => {
			const m = /MintDoc API stand-in listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
			if (m) {
				clearTimeout(timer);
				resolve(m[1]);
			}
		});
		child.once('exit', code => {
			clearTimeout(timer);
			reject(new Error(`api-server exited with ${code} before listening:\n${output}`));
		});
	});
	return {
		child,
		url,
		output: () => output,
		stop: () =>
			new Promise(resolve => {
				if (child.exitCode !== null) return resolve(child.exitCode);
				child.once('exit', code => resolve(code));
				child.kill('SIGTERM');
			}),
	};
}
