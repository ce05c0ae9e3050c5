import * as assert from 'node:assert/strict';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { noCancellation } from '../../../server/src/core/cancellation';
import { PageIndex } from '../../../server/src/core/site/pageIndex';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

const pages = {
	'openapi.yaml': 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths:\n  /users:\n    get: {}\n    post: {}\n',
	'index.mdx': '# Home',
	'quickstart.mdx': '# Q',
	'guides/setup.mdx': '# Setup',
	'guides/notes.md': '# Notes',
	'guides/deploy.mdx': '# D',
};

async function docsDiagnostics(text: string, extra: Record<string, string> = {}) {
	return (await checkSite({ ...pages, ...extra, 'docs.json': text }))['docs.json'] ?? [];
}

describe('page references', () => {
	it('resolves entries to .mdx or .md files, with the extension left out', async () => {
		assert.deepEqual(await docsDiagnostics(docsJson({ pages: ['index', 'guides/setup', 'guides/notes'] })), []);
	});

	it('reports a missing page with the closest existing path and quick-fix data', async () => {
		const text = docsJson({ groups: [{ group: 'G', pages: ['guides/setpu', 'guide/deploy', 'totally/unrelated-thing'] }] });
		const d = await docsDiagnostics(text);
		assertDiagnostics(d, [
			{
				range: rangeOf(text, '"guides/setpu"'),
				code: 'page-not-found',
				message: /^No page 'guides\/setpu': neither guides\/setpu.mdx nor guides\/setpu.md exists in the docs root. Did you mean 'guides\/setup'\?$/,
			},
			{ range: rangeOf(text, '"guide/deploy"'), code: 'page-not-found', message: /Did you mean 'guides\/deploy'\?/ },
			{ range: rangeOf(text, '"totally/unrelated-thing"'), code: 'page-not-found' },
		]);
		assert.deepEqual(
			d.map(x => x.data),
			[
				{ create: 'guides/setpu', suggestion: 'guides/setup' },
				{ create: 'guide/deploy', suggestion: 'guides/deploy' },
				{ create: 'totally/unrelated-thing', suggestion: undefined },
			],
		);
	});

	it('warns about a leading slash or an extension, and still finds the file', async () => {
		const text = docsJson({ pages: ['/quickstart', 'guides/setup.mdx'] });
		const d = await docsDiagnostics(text);
		assertDiagnostics(d, [
			{ range: rangeOf(text, '"/quickstart"'), code: 'page-leading-slash' },
			{ range: rangeOf(text, '"guides/setup.mdx"'), code: 'page-extension' },
		]);
		assert.deepEqual(
			d.map(x => x.data),
			[{ normalized: 'quickstart' }, { normalized: 'guides/setup' }],
		);
	});

	it('leaves METHOD /path entries and external hrefs alone, and checks group roots and page hrefs', async () => {
		const text = docsJson({
			tabs: [
				{ tab: 'API', openapi: 'openapi.yaml', groups: [{ group: 'G', root: 'missing-root', pages: ['GET /users', 'openapi POST /users'] }] },
				{ tab: 'Blog', href: 'https://blog.example.com' },
			],
			global: {
				anchors: [
					{ anchor: 'Guide', href: '/guides/setup' },
					{ anchor: 'Old', href: '/guides/gone' },
				],
			},
		});
		assertDiagnostics(await docsDiagnostics(text), [
			{ range: rangeOf(text, '"missing-root"'), code: 'page-not-found' },
			{ range: rangeOf(text, '"/guides/gone"'), code: 'page-not-found' },
		]);
	});

	it("ignores what the platform's code ignores by default (README.md, .mintlify/, editor folders), not what its docs page adds (build/, dist/, tmp/)", async () => {
		const text = docsJson({
			pages: ['index', 'README', 'build/out', 'dist/page', 'tmp/page', '.mintlify/notes', '.vscode/tips', '.drafts/idea', 'guides/CONTRIBUTING'],
		});
		const files = {
			'README.md': '# Repo',
			'build/out.mdx': '# Built',
			'dist/page.mdx': '# Dist',
			'tmp/page.md': '# Tmp',
			'.mintlify/notes.md': '# Notes for agents',
			'.vscode/tips.mdx': '# Tips',
			'.drafts/idea.mdx': '# A dot folder the platform walks',
			'guides/CONTRIBUTING.md': '# How to contribute',
		};
		assertDiagnostics(await docsDiagnostics(text, files), [
			{ range: rangeOf(text, '"README"'), code: 'page-ignored', message: /^'README' exists but the platform leaves it out of every site/ },
			{ range: rangeOf(text, '".mintlify/notes"'), code: 'page-ignored' },
			{ range: rangeOf(text, '".vscode/tips"'), code: 'page-ignored' },
			{ range: rangeOf(text, '"guides/CONTRIBUTING"'), code: 'page-ignored' },
		]);
	});

	it('keeps what .mintignore names, and .mintlify/ files the platform un-ignores (JSON, YAML, skills)', async () => {
		const text = docsJson({ pages: ['index', 'build/out', '.mintlify/skills/writing'] });
		const files = { '.mintignore': 'build/\n', 'build/out.mdx': '# Built', '.mintlify/skills/writing.md': '# Writing skill' };
		assertDiagnostics(await docsDiagnostics(text, files), [{ range: rangeOf(text, '"build/out"'), code: 'page-ignored', message: /\.mintignore excludes it/ }]);
	});

	it('knows pages excluded by .mintignore; files of a nested site are pages of the outer site too (the platform builds every file under its root)', async () => {
		const text = docsJson({ pages: ['drafts/wip', 'other/page', 'other/missing'] });
		const d = await docsDiagnostics(text, { '.mintignore': 'drafts/\n', 'drafts/wip.mdx': '# WIP', 'other/docs.json': '{}', 'other/page.mdx': '# Other' });
		assertDiagnostics(d, [
			{ range: rangeOf(text, '"drafts/wip"'), code: 'page-ignored' },
			{ range: rangeOf(text, '"other/missing"'), code: 'page-not-found' },
		]);
	});
});

