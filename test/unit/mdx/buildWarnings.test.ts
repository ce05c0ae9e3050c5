import * as assert from 'node:assert/strict';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { summarizePageWithParser, summarizePageWithTier, type PageSummary } from '../../../server/src/core/mdx/pageSummary';
import { checkPages, docsJson } from '../../helpers/siteCheck';

// @mintlify/common 1.0.1211 remarkValidateAccordions / remarkValidateTabs / remarkValidateApiExamples: their words.
describe("Build warnings of the platform's remark plugins", () => {
	const check = async (page: string) => (await checkPages({ 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': page }))['index.mdx'] ?? [];

	it('duplicate Accordion titles (by the id the platform slugs), an empty Tab title, a second Request/ResponseExample (before: silent)', async () => {
		const page = [
			'<AccordionGroup>',
			'<Accordion title="Set up">a</Accordion>',
			'<Accordion title="Set Up">b</Accordion>',
			'<Accordion title="Set up" id="other">c</Accordion>',
			'</AccordionGroup>',
			'',
			'<Tabs>',
			'<Tab title="">x</Tab>',
			'</Tabs>',
			'',
			'<RequestExample>',
			'a',
			'</RequestExample>',
			'',
			'<RequestExample>',
			'b',
			'</RequestExample>',
			'',
		].join('\n');
		const d = await check(page);
		assertDiagnostics(d, [
			{
				range: [2, 1, 2, 10],
				code: 'accordion-duplicate-title',
				message: /^<Accordion title="Set Up"> duplicates another accordion title on this page — deep links.*this one and "Set up" are both 'set-up'/,
			},
			{ range: [7, 5, 7, 10], code: 'tab-empty-title', message: /^<Tab> has an empty title — the tab has no accessible name/ },
			{ range: [14, 1, 14, 15], code: 'api-example-multiple', message: /^Only one <RequestExample> is supported per page\.$/ },
		]);
	});

	it('leaves titles that slug to nothing alone (the platform warns on them although they differ)', async () => {
		assert.deepEqual(await check('<Accordion title="入门">a</Accordion>\n\n<Accordion title="高级功能">b</Accordion>\n'), []);
	});

	// common 1.0.1211 remarkValidateTabs / remarkValidateSteps: the nearest ancestor that is not a fragment must be <Tabs>/<Steps>.
	it('a Tab or Step not directly in its Tabs or Steps: at the top level, in another element, in a list (before: silent)', async () => {
		const page = [
			'<Tab title="Alone">a</Tab>', // 0: top level
			'',
			'<Tabs>',
			'  <Card title="x">',
			'    <Tab title="In a card">b</Tab>', // 4: in <Card>
			'  </Card>',
			'</Tabs>',
			'',
			'<Steps>',
			'- item',
			'',
			'  <Step title="In a list">c</Step>', // 11: in a list item
			'</Steps>',
			'',
			'<Step title="Alone">d</Step>', // 14
			'',
		].join('\n');
		assertDiagnostics(await check(page), [
			{ range: [0, 1, 0, 4], code: 'tab-outside-tabs', message: /^Please ensure that all <Tab> components are direct children of <Tabs>\.$/ },
			{ range: [4, 5, 4, 8], code: 'tab-outside-tabs', message: /direct children of <Tabs>\. This one is in <Card>\.$/ },
			{ range: [11, 3, 11, 7], code: 'step-outside-steps', message: /^Please ensure that all <Step> components are direct children of <Steps>\.$/ },
			{ range: [14, 1, 14, 5], code: 'step-outside-steps' },
		]);
	});

	it('leaves Tabs and Steps alone when their children are direct, through fragments, and Tab or Step inside a sentence', async () => {
		const page = [
			'<Tabs>',
			'  <Tab title="A">a</Tab>',
			'  <>',
			'    <Tab title="B">b</Tab>',
			'  </>',
			'</Tabs>',
			'',
			'<Steps>',
			'<Step title="One">',
			'Text.',
			'</Step>',
			'</Steps>',
			'',
			'A sentence with <Tab title="x">inline</Tab> text.',
			'',
		].join('\n');
		assert.deepEqual(await check(page), []);
	});

	it('records each flow element with what it is directly in, the same in both summarizer tiers (line scanner and parser)', () => {
		const text = '<Tabs>\n<Tab title="A">\n<Card title="c" />\n</Tab>\n</Tabs>\n\n<Tab title="B">\nb\n</Tab>\n\nSee <Badge>new</Badge>.\n';
		const document = TextDocument.create('file:///ws/p.mdx', 'mdx', 1, text);
		const { summary, tier } = summarizePageWithTier(document);
		assert.equal(tier, 'fast');
		const parents = (s: PageSummary) => s.elements.map(e => [e.name, e.parent]);
		const expected = [
			['Tabs', null],
			['Tab', 'Tabs'],
			['Card', 'Tab'],
			['Tab', null],
			['Badge', undefined],
		];
		assert.deepEqual(parents(summary), expected);
		assert.deepEqual(parents(summarizePageWithParser(document)), expected);
		// A paragraph of nothing but elements is unravelled by the platform's compiler: its Tab is a flow element (the parser reads such pages).
		const oneLiner = TextDocument.create('file:///ws/q.mdx', 'mdx', 1, '<Tab title="B">b</Tab>\n\n<Note>n</Note>\n');
		const read = summarizePageWithTier(oneLiner);
		assert.equal(read.tier, 'parser');
		assert.deepEqual(parents(read.summary), [
			['Tab', null],
			['Note', undefined],
		]);
	});

	it('judges no snippet file by where its Tabs or Steps sit: the page that imports it places them', async () => {
		const result = await checkPages({
			'docs.json': docsJson({ pages: ['index'] }),
			'index.mdx': "import Install from '/snippets/install.mdx';\n\n<Steps>\n<Install />\n</Steps>\n",
			'snippets/install.mdx': '<Step title="Install">x</Step>\n',
		});
		assert.deepEqual(result, {});
	});

	// common 1.0.1211 resolveAllImports: "default-import-no-default-export".
	it('a default import of a snippet of named exports only will not render (before: silent); other imports are left alone', async () => {
		const page = [
			"import Values from '/snippets/values.mdx';", // 0: exports only → warned
			"import Meta, { a } from '../snippets/meta.mdx';", // 1: frontmatter + exports only → warned
			"import Intro from '/snippets/intro.mdx';", // 2: content: a component
			"import Both from '/snippets/both.mdx';", // 3: has a default export
			"import { b } from '/snippets/values.mdx';", // 4: named
			'',
			'# Page',
			'',
		].join('\n');
		const result = await checkPages({
			'docs.json': docsJson({ pages: ['guides/index'] }),
			'guides/index.mdx': page,
			'snippets/values.mdx': 'export const a = 1;\nexport function b() {\n  return 2;\n}\n',
			'snippets/meta.mdx': '---\ntitle: x\n---\n\nexport const a = { x: 1 };\n',
			'snippets/intro.mdx': 'export const a = 1;\n\nHello {a}.\n',
			'snippets/both.mdx': 'export const a = 1;\nexport default function Both() {\n  return null;\n}\n',
		});
		assertDiagnostics(result['guides/index.mdx'] ?? [], [
			{
				range: [0, 20, 0, 40],
				code: 'snippet-default-import',
				message:
					/^Default import "Values" will not render — \/snippets\/values\.mdx has no default export\. Use a named import instead: import \{ a, b \} from '\/snippets\/values\.mdx'$/,
				severity: 2,
			},
			{
				range: [1, 25, 1, 45],
				code: 'snippet-default-import',
				message: /^Default import "Meta" will not render — \/snippets\/meta\.mdx has no default export/,
			},
		]);
	});

	it('leaves distinct titles and one example of each alone', async () => {
		assert.deepEqual(
			await check(
				'<Accordion title="A">a</Accordion>\n\n<Accordion title="B">b</Accordion>\n\n<RequestExample>\nx\n</RequestExample>\n\n<ResponseExample>\ny\n</ResponseExample>\n',
			),
			[],
		);
	});
});
