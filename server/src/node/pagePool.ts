import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CancelledError, type CancellationToken } from '../core/cancellation';
import { summarizePage, type PageSummary } from '../core/mdx/pageSummary';
import { isReadWhole } from '../core/textGuards';
import type { PageSummarizer } from '../core/languageService';
import { idleStop } from './idleStop';

/** Pages per message: large enough to amortize the round trip, small enough to spread over the workers. */
const batchSize = 32;

interface Pending {
	readonly documents: readonly TextDocument[];
	readonly token: CancellationToken;
	readonly resolve: (summaries: PageSummary[] | undefined) => void;
}

/** Batches a worker holds at once; the rest wait here, where a cancelled run's batches are dropped unparsed. */
const inFlightPerWorker = 2;

/** Workers hold a parser's heap each; after a site is indexed they are stopped until the next bulk check. */
export const pageWorkerIdleMs = 10_000;

/**
 * The language server's workers: stopped a second after the last page, with the CLI's young
 * generation. Measured on crewAI (24,803 pages): the server held 480–520 MB while its two idle
 * workers lived, 380 MB once they stopped; a bulk check that starts later pays ~0.2 s of worker
 * start-up on the other core, not on the request path.
 */
export const serverPageWorkers = { idleMs: 1_000, resourceLimits: { maxYoungGenerationSizeMb: 12 } } as const;

/**
 * The CLI's workers: stopped half a second after the last page (they held ~200 MB, mostly garbage,
 * for 10 s while the page rules and the report ran: crewAI's peak), with a young generation of
 * 12 MB instead of V8's 48 MB (a parser's garbage dies young; measured: the same CPU time).
 */
export const cliPageWorkers = { idleMs: 500, resourceLimits: { maxYoungGenerationSizeMb: 12 } } as const;

/**
 * A pool of worker threads (dist/pageWorker.js) that summarize pages in parallel. Batches go to
 * the worker with the fewest in flight; each worker holds at most two, so when a newer run
 * cancels an older one (the next keystroke), the older one's queued pages are never parsed. A
 * worker that fails or crashes never loses pages: they are summarized on the calling thread
 * instead. Workers are unref'd: they never keep a process alive.
 */
export function createPagePool(
	size = availableParallelism(),
	workerPath = path.join(__dirname, 'pageWorker.js'),
	idleMs = pageWorkerIdleMs,
	resourceLimits?: ResourceLimits,
): PageSummarizer & { dispose(): void; readonly workers: number } {
	const workers: { worker: Worker; inFlight: Map<number, Pending> }[] = [];
	const queue: Pending[] = [];
	let nextId = 0;
	const idle = idleStop(
		idleMs,
		() => queue.length > 0 || workers.some(w => w.inFlight.size),
		() => workers.splice(0).forEach(slot => void slot.worker.terminate()),
	);
	const inline = (documents: readonly TextDocument[]) => documents.map(summarizePage);
	const start = () => {
		const slot = { worker: new Worker(workerPath, resourceLimits && { resourceLimits }), inFlight: new Map<number, Pending>() };
		slot.worker.unref();
		slot.worker.on('message', (reply: { id: number; summaries?: PageSummary[]; error?: string }) => {
			const pending = slot.inFlight.get(reply.id);
			if (!pending) return;
			slot.inFlight.delete(reply.id);
			pending.resolve(reply.summaries ?? inline(pending.documents));
			pump();
			idle.settle();
		});
		slot.worker.on('error', () => {
			const at = workers.indexOf(slot);
			if (at !== -1) workers.splice(at, 1);
			for (const pending of slot.inFlight.values()) pending.resolve(inline(pending.documents));
			slot.inFlight.clear();
			pump();
		});
		workers.push(slot);
		return slot;
	};
	const pump = () => {
		if (queue.length) idle.cancel();
		while (queue.length) {
			if (workers.length < Math.max(1, size)) start();
			const slot = workers.reduce((best, w) => (w.inFlight.size < best.inFlight.size ? w : best));
			if (slot.inFlight.size >= inFlightPerWorker) return;
			const pending = queue.shift()!;
			if (pending.token.isCancellationRequested) {
				pending.resolve(undefined);
				continue;
			}
			const id = nextId++;
			slot.inFlight.set(id, pending);
			slot.worker.postMessage({ id, pages: pending.documents.map(d => ({ uri: d.uri, languageId: d.languageId, text: d.getText() })) });
		}
	};
	const summarize = async (all: readonly TextDocument[], token: CancellationToken): Promise<PageSummary[]> => {
		// A file too large to check was read only in part, a refused one not at all: its finding is made here (the worker would see a small page).
		if (!all.every(isReadWhole)) {
			const whole = all.filter(isReadWhole);
			const summaries = whole.length ? await summarize(whole, token) : [];
			let next = 0;
			return all.map(d => (isReadWhole(d) ? summaries[next++] : summarizePage(d)));
		}
		const documents = all;
		const batches: Promise<PageSummary[] | undefined>[] = [];
		for (let i = 0; i < documents.length; i += batchSize) {
			const batch = documents.slice(i, i + batchSize);
			batches.push(new Promise(resolve => queue.push({ documents: batch, token, resolve })));
		}
		pump();
		const results = await Promise.all(batches);
		if (results.some(r => r === undefined)) throw new CancelledError();
		return results.flatMap(r => r!);
	};
	const pool = Object.assign(summarize, {
		dispose: () => {
			idle.cancel();
			workers.splice(0).forEach(w => void w.worker.terminate());
		},
	});
	// A getter, not Object.assign (which would copy the count once).
	return Object.defineProperty(pool, 'workers', { get: () => workers.length }) as typeof pool & { readonly workers: number };
}
