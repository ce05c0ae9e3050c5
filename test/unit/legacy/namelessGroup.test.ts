import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceUri } from '../../helpers/inMemoryWorkspace';

const head = '{"theme": "mint", "name": "T", "colors": {"primary": "#0D9373"}, "navigation": ';
const missing = async (navigation: string) => {
	const workspace = new InMemoryWorkspace({ 'site/docs.json': `${head}${navigation}}`, 'site/a.mdx': '# A\n' });
	const results = await createLanguageService({ workspace }).checkSite(workspaceUri('site'), noCancellation);
	return results[0].diagnostics.filter(d => d.code === 'page-not-found').map(d => d.severity);
};

describe('a group named "" (kept by upgrades of v1 sites) and missing pages', () => {
	it("inside a version, the platform's build checks no navigation page: a missing page is a warning", async () => {
		assert.deepEqual(await missing('{"versions": [{"version": "v1", "groups": [{"group": "", "pages": ["a"]}, {"group": "G", "pages": ["gone"]}]}]}'), [2]);
	});

	it('named groups, or a nameless one in a root groups tree (the build fails on it anyway): an error', async () => {
		assert.deepEqual(await missing('{"versions": [{"version": "v1", "groups": [{"group": "S", "pages": ["a"]}, {"group": "G", "pages": ["gone"]}]}]}'), [1]);
		assert.deepEqual(await missing('{"groups": [{"group": "", "pages": ["a"]}, {"group": "G", "pages": ["gone"]}]}'), [1]);
	});
});
