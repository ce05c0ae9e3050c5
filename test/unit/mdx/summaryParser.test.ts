import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fastTree } from '../../../server/src/core/mdx/fastMdxParse';
import { summarizePage, summarizePageWithParser, summarizePageWithTier } from '../../../server/src/core/mdx/pageSummary';

/**
 * Pages the line scanner declines are summarized from the fast parser's tree (fastMdxParse.ts),
 * which must be micromark's: every summary equals the one read by micromark alone (the reference),
 * syntax errors included.
 */
describe('page summaries of pages the line scanner declines: the fast parser, micromark’s summary', () => {
	const pages: Record<string, string> = {
		'nested list and a table in a component': `---\ntitle: Lists\n---\n\n# Setup {#setup}\n\n- one\n  - nested [link](/guide)\n- two\n\n<Tabs>\n  <Tab title="A">\n\n| a | b |\n| - | - |\n| [x](/x) | ![img](/img.png) |\n\n  </Tab>\n</Tabs>\n`,
		'expression props and inline JSX': `# API\n\n<Card title="Go" href="/start" icon={"rocket"}>\n  Read <code>this</code> and [that](/that#anchor).\n</Card>\n\n{/* a comment */}\n\nText with <Icon icon="check" /> inside.\n`,
		'loose list with code': '## Steps\n\n1. First\n\n   ```bash\n   npm i\n   ```\n\n2. Second [page](/second)\n\n> quoted *text*\n',
		'a changelog of updates, one with a tab': `${Array.from({ length: 30 }, (_, i) => `<Update label="v${i}" description="release ${i}">\n  - fixed [bug ${i}](/bugs/${i})\n${i === 7 ? '\t- tabbed\n' : ''}</Update>\n`).join('\n')}`,
		'a syntax error': '# Broken\n\n<Note>\n\nnever closed\n',
		'an expression that does not close': 'Text {open\n\nmore\n',
		'images and escapes': '![alt *text*](/a.png "title")\n\nA \\* star, &amp; an entity, a <br /> break.\n\n### Heading with `code`\n',
	};
	for (const [name, text] of Object.entries(pages)) {
		it(name, () => {
			const document = TextDocument.create(`file:///site/${name.replace(/\W+/g, '-')}.mdx`, 'mdx', 1, text);
			assert.deepEqual(JSON.parse(JSON.stringify(summarizePage(document))), JSON.parse(JSON.stringify(summarizePageWithParser(document))));
		});
	}

	it('the fast parser reads these pages itself where it can (not all of them go to micromark whole)', () => {
		const read = Object.values(pages).filter(text => fastTree(text) !== undefined);
		assert.ok(read.length >= 4, `${read.length} of ${Object.keys(pages).length}`);
	});

	it('pages whose lines end with CRLF: the line scanner reads them as LF where that changes nothing, else the page is read as it is', () => {
		const summaries = (text: string) => {
			const document = TextDocument.create('file:///site/windows.mdx', 'mdx', 1, text);
			const { summary, tier } = summarizePageWithTier(document);
			return { tier, summary: JSON.parse(JSON.stringify(summary)), reference: JSON.parse(JSON.stringify(summarizePageWithParser(document))) };
		};
		// 0xsequence/docs: 484 of its 1,205 pages were written on Windows and all went to the parser.
		const plain = summaries(
			'---\r\ntitle: "Quickstart"\r\n---\r\n\r\n## Install {#install}\r\n\r\nRun [the CLI](/cli#usage) and read\r\nthe [guide](/guide).\r\n\r\n<Card title="Next" href="/next" />\r\n\r\n- one\r\n- two\r\n',
		);
		assert.equal(plain.tier, 'fast');
		assert.deepEqual(plain.summary, plain.reference);
		assert.deepEqual(
			plain.summary.links.map((l: { url: string; range: unknown }) => [l.url, l.range]),
			[
				['/cli#usage', { start: { line: 6, character: 14 }, end: { line: 6, character: 24 } }],
				['/guide', { start: { line: 7, character: 12 }, end: { line: 7, character: 18 } }],
				['/next', { start: { line: 9, character: 25 }, end: { line: 9, character: 30 } }],
			],
		);
		// A prop across lines holds the page's line ending: read as the page is (the LF reading would hold `\n`).
		const multiline = summaries('<Card title="A long\r\n  title" href="/next" />\r\n\r\nText.\r\n');
		assert.deepEqual(multiline.summary, multiline.reference);
		assert.equal(multiline.summary.elements[0].props[0].value, 'A long\r\n  title');
	});
});
