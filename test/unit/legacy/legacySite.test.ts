import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { InMemoryWorkspace, workspaceUri } from '../../helpers/inMemoryWorkspace';

const mintJson = `{
  "name": "T",
  "favicon": "/favicon.svg",
  "colors": { "primary": "#0A5C43" },
  "tabs": [{ "name": "API", "url": "api" }],
  "navigation": [
    { "group": "G", "pages": ["intro", "missing", "api/gone"] }
  ],
  "redirects": [{ "source": "/a", "destination": "/nowhere" }],
  "sidebr": {}
}
`;

describe('legacy sites (mint.json alone)', () => {
	const site = () =>
		new InMemoryWorkspace({
			'site/mint.json': mintJson,
			'site/favicon.svg': '<svg/>',
			'site/intro.mdx': '# Intro\n\nSee [the API](/api/gone) and [missing](/nope).\n',
			'both/docs.json': '{"name": "B", "theme": "mint", "colors": {"primary": "#0D9373"}, "navigation": {"groups": [{"group": "G", "pages": ["a"]}]}}',
			'both/mint.json': '{\n  "name": "B"\n}\n',
			'both/a.mdx': '# A\n',
		});

	it('is a site root, as is a folder with both files', async () => {
		const service = createLanguageService({ workspace: site() });
		assert.deepEqual(await service.findDocsRoots(noCancellation), [workspaceUri('both'), workspaceUri('site')]);
	});

	it('gets the upgrade finding and the site findings of its converted configuration, at the mint.json entry they come from', async () => {
		const service = createLanguageService({ workspace: site(), schemaValidation: true });
		await service.findDocsRoots(noCancellation);
		const results = await service.checkSite(workspaceUri('site'), noCancellation);
		assert.deepEqual(
			results.map(r => r.uri),
			[workspaceUri('site/mint.json')],
		);
		assertDiagnostics(results[0].diagnostics, [
			{ range: [1, 2, 1, 8], code: 'legacy-config', message: /reads only docs\.json/ },
			{ range: [6, 39, 6, 48], code: 'page-not-found', message: /'missing'/ },
			{ range: [6, 50, 6, 60], code: 'page-not-found', message: /'api\/gone'/ },
			{ range: [8, 49, 8, 59], code: 'redirect-destination-missing' },
			{ range: [9, 2, 9, 10], code: 'schema', message: /Did you mean "sidebar"\?/ },
		]);
		assert.equal(results[0].diagnostics.find(d => d.code === 'legacy-config')!.severity, 2, 'a warning: the platform builds the folder');
	});

	it('checks its pages against the converted navigation', async () => {
		const service = createLanguageService({ workspace: site() });
		await service.findDocsRoots(noCancellation);
		const page = await service.checkPage(workspaceUri('site/intro.mdx'), noCancellation);
		assertDiagnostics(page, [
			{ range: [2, 14, 2, 23], code: 'link-broken' },
			{ range: [2, 39, 2, 44], code: 'link-broken' },
		]);
	});

	it('shows its navigation in the Site view with locations in mint.json', async () => {
		const service = createLanguageService({ workspace: site() });
		await service.findDocsRoots(noCancellation);
		await service.getSite(workspaceUri('site'), noCancellation);
		const tree = (await service.getSiteTrees(noCancellation)).find(t => t.rootUri === workspaceUri('site'))!;
		assert.deepEqual(
			tree.nodes.map(n => n.label),
			['Documentation', 'API'],
		);
		const intro = tree.nodes[0].children![0].children![0];
		assert.equal(intro.label, 'intro');
		assert.deepEqual(intro.location, { uri: workspaceUri('site/mint.json'), range: { start: { line: 6, character: 30 }, end: { line: 6, character: 37 } } });
	});

	it('tells a mint.json beside a docs.json that the platform ignores it', async () => {
		const service = createLanguageService({ workspace: site() });
		await service.findDocsRoots(noCancellation);
		const results = await service.checkSite(workspaceUri('both'), noCancellation);
		const mint = results.find(r => r.uri === workspaceUri('both/mint.json'))!;
		assertDiagnostics(mint.diagnostics, [{ range: [1, 2, 1, 8], code: 'legacy-config-ignored', message: /ignores mint\.json/ }]);
		assert.equal(mint.diagnostics[0].severity, 3);
	});

	it('reports a mint.json that is not JSON with its syntax errors only', async () => {
		const workspace = new InMemoryWorkspace({ 'site/mint.json': '{\n  "name": "T",\n}' });
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const results = await service.checkSite(workspaceUri('site'), noCancellation);
		assertDiagnostics(results[0].diagnostics, [
			{ range: [1, 2, 1, 8], code: 'legacy-config' },
			{ range: [1, 13, 1, 14], code: 'json-syntax' },
		]);
	});
});
