import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../../server/src/core/cancellation';
import { pageMetadataFindings, type PageMetadataOptions } from '../../../../server/src/core/llms/llmsRules';
import { workspaceRoot } from '../../../helpers/inMemoryWorkspace';
import { siteOf } from './llmsSiteOf';

/** Findings by path relative to the site, each as [code, startLine, startChar, endLine, endChar, message]. */
async function findings(files: Record<string, string>, options: PageMetadataOptions = {}) {
	const { site, read } = await siteOf(files);
	const byPath: Record<string, [string, number, number, number, number, string][]> = {};
	for (const { uri, diagnostics } of await pageMetadataFindings(site, read, options, noCancellation))
		byPath[uri.slice(workspaceRoot.length + 1)] = diagnostics.map(d => [
			String(d.code),
			d.range.start.line,
			d.range.start.character,
			d.range.end.line,
			d.range.end.character,
			d.message,
		]);
	return byPath;
}

const page = (lines: string[]) => `---\n${lines.join('\n')}\n---\n\nBody.\n`;

describe('page metadata rules', () => {
	it('page-description-missing on navigation pages only (hidden, noindex and unlisted pages left alone)', async () => {
		const result = await findings({
			'docs.json': JSON.stringify({ name: 'A', navigation: { pages: ['a', 'b', 'hidden', 'noindex', 'api'] } }),
			'api.mdx': page(['title: Create', 'openapi: POST /things']),
			'a.mdx': page(['title: A', 'description: About A.']),
			'b.mdx': page(['title: B']),
			'hidden.mdx': page(['title: H', 'hidden: true']),
			'noindex.mdx': page(['title: N', 'noindex: true']),
			'unlisted.mdx': page(['title: U']),
		});
		assert.deepEqual(result, {
			'b.mdx': [['page-description-missing', 1, 0, 1, 8, 'This page has no `description`: its llms.txt entry, search results and link previews get none.']],
		});
	});

	it('page-description-duplicate within one version, not across versions', async () => {
		const result = await findings({
			'docs.json': JSON.stringify({
				name: 'A',
				navigation: {
					versions: [
						{ version: 'v2', pages: ['v2/a', 'v2/b'] },
						{ version: 'v1', pages: ['v1/a'] },
					],
				},
			}),
			'v2/a.mdx': page(['title: A', 'description: Same words.']),
			'v2/b.mdx': page(['title: B', 'description: "Same   words."']),
			'v1/a.mdx': page(['title: A', 'description: Same words.']),
		});
		assert.deepEqual(result, {
			'v2/a.mdx': [['page-description-duplicate', 2, 0, 2, 24, 'The same description as v2/b.mdx: agents and search results cannot tell these pages apart.']],
			'v2/b.mdx': [['page-description-duplicate', 2, 0, 2, 28, 'The same description as v2/a.mdx: agents and search results cannot tell these pages apart.']],
		});
	});

	it('page-title-duplicate within one tab, unless sidebarTitle or og:title tells the pages apart', async () => {
		const result = await findings({
			'docs.json': JSON.stringify({
				name: 'A',
				navigation: {
					tabs: [
						{ tab: 'Guides', pages: ['g/intro', 'g/intro2', 'g/intro3'] },
						{ tab: 'API', pages: ['api/intro'] },
					],
				},
			}),
			'g/intro.mdx': page(['title: Introduction', 'description: One.']),
			'g/intro2.mdx': page(['title: Introduction', 'description: Two.']),
			'g/intro3.mdx': page(['title: Introduction', 'sidebarTitle: Overview', 'description: Three.']),
			'api/intro.mdx': page(['title: Introduction', 'description: Four.']),
		});
		const message = (other: string) => `The same title as ${other} in this part of the navigation; a \`sidebarTitle\` or \`og:title\` would tell them apart.`;
		assert.deepEqual(result, {
			'g/intro.mdx': [['page-title-duplicate', 1, 0, 1, 19, message('g/intro2.mdx')]],
			'g/intro2.mdx': [['page-title-duplicate', 1, 0, 1, 19, message('g/intro.mdx')]],
		});
	});

	it('page-description-length with the band the team set', async () => {
		const result = await findings(
			{
				'docs.json': JSON.stringify({ name: 'A', navigation: { pages: ['short', 'fine'] } }),
				'short.mdx': page(['title: S', 'description: Too short.']),
				'fine.mdx': page(['title: F', 'description: Long enough to be a useful search snippet.']),
			},
			{ descriptionLength: { min: 20, max: 160 } },
		);
		assert.deepEqual(result, {
			'short.mdx': [['page-description-length', 2, 0, 2, 23, 'The description has 10 characters; the team wants 20 to 160 (search result snippets).']],
		});
	});

	it('llms-txt-truncated on docs.json when the generated file passes the cap', async () => {
		const files: Record<string, string> = {};
		const pages: string[] = [];
		for (let i = 0; i < 1200; i++) {
			pages.push(`p/${i}`);
			files[`p/${i}.mdx`] = page([`title: Page ${i}`, `description: ${'A fairly long description of this page. '.repeat(5)}${i}`]);
		}
		files['docs.json'] = JSON.stringify({ name: 'A', navigation: { groups: [{ group: 'Everything', pages }] } }, null, 2);
		const result = await findings(files, { siteUrl: 'https://a.dev' });
		const [finding] = result['docs.json'];
		assert.deepEqual(finding.slice(0, 5), ['llms-txt-truncated', 2, 2, 2, 14]);
		assert.match(
			finding[5],
			/^The generated llms.txt would have 2\d\d,\d\d\d characters, past the platform's cap of 100,000: 1200 descriptions would be shortened to \d+ characters\. Heaviest: Everything \(1200 pages, [\d,]+ characters\)\. A custom llms.txt at the root lists every page\.$/,
		);
	});

	it('a custom llms.txt: no H1 (invalid), dead links and pages left out (stale); llms-full.txt without H1', async () => {
		const nav = ['a', 'b', 'c', 'd'];
		const base = {
			'docs.json': JSON.stringify({ name: 'A', navigation: { pages: nav } }),
			...Object.fromEntries(nav.map(p => [`${p}.mdx`, page([`title: ${p}`, `description: About ${p}.`])])),
		};
		const result = await findings(
			{
				...base,
				'llms.txt':
					'Acme docs\n\n- [A](https://acme.dev/docs/a.md)\n- [B](/b)\n- [C](https://acme.dev/docs/c.md)\n- [Gone](https://acme.dev/docs/gone.md)\n- [Elsewhere](https://other.dev/x)\n',
				'llms-full.txt': '```\n# not a title\n```\n',
			},
			{ siteUrl: 'https://acme.dev/docs' },
		);
		assert.deepEqual(result, {
			'llms.txt': [
				['llms-txt-custom-invalid', 0, 0, 0, 9, "A custom llms.txt must start with the site's title as an H1 heading (`# Name`); the platform requires it."],
				[
					'llms-txt-custom-stale',
					5,
					9,
					5,
					38,
					'This llms.txt links https://acme.dev/docs/gone.md, and the site has no page there (the platform serves this file as written).',
				],
				[
					'llms-txt-custom-stale',
					0,
					0,
					0,
					9,
					'This llms.txt leaves out 1 of the 4 pages of the navigation: d. The platform serves it instead of the generated one.',
				],
			],
			'llms-full.txt': [
				[
					'llms-txt-custom-invalid',
					0,
					0,
					0,
					3,
					"A custom llms-full.txt must start with the site's title as an H1 heading (`# Name`); the platform requires it.",
				],
			],
		});
		// A curated file (under half of the navigation) is a selection: only its dead links are reported.
		const curated = await findings({ ...base, 'llms.txt': '# Acme\n\n- [A](/a.md)\n' });
		assert.deepEqual(curated, {});
	});

	// NangoHQ/nango's docs/llms.txt: 132 pages under nango.dev/docs, and nango.dev/pricing, /blog, /demo, /slack of its website.
	it("a custom llms.txt's links to the rest of the website (outside the docs' base path) are not dead pages", async () => {
		const nav = ['a', 'b', 'guides/c'];
		const files = {
			'docs.json': JSON.stringify({ name: 'A', navigation: { pages: nav } }),
			...Object.fromEntries(nav.map(p => [`${p}.mdx`, page([`title: ${p}`, `description: About ${p}.`])])),
			'llms.txt':
				'# Acme\n\n- [A](https://acme.dev/docs/a.md)\n- [B](https://acme.dev/docs/b.md)\n- [C](https://acme.dev/docs/guides/c.md)\n- [Pricing](https://acme.dev/pricing)\n- [Blog](https://acme.dev/blog)\n- [Gone](https://acme.dev/docs/gone.md)\n',
		};
		const dead = [
			'llms-txt-custom-stale',
			7,
			9,
			7,
			38,
			'This llms.txt links https://acme.dev/docs/gone.md, and the site has no page there (the platform serves this file as written).',
		];
		// The base path inferred from the .md links (all under /docs), or taken from site.url.
		assert.deepEqual(await findings(files), { 'llms.txt': [dead] });
		assert.deepEqual(await findings(files, { siteUrl: 'https://acme.dev/docs/' }), { 'llms.txt': [dead] });
	});
});