describe('redirects', () => {
	it('checks shapes, duplicate sources and destinations', async () => {
		const text = docsJson(
			{ pages: ['index'] },
			{
				redirects: [
					{ source: '/old', destination: '/quickstart' },
					{ source: 'no-slash', destination: 'guides/setup' },
					{ source: '/old', destination: '/guides/setup#install' },
					{ source: '/gone', destination: '/guides/stup' },
					{ source: '/blog/:slug*', destination: '/news/:slug*' },
					{ source: '/ext', destination: 'https://example.com' },
					{ source: '/api', destination: '/api-reference/users/list' },
				],
				api: { openapi: 'openapi.yaml' },
			},
		);
		const d = await docsDiagnostics(text);
		assertDiagnostics(d, [
			// The platform's validator accepts a source without its slash and reads it from the root.
			{ range: rangeOf(text, '"no-slash"'), code: 'redirect-leading-slash', severity: 4 },
			{ range: rangeOf(text, '"/old"', 1), code: 'redirect-duplicate-source' },
			{ range: rangeOf(text, '"/guides/stup"'), code: 'redirect-destination-missing', message: /Did you mean '\/guides\/setup'\?/ },
			// Patterns are checked as patterns: no page lives under /news/.
			{ range: rangeOf(text, '"/news/:slug*"'), code: 'redirect-pattern' },
		]);
	});

	it('follows the platform: a destination without a leading slash is read from the root, a folder of the site or a folder index page is a destination', async () => {
		const text = docsJson(
			{ pages: ['index'] },
			{
				redirects: [
					{ source: '/a', destination: 'guides/setup' },
					{ source: '/b', destination: '/guides' },
					{ source: '/c', destination: '/reference/' },
					{ source: '/d', destination: '/guides/nothing-here' },
					{ source: '/e', destination: '/nothing' },
					{ source: '/f', destination: '/404.html' },
					{ source: '/g', destination: '/files/guide.pdf' },
				],
			},
		);
		const d = await docsDiagnostics(text, { 'reference/index.mdx': '# Reference\n', '404.html': '<h1>Gone</h1>' });
		assertDiagnostics(d, [
			{ range: rangeOf(text, '"/guides/nothing-here"'), code: 'redirect-destination-missing' },
			{ range: rangeOf(text, '"/nothing"'), code: 'redirect-destination-missing' },
			{ range: rangeOf(text, '"/files/guide.pdf"'), code: 'redirect-destination-missing' },
		]);
	});
});

describe('favicon', () => {
	it("is an error when the file is missing (the platform's build fails generating the icons), in either form", async () => {
		const text = docsJson({ pages: ['index'] }, { favicon: { light: '/favicon.svg', dark: '/images/favicon-dark.svg' } });
		assertDiagnostics(await docsDiagnostics(text, { 'favicon.svg': '<svg/>' }), [
			{ range: rangeOf(text, '"/images/favicon-dark.svg"'), code: 'favicon-not-found' },
		]);
		assert.deepEqual(await docsDiagnostics(docsJson({ pages: ['index'] }, { favicon: 'favicon.svg' }), { 'favicon.svg': '<svg/>' }), []);
	});
});

describe('page index', () => {
	it('keeps a .md beside an .mdx of the same name, and makes it the page when the .mdx goes', async () => {
		const index = await PageIndex.scan(new InMemoryWorkspace({ 'a.mdx': '# A', 'a.md': '# A old', 'b.md': '# B' }), workspaceRoot, noCancellation);
		assert.equal(index.fileOf('a'), workspaceUri('a.mdx'));
		assert.deepEqual(index.files().sort(), [workspaceUri('a.md'), workspaceUri('a.mdx'), workspaceUri('b.md')].sort());
		assert.equal(index.remove(workspaceUri('a.mdx')), true);
		assert.equal(index.fileOf('a'), workspaceUri('a.md'));
		assert.deepEqual(index.files().sort(), [workspaceUri('a.md'), workspaceUri('b.md')].sort());
	});
});
