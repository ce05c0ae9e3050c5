import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createRandom } from '../../../bench/random';
import { pageText } from '../../../bench/siteGenerator';
import { fastSummarize } from '../../../server/src/core/mdx/fastPageScan';
import { readFrontmatter } from '../../../server/src/core/mdx/frontmatter';
import { summarizePage, summarizePageWithParser, type PageSummary } from '../../../server/src/core/mdx/pageSummary';
import { mdxPage } from '../../fuzz/arbitraries/mdx';
import { plainMdxPage } from '../../fuzz/arbitraries/plainMdx';

const repo = path.resolve(__dirname, '../../..');
const page = (text: string, name = 'page.mdx') => TextDocument.create(`file:///ws/${name}`, 'mdx', 1, text);
const range = (line: number, start: number, end: number, endLine = line) => ({ start: { line, character: start }, end: { line: endLine, character: end } });
const fast = (text: string) => fastSummarize(page(text), text, readFrontmatter(text)?.end);

/** A summary with its anchors in insertion order, so the comparison also sees their order. */
const comparable = (summary: PageSummary) => ({ ...summary, anchors: summary.anchors && [...summary.anchors] });

/** Whether the scanner accepts the page; when it does, the two-tier summary must equal the parser's, diagnostics included. */
function acceptsAndAgrees(text: string, name = 'page.mdx'): boolean {
	const document = page(text, name);
	if (!fastSummarize(document, text, readFrontmatter(text)?.end)) return false;
	assert.deepEqual(comparable(summarizePage(document)), comparable(summarizePageWithParser(document)), `the summarizers disagree on ${JSON.stringify(text)}`);
	return true;
}

