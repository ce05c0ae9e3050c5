// `npm run fuzz -- --runs N [--seed S] [--path P] [--only name[,name]] [--slow-ms 2000] [--limit-ms 20000]`:
// long fuzzing runs of the properties in test/fuzz/*.fuzz.ts. Prints cases per property, slow cases and
// failures with the seed and path that replay them; exits non-zero on a failure.
import { fuzzProperties } from './properties';
import { progress, runFuzz } from './runner';

function option(name: string): string | undefined {
	const args = process.argv.slice(2);
	const i = args.findIndex(a => a === `--${name}` || a.startsWith(`--${name}=`));
	if (i === -1) return undefined;
	return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
}

function number(name: string, fallback: number): number {
	const raw = option(name);
	if (raw === undefined) return fallback;
	const value = Number(raw);
	if (!Number.isFinite(value)) {
		console.error(`--${name} needs a number, got '${raw}'`);
		process.exit(2);
	}
	return value;
}

async function main() {
	if (process.argv.includes('--help')) {
		console.log(`usage: npm run fuzz -- --runs N [--seed S] [--path P] [--only ${fuzzProperties.map(p => p.name).join('|')}] [--slow-ms MS] [--limit-ms MS]`);
		return;
	}
	const seed = number('seed', Date.now() % 2 ** 31);
	const runs = number('runs', 1000);
	const only = option('only')?.split(',').filter(Boolean);
	console.log(`fuzzing with seed ${seed}, ${runs} cases per property${only ? ` (${only.join(', ')})` : ''}`);
	const started = performance.now();
	// Stopped early (Ctrl-C, a time limit): say how far each property got without a failure.
	for (const signal of ['SIGINT', 'SIGTERM'] as const)
		process.once(signal, () => {
			console.log(
				`\nstopped by ${signal}: ${[...progress].map(([name, cases]) => `${name}: ${cases} cases passed`).join(', ')} (seed ${seed}; counts include shrinking runs only after a failure, which is printed)`,
			);
			process.exit(130);
		});
	const results = await runFuzz({
		runs,
		seed,
		path: option('path'),
		only,
		slowMs: number('slow-ms', 2000),
		hardLimitMs: number('limit-ms', 20_000),
		log: line => console.log(line),
	});
	const total = results.reduce((sum, r) => sum + r.runs, 0);
	const failed = results.filter(r => r.failure);
	console.log(`\n${results.map(r => `${r.name}: ${r.runs} cases, ${r.slow.length} slow, ${r.failure ? 'FAILED' : 'ok'}`).join('\n')}`);
	console.log(`total: ${total} cases in ${((performance.now() - started) / 1000).toFixed(0)} s (seed ${seed}), ${failed.length} properties failed`);
	process.exitCode = failed.length ? 1 : 0;
}

main().catch(e => {
	console.error(e);
	process.exitCode = 2;
});
