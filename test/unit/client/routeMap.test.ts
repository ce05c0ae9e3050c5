import * as assert from 'node:assert/strict';
import { filesServing, isHttpsUrl, pageFileCandidates, publicPageUrl, sitePathOf, sitePathOfPublicUrl } from '../../../client/src/routeMap';

describe("the client's route map (citations, search results, feedback and analytics entries → page files)", () => {
	it('reads site paths from source paths and relative links, refusing anything else', () => {
		assert.deepEqual(sitePathOf('/guides/setup#install'), { path: 'guides/setup', anchor: 'install' });
		assert.deepEqual(sitePathOf('quickstart'), { path: 'quickstart' });
		assert.deepEqual(sitePathOf('./api/intro/?x=1'), { path: 'api/intro' });
		assert.deepEqual(sitePathOf('/'), { path: '' });
		for (const bad of ['https://x.y/a', 'javascript:alert(1)', '//evil/x', '../../etc/passwd', 'a/../../b', 'a\\b', '%E0%A4%A'])
			assert.equal(sitePathOf(bad), undefined, bad);
	});

	it('lists the files that serve a path', () => {
		assert.deepEqual(filesServing('guides/setup'), ['guides/setup.mdx', 'guides/setup.md', 'guides/setup/index.mdx', 'guides/setup/index.md']);
		assert.deepEqual(filesServing('guides/setup.mdx'), ['guides/setup.mdx']);
		assert.deepEqual(filesServing(''), ['index.mdx', 'index.md']);
		// As the platform names pages (one rule for the assistant's citations and the feedback view):
		assert.deepEqual(pageFileCandidates('guides/setup.mdx'), ['guides/setup.mdx']);
		assert.deepEqual(pageFileCandidates('/'), ['index.mdx', 'index.md']);
		assert.deepEqual(pageFileCandidates('https://docs.acme.dev/guides/a%20b?x=1#y'), [
			'guides/a b.mdx',
			'guides/a b.md',
			'guides/a b/index.mdx',
			'guides/a b/index.md',
		]);
		for (const bad of ['javascript:alert(1)', '//evil/x', '/guides/%2e%2e/%2e%2e/etc/passwd', 'https://x.y/%E0%A4%A'])
			assert.deepEqual(pageFileCandidates(bad), [], bad);
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
