import fc from 'fast-check';
import { fuzzProperties } from './properties';
import { toAsyncProperty, type CaseTiming, type FuzzCase } from './property';

export interface FuzzRunOptions {
	/** Cases per property. */
	readonly runs: number;
	readonly seed: number;
	/** Replays one counterexample (with `only`): the path fast-check printed with the seed. */
	readonly path?: string;
	/** Property names to run (all when empty). */
	readonly only?: readonly string[];
	/** A case slower than this is reported, not failed. */
	readonly slowMs: number;
	/** A case slower than this fails: the core must not hang. */
	readonly hardLimitMs: number;
	/** Progress and results go here. */
	readonly log: (line: string) => void;
}

export interface PropertyResult {
	readonly name: string;
	readonly runs: number;
	readonly ms: number;
	readonly slow: readonly CaseTiming[];
	readonly failure?: string;
}

/** Shortens a counterexample for printing: a 600 KB page is shown by its start and length. */
function preview(c: FuzzCase): string {
	const files = Object.fromEntries(
		Object.entries(c.site.files).map(([path, text]) => [path, text.length > 1500 ? `${text.slice(0, 1500)}… (${text.length} chars)` : text]),
	);
	return JSON.stringify({ files, probe: c.site.probe, offsets: c.offsets }, null, 1);
}

/** Cases passed so far per property (a run stopped early reports these). */
export const progress = new Map<string, number>();

/** Runs each property for `runs` cases; a failure carries the seed and path that replay it. */
export async function runFuzz(options: FuzzRunOptions): Promise<PropertyResult[]> {
	const results: PropertyResult[] = [];
	const selected = fuzzProperties.filter(p => !options.only?.length || options.only.includes(p.name));
	if (!selected.length) throw new Error(`no property named ${options.only?.join(', ')}; known: ${fuzzProperties.map(p => p.name).join(', ')}`);
	for (const p of selected) {
		const slow: CaseTiming[] = [];
		let cases = 0;
		const started = performance.now();
		const property = toAsyncProperty(p, options, timing => {
			cases++;
			progress.set(p.name, cases);
			if (timing.ms > options.slowMs) slow.push(timing);
			if (cases % 1000 === 0) options.log(`  ${p.name}: ${cases} cases, ${((performance.now() - started) / 1000).toFixed(0)} s`);
		});
		const details = await fc.check(property, { seed: options.seed, numRuns: options.runs, path: options.path, endOnFailure: options.path !== undefined });
		const ms = performance.now() - started;
		let failure: string | undefined;
		if (details.failed) {
			const error = details.errorInstance instanceof Error ? (details.errorInstance.stack ?? details.errorInstance.message) : String(details.errorInstance);
			failure = [
				`property '${p.name}' failed after ${details.numRuns} cases (${details.numShrinks} shrinks)`,
				`seed ${details.seed}, path "${details.counterexamplePath}"`,
				`replay: npm run fuzz -- --only ${p.name} --seed ${details.seed} --path "${details.counterexamplePath}"`,
				`error: ${error}`,
				`counterexample: ${details.counterexample ? preview(details.counterexample[0]) : '(none)'}`,
			].join('\n');
		}
		results.push({ name: p.name, runs: details.numRuns, ms, slow, failure });
		options.log(
			`${p.name}: ${details.numRuns} cases in ${(ms / 1000).toFixed(1)} s, ${slow.length} slow (> ${options.slowMs} ms), ${failure ? 'FAILED' : 'ok'}`,
		);
		for (const s of [...slow].sort((a, b) => b.ms - a.ms).slice(0, 5)) options.log(`  slow: ${s.ms.toFixed(0)} ms — ${s.summary}`);
		if (failure) options.log(failure);
	}
	return results;
}
