import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fastSummarize } from '../../../server/src/core/mdx/fastPageScan';
import { chunkedSummarize } from '../../../server/src/core/mdx/pageChunks';
import { summarizePageWithParser, summarizePageWithTier } from '../../../server/src/core/mdx/pageSummary';

const page = (text: string) => TextDocument.create('file:///ws/changelog.mdx', 'mdx', 1, text);
/** Sets as sorted arrays: summaries compare by value. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value, (_key, v: unknown) => (v instanceof Set ? [...(v as Set<string>)].sort() : v))) as unknown;

/** A changelog in the shape of crewAI's: frontmatter, then release blocks with the same headings (slugs numbered across blocks). */
function changelog(releases: number, special: (i: number) => string = () => ''): string {
	const blocks = Array.from(
		{ length: releases },
		(_, i) =>
			`<Update label="Release ${i}">\n  ## v1.${i}.0\n\n  [View release](https://example.com/releases/${i}) and [setup](/setup#install)\n\n  ## What's Changed\n\n  ### Features\n  - Added feature ${i} with \`code\` and **bold**\n  - Fixed [a link](/guides/page-${i % 7})\n${special(i)}\n  <Card title="x" title="y">Twice</Card>\n</Update>\n`,
	);
	return `---\ntitle: "Changelog"\n---\n${blocks.join('\n')}`;
}

describe('long pages read in chunks (the scanner for most blocks, the parser for the rest)', () => {
	it('gives the summary of one parse of the whole page, when two blocks hold what the scanner declines (tabs)', () => {
		const text = changelog(120, i => (i === 17 || i === 90 ? '  \t•\tA line with tabs\n  \t- and a tab list item\n' : ''));
		const document = page(text);
		assert.equal(fastSummarize(document, text), undefined, 'the scanner declines the page whole');
		assert.ok(chunkedSummarize(document, text), 'read in chunks');
		const { summary, tier } = summarizePageWithTier(document);
		assert.equal(tier, 'fast');
		const whole = summarizePageWithParser(document);
		assert.deepEqual(plain(summary), plain(whole));
		// Slugs are numbered across the blocks as in one parse: the 120 "What's Changed" headings.
		assert.ok(summary.anchors?.has('whats-changed-119'));
		assert.equal(summary.diagnostics.filter(d => d.code === 'component-duplicate-prop').length, 120);
	});

	it('reads the page whole when a cut would fall inside a code block, or the page defines link references', () => {
		const inFence = changelog(60, i => (i === 30 ? '\n```md\n</Update>\n\n<Update>\n```\n' : ''));
		assert.equal(chunkedSummarize(page(inFence), inFence), undefined);
		assert.deepEqual(plain(summarizePageWithTier(page(inFence)).summary), plain(summarizePageWithParser(page(inFence))));
		const withDefinition = changelog(60, i => (i === 5 ? '\t\n[ref]: https://example.com\n' : ''));
		assert.equal(chunkedSummarize(page(withDefinition), withDefinition), undefined);
	});

	it('leaves a chunk with a syntax error to one parse of the page, which reports it where it is', () => {
		const broken = changelog(60, i => (i === 40 ? '  \tTab, then <Broken\n' : ''));
		const document = page(broken);
		assert.equal(chunkedSummarize(document, broken), undefined);
		const syntax = summarizePageWithTier(document).summary.diagnostics.filter(d => d.code === 'mdx-syntax');
		assert.deepEqual(
			syntax.map(d => d.range.start.line),
			summarizePageWithParser(document)
				.diagnostics.filter(d => d.code === 'mdx-syntax')
				.map(d => d.range.start.line),
		);
		assert.equal(syntax.length, 1);
	});
});

describe('long pages read in chunks: the cost', () => {
	/** The fastest of three reads (a busy machine slows some), in ms. */
	const timeRead = (text: string) => {
		const document = page(text);
		let best = Infinity;
		for (let i = 0; i < 3; i++) {
			const started = performance.now();
			assert.ok(chunkedSummarize(document, text));
			best = Math.min(best, performance.now() - started);
		}
		return best;
	};

	it('grows with the page, not with the page times its chunks (every chunk once searched the whole text for `$`)', () => {
		// `$` twice in the page: the inline reader must know whether it may be math.
		const releases = (n: number) => changelog(n, i => (i === 1 ? '  \t- costs $5 to $10\n' : ''));
		timeRead(releases(200)); // warms the code up
		const small = timeRead(releases(500));
		const large = timeRead(releases(4000));
		// Linear: ~8×; searching the whole text per chunk made it ~40× and more (quadratic).
		assert.ok(large / small < 20, `8× the page took ${(large / small).toFixed(1)}× the time (${small.toFixed(0)} → ${large.toFixed(0)} ms)`);
	});
});
