import * as assert from 'node:assert/strict';
import { routeOfFile } from '../../../client/src/routeMap';
import { deployNotice, previewBranch, siteAddress } from '../../../client/src/platform/deploy/deployModel';
import { describeSearchFilter, excerpt, navigationPlace, searchItems } from '../../../client/src/platform/search/searchModel';
import type { UpdateStatus } from '../../../client/src/platform/api/types';
import type { SiteTree } from '../../../server/src/protocol';

const tree: SiteTree = {
	rootUri: 'file:///site',
	name: 'Site',
	orphans: [],
	undocumented: [],
	nodes: [
		{
			kind: 'version',
			label: 'v2',
			children: [
				{
					kind: 'language',
					label: 'fr',
					children: [{ kind: 'group', label: 'Guides', children: [{ kind: 'page', label: 'fr/guides/a', fileUri: 'file:///site/fr/guides/a.mdx' }] }],
				},
				{ kind: 'group', label: 'Start', children: [{ kind: 'page', label: 'quickstart', fileUri: 'file:///site/quickstart.mdx' }] },
			],
		},
		{ kind: 'page', label: 'index', fileUri: 'file:///site/index.mdx' },
	],
};

describe('Search Published Docs: pure parts', () => {
	it("takes version and language from the open file's place in the navigation", () => {
		assert.deepEqual(navigationPlace([tree], 'file:///site/fr/guides/a.mdx'), { version: 'v2', language: 'fr' });
		assert.deepEqual(navigationPlace([tree], 'file:///site/quickstart.mdx'), { version: 'v2' });
		assert.deepEqual(navigationPlace([tree], 'file:///site/index.mdx'), {});
		assert.deepEqual(navigationPlace([tree], 'file:///elsewhere.mdx'), {});
		assert.deepEqual(navigationPlace([tree], undefined), {});
		assert.equal(describeSearchFilter({ version: 'v2', language: 'fr' }), ' (version v2, language fr)');
		assert.equal(describeSearchFilter({}), '');
	});

	it('shows results with title › heading, path, and a one-line excerpt without markup', () => {
		const items = searchItems([
			{
				path: '/guides/webhooks#verify',
				content: '## Verify the signature\n\nUse **HMAC** with [the secret](/x).\n\n```\ncode()\n```',
				metadata: { title: 'Webhooks', score: 0.8 },
			},
			{ path: '/quickstart', content: 'x'.repeat(400), metadata: {} },
		]);
		assert.deepEqual(
			items.map(i => [i.label, i.description]),
			[
				['Webhooks › Verify the signature', '/guides/webhooks#verify'],
				['/quickstart', '/quickstart'],
			],
		);
		assert.equal(items[0].detail, 'Use HMAC with the secret.');
		assert.equal(items[1].detail.length, 160);
		assert.equal(excerpt('a\n\n  b'), 'a b');
	});

	it('maps a page file to its route (the inverse of the route map), index pages to their folder', () => {
		assert.equal(routeOfFile('file:///site', 'file:///site/guides/setup.mdx'), '/guides/setup');
		assert.equal(routeOfFile('file:///site/', 'file:///site/index.mdx'), '/');
		assert.equal(routeOfFile('file:///site', 'file:///site/api/index.md'), '/api');
		assert.equal(routeOfFile('file:///site', 'file:///site/docs.json'), undefined);
		assert.equal(routeOfFile('file:///site', 'file:///other/a.mdx'), undefined);
		assert.equal(routeOfFile('file:///site', 'file:///site/caf%C3%A9.mdx'), '/café');
	});
});

describe('Deploy: pure parts', () => {
	it('previews only a pushed branch, naming the next step otherwise', () => {
		assert.match((previewBranch({ gitAvailable: false, repository: false }) as { message: string }).message, /Git extension/);
		assert.match((previewBranch({ gitAvailable: true, repository: false }) as { message: string }).message, /No Git repository/);
		assert.match((previewBranch({ gitAvailable: true, repository: true }) as { message: string }).message, /detached/);
		assert.deepEqual(previewBranch({ gitAvailable: true, repository: true, branch: 'feat' }), {
			ok: false,
			message: "The branch 'feat' is not pushed: the platform builds previews from the remote. Publish the branch, then try again.",
			fix: 'publish',
		});
		assert.deepEqual(previewBranch({ gitAvailable: true, repository: true, branch: 'feat', upstream: { remote: 'origin', name: 'feat' }, ahead: 0 }), {
			ok: true,
			branch: 'feat',
		});
		assert.deepEqual(previewBranch({ gitAvailable: true, repository: true, branch: 'feat', upstream: { remote: 'origin', name: 'feat' }, ahead: 2 }), {
			ok: true,
			branch: 'feat',
			note: '2 local commits are not pushed and will not be in the preview.',
		});
	});

	it('ends with the preview or site URL (https only), or the failure summary', () => {
		const status = (extra: Partial<UpdateStatus>): UpdateStatus => ({ _id: 'u1', status: 'success', logs: [], subdomain: 'acme', ...extra });
		assert.deepEqual(deployNotice('preview', status({}), { branch: 'feat', previewUrl: 'https://feat--acme.preview.example', siteUrl: '' }), {
			level: 'info',
			message: "The preview of 'feat' is deployed: https://feat--acme.preview.example.",
			url: 'https://feat--acme.preview.example',
		});
		assert.deepEqual(deployNotice('site', status({}), { siteUrl: '' }), {
			level: 'info',
			message: 'The site is deployed: https://acme.mintlify.app.',
			url: 'https://acme.mintlify.app',
		});
		assert.equal(deployNotice('site', status({}), { siteUrl: 'https://docs.acme.com' }).url, 'https://docs.acme.com');
		assert.deepEqual(deployNotice('preview', status({}), { branch: 'b', previewUrl: 'javascript:alert(1)', siteUrl: '' }), {
			level: 'info',
			message: "The preview of 'b' is deployed.",
		});
		assert.deepEqual(deployNotice('site', status({ status: 'failure', summary: 'Build failed: page x missing' }), { siteUrl: '' }), {
			level: 'error',
			message: 'The site failed to deploy: Build failed: page x missing. The logs say why.',
		});
		assert.equal(siteAddress(status({ subdomain: 'bad host!' }), ''), undefined);
	});
});
