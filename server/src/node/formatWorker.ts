// Worker thread that formats a share of a site's MDX pages for `mintdoc format` (dist/formatWorker.js).
// Its own small bundle (the formatter and the MDX parser only): a thread starting from the whole CLI
// bundle spent ~150 ms of CPU compiling code it never runs, as much as formatting ten pages.
import { promises as fs } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { formatMdx, type FormatResult } from '../core/format/formatPage';

export interface FormatWorkerData {
	readonly files: readonly string[];
}

/** One page's outcome, sent back as soon as it is known; the CLI reports and writes them in order. */
export interface FormatWorkerOutcome {
	readonly file: string;
	readonly text: string;
	readonly result: FormatResult;
}

async function formatShare(): Promise<void> {
	const { files } = workerData as FormatWorkerData;
	for (const file of files) {
		const text = await fs.readFile(file, 'utf8');
		parentPort?.postMessage({ file, text, result: formatMdx(text) } satisfies FormatWorkerOutcome);
	}
}

void formatShare();
