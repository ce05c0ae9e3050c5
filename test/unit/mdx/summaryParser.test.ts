import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fastTree } from '../../../server/src/core/mdx/fastMdxParse';
import { summarizePage, summarizePageWithParser } from '../../../server/src/core/mdx/pageSummary';

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
});
