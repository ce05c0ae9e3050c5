import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CancelledError, type CancellationToken } from '../../core/cancellation';
import { summarizePage, type PageSummary } from '../../core/mdx/pageSummary';
import { isReadWhole } from '../../core/textGuards';
import type { PageSummarizer, SummarizingRun } from '../../core/languageServiceTypes';
import { idleStop } from '../runtime/idleStop';
import { createDiagnostic } from '../../core/diagnostic';
import { undecodedBytes } from '../runtime/lazyDocument';
import type { PageWorkerRequest, WorkerPage } from './pageWorker';

/** Pages per message: large enough to amortize the round trip, small enough to spread over the workers. */
const batchSize = 32;

/**
 * How long one batch may take in a worker (32 real pages take well under a second); then the worker
 * is stopped. `MINTDOC_TEST_PAGE_BUDGET_MS` (MintDoc's own tests only) shortens it.
 */
const batchBudgetMs = () => Number(process.env.MINTDOC_TEST_PAGE_BUDGET_MS) || 60_000;

/** What a page that stopped or crashed its worker gets: one finding, never the run's failure. */
export function failedPageSummary(why: string): PageSummary {
	const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
	return {
		diagnostics: [createDiagnostic(range, `MintDoc could not check this page: ${why}. Its links, components and syntax are not checked.`, 'page-too-complex')],
		links: [],
		headings: [],
		anchors: undefined,
		imports: [],
		frontmatter: undefined,
		folds: [],
		elements: [],
	};
}

/**
 * A page as a worker gets it: a page the CLI read and has not decoded goes as its bytes, and the
 * worker decodes it. Decoded here to be sent, its text stayed with the document: on crewAI ~40 MB of
 * page texts on the main thread's heap at the cold check's peak, and the decoding on the thread
 * that feeds the workers.
 */
function workerPage(document: TextDocument): WorkerPage {
	const bytes = undecodedBytes(document);
	return bytes
		? { uri: document.uri, languageId: document.languageId, bytes }
		: { uri: document.uri, languageId: document.languageId, text: document.getText() };
}

