import { setFlagsFromString } from 'node:v8';
import { saveCodeCache } from './codeCache';

/**
 * V8's interrupt budget (bytecode a function runs before it is considered for TurboFan) for one
 * bulk run of the CLI — `mintdoc format`'s threads, one `mintdoc check`'s page workers: ~18× V8's
 * default (67,584). Such a run takes every page through the parser once, on as many threads as
 * there are cores; with the default, TurboFan compiled on threads of its own, competing for the same
 * cores, and dropped code faster than it paid back. Best of two runs each, 2 cores, default → this:
 * `format --check --no-cache` trails (90 pages) 657 → 471 ms, lightdash (235) 1,855 → 1,243 ms,
 * mintlify-docs (1,103) 5,442 → 4,196 ms, box (the largest) 12.6 → 10.4 s; `check --no-cache` crewAI
 * 9.1–9.5 → 7.6–7.9 s (CPU −20 %, peak RSS 489–507 → 472–476 MB), ClickHouse 19.2 → 16.1 s. Without
 * TurboFan at all (`--no-opt`) the small sites gained as much but box lost 20 %: long runs still
 * want it, later. Never for the language server, whose edit path must be optimized early.
 */
export const bulkRunInterruptBudget = 1_200_000;

let set = false;

/** Sets the budget once, before the first worker starts (V8's flags are the process's; a thread's isolate reads them as it starts). */
export function delayOptimization(): void {
	if (set) return;
	set = true;
	// V8 refuses a code cache made under other flags: the CLI's is made now or never (see codeCache.ts).
	void saveCodeCache();
	setFlagsFromString(`--interrupt-budget=${bulkRunInterruptBudget}`);
}
