import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { noCancellation } from '../../../server/src/core/cancellation';
import type { SummarizingRun } from '../../../server/src/core/languageServiceTypes';
import { checkedSummary } from '../../../server/src/core/mdx/checkedSummary';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { checkedSummaries } from '../../../server/src/cli/checkService';

describe("the CLI's summarizer without a cache", () => {
	it('keeps of each summary what the checks read, and passes the run on (the page pool sizes its workers by it)', async () => {
		const pages = [
			TextDocument.create('file:///site/a.mdx', 'mdx', 1, '# A\n\n<Card title="x" icon="star">y</Card>\n\n<Tabs>\n<Tab title="t">z</Tab>\n</Tabs>\n'),
		];
		const asked: (SummarizingRun | undefined)[] = [];
		const summarize = checkedSummaries(async (documents, _token, run) => (asked.push(run), documents.map(summarizePage)));
		const run = { pages: 1_116 };
		assert.deepEqual(await summarize(pages, noCancellation, run), pages.map(summarizePage).map(checkedSummary));
		assert.deepEqual(asked, [run]);
	});
});
