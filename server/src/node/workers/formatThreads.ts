import { Worker } from 'node:worker_threads';
import { delayOptimization } from '../runtime/optimizationBudget';
import type { FormatResult } from '../../core/format/formatPage';
import type { FormatWorkerOutcome, FormatWorkerPage } from './formatWorker';

/**
 * The young generation of a formatting thread, in MB. Parsing allocates many short-lived objects
 * (micromark events, tokens, tree nodes): with V8's default (16 MB) the scavenger ran ~20 % of
 * the CPU time; a larger nursery (grown only as needed) lets most of them die before a collection:
 * ~20 % less CPU per page.
 */
const youngGenerationMb = 192;

/** Pages sent to a thread before its results come back: it never waits for the next one. */
const inFlightPerThread = 2;

/**
 * Threads that format pages for `mintdoc format` (dist/formatWorker.js), fed from one queue: a
 * thread gets the next page when it hands one back, so a few long pages do not leave one thread
 * working while the other idles (a fixed share each did). Threads start before the pages are
 * read, so their start-up overlaps the reading; once all are queued, the longest go first.
 */
export class FormatThreads {
	readonly #queue: FormatWorkerPage[] = [];
	readonly #threads: { worker: Worker; inFlight: number }[] = [];
	readonly #done: Promise<void>;
	#resolve!: () => void;
	#reject!: (e: Error) => void;
	#pending = 0;
	#closing = false;
	#failed = false;

	constructor(
		workerFile: string,
		count: number,
		private readonly onResult: (file: string, result: FormatResult) => void,
	) {
		this.#done = new Promise((resolve, reject) => {
			this.#resolve = resolve;
			this.#reject = reject;
		});
		// A thread may fail while pages are still being read: finish() reports it, never an unhandled rejection.
		this.#done.catch(() => undefined);
		delayOptimization();
		for (let i = 0; i < count; i++) {
			const worker = new Worker(workerFile, { resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
			const thread = { worker, inFlight: 0 };
			worker.on('message', (outcome: FormatWorkerOutcome) => {
				thread.inFlight--;
				this.#pending--;
				this.onResult(outcome.file, outcome.result);
				this.#pump();
			});
			worker.on('error', e => this.#fail(e));
			worker.on('exit', code => {
				if (!this.#closing || this.#pending > 0) this.#fail(new Error(`a formatting thread stopped with exit code ${code}`));
			});
			this.#threads.push(thread);
		}
	}

	add(page: FormatWorkerPage): void {
		this.#queue.push(page);
		this.#pending++;
		this.#pump();
	}

	/** All pages are added: the longest still queued go first; resolves when every result is in. */
	finish(): Promise<void> {
		this.#queue.sort((a, b) => b.text.length - a.text.length);
		this.#closing = true;
		this.#pump();
		return this.#done;
	}

	#pump(): void {
		for (const thread of this.#threads) {
			while (thread.inFlight < inFlightPerThread && this.#queue.length) {
				thread.worker.postMessage(this.#queue.shift());
				thread.inFlight++;
			}
		}
		if (this.#closing && this.#pending === 0 && !this.#failed) {
			for (const { worker } of this.#threads) worker.postMessage(null);
			this.#resolve();
		}
	}

	#fail(e: Error): void {
		if (this.#failed) return;
		this.#failed = true;
		for (const { worker } of this.#threads) void worker.terminate();
		this.#reject(e);
	}
}