interface Pending {
	readonly documents: readonly TextDocument[];
	readonly token: CancellationToken;
	readonly resolve: (summaries: PageSummary[] | undefined) => void;
	/** A page tried again after its worker failed: it runs alone in a worker, so a second failure is its own. */
	readonly isolated?: true;
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

/** Sites of at most this many pages: the CLI's workers keep V8's own young generation. */
export const smallSitePages = 5_000;

/**
 * The CLI's workers: stopped half a second after the last page (they held ~200 MB, mostly garbage,
 * for 10 s while the page rules and the report ran: crewAI's peak). On a large site a young
 * generation of 12 MB instead of V8's 48 MB (a parser's garbage dies young): crewAI's memory budget
 * is what it is for. A smaller site, far from it, keeps V8's: mintlify/docs (1,116 pages) −0.1 to
 * −0.2 s of 2.2–2.4 s, +55 MB (collecting a small young generation was ~12 % of each worker).
 */
export const cliPageWorkers = {
	idleMs: 500,
	resourceLimits: (run: SummarizingRun | undefined): ResourceLimits | undefined =>
		run && run.pages <= smallSitePages ? undefined : { maxYoungGenerationSizeMb: 12 },
} as const;

function workerOptions(resourceLimits: ResourceLimits | undefined): WorkerOptions | undefined {
	return resourceLimits && { resourceLimits };
}

/**
 * A pool of worker threads (dist/pageWorker.js) that summarize pages in parallel. Batches go to
 * the worker with the fewest in flight; each worker holds at most two, so when a newer run
 * cancels an older one (the next keystroke), the older one's queued pages are never parsed. A
 * worker that crashes or passes its time budget is stopped and its pages tried again one
 * by one on fresh workers; a page that fails alone gets one page-too-complex finding (issue 51: it
 * was summarized on the calling thread, which then crashed or hung). Workers are unref'd: they never keep a process alive.
 */
export function createPagePool(
	size = availableParallelism(),
	workerPath = path.join(__dirname, 'pageWorker.js'),
	idleMs = pageWorkerIdleMs,
	/** Fixed, or by the run the pages belong to (the latest asked for when a worker starts). */
	resourceLimits?: ResourceLimits | ((run: SummarizingRun | undefined) => ResourceLimits | undefined),
): PageSummarizer & { dispose(): void; readonly workers: number } {
	const workers: { worker: Worker; inFlight: Map<number, Pending>; timer: NodeJS.Timeout | undefined }[] = [];
	let latestRun: SummarizingRun | undefined;
	const queue: Pending[] = [];
	let nextId = 0;
	const idle = idleStop(
		idleMs,
		() => queue.length > 0 || workers.some(w => w.inFlight.size),
		() => workers.splice(0).forEach(slot => void slot.worker.terminate()),
	);
	/**
	 * A batch whose worker failed (crashed, ran out of memory, or passed the budget): a batch of one page
	 * gets the finding; a larger one is split into single pages, each tried again on a fresh worker.
	 */
	const failed = (pending: Pending, why: string) => {
		if (pending.isolated) pending.resolve([failedPageSummary(why)]);
		else {
			const parts = pending.documents.map(
				document => new Promise<PageSummary[] | undefined>(resolve => queue.unshift({ documents: [document], token: pending.token, resolve, isolated: true })),
			);
			void Promise.all(parts).then(results => pending.resolve(results.some(r => r === undefined) ? undefined : results.flatMap(r => r!)));
		}
	};
	const start = () => {
		const slot = {
			worker: new Worker(workerPath, workerOptions(typeof resourceLimits === 'function' ? resourceLimits(latestRun) : resourceLimits)),
			inFlight: new Map<number, Pending>(),
			timer: undefined as NodeJS.Timeout | undefined,
		};
		slot.worker.unref();
		const retire = (why: string) => {
			const at = workers.indexOf(slot);
			if (at === -1) return;
			workers.splice(at, 1);
			clearTimeout(slot.timer);
			void slot.worker.terminate();
			const lost = [...slot.inFlight.values()];
			slot.inFlight.clear();
			for (const pending of lost) failed(pending, why);
			pump();
		};
		const arm = () => {
			clearTimeout(slot.timer);
			const budget = batchBudgetMs();
			slot.timer = slot.inFlight.size ? setTimeout(() => retire(`reading it took over ${budget / 1000} s`), budget) : undefined;
			slot.timer?.unref();
		};
		Object.assign(slot, { arm });
		slot.worker.on('message', (reply: { id: number; summaries?: PageSummary[]; error?: string }) => {
			const pending = slot.inFlight.get(reply.id);
			if (!pending) return;
			slot.inFlight.delete(reply.id);
			arm();
			if (reply.summaries) pending.resolve(reply.summaries);
			else failed(pending, `its reader failed (${reply.error ?? 'unknown error'})`);
			pump();
			idle.settle();
		});
		slot.worker.on('error', error => retire(`its reader failed (${error.message})`));
		slot.worker.on('exit', code => retire(`its reader stopped (exit code ${code})`));
		workers.push(slot);
		return slot;
	};
	const pump = () => {
		if (queue.length) idle.cancel();
		while (queue.length) {
			if (workers.length < Math.max(1, size)) start();
			const isolated = queue[0].isolated;
			// A worker running a page tried again alone takes nothing else; such a page waits for an idle worker.
			const open = workers.filter(w => ![...w.inFlight.values()].some(p => p.isolated) && (!isolated || w.inFlight.size === 0));
			if (!open.length) return;
			const slot = open.reduce((best, w) => (w.inFlight.size < best.inFlight.size ? w : best));
			if (slot.inFlight.size >= inFlightPerWorker) return;
			const pending = queue.shift()!;
			if (pending.token.isCancellationRequested) {
				pending.resolve(undefined);
				continue;
			}
			const id = nextId++;
			slot.inFlight.set(id, pending);
			if (slot.inFlight.size === 1) (slot as unknown as { arm(): void }).arm();
			slot.worker.postMessage({ id, pages: pending.documents.map(workerPage) } satisfies PageWorkerRequest);
		}
	};
	const summarize = async (all: readonly TextDocument[], token: CancellationToken, run?: SummarizingRun): Promise<PageSummary[]> => {
		latestRun = run ?? latestRun;
		// A file too large to check was read only in part, a refused one not at all: its finding is made here (the worker would see a small page).
		if (!all.every(isReadWhole)) {
			const whole = all.filter(isReadWhole);
			const summaries = whole.length ? await summarize(whole, token, run) : [];
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
