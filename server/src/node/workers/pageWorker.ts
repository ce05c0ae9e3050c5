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

export interface PageWorkerRequest {
	readonly id: number;
	readonly pages: readonly { readonly uri: string; readonly languageId: string; readonly text: string }[];
}

parentPort?.on('message', (request: PageWorkerRequest) => {
	try {
		const summaries = request.pages.map(page => summarize(TextDocument.create(page.uri, page.languageId, 0, page.text)));
		parentPort!.postMessage({ id: request.id, summaries });
	} catch (e) {
		// Includes a summary that cannot be cloned back: the caller summarizes these pages itself.
		parentPort!.postMessage({ id: request.id, error: e instanceof Error ? e.message : String(e) });
	}
});
