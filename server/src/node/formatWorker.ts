// Worker thread that formats a share of a site's MDX pages for `mintdoc format` (dist/formatWorker.js);
// the CLI reads the pages and sends their text (it skips those its cache knows are settled).
// Its own small bundle (the formatter and the MDX parser only): a thread starting from the whole CLI
// bundle spent ~150 ms of CPU compiling code it never runs, as much as formatting ten pages.
import { parentPort, workerData } from 'node:worker_threads';
import { formatMdx, type FormatResult } from '../core/format/formatPage';

export interface FormatWorkerData {
	readonly pages: readonly { readonly file: string; readonly text: string }[];
}

/** One page's outcome, sent back as soon as it is known; the CLI reports and writes them in order. */
export interface FormatWorkerOutcome {
	readonly file: string;
	readonly text: string;
	readonly result: FormatResult;
}

const { pages } = workerData as FormatWorkerData;
for (const { file, text } of pages) parentPort?.postMessage({ file, text, result: formatMdx(text) } satisfies FormatWorkerOutcome);
