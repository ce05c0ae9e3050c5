import * as assert from 'node:assert/strict';
import { CancelledError, noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { InMemoryWorkspace, workspaceUri } from '../../helpers/inMemoryWorkspace';

describe('docs roots', () => {
	it('finds every folder holding docs.json, nested ones too, and skips dependencies and hidden folders', async () => {
		const workspace = new InMemoryWorkspace({
			'docs/docs.json': '{}',
			'docs/guides/index.mdx': '# Hi',
			'products/api/docs.json': '{}',
			'products/api/v2/docs.json': '{}',
			'node_modules/some-theme/docs.json': '{}',
			'.github/docs.json': '{}',
			'README.md': '',
		});
		const roots = await createLanguageService({ workspace }).findDocsRoots(noCancellation);
		assert.deepEqual(roots, [workspaceUri('docs'), workspaceUri('products/api'), workspaceUri('products/api/v2')]);
	});

	it('finds the workspace folder itself when it holds docs.json', async () => {
		const workspace = new InMemoryWorkspace({ 'docs.json': '{}' });
		assert.deepEqual(await createLanguageService({ workspace }).findDocsRoots(noCancellation), ['file:///ws']);
	});

	it('stops when cancelled', async () => {
		const workspace = new InMemoryWorkspace({ 'a/docs.json': '{}' });
		await assert.rejects(createLanguageService({ workspace }).findDocsRoots({ isCancellationRequested: true }), CancelledError);
	});
});

describe('site check', () => {
	it('reports the diagnostics of the root docs.json', async () => {
		const workspace = new InMemoryWorkspace({ 'site/docs.json': '{\n  "name": "x",\n}' });
		const results = await createLanguageService({ workspace }).checkSite(workspaceUri('site'), noCancellation);
		assert.deepEqual(
			results.map(r => r.uri),
			[workspaceUri('site/docs.json')],
		);
		assertDiagnostics(results[0].diagnostics, [{ range: [1, 13, 1, 14], code: 'json-syntax' }]);
	});

	it('reports an unreadable docs.json instead of throwing', async () => {
		const workspace = new InMemoryWorkspace({ 'site/index.mdx': '' });
		const results = await createLanguageService({ workspace }).checkSite(workspaceUri('site'), noCancellation);
		assertDiagnostics(results[0].diagnostics, [{ range: [0, 0, 0, 0], code: 'file-unreadable' }]);
	});
});
