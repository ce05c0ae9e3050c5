import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CancelledError, type CancellationToken } from '../core/cancellation';
import { summarizePage, type PageSummary } from '../core/mdx/pageSummary';
import type { PageSummarizer } from '../core/languageService';

/** Pages per message: large enough to amortize the round trip, small enough to spread over the workers. */
const batchSize = 32;

interface Pending {
	readonly documents: readonly TextDocument[];
	readonly resolve: (summaries: PageSummary[]) => void;
}

/**
 * A pool of worker threads (dist/pageWorker.js) that summarize pages in parallel. Batches go to
 * the worker with the fewest in flight. A worker that fails or crashes never loses pages: they
 * are summarized on the calling thread instead. Workers are unref'd: they never keep a process alive.
 */
export function createPagePool(size = availableParallelism(), workerPath = path.join(__dirname, 'pageWorker.js')): PageSummarizer & { dispose(): void } {
	const workers: { worker: Worker; inFlight: Map<number, Pending> }[] = [];
	let nextId = 0;
	const inline = (documents: readonly TextDocument[]) => documents.map(summarizePage);
	const start = () => {
		const slot = { worker: new Worker(workerPath), inFlight: new Map<number, Pending>() };
		slot.worker.unref();
		slot.worker.on('message', (reply: { id: number; summaries?: PageSummary[]; error?: string }) => {
			const pending = slot.inFlight.get(reply.id);
			if (!pending) return;
			slot.inFlight.delete(reply.id);
			pending.resolve(reply.summaries ?? inline(pending.documents));
		});
		slot.worker.on('error', () => {
			workers.splice(workers.indexOf(slot), 1);
			for (const pending of slot.inFlight.values()) pending.resolve(inline(pending.documents));
			slot.inFlight.clear();
		});
		workers.push(slot);
		return slot;
	};
	const send = (documents: readonly TextDocument[]): Promise<PageSummary[]> => {
		if (workers.length < Math.max(1, size)) start();
		const slot = workers.reduce((best, w) => (w.inFlight.size < best.inFlight.size ? w : best));
		const id = nextId++;
		return new Promise(resolve => {
			slot.inFlight.set(id, { documents, resolve });
			slot.worker.postMessage({ id, pages: documents.map(d => ({ uri: d.uri, languageId: d.languageId, text: d.getText() })) });
		});
	};
	const summarize = async (documents: readonly TextDocument[], token: CancellationToken): Promise<PageSummary[]> => {
		const batches: Promise<PageSummary[]>[] = [];
		for (let i = 0; i < documents.length; i += batchSize) {
			if (token.isCancellationRequested) break;
			batches.push(send(documents.slice(i, i + batchSize)));
		}
		const results = (await Promise.all(batches)).flat();
		if (results.length < documents.length) throw new CancelledError();
		return results;
	};
	return Object.assign(summarize, { dispose: () => workers.splice(0).forEach(w => void w.worker.terminate()) });
}
