// Worker thread that formats pages for `mintdoc format` (dist/formatWorker.js), one message each;
// the CLI reads the pages and sends their text (it skips those its cache knows are settled), then
// `null` when there are no more (formatThreads.ts).
// Its own small bundle (the formatter and the MDX parser only): a thread starting from the whole CLI
// bundle spent ~150 ms of CPU compiling code it never runs, as much as formatting ten pages.
import { parentPort } from 'node:worker_threads';
import { formatMdx, type FormatResult } from '../../core/format/formatPage';

export interface FormatWorkerPage {
	readonly file: string;
	readonly text: string;
}

/** One page's outcome, sent back as soon as it is known; the CLI reports and writes them in order. */
export interface FormatWorkerOutcome {
	readonly file: string;
	readonly result: FormatResult;
}

parentPort?.on('message', (page: FormatWorkerPage | null) => {
	if (page === null) parentPort?.close();
	else parentPort?.postMessage({ file: page.file, result: formatMdx(page.text) } satisfies FormatWorkerOutcome);
});
