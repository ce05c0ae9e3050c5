import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { findRemovedRoutes, routeOfFile, routesAtRef, type SiteAtRef } from '../../../server/src/core/site/removedRoutes';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { InMemoryWorkspace, workspaceRoot } from '../../helpers/inMemoryWorkspace';
import { docsJson, rangeOf } from '../../helpers/siteCheck';

/** The site now (in memory) compared with the site at a ref (its files and configuration text). */
async function removed(now: Record<string, string>, old: Partial<SiteAtRef> & { files: string[] }) {
	const workspace = new InMemoryWorkspace(now);
	const service = createLanguageService({ workspace });
	await service.findDocsRoots(noCancellation);
	const site = await service.getSite(workspaceRoot, noCancellation);
	return findRemovedRoutes({ ref: 'main', configText: '{}', mintignoreText: undefined, renames: new Map(), ...old }, site);
}

const page = '# Page\n';

describe('pages removed since a git ref (page-removed-without-redirect, redirect-removed)', () => {
	it('reports a renamed page on its new navigation entry, naming both routes, with the redirect as fix data', async () => {
		const text = docsJson({ pages: ['index', 'guides/install'] });
		const found = await removed(
			{ 'docs.json': text, 'index.mdx': page, 'guides/install.mdx': page },
			{ files: ['docs.json', 'index.mdx', 'guides/setup.mdx'], renames: new Map([['guides/setup.mdx', 'guides/install.mdx']]) },
		);
		assertDiagnostics(found, [
			{
				range: rangeOf(text, '"guides/install"'),
				code: 'page-removed-without-redirect',
				severity: 1,
				message: /^\/guides\/setup was served at main .*renamed to guides\/install\.mdx\. Add a redirect from \/guides\/setup to \/guides\/install\.$/,
			},
		]);
		assert.deepEqual(found[0]!.data, { source: '/guides/setup', destination: '/guides/install' });
	});

	it('reports a deleted page on `redirects` (no fix data: nothing says where its readers should go)', async () => {
		const text = docsJson({ pages: ['index'] }, { redirects: [] });
		const found = await removed({ 'docs.json': text, 'index.mdx': page }, { files: ['index.mdx', 'old.md'] });
		assertDiagnostics(found, [
			{ range: rangeOf(text, '"redirects"'), code: 'page-removed-without-redirect', message: /^\/old was served at main \(old\.md\)/ },
		]);
		assert.equal(found[0]!.data, undefined);
	});

	it('is quiet when a redirect, a pattern redirect (`:slug*`) or a folder index serves the old route', async () => {
		const text = docsJson(
			{ pages: ['index', 'api'] },
			{
				redirects: [
					{ source: '/setup', destination: '/index' },
					{ source: '/blog/:slug*', destination: '/index' },
				],
			},
		);
		const found = await removed(
			{ 'docs.json': text, 'index.mdx': page, 'api/index.mdx': page },
			{ files: ['index.mdx', 'setup.mdx', 'blog/2024/post.mdx', 'api.mdx'] },
		);
		assert.deepEqual(found, []);
	});

	it('counts routes per language and version folder: a moved translation is reported, the kept one is not', async () => {
		const text = docsJson({
			languages: [
				{ language: 'en', pages: ['en/index'] },
				{ language: 'fr', pages: ['fr/index', 'fr/guide'] },
			],
		});
		const found = await removed(
			{ 'docs.json': text, 'en/index.mdx': page, 'fr/index.mdx': page, 'fr/guide.mdx': page },
			{ files: ['en/index.mdx', 'en/guide.mdx', 'fr/index.mdx', 'fr/guide.mdx', 'v1/fr/guide.mdx'] },
		);
		assert.deepEqual(
			found.map(d => d.message.split(' ')[0]),
			['/en/guide', '/v1/fr/guide'],
		);
	});

	it('leaves out what the site did not serve then: snippets (also `_snippets/`, upstash), readme and licence files, ignored files, files of a folder that was no site', async () => {
		const text = docsJson({ pages: ['index'] });
		const now = { 'docs.json': text, 'index.mdx': page };
		assert.deepEqual(
			await removed(now, {
				files: [
					'snippets/x.mdx',
					'_snippets/redis/start.mdx',
					'Snippets/y.mdx',
					'README.md',
					'guides/readme.md',
					'sdk/LICENSE.md',
					'drafts/a.mdx',
					'.github/b.md',
				],
				mintignoreText: 'drafts/\n',
			}),
			[],
		);
		assert.deepEqual(await removed(now, { files: ['gone.mdx'], configText: undefined }), []);
	});

	it('warns about a removed redirect source nothing serves now, not about one a page or a wider pattern (mem0: `:slug` → `:slug*`) took over', async () => {
		const text = docsJson(
			{ pages: ['index', 'kept'] },
			{
				redirects: [
					{ source: '/docs/:path*', destination: '/:path*' },
					{ source: '/features/:slug*', destination: '/index' },
				],
			},
		);
		const old = JSON.stringify({
			redirects: [
				{ source: '/gone', destination: '/index' },
				{ source: '/kept', destination: '/index' },
				{ source: '/docs/x', destination: '/index' },
				{ source: '/old/:slug', destination: '/index' },
			],
		});
		const found = await removed({ 'docs.json': text, 'index.mdx': page, 'kept.mdx': page }, { files: ['index.mdx'], configText: old });
		assertDiagnostics(found, [
			{ range: rangeOf(text, '"redirects"'), code: 'redirect-removed', severity: 2 },
			{ range: rangeOf(text, '"redirects"'), code: 'redirect-removed', severity: 2 },
		]);
		assert.deepEqual(
			found.map(d => d.message),
			[
				'The redirect from /gone (in the configuration at main) was removed and nothing serves /gone now: links and bookmarks to it get a 404.',
				'The redirect from /old/:slug (in the configuration at main) was removed and nothing serves /old/:slug now: links and bookmarks to it get a 404.',
			],
		);
	});

	it('reads routes as the platform serves files: index pages, .mdx over .md', () => {
		assert.deepEqual([routeOfFile('index.mdx'), routeOfFile('a/index.md'), routeOfFile('a/b.MDX')], ['', 'a', 'a/b']);
		const routes = routesAtRef({
			ref: 'x',
			files: ['a.md', 'a.mdx', 'b.txt'],
			configText: '{"redirects":[{"source":"/x/","destination":"/a"}]}',
			mintignoreText: undefined,
			renames: new Map(),
		});
		assert.deepEqual([...routes.pages], [['a', 'a.mdx']]);
		assert.deepEqual(routes.redirects, ['x']);
	});

	it('parses the configuration at the ref once per reading of the ref, however many times the site is compared with it', () => {
		// The editor compares after every check: crewAI's 2.4 MB docs.json was parsed again at every keystroke.
		const configText = JSON.stringify({ redirects: [{ source: '/old', destination: '/new' }] });
		const old: SiteAtRef = { ref: 'HEAD', files: ['new.mdx'], configText, mintignoreText: undefined, renames: new Map() };
		const parse = JSON.parse;
		let parsed = 0;
		JSON.parse = ((text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
			if (text === configText) parsed++;
			return parse(text, reviver);
		}) as typeof JSON.parse;
		try {
			for (let i = 0; i < 3; i++) assert.deepEqual(routesAtRef(old).redirects, ['old']);
			assert.deepEqual(routesAtRef({ ...old }).redirects, ['old'], 'a new reading of the ref is parsed anew');
		} finally {
			JSON.parse = parse;
		}
		assert.equal(parsed, 2);
	});
});
