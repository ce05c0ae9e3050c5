import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { summarizePage, summarizePageWithParser } from '../../../server/src/core/mdx/pageSummary';
import { filterA11y } from '../../../server/src/core/a11yFindings';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkPages, checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

const page = (text: string) => TextDocument.create('file:///ws/page.mdx', 'mdx', 1, text);
/** The a11y findings of a page; both readers agree. */
const a11y = (text: string) => {
	const pick = (d: readonly Diagnostic[]) => d.filter(x => String(x.code).startsWith('a11y-'));
	const fast = pick(summarizePage(page(text)).diagnostics);
	assert.deepEqual(pick(summarizePageWithParser(page(text)).diagnostics), fast);
	return fast;
};

describe('Accessibility (as mint a11y)', () => {
	it('reports Markdown images with empty alt text, at the image', () => {
		const text = '# T\n\n![](/a.png) and ![ ](/b.png) but ![Logo](/c.png)\n';
		assertDiagnostics(a11y(text), [
			{ range: [2, 0, 2, 3], code: 'a11y-missing-alt', message: /no alternative text/ },
			{ range: [2, 16, 2, 20], code: 'a11y-missing-alt' },
		]);
	});

	it('reports <img> and <video> without a non-empty alt string, inside components too', () => {
		const text =
			'<Frame caption="c">\n  <img src="/a.png" />\n</Frame>\n\n<Card title="t">\n  <video src="/v.mp4" alt="" />\n</Card>\n\n<img src="/b.png" alt={name} />\n\n<img src="/ok.png" alt="A chart" />\n';
		assertDiagnostics(a11y(text), [
			{ range: rangeOf(text, '<img', 0), code: 'a11y-missing-alt', message: /This image has no alt text/ },
			{ range: rangeOf(text, '<video'), code: 'a11y-missing-alt', message: /This video/ },
			{ range: rangeOf(text, '<img', 1), code: 'a11y-missing-alt', message: /only a written string/ },
		]);
	});

	it('reports links with no text: an image, an expression or a code span is no text', () => {
		const text = '<a href="/x"><img src="/i.png" alt="i" /></a>\n\nSee <a href="/y">the guide</a>.\n\n<a href="/z" />\n\n<a href="/w">\n  **Bold**\n</a>\n';
		assertDiagnostics(
			a11y(text),
			[
				{ range: rangeOf(text, '<a', 0), code: 'a11y-link-text', message: /no text/ },
				{ range: rangeOf(text, '<a', 2), code: 'a11y-link-text' },
				{ range: rangeOf(text, '<img'), code: 'a11y-missing-alt' },
			].filter(e => e.code !== 'a11y-missing-alt'),
		);
	});

	it('leaves snippets out, as the official command does', async () => {
		const files = {
			'docs.json': docsJson({ pages: ['index'] }),
			'index.mdx': '# Home\n\n![](https://x.dev/a.png)\n',
			'snippets/part.mdx': '![](/b.png)\n',
		};
		const pages = await checkPages(files);
		assert.deepEqual(
			(pages['snippets/part.mdx'] ?? []).filter(d => String(d.code).startsWith('a11y-')),
			[],
		);
		assert.deepEqual(
			pages['index.mdx'].map(d => d.code),
			['a11y-missing-alt'],
		);
	});

	it('checks docs.json colors against the light and dark backgrounds (WCAG AA; the dark color 3:1)', async () => {
		const config = docsJson({ pages: ['index'] }, { colors: { primary: '#B1A9FF', light: '#F5E6BE', dark: '#111111' } });
		const site = await checkSite({ 'docs.json': config, 'index.mdx': '# Home\n' });
		const primary = site['docs.json'].find(d => d.message.startsWith('Primary'))!;
		assert.match(primary.message, /(#[0-9a-f]{6}) passes\.$/);
		const fixed = (primary.data as { replacement: string }).replacement;
		const withFix = config.replace('#B1A9FF', fixed);
		const after = await checkSite({ 'docs.json': withFix, 'index.mdx': '# Home\n' });
		assert.ok(!after['docs.json'].some(d => d.message.startsWith('Primary') && d.code === 'a11y-contrast'), `${fixed} passes`);
		assertDiagnostics(site['docs.json'], [
			{ range: rangeOf(config, '"#B1A9FF"'), code: 'a11y-contrast', message: /^Primary Color vs Light Background \(#ffffff\): contrast 2\.10:1 fails WCAG AA/ },
			{ range: rangeOf(config, '"#111111"'), code: 'a11y-contrast', message: /^Dark Color vs Dark Background \(#0e0d0f\): contrast 1\.03:1, below the 3:1/ },
		]);
	});

	it('gives AA-but-not-AAA colors a hint, and follows background.color and the linden theme', async () => {
		const config = docsJson({ pages: ['index'] }, { colors: { primary: '#8B6914' }, background: { color: { light: '#ffffff' } } });
		const site = await checkSite({ 'docs.json': config, 'index.mdx': '# Home\n' });
		assertDiagnostics(site['docs.json'], [{ range: rangeOf(config, '"#8B6914"'), code: 'a11y-contrast-aaa', message: /5\.09:1 meets WCAG AA but not AAA/ }]);
		assert.equal(site['docs.json'][0].severity, 4);
		const linden = docsJson({ pages: ['index'] }, { theme: 'linden', colors: { primary: '#777777' } });
		const lindenSite = await checkSite({ 'docs.json': linden, 'index.mdx': '# Home\n' });
		assert.match(lindenSite['docs.json'][0].message, /^Primary Color vs Light Background \(#fbfbfb\): contrast 4\.33:1/);
	});

	it('is turned off as a family', () => {
		const d = summarizePage(page('![](/a.png)\n\n<Notee />\n')).diagnostics;
		assert.deepEqual(
			filterA11y(d, false).map(x => x.code),
			['component-unknown'],
		);
		assert.equal(filterA11y(d, true), d);
	});
});
