// Worker thread that summarizes MDX pages (parse + links, headings, anchors, problems) for the CLI
// and the server's background check: parsing is most of the cost of checking a site, and it runs
// in parallel here while the main thread reads files and answers requests.
import { parentPort } from 'node:worker_threads';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { summarizePage, summarizePageWithParser } from '../../core/mdx/pageSummary';

/**
 * `MINTDOC_PAGE_READER=parser` reads every page with the MDX parser alone, never the fast tier: how
 * the bench proves the fast tier changes no finding on a real site (`--parts identical`).
 */
const summarize = process.env.MINTDOC_PAGE_READER === 'parser' ? summarizePageWithParser : summarizePage;

/** A page to summarize: its text, or the UTF-8 bytes it was read as (decoded here, off the main thread). */
export type WorkerPage = { readonly uri: string; readonly languageId: string } & ({ readonly text: string } | { readonly bytes: Uint8Array });

export interface PageWorkerRequest {
	readonly id: number;
	readonly pages: readonly WorkerPage[];
}

/** The text of a page as the main thread would have decoded it (Buffer.toString: a BOM kept, invalid bytes replaced). */
function textOf(page: WorkerPage): string {
	return 'text' in page ? page.text : Buffer.from(page.bytes.buffer, page.bytes.byteOffset, page.bytes.byteLength).toString('utf8');
}

parentPort?.on('message', (request: PageWorkerRequest) => {
	try {
		const summaries = request.pages.map(page => summarize(TextDocument.create(page.uri, page.languageId, 0, textOf(page))));
		parentPort!.postMessage({ id: request.id, summaries });
	} catch (e) {
		// Includes a summary that cannot be cloned back: the caller summarizes these pages itself.
		parentPort!.postMessage({ id: request.id, error: e instanceof Error ? e.message : String(e) });
	}
});
