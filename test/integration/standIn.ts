import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

export interface RunningStandIn {
	readonly child: ChildProcess;
	readonly url: string;
}

/**
 * Starts `dist/cli.js api-server` of the extension under test (the local API stand-in, assistant
 * included) on a free port with the site at `docsDir`; resolves with its URL once it listens.
 */
export function startStandIn(extensionPath: string, docsDir: string, args: readonly string[] = []): Promise<RunningStandIn> {
	const child = spawn(process.execPath, [path.join(extensionPath, 'dist', 'cli.js'), 'api-server', '--port', '0', '--docs', docsDir, ...args], {
		env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`the API stand-in did not start:\n${output}`)), 20_000);
		child.stderr!.on('data', chunk => (output += chunk));
		child.stdout!.on('data', chunk => {
			output += chunk;
			const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
			if (m) {
				clearTimeout(timer);
				resolve({ child, url: m[1] });
			}
		});
		child.once('exit', code => reject(new Error(`the API stand-in exited (${code}):\n${output}`)));
	});
}
