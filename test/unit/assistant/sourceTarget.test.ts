import * as assert from 'node:assert/strict';
import { isHttpsUrl, pageFileCandidates, publicPageUrl, sitePathOf, sitePathOfPublicUrl } from '../../../client/src/assistant/sourceTarget';

describe('assistant source targets', () => {
	it('reads site paths from source paths and relative links, refusing anything else', () => {
		assert.deepEqual(sitePathOf('/guides/setup#install'), { path: 'guides/setup', anchor: 'install' });
		assert.deepEqual(sitePathOf('quickstart'), { path: 'quickstart' });
		assert.deepEqual(sitePathOf('./api/intro/?x=1'), { path: 'api/intro' });
		assert.deepEqual(sitePathOf('/'), { path: '' });
		for (const bad of ['https://x.y/a', 'javascript:alert(1)', '//evil/x', '../../etc/passwd', 'a/../../b', 'a\\b', '%E0%A4%A'])
			assert.equal(sitePathOf(bad), undefined, bad);
	});

	it('lists the files that serve a path', () => {
		assert.deepEqual(pageFileCandidates('guides/setup'), ['guides/setup.mdx', 'guides/setup.md', 'guides/setup/index.mdx', 'guides/setup/index.md']);
		assert.deepEqual(pageFileCandidates('guides/setup.mdx'), ['guides/setup.mdx']);
		assert.deepEqual(pageFileCandidates(''), ['index.mdx', 'index.md']);
	});

	it('builds https public URLs only', () => {
		assert.equal(publicPageUrl({ path: 'guides/set up', anchor: 'a' }, '', 'acme'), 'https://acme.mintlify.app/guides/set%20up#a');
		assert.equal(publicPageUrl({ path: 'x' }, 'https://docs.acme.dev/base', 'acme'), 'https://docs.acme.dev/base/x');
		assert.equal(publicPageUrl({ path: 'x' }, 'http://docs.acme.dev', 'acme'), undefined);
		assert.equal(publicPageUrl({ path: 'x' }, '', 'not a domain'), undefined);
		assert.deepEqual(sitePathOfPublicUrl('https://acme.mintlify.app/guides/a#b', '', 'acme'), { path: 'guides/a', anchor: 'b' });
		assert.equal(sitePathOfPublicUrl('https://other.dev/guides/a', '', 'acme'), undefined);
		assert.deepEqual([isHttpsUrl('https://a'), isHttpsUrl('http://a'), isHttpsUrl('nope')], [true, false, false]);
	});
});
