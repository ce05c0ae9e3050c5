import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { frontmatterKeyCompletion, frontmatterKeyHover } from '../../../server/src/core/features/frontmatterKeyFeatures';
import { pageCodeActions } from '../../../server/src/core/features/pageCodeActions';
import { checkFrontmatter } from '../../../server/src/core/mdx/rules/frontmatterRules';
import { readFrontmatter } from '../../../server/src/core/mdx/frontmatter';

const doc = (text: string) => TextDocument.create('file:///ws/index.mdx', 'mdx', 0, text);

describe('Frontmatter keys: completion and hover from the one table (before: neither)', () => {
	it("offers the page schema's keys not yet written, never the generated ones", () => {
		const list = frontmatterKeyCompletion(doc('---\ntitle: A\nsea\n---\n'), { line: 2, character: 3 });
		const labels = list!.items.map(i => i.label);
		assert.ok(labels.includes('searchable') && labels.includes('boost') && labels.includes('hideFooterPagination') && labels.includes('rss'));
		assert.ok(!labels.includes('title') && !labels.includes('href') && !labels.includes('graphql'));
		assert.deepEqual(list!.items.find(i => i.label === 'searchable')!.textEdit, {
			range: { start: { line: 2, character: 0 }, end: { line: 2, character: 3 } },
			newText: 'searchable: ',
		});
	});

	it('offers the listed values of a key, mode assistant among them', () => {
		const list = frontmatterKeyCompletion(doc('---\nmode: as\n---\n'), { line: 1, character: 8 });
		assert.deepEqual(
			list!.items.map(i => i.label),
			['default', 'wide', 'custom', 'frame', 'center', 'assistant'],
		);
		assert.equal(frontmatterKeyCompletion(doc('---\ntitle: A\n---\n\nsea'), { line: 4, character: 3 }), undefined);
	});

	it('explains a key on hover, with its type and where it comes from', () => {
		const hover = frontmatterKeyHover(doc('---\nboost: 2\n---\n'), { line: 1, character: 2 });
		assert.deepEqual(hover!.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 5 } });
		assert.match(
			(hover!.contents as { value: string }).value,
			/^\*\*boost\*\* — Weight of the page in search results.*\n\nType: number \(a key of the platform's page schema\)\n\n\[SEO metadata in the platform docs\]\(https:\/\/mintlify\.com\/docs\/optimize\/seo\)$/s,
		);
		assert.equal(frontmatterKeyHover(doc('---\ncustomKey: 2\n---\n'), { line: 1, character: 2 }), undefined);
	});

	it('groups keys (page, SEO, API, navigation) and sorts by group', () => {
		const list = frontmatterKeyCompletion(doc('---\n\n---\n'), { line: 1, character: 0 })!;
		const item = (label: string) => list.items.find(i => i.label === label)!;
		assert.equal(item('title').detail, 'Page · string');
		assert.equal(item('og:title').detail, 'SEO · string');
		assert.equal(item('noindex').labelDetails!.description, 'SEO');
		assert.equal(item('openapi').detail, 'API · string');
		assert.equal(item('sidebarTitle').detail, 'Navigation · string');
		const sorted = [...list.items].sort((a, b) => a.sortText!.localeCompare(b.sortText!)).map(i => i.label);
		assert.ok(sorted.indexOf('description') < sorted.indexOf('noindex') && sorted.indexOf('noindex') < sorted.indexOf('openapi'));
		assert.ok(sorted.indexOf('openapi') < sorted.indexOf('hidden'));
		assert.match(
			(item('sidebarTitle').documentation as { value: string }).value,
			/\[Navigation metadata in the platform docs\]\(https:\/\/mintlify\.com\/docs\/organize\/navigation\)$/,
		);
	});

	it('offers true and false for a boolean key, icon names for icon, and page routes in a related list', () => {
		const booleans = frontmatterKeyCompletion(doc('---\nnoindex: t\n---\n'), { line: 1, character: 10 })!;
		assert.deepEqual(
			booleans.items.map(i => [i.label, i.textEdit]),
			[
				['true', { range: { start: { line: 1, character: 9 }, end: { line: 1, character: 10 } }, newText: 'true' }],
				['false', { range: { start: { line: 1, character: 9 }, end: { line: 1, character: 10 } }, newText: 'false' }],
			],
		);
		const icons = frontmatterKeyCompletion(doc('---\nicon: roc\n---\n'), { line: 1, character: 9 }, { library: 'lucide', pagePaths: () => [] })!;
		const rocket = icons.items.find(i => i.label === 'rocket')!;
		assert.equal(rocket.detail, 'Lucide icon');
		assert.deepEqual(rocket.textEdit, { range: { start: { line: 1, character: 6 }, end: { line: 1, character: 9 } }, newText: 'rocket' });
		const related = frontmatterKeyCompletion(
			doc('---\nrelated:\n  - /gu\n---\n'),
			{ line: 2, character: 7 },
			{ library: 'lucide', pagePaths: () => ['guides/setup', 'index'] },
		)!;
		assert.deepEqual(
			related.items.map(i => [i.label, i.textEdit]),
			[['/guides/setup', { range: { start: { line: 2, character: 4 }, end: { line: 2, character: 7 } }, newText: '/guides/setup' }]],
		);
		assert.equal(frontmatterKeyCompletion(doc('---\nkeywords:\n  - a\n---\n'), { line: 2, character: 5 }), undefined);
	});

	it('offers at most 200 related routes on a huge site, marked incomplete, narrowed by what is typed; never a snippet', () => {
		const paths = ['snippets/box', ...Array.from({ length: 25_000 }, (_, i) => `docs/page-${String(i).padStart(5, '0')}`)];
		const site = { library: 'lucide' as const, pagePaths: () => paths };
		const all = frontmatterKeyCompletion(doc('---\nrelated:\n  - /\n---\n'), { line: 2, character: 5 }, site)!;
		assert.equal(all.isIncomplete, true);
		assert.equal(all.items.length, 200);
		assert.deepEqual([all.items[0]!.label, all.items[199]!.label], ['/docs/page-00000', '/docs/page-00199']);
		const narrowed = frontmatterKeyCompletion(doc('---\nrelated:\n  - /docs/PAGE-2499\n---\n'), { line: 2, character: 19 }, site)!;
		assert.equal(narrowed.isIncomplete, false);
		assert.deepEqual(
			narrowed.items.map(i => i.label),
			Array.from({ length: 10 }, (_, i) => `/docs/page-2499${i}`),
		);
		const snippets = frontmatterKeyCompletion(doc('---\nrelated:\n  - /snip\n---\n'), { line: 2, character: 9 }, site)!;
		assert.deepEqual(snippets.items, []);
	});

	it('explains a value on hover: a listed value among the others, an icon of the library', () => {
		const mode = frontmatterKeyHover(doc('---\nmode: "wide"\n---\n'), { line: 1, character: 8 })!;
		assert.deepEqual(mode.range, { start: { line: 1, character: 6 }, end: { line: 1, character: 12 } });
		assert.equal(
			(mode.contents as { value: string }).value,
			'`mode: wide` — one of the values the platform lists: `default` \\| `wide` \\| `custom` \\| `frame` \\| `center` \\| `assistant`\n\nPage layout.',
		);
		const icon = frontmatterKeyHover(doc('---\nicon: rocket\n---\n'), { line: 1, character: 7 }, { library: 'lucide', pagePaths: () => [] })!;
		assert.deepEqual(icon.range, { start: { line: 1, character: 6 }, end: { line: 1, character: 12 } });
		assert.match((icon.contents as { value: string }).value, /^\*\*rocket\*\* — a Lucide icon \(Lucide /);
		assert.equal(frontmatterKeyHover(doc('---\nmode: wide\n---\n'), { line: 1, character: 5 }), undefined);
	});

	it('renames a misspelt key to the nearest one (quick fix)', () => {
		const page = doc('---\nsidebartitle: Intro\n---\n');
		const diagnostics = checkFrontmatter(page, readFrontmatter(page.getText()));
		const actions = pageCodeActions(page, diagnostics);
		assert.deepEqual(
			actions.map(a => [a.title, a.edit]),
			[
				[
					"Rename to 'sidebarTitle'",
					{ changes: { [page.uri]: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 12 } }, newText: 'sidebarTitle' }] } },
				],
			],
		);
	});
});