describe('fast page scanner', () => {
	it('reads a plain page exactly: links, headings with deduplicated slugs, anchors, elements, folds', () => {
		const text = [
			'---',
			'title: "Guide"',
			'---',
			'',
			'# Guide',
			'',
			'See [setup `x`](/setup#install) and `code`.',
			'',
			'<Card title="Start" href="/quickstart">',
			'  Body with ![logo](/logo.png) and <Badge color="green">new</Badge>.',
			'</Card>',
			'',
			'## Guide',
			'',
			'```js',
			'x',
			'```',
			'',
			'<Accordion title="More details" />',
			'',
		].join('\n');
		const summary = fast(text)!;
		assert.deepEqual(summary.links, [
			{ url: '/setup#install', range: range(6, 16, 30), kind: 'link' },
			{ url: '/quickstart', range: range(8, 26, 37), kind: 'attribute', element: 'Card', attribute: 'href' },
			{ url: '/logo.png', range: range(9, 20, 29), kind: 'image' },
		]);
		assert.deepEqual(summary.headings, [
			{ text: 'Guide', slug: 'guide', depth: 1, range: range(4, 0, 7) },
			{ text: 'Guide', slug: 'guide-2', depth: 2, range: range(12, 0, 8) },
		]);
		// Ids as the platform renders them: a repeated heading gets -2.
		assert.deepEqual([...summary.anchors!], ['guide', 'guide-2', 'more-details']);
		assert.deepEqual(
			summary.elements.map(({ props, ...e }) => ({ ...e, props: props?.map(p => [p.name, p.kind, p.value]) })),
			[
				{
					name: 'Card',
					nameRange: range(8, 1, 5),
					attributes: ['title', 'href'],
					props: [
						['title', 'string', 'Start'],
						['href', 'string', '/quickstart'],
					],
					// A flow element at the top level; the Badge is in text (no parent).
					parent: null,
				},
				{ name: 'Badge', nameRange: range(9, 36, 41), attributes: ['color'], props: [['color', 'string', 'green']] },
				{ name: 'Accordion', nameRange: range(18, 1, 10), attributes: ['title'], props: [['title', 'string', 'More details']], parent: null },
			],
		);
		assert.deepEqual(summary.folds, [
			{ startLine: 0, endLine: 2 },
			{ startLine: 8, endLine: 10 },
			{ startLine: 14, endLine: 16 },
		]);
		assert.deepEqual(summary.imports, []);
		assert.ok(acceptsAndAgrees(text));
	});

	it('takes heading text from code spans and link text, trimmed, with indentation and trailing spaces in the range', () => {
		const text = '  ## Use ` a ` with [the `api`](/api) ![logo](/l.png)  \n';
		assert.deepEqual(fast(text)!.headings, [{ text: 'Use a with the api ', slug: 'use-a-with-the-api', depth: 2, range: range(0, 2, 55) }]);
		assert.ok(acceptsAndAgrees(text));
	});

	it('records imports and their names, so imported components are not reported', () => {
		const text =
			'---\ntitle: x\n---\nimport Warning2 from \'/snippets/warning.mdx\';\nimport { A, B as Bee } from "/snippets/parts.mdx"\n\n<Warning2 />\n<Bee />\n';
		const summary = fast(text)!;
		assert.deepEqual(summary.imports, [
			{ source: '/snippets/warning.mdx', range: range(3, 22, 43), defaultName: 'Warning2' },
			{
				source: '/snippets/parts.mdx',
				range: range(4, 29, 48),
				names: [
					{ exported: 'A', local: 'A' },
					{ exported: 'B', local: 'Bee' },
				],
			},
		]);
		assert.deepEqual([...summary.localNames], ['Warning2', 'A', 'Bee']);
		assert.ok(acceptsAndAgrees(text));
		assert.deepEqual(summarizePage(page(text)).diagnostics, []);
	});

	it('reports unknown components and missing props from the elements it reads, as the parser path does', () => {
		const text = '<Notee>\n  x\n</Notee>\n\nA <Tooltip>y</Tooltip>.\n';
		assert.ok(fast(text));
		assert.deepEqual(
			summarizePage(page(text)).diagnostics.map(d => [d.code, d.range]),
			[
				['component-unknown', range(0, 1, 6)],
				['component-missing-prop', range(4, 3, 10)],
			],
		);
		assert.ok(acceptsAndAgrees(text));
	});

	it('ends a list at a tag that is less indented than its marker', () => {
		const text = '<Update label="v2">\n  ## New\n\n  - One [a](/a).\n  - Two\n</Update>\n';
		assert.deepEqual(fast(text)!.folds, [{ startLine: 0, endLine: 5 }]);
		assert.ok(acceptsAndAgrees(text));
	});

	it('declines when told of a frontmatter end that is not the first closing fence', () => {
		// The frontmatter ends on line 2; then a fence (lines 3-5) and an unclosed one: declined.
		const text = '---\na: 1\n---\n```\n---\n```\n```\n';
		assert.equal(fastSummarize(page(text), text, 9), undefined);
		// Told it ends on line 4, the rest would be one closed fence.
		assert.equal(fastSummarize(page(text), text, 17), undefined);
	});

	const declined: [string, string][] = [
		['an unclosed element', '<Note>\n  text\n'],
		['a mismatched closing tag', '<Tabs>\n</Tab>\n'],
		['a closing tag without an opening one', 'text\n\n</Note>\n'],
		['an inline element left open', 'A <Badge>new\n'],
		['emphasis crossing an element', 'A *<Badge>new*</Badge>\n'],
		['an expression that does not parse', 'Sum: {1 +}\n'],
		['an expression in a heading', '## Limit {max}\n'],
		['an expression holding a pipe', 'A {a | b} c\n'],
		['an expression over two lines', 'A {a +\nb} c\n'],
		['a fenced block in a list item with a line less indented', '1. Step\n\n   ```js\n x\n   ```\n'],
		['a fenced block in a list item closed at another indentation', '1. Step\n\n   ```js\n   x\n ```\n'],
		['an expression attribute inside a line of text', 'A <Card title={title} /> b\n'],
		['an empty attribute expression (an MDX error)', '<Card title={} />\n'],
		['an attribute expression that never closes', '<Card title={a \n'],
		['a tag whose attributes span a blank line', '<Card\n\n  title="x" />\n'],
		['an attribute string over two lines', '<Card title="a\nb" />\n'],
		['a flow expression followed by text', '{a} b\n'],
		['strong markers in a heading that do not pair', '## **a** b**\n'],
		['emphasis inside an element', 'A <Badge>*new*</Badge> b\n'],
		['two dollars (math may pair them)', 'From $5 to $10\n'],
		['a character reference in an attribute', '<Card title="A &amp; B" />\n'],
		['a spread attribute', '<Card {...props} />\n'],
		['an HTML comment', '<!-- note -->\n'],
		['a backslash escape in a link destination', '[a](/x\\y)\n'],
		['a definition continuing a paragraph', 'Text\n[docs]: https://example.com\n'],
		['a reference followed by a parenthesis', '[a][b](/c)\n'],
		['a reference in a heading', '## See [docs][ref]\n'],
		['a setext underline', 'Title\n***\n'],
		['a list in a block quote', '> - item\n'],
		['a table in a block quote', '> | a |\n'],
		['emphasis around an underscore in a heading', '## _private_ fields\n'],
		['a footnote', 'Text[^1]\n'],
		['a setext heading', 'Title\n---\n'],
		['emphasis in a heading', '## *Fast* start\n'],
		['a closing sequence in a heading', '## Start ##\n'],
		['a character reference in a heading', '## A &amp; B\n'],
		['a link with a title', '[a](/b "title")\n'],
		['a link with spaces in its URL', '[a](/b c)\n'],
		['an autolink literal swallowing a link', 'See https://x.com/[a](/b)\n'],
		['an unclosed code span', 'A `code\nspan`\n'],
		['a code span with a pipe', '| `a|b` |\n'],
		['two emphasis markers in a heading', '## a * b * c\n'],
		['an unclosed code fence', '```js\nx\n'],
		['a tab outside code', 'a\tb\n'],
		['a tag right after a table', '| a |\n| - |\n<Note>\n</Note>\n'],
		['an import followed by Markdown', "import X from '/x.mdx';\n# Title\n"],
		['an export', 'export const a = 1;\n'],
		['a tag inside a list item', '- item\n\n  <Note>\n  </Note>\n'],
		['frontmatter with a blank after the fence', '--- \ntitle: x\n---\n'],
		['unclosed frontmatter', '---\ntitle: x\n'],
		['a carriage return', '# A\r\n'],
	];
	for (const [what, text] of declined) {
		it(`declines ${what}`, () => {
			assert.equal(fast(text), undefined);
		});
	}

	it('reads what real pages are made of: multi-line tags, expression attributes, tag-only lines, comments, references, quotes, breaks', () => {
		const text = [
			'<ProgressBar pages={[',
			'  "guides/a",',
			'  "guides/b",',
			']} />',
			'',
			'<Card',
			'  title="Start"',
			'  href="/quickstart"',
			'>',
			'  See [setup](/setup).',
			'</Card>',
			'',
			'<iframe src="https://example.com/embed" title="Demo"></iframe>',
			'<br/><br/>',
			'',
			'{/* an editor note */}',
			'',
			'## Marker & Limit',
			'',
			'### max_pipeline_depth',
			'',
			'See [the docs][docs], [more][] and [this].',
			'<Card title={"}"} />',
			'',
			'[docs]: https://example.com/docs "Docs"',
			'',
			'> A quote with [a link](/quoted).',
			'>',
			'> More.',
			'',
			'---',
			'',
		].join('\n');
		const summary = fast(text)!;
		assert.deepEqual(
			summary.links.map(l => [l.url, l.range.start.line, l.range.start.character]),
			[
				['/quickstart', 7, 8],
				['/setup', 9, 14],
				['https://example.com/embed', 12, 13],
				['/quoted', 26, 24],
			],
		);
		assert.deepEqual(
			summary.headings.map(h => [h.text, h.slug]),
			[
				['Marker & Limit', 'marker-&-limit'],
				['max_pipeline_depth', 'max_pipeline_depth'],
			],
		);
		assert.deepEqual(
			summary.elements.map(e => [e.name, e.nameRange.start.line]),
			[
				['ProgressBar', 0],
				['Card', 5],
				['iframe', 12],
				['br', 13],
				['br', 13],
				['Card', 22],
			],
		);
		assert.deepEqual(summary.folds, [
			{ startLine: 0, endLine: 3 },
			{ startLine: 5, endLine: 10 },
		]);
		assert.ok(acceptsAndAgrees(text));
	});

	it('reads escapes, expressions in text and code blocks in list items as the parser does', () => {
		const text = [
			'## Use \\* and \\[x\\] literally',
			'',
			"Not \\[a link](/x), braces {'{'} and {'}'} and {/* note */} and {limits.max} per \\$1. See [b\\]c](/real).",
			'',
			'1. Install:',
			'',
			'   ```bash',
			'   npm install x',
			'',
			'   ```',
			'',
			'2. Then [run](/run) it.',
			'',
		].join('\n');
		const summary = fast(text)!;
		assert.deepEqual(
			summary.headings.map(h => h.text),
			['Use * and [x] literally'],
		);
		assert.deepEqual(
			summary.links.map(l => l.url),
			['/real', '/run'],
		);
		assert.deepEqual(summary.folds, [{ startLine: 6, endLine: 9 }]);
		assert.ok(acceptsAndAgrees(text));
	});

	it('reads strong text in headings, pipes and ampersands in tag attributes, comments over lines, a lone dollar, emphasis beside elements', () => {
		const text = [
			'## 1. Click **App Diagnostics** tab',
			'',
			'<ParamField path="fontUrl" type="string | undefined" title="Fonts & more">',
			'  A field.',
			'</ParamField>',
			'',
			'{/*',
			'  An editor note, with a } in it.',
			'*/}',
			'',
			'{/* a } b */}',
			'',
			'It costs $300 a year. **Read** <Link href="/pricing">pricing</Link> first.',
			'',
			'### The MergeTree* family',
			'',
			'| Syntax | Meaning |',
			'| --- | --- |',
			'| `LIKE \\| ILIKE` | [Patterns](/patterns) |',
			'',
		].join('\n');
		const summary = fast(text)!;
		assert.deepEqual(
			summary.headings.map(h => [h.text, h.slug]),
			[
				['1. Click App Diagnostics tab', '1-click-app-diagnostics-tab'],
				['The MergeTree* family', 'the-mergetree-family'],
			],
		);
		assert.deepEqual(
			summary.links.map(l => l.url),
			['/pricing', '/patterns'],
		);
		assert.deepEqual(
			summary.elements.map(e => e.name),
			['ParamField', 'Link'],
		);
		assert.ok(acceptsAndAgrees(text));
	});

	it('leaves pages with MDX syntax errors to the parser, which reports them', () => {
		for (const text of [
			'<Note>\n  text\n',
			'<Tabs>\n</Tab>\n',
			'A <Badge>new\n',
			'a <b\n',
			'<Card title="x>\n',
			'<Card title={} />\n',
			'<Card\n  pages={[1, 2}\n/>\n',
			'{/* unclosed\n',
			'Sum: {1 +}\n',
			'A {x\n',
		]) {
			assert.equal(fast(text), undefined, text);
			assert.deepEqual(
				summarizePage(page(text)).diagnostics.map(d => d.code),
				['mdx-syntax'],
				text,
			);
		}
	});

	it("reads .md pages as MDX, as the platform's build and link check do: a tag is an element, a link inside it is a link", () => {
		const text = '# Title\n\n<Note title="x">\nSee [here](/elsewhere).\n</Note>\n';
		assert.deepEqual(
			summarizePage(page(text, 'page.md')).elements.map(e => e.name),
			['Note'],
		);
		assert.deepEqual(
			summarizePage(page(text, 'page.md')).links.map(l => l.url),
			['/elsewhere'],
		);
		assert.deepEqual(
			summarizePage(page(text, 'page.md')).headings.map(h => h.slug),
			['title'],
		);
	});

	describe('agrees with the parser on every page it accepts', function () {
		// Each comparison parses the page with micromark (a few ms); the whole suite takes a few seconds.
		this.timeout(60_000);
		function mdxFiles(dir: string): string[] {
			return readdirSync(path.join(repo, dir), { recursive: true, encoding: 'utf8' })
				.filter(f => f.endsWith('.mdx'))
				.map(f => path.join(dir, f));
		}

		it('the example site and the test fixtures (and accepts most example pages)', () => {
			const examples = mdxFiles('examples');
			const fixtures = mdxFiles('test/fixtures');
			assert.ok(examples.length >= 20 && fixtures.length >= 5, 'the corpus is there');
			const accepted = examples.filter(file => acceptsAndAgrees(readFileSync(path.join(repo, file), 'utf8'), path.basename(file)));
			for (const file of fixtures) acceptsAndAgrees(readFileSync(path.join(repo, file), 'utf8'), path.basename(file));
			assert.ok(accepted.length >= examples.length * 0.8, `accepted ${accepted.length} of ${examples.length} example pages`);
		});

		it("every page the realistic bench generator writes (real pages' mix of constructs; most accepted)", () => {
			const random = createRandom(20250110);
			const targets = Array.from({ length: 50 }, (_, i) => `en/guides/page-${i}`);
			let accepted = 0;
			const pages = 300;
			for (let i = 0; i < pages; i++) {
				const links = Array.from({ length: random.int(14) }, () => random.pick(targets));
				const text = pageText(random, `en/guides/page-${i}`, links, i % 40 === 7 ? 'api-reference/payments GET /payments' : undefined);
				if (acceptsAndAgrees(text)) accepted++;
			}
			// Real sites: 45-87 % of pages (the corpus); the generator's mix lands in that range.
			assert.ok(accepted >= pages * 0.5 && accepted < pages, `accepted ${accepted} of ${pages}`);
		});

		it('pages near the edges of the subset (fast-check, seeded)', () => {
			let accepted = 0;
			fc.assert(
				fc.property(plainMdxPage, text => {
					if (acceptsAndAgrees(text)) accepted++;
				}),
				{ seed: 20250611, numRuns: 4000 },
			);
			// Otherwise the property says little: most generated pages are meant to be accepted, many to be declined.
			assert.ok(accepted >= 300, `accepted ${accepted} of 4000`);
		});

		it('fuzzer pages (fast-check, seeded)', () => {
			let accepted = 0;
			fc.assert(
				fc.property(
					mdxPage.filter(text => text.length < 20_000),
					text => {
						if (acceptsAndAgrees(text)) accepted++;
					},
				),
				{ seed: 20250612, numRuns: 400 },
			);
			assert.ok(accepted >= 5, `accepted ${accepted} of 400`);
		});
	});
});
