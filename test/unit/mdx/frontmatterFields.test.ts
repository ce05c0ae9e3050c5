import * as assert from 'node:assert/strict';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkPages, docsJson } from '../../helpers/siteCheck';

const site = (page: string, config: Record<string, unknown> = {}) => ({ 'docs.json': docsJson({ pages: ['index'] }, config), 'index.mdx': page });

describe("Frontmatter: the validator's page schema (@mintlify/validation 0.1.878 reusable/page.js)", () => {
	it('accepts every key of the page schema with a value of its type (before: 11 unknown-key hints and two type errors)', async () => {
		const page = [
			'---',
			'title: Intro',
			'mode: "assistant"',
			'icon: { name: star, style: sharp-thin }',
			'iconType: sharp-duotone-solid',
			'searchable: false',
			'boost: 2.5',
			'hideFooterPagination: true',
			'related: false',
			'hideApiMarker: true',
			'lastUpdatedDate: "2026-01-01"',
			'createdDate: "2026-01-01"',
			'authors: [{ name: Ada }]',
			'contentType: guide',
			'auth: bearer',
			'isPublic: true',
			'robots: noindex',
			'canonical: https://example.com/intro',
			'groups: [{ includes: [admin], excludes: [guest] }]',
			'contextual: { options: [copy, claude, { title: Ask, description: Ask us, href: "https://x.dev?q=$page" }], display: toc }',
			'---',
			'',
			'# Intro',
			'',
		].join('\n');
		assert.deepEqual(await checkPages(site(page)), {});
	});

	it('accepts related as a list of paths and one-link objects', async () => {
		assert.deepEqual(await checkPages(site('---\ntitle: A\nrelated: [quickstart, { "Setup guide": /setup }]\n---\n\n# A\n')), {});
	});

	it('reports values of the wrong type, with the shapes the validator defines', async () => {
		const page = [
			'---',
			'boost: "2"',
			'related: true',
			'contextual: { options: [copy, devin-desktop] }',
			'groups: [{ includes: [] }]',
			'iconType: bold',
			'searchable: "no"',
			'---',
			'',
		].join('\n');
		assertDiagnostics((await checkPages(site(page)))['index.mdx'], [
			{ range: [1, 0, 1, 5], code: 'frontmatter-type', message: /'boost' must be a number, not the text "2" \(remove the quotes\)/ },
			{ range: [2, 0, 2, 7], code: 'frontmatter-type', message: /'related' must be false, or a list of page paths/ },
			{ range: [3, 0, 3, 10], code: 'frontmatter-type', message: /option "devin-desktop" is not one of "copy"/ },
			{ range: [4, 0, 4, 6], code: 'frontmatter-type', message: /list of \{ includes, excludes \} rules/ },
			{ range: [5, 0, 5, 8], code: 'frontmatter-type', message: /"sharp-thin", "solid", "thin"/ },
			{ range: [6, 0, 6, 10], code: 'frontmatter-type', message: /must be true or false/ },
		]);
	});

	it('still hints at keys neither the validator nor the documentation names', async () => {
		assertDiagnostics((await checkPages(site('---\ntitle: A\nsearchabel: false\n---\n\n# A\n')))['index.mdx'], [
			{ range: [2, 0, 2, 10], code: 'frontmatter-unknown-key', message: /Did you mean 'searchable'\?/ },
		]);
	});
});
