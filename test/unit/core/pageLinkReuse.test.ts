import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService, type FileDiagnostics } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';

const spec = JSON.stringify({
	openapi: '3.1.0',
	info: { title: 'T', version: '1' },
	paths: { '/users': { get: { summary: 'x', responses: { '200': { description: 'ok' } } } } },
});

/** A page documenting an endpoint through its frontmatter (re-checked on every docs.json edit) with a link to an image not added yet. */
const files = () => ({
	'docs.json': docsJson({ groups: [{ group: 'G', openapi: 'openapi.json', pages: ['api', 'GET /users'] }] }),
	'openapi.json': spec,
	'api.mdx': '---\nopenapi: "GET /users"\n---\n\nSee [the diagram](/images/flow.png).\n',
});

async function pageResults(service: ReturnType<typeof createLanguageService>): Promise<FileDiagnostics[]> {
	const results: FileDiagnostics[] = [];
	await service.checkPages(workspaceRoot, noCancellation, result => void results.push(result), { onlyAffected: true });
	return results;
}

const codes = (results: readonly FileDiagnostics[]) =>
	results.map(r => [r.uri.slice(workspaceRoot.length + 1), r.diagnostics.map(d => [d.code, d.range.start.line, d.range.start.character])]);

describe('page link findings reused across docs.json edits', () => {
	it('gives the same findings after a navigation edit, and new ones once another file changes', async () => {
		const workspace = new InMemoryWorkspace(files());
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		assert.deepEqual(codes(await pageResults(service)), [
			[
				'api.mdx',
				[
					['openapi-documented-twice', 1, 9],
					['link-broken', 4, 18],
				],
			],
		]);
		// The endpoint leaves the navigation: the frontmatter finding goes, the link finding stays.
		workspace.write('docs.json', docsJson({ groups: [{ group: 'G', openapi: 'openapi.json', pages: ['api'] }] }));
		service.didChangeDocument(workspaceUri('docs.json'));
		const edited = codes(await pageResults(service));
		assert.deepEqual(
			edited.map(([uri]) => uri),
			['api.mdx'],
		);
		assert.deepEqual(edited, [['api.mdx', [['link-broken', 4, 18]]]]);
		// An image added (not a page: the set of pages is the same) heals the link: kept link findings must not survive it.
		workspace.write('images/flow.png', 'png');
		await service.didChangeFiles([{ uri: workspaceUri('images/flow.png'), type: 'created' }]);
		const healed = await pageResults(service);
		assert.ok(!healed.some(r => r.diagnostics.some(d => d.code === 'link-broken')), JSON.stringify(codes(healed)));
	});
});
