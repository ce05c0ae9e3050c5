import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';

/** A workspace that counts how often each file is read. */
class CountingWorkspace extends InMemoryWorkspace {
	readonly reads = new Map<string, number>();
	override async readDocument(uri: string) {
		this.reads.set(uri, (this.reads.get(uri) ?? 0) + 1);
		return super.readDocument(uri);
	}
}

const spec = JSON.stringify({
	components: { schemas: {} },
	paths: { '/x': { get: { responses: { 200: { description: 'ok' } } } } },
	openapi: '3.0.3',
	info: { title: 'T', version: '1' },
});

describe('OpenAPI documents found in the repository', () => {
	it('finds one whose openapi key comes last, and reads a JSON file that is not OpenAPI once while it is unchanged', async () => {
		const workspace = new CountingWorkspace({
			'docs.json': docsJson({ pages: ['index'] }),
			'index.mdx': '---\ntitle: Home\nopenapi: GET /x\n---\n',
			'late.json': spec,
			'data/list.json': '{"items": [1, 2, 3]}',
		});
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		const pages: string[] = [];
		await service.checkPages(workspaceRoot, noCancellation, ({ uri, diagnostics }) => void (diagnostics.length && pages.push(uri)));
		assert.deepEqual(pages, [], 'GET /x is found in late.json, which docs.json does not name');
		for (const edit of ['a', 'b', 'c']) {
			workspace.write('docs.json', docsJson({ pages: ['index'] }, { description: edit }));
			service.didChangeDocument(workspaceUri('docs.json'));
			await service.checkSite(workspaceRoot, noCancellation);
		}
		assert.equal(workspace.reads.get(workspaceUri('data/list.json')), 1);
	});
});
