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
