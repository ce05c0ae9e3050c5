import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../../server/src/core/cancellation';
import { generateLlmsFullTxt, generateLlmsTxt, generatePageMarkdown } from '../../../../server/src/core/llms/llmsFiles';
import { llmsTxtLimit } from '../../../../server/src/core/llms/llmsTxt';
import { manyPagesSite, siteOf } from './llmsSiteOf';

const page = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nBody of ${title}.\n`;

describe('llms.txt, as the platform generates it', () => {
	it('lists the default language and version in navigation order, hidden and noindex pages left out', async () => {
		const { site, read } = await siteOf({
			'docs.json': JSON.stringify({
				name: 'Acme',
				description: 'Docs for Acme.',
				markdown: { instructions: ['Cite the API version.', 'Prefer TypeScript.'] },
				navigation: {
					global: { anchors: [{ anchor: 'Community', href: 'https://acme.dev/community' }] },
					versions: [
						{ version: 'v1', groups: [{ group: 'Old', pages: ['v1/old'] }] },
						{
							version: 'v2',
							default: true,
							groups: [
								{ group: 'Start', pages: ['index', 'quickstart', 'secret', 'noindexed'] },
								{ group: 'Hidden', hidden: true, pages: ['internal', 'shown-anyway'] },
							],
						},
					],
				},
			}),
			'index.mdx': page('Welcome', 'description: |\n  First paragraph\n  still first.\n\n  Second paragraph.\n'),
			'quickstart.mdx': page('Quickstart', `description: ${'x'.repeat(320)}\n`),
			'secret.mdx': page('Secret', 'hidden: true\n'),
			'noindexed.mdx': page('No index', 'noindex: true\n'),
			'internal.mdx': page('Internal'),
			'shown-anyway.mdx': page('Shown', 'hidden: false\n'),
			'v1/old.mdx': page('Old'),
			'orphan.mdx': page('Orphan'),
		});
		const { text, truncation } = await generateLlmsTxt(site, read, 'https://acme.dev/docs', noCancellation);
		assert.equal(truncation, undefined);
		assert.equal(
			text,
			[
				'# Acme',
				'',
				'> Docs for Acme.',
				'',
				'> ## Agent Instructions',
				'> Cite the API version.',
				'> Prefer TypeScript.',
				'',
				'## Docs',
				'',
				'- [Welcome](https://acme.dev/docs/index.md): First paragraph still first.',
				`- [Quickstart](https://acme.dev/docs/quickstart.md): ${'x'.repeat(299)}…`,
				'- [Shown](https://acme.dev/docs/shown-anyway.md)',
				'',
				'## Optional',
				'',
				'- [Community](https://acme.dev/community)',
				'',
			].join('\n'),
		);
	});

	it('with seo.indexing "all" keeps hidden pages and adds unlisted ones last, alphabetically', async () => {
		const { site, read } = await siteOf({
			'docs.json': JSON.stringify({ name: 'Acme', seo: { indexing: 'all' }, navigation: { pages: ['b', 'secret'] } }),
			'b.mdx': page('B'),
			'secret.mdx': page('Secret', 'hidden: true\n'),
			'z.mdx': page('Z'),
			'a.mdx': page('A'),
			'snippets/s.mdx': 'snippet',
		});
		const { text } = await generateLlmsTxt(site, read, 'https://x.dev', noCancellation);
		assert.deepEqual(
			text.split('\n').filter(l => l.startsWith('- ')),
			['- [B](https://x.dev/b.md)', '- [Secret](https://x.dev/secret.md)', '- [A](https://x.dev/a.md)', '- [Z](https://x.dev/z.md)'],
		);
	});

	it('lists OpenAPI and AsyncAPI documents, and API pages generated from the spec', async () => {
		const spec = JSON.stringify({
			openapi: '3.0.0',
			info: { title: 't', version: '1' },
			paths: { '/users': { get: { summary: 'List users', description: 'Lists every user.', responses: { 200: { description: 'ok' } } } } },
		});
		const { site, read } = await siteOf({
			'docs.json': JSON.stringify({
				name: 'Acme',
				navigation: {
					groups: [
						{ group: 'API', openapi: 'openapi.json', pages: ['GET /users'] },
						{ group: 'Events', asyncapi: 'asyncapi.yaml', pages: [] },
					],
				},
			}),
			'openapi.json': spec,
		});
		const { text } = await generateLlmsTxt(site, read, 'https://x.dev', noCancellation);
		assert.match(text, /^- \[List users\]\(https:\/\/x\.dev\/api-reference\/list-users\.md\): Lists every user\.$/m);
		assert.match(
			text,
			/\n## OpenAPI Specs\n\n- \[openapi\]\(https:\/\/x\.dev\/openapi\.json\)\n\n## AsyncAPI Specs\n\n- \[asyncapi\]\(https:\/\/x\.dev\/asyncapi\.yaml\)\n$/,
		);
		const markdown = await generatePageMarkdown(site, '/api-reference/list-users.md', read, 'https://x.dev', noCancellation);
		assert.ok(markdown?.startsWith('# List users\n\n> Lists every user.\n\n## OpenAPI\n\n````json openapi.json get /users\n{"openapi"'), markdown);
	});

	it('stays under 100,000 characters on a 2,000-page site: descriptions shortened first', async () => {
		const { site, read } = await siteOf(manyPagesSite(2000, page));
		const { text, truncation } = await generateLlmsTxt(site, read, 'https://big.dev', noCancellation);
		assert.ok(text.length <= llmsTxtLimit, `${text.length}`);
		assert.ok(truncation);
		assert.ok(truncation.fullLength > 400_000, `${truncation.fullLength}`);
		assert.equal(truncation.dropped.length, 0);
		assert.equal(truncation.shortened, 2000);
		assert.equal(text.split('\n').filter(l => l.startsWith('- [')).length, 2000);
		// The largest length that fits: one more character each would pass the cap.
		assert.ok(text.length > llmsTxtLimit - 2000, `${text.length}`);
	});

	it('drops entries from the end, with a note, when bare entries do not fit', async () => {
		const files: Record<string, string> = {};
		const groups: { group: string; pages: string[] }[] = [];
		for (let g = 0; g < 4; g++) {
			const pages: string[] = [];
			for (let i = 0; i < 500; i++) {
				const path = `section-${g}/a-rather-long-folder-name/and-a-long-page-name-${i}`;
				pages.push(path);
				files[`${path}.mdx`] = page(`A long title for page ${i} of section ${g}`, 'description: Something.\n');
			}
			groups.push({ group: `Section ${g}`, pages });
		}
		files['docs.json'] = JSON.stringify({ name: 'Big', navigation: { groups } });
		const { site, read } = await siteOf(files);
		const { text, truncation } = await generateLlmsTxt(site, read, 'https://big.dev', noCancellation);
		assert.ok(text.length <= llmsTxtLimit, `${text.length}`);
		assert.ok(truncation && truncation.dropped.length > 0);
		const listed = text.split('\n').filter(l => l.startsWith('- [')).length;
		assert.equal(listed + truncation.dropped.length, 2000);
		assert.equal(truncation.shortened, 2000, 'descriptions go first');
		assert.ok(!text.includes(': Something.'));
		assert.ok(
			new RegExp(
				`\\n> ${truncation.dropped.length} of 2000 pages are not listed here, to keep this file under 100,000 characters \\(from: Section 1, Section 2, Section 3\\)`,
			).test(text),
			text.slice(-400),
		);
		assert.ok(text.length > llmsTxtLimit - 300, `${text.length}`);
	});
});

