import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService, type FileDiagnostics } from '../../../server/src/core/languageService';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { InMemoryWorkspace, workspaceRoot } from '../../helpers/inMemoryWorkspace';

/*
 * A check of every page hands the texts to the summarizer (the CLI's worker threads) while it is
 * still reading: the workers once waited for the whole site to be read (5-12 s of crewAI's cold
 * check, its 24,803 pages). Each distinct text is summarized once, and the findings are those of
 * pages summarized one by one.
 */

const pageCount = 600;

function site(): InMemoryWorkspace {
	const files: Record<string, string> = {
		'docs.json': JSON.stringify({ name: 'T', theme: 'mint', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'G', pages: ['p0'] }] } }),
	};
	// Three versions of each text, as a versioned site holds them; a link to a missing page in some.
	for (let i = 0; i < pageCount; i++) files[`v${i % 3}/p${Math.floor(i / 3)}.mdx`] = `# Page ${Math.floor(i / 3)}\n\n[next](/v0/p${Math.floor(i / 3) + 1})\n`;
	return new InMemoryWorkspace(files);
}

const sorted = (results: FileDiagnostics[]) => results.map(r => `${r.uri} ${JSON.stringify(r.diagnostics)}`).sort();

describe('a check of every page: the summarizer', () => {
	it('gets its first texts before the last page is read, each distinct text once, and the findings are unchanged', async () => {
		const workspace = site();
		let reads = 0;
		const read = workspace.readDocument.bind(workspace);
		workspace.readDocument = async (uri: string) => {
			if (uri.endsWith('.mdx')) reads++;
			return read(uri);
		};
		const readsAtCalls: number[] = [];
		let summarized = 0;
		const service = createLanguageService({
			workspace,
			summarizePages: async documents => {
				readsAtCalls.push(reads);
				summarized += documents.length;
				return documents.map(summarizePage);
			},
		});
		await service.findDocsRoots(noCancellation);
		const results: FileDiagnostics[] = [];
		await service.checkPages(workspaceRoot, noCancellation, result => results.push(result));
		assert.equal(reads, pageCount);
		assert.ok(readsAtCalls[0] < pageCount / 2, `first texts sent after ${readsAtCalls[0]} of ${pageCount} pages were read`);
		assert.equal(summarized, pageCount / 3, 'each distinct text once');

		const oneByOne = createLanguageService({ workspace: site() });
		await oneByOne.findDocsRoots(noCancellation);
		const expected: FileDiagnostics[] = [];
		await oneByOne.checkPages(workspaceRoot, noCancellation, result => expected.push(result));
		assert.equal(results.length, pageCount);
		assert.deepEqual(sorted(results), sorted(expected));
		assert.ok(
			results.some(r => r.diagnostics.some(d => d.code === 'link-broken')),
			'the site has findings to compare',
		);
	});
});
