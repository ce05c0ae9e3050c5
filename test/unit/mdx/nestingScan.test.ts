import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { findDeepFrontmatter, readFrontmatter } from '../../../server/src/core/mdx/frontmatter';
import { findExcessiveContainers, findExcessiveNesting, findManyNestedContainerLines } from '../../../server/src/core/mdx/nestingScan';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';

const summarize = (text: string) => summarizePage(TextDocument.create('file:///site/index.mdx', 'mdx', 1, text));

/** Issue 51: pre-scans that keep nesting from making the MDX and YAML parsers quadratic or overflow. */
describe('nesting pre-scans', function () {
	this.timeout(30_000);

	it('finds the first brace or element past 1000 levels, outside code', () => {
		assert.equal(findExcessiveNesting('{'.repeat(100_000) + '}'.repeat(100_000)), 1000);
		assert.equal(findExcessiveNesting('<div>\n'.repeat(50_000)), 1000 * 6);
		assert.equal(findExcessiveNesting('<Note>'.repeat(500) + 'x' + '</Note>'.repeat(500)), undefined);
		// Balanced nesting repeated never accumulates; braces in code spans and fences do not count.
		assert.equal(findExcessiveNesting('{a} <A/> <B>x</B>\n'.repeat(5000)), undefined);
		assert.equal(findExcessiveNesting('`{` and ``{`` \n'.repeat(3000)), undefined);
		assert.equal(findExcessiveNesting('```js\n' + '{'.repeat(2000) + '\n```\n'), undefined);
		assert.equal(findExcessiveNesting('\\{'.repeat(2000)), undefined);
		assert.equal(findExcessiveNesting('<https://a.com>\n'.repeat(2000)), undefined);
	});

	it('counts openers after `from` only, and passes at the first one past the limit', () => {
		// A page with at most 1000 `{` and `<` is let through without the line scan; one more opener is the one found.
		assert.equal(findExcessiveNesting('{'.repeat(1000)), undefined);
		assert.equal(findExcessiveNesting('{'.repeat(1001)), 1000);
		assert.equal(findExcessiveNesting('x'.repeat(10) + '<A>'.repeat(1001)), 10 + 1000 * 3);
		assert.equal(findExcessiveNesting('{'.repeat(5) + '{'.repeat(1000), 5), undefined);
		assert.equal(findExcessiveNesting('{'.repeat(5) + '{'.repeat(1001), 5), 1005);
	});

	it('finds a line opening more than 100 block quotes or list items', () => {
		assert.equal(findExcessiveContainers('# T\n\n' + '> - '.repeat(50_000) + 'x\n'), 5);
		assert.equal(findExcessiveContainers('> - > 1. x\n'.repeat(1000)), undefined);
	});

	it('finds the line past 500 that each open two or more block quotes or list items', () => {
		assert.equal(findManyNestedContainerLines('- > x\n'.repeat(500)), undefined);
		assert.equal(findManyNestedContainerLines('# T\n' + '- > x\n'.repeat(501)), 4 + 500 * 6);
		assert.equal(findManyNestedContainerLines('> 1. x\n  > y\n'.repeat(600)), 500 * 13);
		// One container a line, however many lines, is an ordinary page.
		assert.equal(findManyNestedContainerLines('> x\n- y\n1. z\n'.repeat(5000)), undefined);
	});

	it('gives such a page one page-too-large finding at its start, quickly', () => {
		for (const text of [
			'{'.repeat(100_000) + '}'.repeat(100_000),
			'<div>\n'.repeat(50_000),
			'> - '.repeat(50_000) + 'x\n',
			'> - x\n'.repeat(50_000),
			'- > x\n'.repeat(501),
		]) {
			const { diagnostics } = summarize(text);
			assert.deepEqual(
				diagnostics.map(d => [d.code, d.range.start.line, d.range.start.character]),
				[['page-too-large', 0, 0]],
			);
		}
	});

	it('caps frontmatter nesting at 200: one frontmatter-too-deep finding on the bracket past it, the body still checked', () => {
		assert.equal(findDeepFrontmatter('a: ' + '['.repeat(10_000) + ']'.repeat(10_000)), 3 + 200);
		assert.equal(findDeepFrontmatter('a: [[1, 2], {b: [3]}]\ntitle: "[[[["\n'), undefined);
		assert.equal(findDeepFrontmatter('a:\n' + '- '.repeat(5000) + 'x\n'), 3);
		for (const levels of [3000, 10_000]) {
			const text = '---\na: ' + '['.repeat(levels) + ']'.repeat(levels) + '\n---\n\n[x](/gone)\n';
			assert.equal(readFrontmatter(text)?.errors[0]?.offset, 4 + 3 + 200);
			const { diagnostics, links } = summarize(text);
			assert.deepEqual(
				diagnostics.map(d => [d.code, d.range.start.line, d.range.start.character]),
				[['frontmatter-too-deep', 1, 203]],
			);
			assert.equal(links.length, 1);
		}
	});
});
