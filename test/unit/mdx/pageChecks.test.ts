import * as assert from 'node:assert/strict';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkPages, docsJson, rangeOf } from '../../helpers/siteCheck';

const config = docsJson(
	{ groups: [{ group: 'G', pages: ['index', 'guides/setup', 'guides/v1.2/notes'] }], openapi: 'openapi.yaml' },
	{ redirects: [{ source: '/old/:slug*', destination: '/guides/setup' }] },
);
const setup =
	'---\ntitle: Setup\n---\n\n## Install the SDK\n\n<ParamField body="api_key" type="string">Key</ParamField>\n\n<AccordionGroup>\n  <Accordion title="Create a key">x</Accordion>\n</AccordionGroup>\n';
const site = (index: string, extra: Record<string, string> = {}) => ({
	'docs.json': config,
	'index.mdx': index,
	'guides/setup.mdx': setup,
	'guides/v1.2/notes.mdx': '# Notes',
	'images/logo.png': 'PNG',
	'snippets/note.mdx': 'Hi',
	...extra,
});

describe('MDX page checks', () => {
	it('accepts links to pages, anchors (headings and component ids), files, generated API pages and dotted paths', async () => {
		const index = [
			'---',
			'title: Home',
			'og:title: Home',
			'---',
			'',
			'# Home',
			'',
			'[a](/guides/setup) [b](/guides/setup#install-the-sdk) [c](guides/setup#param-api-key) [d](/guides/setup#create-a-key)',
			'[e](/images/logo.png) [g](/api-reference/users/list-users) [h](/guides/v1.2/notes) [i](#home)',
			'[j](https://example.com) [k](mailto:a@b.c) [l](/) [m](./guides/setup.mdx)',
			'',
			'<Card title="x" href="/guides/setup">y</Card>',
			'![logo](/images/logo.png)',
		].join('\n');
		assert.deepEqual(await checkPages(site(index)), {});
	});

	it("follows the platform's link check: folders, a file named without its extension, and `a/b` read from the root are not broken", async () => {
		const files = {
			...site('# Home\n'),
			'guides/deep/page.mdx': '# Deep\n\nSee [setup](guides/setup), [logo](/images/logo), [the folder](/guides) and [up](../setup).\n',
		};
		files['docs.json'] = docsJson(
			{ pages: ['index', 'guides/setup', 'guides/deep/page'] },
			{ redirects: [{ source: '/old/:slug*', destination: '/guides/setup' }] },
		);
		// `guides/setup` and `../setup` work either way; nothing is reported.
		assert.deepEqual((await checkPages(files))['guides/deep/page.mdx'], undefined);
	});

	it("warns on a relative link without ./ that only works from the page's folder (the platform's link check reads it from the root)", async () => {
		const files = { ...site('# Home\n'), 'guides/other.mdx': '# Other\n\nSee [setup](setup) and [from the root](guides/setup).\n' };
		files['docs.json'] = docsJson({ pages: ['index', 'guides/setup', 'guides/other'] });
		assertDiagnostics((await checkPages(files))['guides/other.mdx'], [
			{ range: [2, 12, 2, 17], code: 'link-relative', message: /^'\/guides\/setup' is where browsers take 'setup'.*Write '\.\/setup' or '\/guides\/setup'\.$/ },
		]);
	});

	it('slugs headings as the platform does (checked against its link check): underscores kept, accents and CJK kept, -2 for a repeat, custom ids', async () => {
		const page = [
			'# Home',
			'',
			'## Using `foo_bar` v1.2 (beta)!',
			'',
			"## What's new?",
			'',
			'## Café & Crème',
			'',
			'## 日本語の見出し',
			'',
			'### Memory config {#memory-config}',
			'',
			'## Repeated',
			'',
			'## Repeated',
			'',
			'<Accordion title="Setup: Advanced Mode">x</Accordion>',
			'',
			'[a](#using-foo_bar-v1-2-beta) [b](#whats-new) [c](#café-&-crème) [d](#日本語の見出し) [e](#memory-config) [f](#repeated-2) [g](#setup-advanced-mode)',
			'',
			'[x](#using-foo_bar-v12-beta) [y](#repeated-1)',
		].join('\n');
		const d = (await checkPages(site(page)))['index.mdx'];
		assertDiagnostics(d, [
			{ range: [20, 4, 20, 27], code: 'link-anchor-missing' },
			{ range: [20, 33, 20, 44], code: 'link-anchor-missing' },
		]);
	});

	it("gives no id to a Step title: the platform's link check rejects links to one", async () => {
		const d = await checkPages(site('# Home\n\n<Steps>\n  <Step title="Install it">x</Step>\n</Steps>\n\n[s](#install-it)\n'));
		assert.deepEqual(
			d['index.mdx'].map(x => x.code),
			['link-anchor-missing'],
		);
	});

	it('gives an Accordion the id the platform renders from its title (underscores become dashes)', async () => {
		const d = await checkPages(site('# Home\n\n<Accordion title="log_api_response">x</Accordion>\n\n[a](#log-api-response) [b](#log_api_response)\n'));
		assertDiagnostics(d['index.mdx'], [{ range: [4, 27, 4, 44], code: 'link-anchor-missing', message: /Did you mean '#log-api-response'\?/ }]);
	});

	it('reads math as the platform does (remark-math): braces inside $…$ and $$…$$ are not expressions', async () => {
		const page = '# Cost\n\n$$ 2 \\text{ pipes} \\times 500 = 1,000 $$\n\nInline $x^{2}$ and a [link](/missing) after it.\n';
		assertDiagnostics((await checkPages(site(page)))['index.mdx'], [{ range: [4, 28, 4, 36], code: 'link-broken' }]);
	});

	it('reads a custom heading id ({#id}) as the platform does, not as an MDX expression', async () => {
		const d = await checkPages(site('# Home\n\n### Memory config {#memory-config}\n\n```md\n## Not a heading {#inside-code}\n```\n\n[m](#memory-config)\n'));
		assert.equal(d['index.mdx'], undefined);
	});

	it('knows that only headings of levels 1 to 4 get an id on the platform', async () => {
		const d = await checkPages(site('# Home\n\n#### Level four\n\n##### Level five\n\n[a](#level-four) [b](#level-five)\n'));
		assertDiagnostics(d['index.mdx'], [{ range: [6, 21, 6, 32], code: 'link-anchor-missing' }]);
	});

	it("warns on a file link with the wrong extension when a file named alike exists (the platform's link check accepts it)", async () => {
		const d = await checkPages(site('# Home\n\n![logo](/images/logo.gif)\n'));
		assertDiagnostics(d['index.mdx'], [{ range: [2, 8, 2, 24], code: 'link-wrong-extension', message: /has 'logo.png'/ }]);
	});

	it("reads //path (no host) as a path of the site, as the platform's link check does; //cdn.example.com stays external", async () => {
		const d = await checkPages(site('# Home\n\n[a](//guides/setup) [b](//cloud/nowhere.md) [c](//cdn.example.com/x.png)\n'));
		assertDiagnostics(d['index.mdx'], [{ range: [2, 24, 2, 42], code: 'link-broken' }]);
	});

	it("checks a .md file beside an .mdx of the same name too (the platform's link check reads both), and compares anchors case-sensitively", async () => {
		const files = { ...site('# Home\n\n## MixedCase\n\n[a](#mixedcase) [b](#MixedCase)\n'), 'guides/setup.md': '# Old setup\n\n[gone](/nowhere)\n' };
		const d = await checkPages(files);
		assertDiagnostics(d['guides/setup.md'], [{ range: [2, 7, 2, 15], code: 'link-broken' }]);
		assertDiagnostics(d['index.mdx'], [{ range: [4, 20, 4, 30], code: 'link-anchor-missing' }]);
	});

	it('reports the accessibility findings of a page too large to parse, as `mint a11y` does (a .md page with an image inlined as a data URI)', async () => {
		const dataUri = 'data:image/png;base64,' + 'iVBORw0KGgo'.repeat(60_000);
		const page = [
			'# Screenshots',
			'',
			`<img src="${dataUri}">`,
			'',
			'![](/images/logo.png) ![Logo](/images/logo.png)',
			'',
			'<img src="/images/logo.png" alt="The logo" /> <a href="/guides/setup"></a>',
			'',
			'```html',
			'<img src="/images/logo.png">',
			'```',
			'',
		].join('\n');
		const files = site('# Home\n', { 'shots.md': page });
		files['docs.json'] = docsJson({ pages: ['index', 'shots', 'guides/setup'] });
		const d = (await checkPages(files))['shots.md'];
		assert.deepEqual(
			d.map(x => [x.code, x.range.start.line, x.range.start.character]),
			[
				['page-too-large', 0, 0],
				['a11y-missing-alt', 2, 0],
				['a11y-missing-alt', 4, 0],
				['a11y-link-text', 6, 46],
			],
		);
	});

	it('judges links to the headings of a page too large to parse (its anchors are found by pattern)', async () => {
		const padding = 'Lorem ipsum dolor sit amet.\n'.repeat(20_000);
		const page = `# Changelog\n\n[a](#release-25_12-2025) [b](#2512) [c](#kept)\n\n### Release 25_12, 2025\n\n\`\`\`md\n## Not a heading\n\`\`\`\n\n## Custom {#kept}\n\n${padding}`;
		const d = (await checkPages(site(page)))['index.mdx'];
		assert.deepEqual(
			d.map(x => [x.code, x.range.start.line, x.range.start.character]),
			[
				['page-too-large', 0, 0],
				['link-anchor-missing', 2, 29],
			],
		);
	});

	it("hints at a link to a redirect source whose destination the platform's link check accepts (one hop more), with the destination", async () => {
		const d = await checkPages(site('# Home\n\n[f](/old/anything/here#install-the-sdk)\n'));
		assertDiagnostics(d['index.mdx'], [
			{
				range: [2, 4, 2, 38],
				code: 'link-redirected',
				severity: 4,
				message: /^'\/old\/anything\/here' is a redirect to '\/guides\/setup': readers take one hop more\. Link to '\/guides\/setup'\.$/,
			},
		]);
		assert.deepEqual(d['index.mdx'][0].data, { replacement: '/guides/setup#install-the-sdk' });
	});

	it("redirects as the platform's link check reads them: a source without its slash, a destination it does not follow (warning), a destination that is nothing (error)", async () => {
		const files = site('# Home\n\n[a](/features/beta) [b](/to-md) [c](/to-url) [d](/to-nothing) [e](/to-folder)\n', {
			'notes/readme-page.md': '# A .md page',
			'guides/index.mdx': '# Guides',
		});
		files['docs.json'] = docsJson(
			{ pages: ['index', 'guides/setup', 'notes/readme-page'] },
			{
				redirects: [
					{ source: 'features/beta', destination: '/guides/setup' },
					{ source: '/to-md', destination: '/notes/readme-page' },
					{ source: '/to-url', destination: 'https://example.com/docs' },
					{ source: '/to-nothing', destination: '/gone/away' },
					{ source: '/to-folder', destination: '/guides' },
				],
			},
		);
		const index = files['index.mdx'];
		assertDiagnostics((await checkPages(files))['index.mdx'], [
			{ range: rangeOf(index, '/features/beta'), code: 'link-redirected', severity: 4 },
			{ range: rangeOf(index, '/to-md'), code: 'link-redirected', severity: 2, message: /does not follow this redirect and reports the link as broken/ },
			{ range: rangeOf(index, '/to-url'), code: 'link-redirected', severity: 2, message: /a redirect to 'https:\/\/example\.com\/docs'/ },
			{
				range: rangeOf(index, '/to-nothing'),
				code: 'link-broken',
				severity: 1,
				message: /^'\/to-nothing' redirects to '\/gone\/away', which is no page or file of this site\./,
			},
			{ range: rangeOf(index, '/to-folder'), code: 'link-redirected', severity: 4 },
		]);
	});

	it('matches anchors as the platform makes and compares them: emoji headings, percent-encoded fragments, parameter fields, ids components drop', async () => {
		const target = [
			'# Target',
			'',
			'## Error 🤖',
			'',
			'## Step 1: Install',
			'',
			'<ParamField body="onError" type="string">x</ParamField>',
			'<ParamField query="limit">x</ParamField>',
			'<ParamField query="limit">again</ParamField>',
			'<ResponseField name="userId">x</ResponseField>',
			'<Card title="Card" id="my-card">x</Card>',
			'<div id="raw-id">x</div>',
		].join('\n');
		const index = [
			'# Home',
			'',
			'[a](/target#error-%F0%9F%A4%96) [b](/target#error-🤖) [c](/target#step-1-install) [d](/target#step-1%3A-install)',
			'[e](/target#param-on-error) [f](/target#param-limit) [g](/target#param-limit-1) [h](/target#param-user-id) [i](/target#raw-id)',
			'[j](/target#param-onerror) [k](/target#my-card) [l](/target#response-user-id)',
		].join('\n');
		const files = site(index, { 'target.mdx': target });
		files['docs.json'] = docsJson({ pages: ['index', 'target', 'guides/setup'] });
		assertDiagnostics((await checkPages(files))['index.mdx'], [
			{ range: rangeOf(index, '/target#param-onerror'), code: 'link-anchor-missing', message: /Did you mean '#param-on-error'\?/ },
			{ range: rangeOf(index, '/target#my-card'), code: 'link-anchor-missing' },
			{ range: rangeOf(index, '/target#response-user-id'), code: 'link-anchor-missing' },
		]);
	});

	it("reports a broken link the platform's link check does not read (<video src>, <Button href>) as a warning that says so", async () => {
		const d = await checkPages(site('# Home\n\n<video src="/media/intro.mp4" alt="Intro" />\n\n<img src="/media/missing.png" alt="Missing" />\n'));
		assertDiagnostics(d['index.mdx'], [
			{ range: [2, 12, 2, 28], code: 'link-broken-unchecked', message: /does not read src of <video>/ },
			{ range: [4, 10, 4, 28], code: 'link-broken' },
		]);
		assert.deepEqual(
			d['index.mdx'].map(x => x.severity),
			[2, 1],
		);
	});

	it('reports broken links as errors at the URL, with the closest page', async () => {
		const index = '# Home\n\nSee [setup](/guides/stup) and <Card title="Nowhere" href="/nowhere">x</Card>.\n\n![x](/images/missing.png)\n';
		const d = await checkPages(site(index));
		assertDiagnostics(d['index.mdx'], [
			{
				range: rangeOf(index, '/guides/stup'),
				code: 'link-broken',
				message: /No page or file '\/guides\/stup' in this site. Did you mean '\/guides\/setup'\?/,
			},
			{ range: rangeOf(index, '/nowhere'), code: 'link-broken' },
			{ range: rangeOf(index, '/images/missing.png'), code: 'link-broken' },
		]);
		assert.deepEqual(d['index.mdx'][0].data, { replacement: '/guides/setup' });
	});

	it('reports a missing #anchor on an existing page as a warning', async () => {
		const index = '# Home\n\n[x](/guides/setup#install-sdk) [y](#nope)\n';
		const d = await checkPages(site(index));
		assertDiagnostics(d['index.mdx'], [
			{
				range: rangeOf(index, '/guides/setup#install-sdk'),
				code: 'link-anchor-missing',
				message: /'guides\/setup' has no heading '#install-sdk'. Did you mean '#install-the-sdk'\?/,
			},
			{ range: rangeOf(index, '#nope'), code: 'link-anchor-missing' },
		]);
		assert.ok(d['index.mdx'].every(x => x.severity === 2));
	});

	it('reports MDX syntax errors where the compiler does: unclosed and mismatched tags, HTML that is not JSX', async () => {
		const unclosed = '# Home\n\n<Note>\nunclosed\n';
		assertDiagnostics((await checkPages(site(unclosed)))['index.mdx'], [
			{ range: [2, 0, 2, 6], code: 'mdx-syntax', message: /Expected a closing tag for `<Note>`/ },
		]);
		const mismatched = '<Tabs>\n<Tab title="a">\nx\n</Tabs>\n';
		assert.match(
			(await checkPages(site(mismatched)))['index.mdx'][0].message,
			/Unexpected closing tag `<\/Tabs>`, expected corresponding closing tag for `<Tab>`/,
		);
		const html = 'Logo: <img src="/images/logo.png">\n';
		assertDiagnostics((await checkPages(site(html)))['index.mdx'], [
			{ range: [0, 6, 0, 34], code: 'mdx-syntax', message: /Expected a closing tag for `<img>`/ },
		]);
		assert.doesNotMatch((await checkPages(site(html)))['index.mdx'][0].message, /\(\d+:\d+/, 'positions are in the range, not the text');
	});

	it('never evaluates expressions: a broken one is a syntax error, a valid one is left alone', async () => {
		assert.deepEqual(await checkPages(site('Total: {1 + 2} and {process.exit(1)}\n')), {});
		assert.equal((await checkPages(site('a {1 +} b\n')))['index.mdx'][0].code, 'mdx-syntax');
	});

	it('checks frontmatter: YAML errors, types, unknown keys as hints, JavaScript frontmatter, an unclosed block', async () => {
		const typed = '---\ntitle: Home\ndeprecated: "yes"\nmode: wide-ish\nkeywords: setup\nsidebar_title: Home\n---\n\n# Home\n';
		assertDiagnostics((await checkPages(site(typed)))['index.mdx'], [
			{ range: [2, 0, 2, 10], code: 'frontmatter-type', message: /must be true or false, not the text "yes" \(remove the quotes\)/ },
			{ range: [3, 0, 3, 4], code: 'frontmatter-type', message: /must be one of "default", "wide"/ },
			{ range: [4, 0, 4, 8], code: 'frontmatter-type', message: /list of strings/ },
			{ range: [5, 0, 5, 13], code: 'frontmatter-unknown-key', message: /Did you mean 'sidebarTitle'\?/ },
		]);
		assert.equal((await checkPages(site('---\ntitle: [unclosed\n---\n# x\n')))['index.mdx'][0].code, 'frontmatter-syntax');
		assert.equal((await checkPages(site('---js\nmodule.exports = { title: require("fs") }\n---\n# x\n')))['index.mdx'][0].code, 'frontmatter-js');
		assert.equal((await checkPages(site('---\ntitle: Home\n\n# Home\n')))['index.mdx'][0].code, 'frontmatter-unterminated');
	});

	it("accepts frontmatter the platform's reader (front-matter, js-yaml) accepts: a quoted value continued at column 0", async () => {
		const page = "---\ntitle: 'Page cache'\ndescription: 'caching of\ndata in memory'\nsidebarTitle: Cache\n---\n\n# Cache\n";
		assert.equal((await checkPages(site(page)))['index.mdx'], undefined);
	});

	it('checks imports of snippets, from the root and relative', async () => {
		const index =
			'import Note from "/snippets/note.mdx";\nimport Gone from "/snippets/gone.mdx";\nimport Rel from "./snippets/note.mdx";\nimport { x } from "some-package";\n\n# Home\n';
		assertDiagnostics((await checkPages(site(index)))['index.mdx'], [{ range: rangeOf(index, '/snippets/gone.mdx'), code: 'import-not-found' }]);
	});

	it('survives binary files, 5 MB pages and deep nesting without throwing', async () => {
		assert.equal((await checkPages(site('\u0000\u0001\u0002binary')))['index.mdx'][0].code, 'file-binary');
		// Too big for a full parse (the parser would block for many seconds): links are still checked.
		const big = '# Big\n\n' + 'Some text with a [link](/guides/setup).\n\n'.repeat(120_000) + '<Card href="/gone">x</Card>\n';
		const d = (await checkPages(site(big)))['index.mdx'];
		assert.deepEqual(
			d.map(x => x.code),
			['page-too-large', 'link-broken'],
		);
		assert.equal(d[1].range.start.line, 240_002);
		const deep = '<Note>'.repeat(500) + 'x' + '</Note>'.repeat(500);
		assert.deepEqual(await checkPages(site(deep)), {});
		const quotes = '> '.repeat(20_000) + 'x\n\n[gone](/gone)\n';
		const started = Date.now();
		assert.deepEqual(
			(await checkPages(site(quotes)))['index.mdx'].map(x => x.code),
			['page-too-large', 'link-broken'],
		);
		assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
	});
});
