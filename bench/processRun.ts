import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export interface ProcessRun {
	readonly wallMs: number;
	readonly peakRssMb: number | undefined;
	/** User + system CPU time of the process and its threads (GNU time only): comparable across loaded and quiet machines. */
	readonly cpuMs: number | undefined;
	readonly exitCode: number | null;
	readonly stdout: string;
	readonly stderr: string;
	readonly timedOut: boolean;
}

const gnuTime = '/usr/bin/time';

/**
 * Runs a command in a fresh process and measures its wall time and peak resident memory: with
 * GNU time when it is installed (exact, includes the whole run), else by polling VmHWM in /proc.
 */
export function runProcess(
	command: string,
	args: readonly string[],
	options: { cwd?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<ProcessRun> {
	const useTime = existsSync(gnuTime);
	const [file, argv] = useTime ? [gnuTime, ['-f', '__PEAK_RSS_KB=%M __CPU_S=%U+%S', command, ...args]] : [command, [...args]];
	return new Promise(resolve => {
		const started = performance.now();
		const child = spawn(file, argv, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		let polledKb = 0;
		let timedOut = false;
		child.stdout.on('data', chunk => (stdout += chunk));
		child.stderr.on('data', chunk => (stderr += chunk));
		const poll = useTime
			? undefined
			: setInterval(() => {
					try {
						const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
						polledKb = Math.max(polledKb, kb);
					} catch {
						// The process is gone; the last reading stands.
					}
				}, 20);
		const timer = options.timeoutMs
			? setTimeout(() => {
					timedOut = true;
					child.kill('SIGKILL');
				}, options.timeoutMs)
			: undefined;
		child.on('close', exitCode => {
			const wallMs = performance.now() - started;
			if (poll) clearInterval(poll);
			if (timer) clearTimeout(timer);
			const fromTime = /__PEAK_RSS_KB=(\d+)/.exec(stderr);
			const peakKb = fromTime ? Number(fromTime[1]) : polledKb;
			const cpu = /__CPU_S=([\d.]+)\+([\d.]+)/.exec(stderr);
			const cpuMs = cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined;
			resolve({
				wallMs,
				peakRssMb: peakKb ? peakKb / 1024 : undefined,
				cpuMs,
				exitCode,
				stdout,
				stderr: stderr.replace(/__PEAK_RSS_KB=\d+ __CPU_S=\S+\n?/, ''),
				timedOut,
			});
		});
	});
}
