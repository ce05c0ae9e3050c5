import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceUri } from '../../helpers/inMemoryWorkspace';

describe('links with spaces around the URL', () => {
	it('resolves href="../guide  " as browsers do (spaces dropped), and still reports a missing page', async () => {
		const workspace = new InMemoryWorkspace({
			'site/docs.json':
				'{"theme": "mint", "name": "T", "colors": {"primary": "#0D9373"}, "navigation": {"groups": [{"group": "G", "pages": ["a/b/page", "guide"]}]}}',
			'site/guide.mdx': '# Guide\n',
			'site/a/b/page.mdx': '# Page\n\n<Card title="Guide" href="../../guide  ">x</Card>\n\n<Card title="Gone" href=" /gone ">y</Card>\n',
		});
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const found = await service.checkPage(workspaceUri('site/a/b/page.mdx'), noCancellation);
		assert.deepEqual(
			found.map(d => [d.code, d.range.start.line]),
			[['link-broken', 4]],
		);
	});
});

describe('relative links that climb above the docs root', () => {
	it("warns (link-relative): browsers stop at the root and find the page, the platform's link check calls it broken", async () => {
		const workspace = new InMemoryWorkspace({
			'site/docs.json':
				'{"theme": "mint", "name": "T", "colors": {"primary": "#0D9373"}, "navigation": {"groups": [{"group": "G", "pages": ["a/page", "a/b/deep", "guide"]}]}}',
			'site/guide.mdx': '# Guide\n',
			'site/a/page.mdx': '# Page\n\n[up](../../guide) and [fine](../guide)\n',
			'site/a/b/deep.mdx': '# Deep\n\n[fine](../../guide)\n',
		});
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const page = await service.checkPage(workspaceUri('site/a/page.mdx'), noCancellation);
		assert.deepEqual(
			page.map(d => [d.code, d.severity, d.range.start.character]),
			[['link-relative', 2, 5]],
		);
		assert.match(page[0].message, /climbs above the docs root/);
		assert.deepEqual(await service.checkPage(workspaceUri('site/a/b/deep.mdx'), noCancellation), []);
	});
});