describe('page Markdown and llms-full.txt', () => {
	const files = {
		'docs.json': JSON.stringify({ name: 'Acme', markdown: { instructions: 'Be brief.' }, navigation: { pages: ['guide', 'other'] } }),
		'guide.mdx': [
			'---',
			'title: Guide',
			'description: How to.',
			'---',
			"import { X } from '/snippets/x.mdx';",
			'',
			'See [setup](/setup) and [site](https://a.b).',
			'',
			'<Visibility for="humans">',
			'  Click the button.',
			'</Visibility>',
			'',
			'<Visibility for="agents">',
			'  Call `POST /v1/x`, see [api](/api).',
			'</Visibility>',
			'',
			'<Note>Kept as written.</Note>',
			'',
		].join('\n'),
		'other.md': 'No frontmatter here.\n',
	};

	it('exports a page: title, description, instructions, body without imports and human-only parts', async () => {
		const { site, read } = await siteOf(files);
		const markdown = await generatePageMarkdown(site, '/guide.md', read, 'https://acme.dev/docs', noCancellation);
		assert.equal(
			markdown,
			[
				'# Guide',
				'',
				'> How to.',
				'',
				'> ## Agent Instructions',
				'> Be brief.',
				'',
				'See [setup](/docs/setup) and [site](https://a.b).',
				'',
				'Call `POST /v1/x`, see [api](/docs/api).',
				'',
				'<Note>Kept as written.</Note>',
				'',
			].join('\n'),
		);
		assert.equal(await generatePageMarkdown(site, '/nothing', read, 'https://acme.dev', noCancellation), undefined);
	});

	it('writes llms-full.txt: each page with its Source URL', async () => {
		const { site, read } = await siteOf(files);
		const full = await generateLlmsFullTxt(site, read, 'https://acme.dev', noCancellation);
		assert.ok(full.startsWith('> ## Agent Instructions\n> Be brief.\n\n# Guide\nSource: https://acme.dev/guide\n\n> How to.\n'), full);
		assert.match(full, /\n# Other\nSource: https:\/\/acme\.dev\/other\n\n> ## Agent Instructions\n> Be brief\.\n\nNo frontmatter here\.\n$/);
	});
});
