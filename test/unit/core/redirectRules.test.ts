import * as assert from 'node:assert/strict';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { applyPattern, normalizeRedirectPath, unknownParameters } from '../../../server/src/core/docsConfig/redirectPatterns';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

const pages = {
	'index.mdx': '# Home',
	'quickstart.mdx': '# Q',
	'guides/setup.mdx': '# Setup',
	'guides/deploy.mdx': '# D',
	'news/launch.mdx': '# Launch',
};

async function check(redirects: { source: string; destination: string }[], extra: Record<string, string> = {}) {
	const text = docsJson({ pages: ['index'] }, { redirects });
	const diagnostics = (await checkSite({ ...pages, ...extra, 'docs.json': text }))['docs.json'] ?? [];
	return { text, diagnostics };
}

const find = (diagnostics: readonly Diagnostic[], code: string, index = 0) => diagnostics.filter(d => d.code === code)[index]!;

describe('redirect chains, loops and shadows', () => {
	it('a redirect to itself: an error where no page answers (the platform reports it), a warning where one does', async () => {
		const { text, diagnostics } = await check([
			{ source: '/gone', destination: '/gone' },
			{ source: '/quickstart', destination: '/quickstart' },
		]);
		assertDiagnostics(diagnostics, [
			{ range: rangeOf(text, '"/gone"', 1), code: 'redirect-self', message: /to itself, and no page answers there/ },
			{ range: rangeOf(text, '"/quickstart"', 1), code: 'redirect-self', message: /can never be shown/ },
		]);
		assert.equal(find(diagnostics, 'redirect-self', 0).severity, DiagnosticSeverity.Error);
		assert.equal(find(diagnostics, 'redirect-self', 1).severity, DiagnosticSeverity.Warning);
	});

	it('a two-step loop is a loop on both entries, each relating the other; a redirect into it says it leads into a loop', async () => {
		const { text, diagnostics } = await check([
			{ source: '/a', destination: '/b' },
			{ source: '/b', destination: '/a' },
			{ source: '/x', destination: '/a' },
		]);
		assertDiagnostics(diagnostics, [
			{ range: rangeOf(text, '"/b"', 0), code: 'redirect-loop', message: /the redirects \/a → \/b → \/a form a loop/ },
			{ range: rangeOf(text, '"/a"', 1), code: 'redirect-loop', message: /\/b → \/a → \/b form a loop/ },
			{ range: rangeOf(text, '"/a"', 2), code: 'redirect-loop', message: /leads into a loop of redirects/ },
		]);
		const first = find(diagnostics, 'redirect-loop');
		assert.equal(first.severity, DiagnosticSeverity.Error);
		assert.deepEqual(
			first.relatedInformation?.map(r => [r.location.range.start.line, r.message]),
			[[rangeOf(text, '{', 3)[0], 'redirect of the loop: /b → /a']],
		);
	});

	it('a loop of three is found from each of its entries', async () => {
		const { diagnostics } = await check([
			{ source: '/a', destination: '/b' },
			{ source: '/b', destination: '/c' },
			{ source: '/c', destination: '/a' },
		]);
		assert.deepEqual(
			diagnostics.map(d => d.code),
			['redirect-loop', 'redirect-loop', 'redirect-loop'],
		);
		assert.equal(find(diagnostics, 'redirect-loop').relatedInformation?.length, 2);
	});

	it('a chain ending at a page is a chain (a warning with the direct destination as a fix), never a missing destination', async () => {
		const { text, diagnostics } = await check([
			{ source: '/old', destination: '/older#part' },
			{ source: '/older', destination: '/guides/setup' },
		]);
		assertDiagnostics(diagnostics, [
			{
				range: rangeOf(text, '"/older#part"'),
				code: 'redirect-chain',
				message: /^'\/older' is itself redirected: \/old → \/older → \/guides\/setup takes 2 redirects. Redirect straight to '\/guides\/setup'.$/,
			},
		]);
		assert.deepEqual(find(diagnostics, 'redirect-chain').data, { replacement: '/guides/setup' });
		assert.equal(find(diagnostics, 'redirect-chain').relatedInformation?.[0]?.message, 'next redirect of the chain: /older → /guides/setup');
	});

	it('a chain that ends nowhere is a missing destination naming the chain', async () => {
		const { text, diagnostics } = await check([
			{ source: '/old', destination: '/older' },
			{ source: '/older', destination: '/nowhere' },
		]);
		assertDiagnostics(diagnostics, [
			{ range: rangeOf(text, '"/older"'), code: 'redirect-destination-missing', message: /itself redirected \(\/old → \/older → \/nowhere\)/ },
			{ range: rangeOf(text, '"/nowhere"'), code: 'redirect-destination-missing' },
		]);
	});

	it('a chain through a pattern redirect is followed with the captured values', async () => {
		const { text, diagnostics } = await check([
			{ source: '/legacy', destination: '/blog/launch' },
			{ source: '/blog/:slug', destination: '/news/:slug' },
		]);
		assertDiagnostics(diagnostics, [{ range: rangeOf(text, '"/blog/launch"'), code: 'redirect-chain', message: /Redirect straight to '\/news\/launch'/ }]);
	});

	it('a source that is a page hides the page (a warning); the loop it makes through that page is a loop warning', async () => {
		const { text, diagnostics } = await check([
			{ source: '/quickstart', destination: '/temp' },
			{ source: '/temp', destination: '/quickstart' },
		]);
		assertDiagnostics(diagnostics, [
			{ range: rangeOf(text, '"/quickstart"'), code: 'redirect-shadows-page', message: /is a page of the site \(quickstart\)/ },
			{ range: rangeOf(text, '"/temp"'), code: 'redirect-loop', message: /the page '\/quickstart' is never shown/ },
		]);
		assert.ok(diagnostics.every(d => d.severity === DiagnosticSeverity.Warning));
	});

	it('checks patterns as patterns: hidden pages, parameters not captured, destinations no page matches, a pattern that matches its own destination', async () => {
		const { text, diagnostics } = await check([
			{ source: '/guides/:slug', destination: '/docs/:slug' },
			{ source: '/old/:id', destination: '/news/:slug' },
			{ source: '/blog/:slug*', destination: '/articles/:slug*' },
			{ source: '/docs/:path*', destination: '/docs/v2/:path*' },
			{ source: '/posts/:slug', destination: '/news/:slug' },
		]);
		assertDiagnostics(diagnostics, [
			{ range: rangeOf(text, '"/guides/:slug"'), code: 'redirect-shadows-page', message: /matches pages of the site \(guides\/setup, guides\/deploy\)/ },
			{ range: rangeOf(text, '"/docs/:slug"'), code: 'redirect-loop', message: /leads into a loop of redirects \('\/docs\/:path\*'\)/ },
			{ range: rangeOf(text, '"/news/:slug"'), code: 'redirect-pattern', message: /uses ':slug', which the source '\/old\/:id' does not capture/ },
			{ range: rangeOf(text, '"/articles/:slug*"'), code: 'redirect-pattern' },
			{ range: rangeOf(text, '"/docs/v2/:path*"'), code: 'redirect-loop', message: /matches this redirect's own source/ },
		]);
	});

	it("two patterns that send paths back and forth are a loop on both (the example the platform's documentation warns about)", async () => {
		const { text, diagnostics } = await check([
			{ source: '/docs/:slug*', destination: '/help/:slug*' },
			{ source: '/help/:slug*', destination: '/docs/:slug*' },
		]);
		assertDiagnostics(diagnostics, [
			{ range: rangeOf(text, '"/help/:slug*"', 0), code: 'redirect-loop', message: /is redirected by '\/help\/:slug\*' back into '\/docs\/:slug\*'/ },
			{ range: rangeOf(text, '"/docs/:slug*"', 1), code: 'redirect-loop' },
		]);
		assert.ok(diagnostics.every(d => d.severity === DiagnosticSeverity.Warning && d.relatedInformation?.length === 1));
	});

	it('stays quiet on what works: a page, a folder, a file, a URL, a pattern onto pages, the home page', async () => {
		const { diagnostics } = await check(
			[
				{ source: '/a', destination: '/guides/setup' },
				{ source: '/b', destination: '/guides' },
				{ source: '/c', destination: 'https://example.com/x' },
				{ source: '/d', destination: '/' },
				{ source: '/e', destination: '/404.html' },
				{ source: '/posts/:slug', destination: '/news/:slug' },
				{ source: '/f', destination: '/news/:slug' },
			],
			{ '404.html': '<h1/>' },
		);
		assert.deepEqual(diagnostics, []);
	});
});

describe('redirect patterns', () => {
	it('normalizes paths as the platform compares them', () => {
		assert.equal(normalizeRedirectPath('/guides//setup/#x'), 'guides/setup');
		assert.equal(normalizeRedirectPath('/a/../b.mdx?q=1'), 'b');
		assert.equal(normalizeRedirectPath('/'), '');
	});

	it('captures a segment with :name and the rest with *', () => {
		assert.equal(applyPattern('blog/a/b/c', 'blog/:slug*', 'news/:slug*'), 'news/a/b/c');
		assert.equal(applyPattern('blog/a', 'blog/:slug', 'news/:slug'), 'news/a');
		assert.equal(applyPattern('blog/a/b', 'blog/:slug', 'news/:slug'), undefined);
		assert.equal(applyPattern('x/1/y', 'x/*', 'z/*'), 'z/1/y');
		assert.deepEqual(unknownParameters('a/:id', 'b/:slug/:id'), ['slug']);
	});
});
