import * as assert from 'node:assert/strict';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { autolinkLiteralsOnlyWhereFound, parseMdx } from '../../../server/src/core/mdx/mdxParser';

/** The links of a tree, as [url, text] pairs, in order. */
function links(node: { type: string; url?: string; value?: string; children?: unknown[] }, out: [string, string][] = []): [string, string][] {
	if (node.type === 'link') out.push([node.url!, (node.children as { value?: string }[]).map(c => c.value ?? '').join('')]);
	for (const child of (node.children ?? []) as (typeof node)[]) links(child, out);
	return out;
}

describe('mdx parser', () => {
	it('checks expressions and ESM with acorn but keeps no program tree on the nodes (nothing reads it; it cost parse time)', () => {
		const tree = parseMdx('import a from "b"\n\n{1 + 1}\n\n<A b={c} />\n', true).tree!;
		const [esm, expression, element] = tree.children as {
			type: string;
			data?: { estree?: unknown };
			attributes?: { value?: { data?: { estree?: unknown } } }[];
		}[];
		assert.deepEqual([esm.type, expression.type, element.type], ['mdxjsEsm', 'mdxFlowExpression', 'mdxJsxFlowElement']);
		assert.equal(esm.data?.estree, undefined);
		assert.equal(expression.data?.estree, undefined);
		assert.equal(element.attributes?.[0].value?.data?.estree, undefined);
		const broken = parseMdx('text\n\n{1 +}\n', true);
		assert.equal(broken.error?.ruleId, 'acorn');
		assert.deepEqual(broken.error?.start, { line: 3, column: 5, offset: 10 });
	});

	it('still finds GFM literal autolinks in text (the pass over text nodes runs where one can be)', () => {
		const tree = parseMdx('See www.a.com, HTTPS://b.org/x and c@d.co.\n\n<Note>\n  _Mail mailto:e@f.io_ or [g](https://h.dev) i\n</Note>\n', true).tree!;
		assert.deepEqual(links(tree as never), [
			['http://www.a.com', 'www.a.com'],
			['HTTPS://b.org/x', 'HTTPS://b.org/x'],
			['mailto:c@d.co', 'c@d.co'],
			['mailto:e@f.io', 'mailto:e@f.io'],
			['https://h.dev', 'g'],
		]);
		assert.deepEqual(links(parseMdx('Plain *text*, [a link](https://x.dev) and `www.code.com`.\n', false).tree as never), [['https://x.dev', 'a link']]);
	});

	it('runs the autolink pass only on a tree with text holding http://, https://, www. or @', () => {
		const processor = unified().use(remarkParse).use(remarkGfm).freeze();
		const extension = (processor.data('fromMarkdownExtensions') as unknown[])
			.flat(Infinity)
			.find(e => (e as { enter?: object }).enter && 'literalAutolink' in (e as { enter: object }).enter) as {
			transforms: unknown[];
		};
		let passes = 0;
		extension.transforms = [() => void passes++];
		autolinkLiteralsOnlyWhereFound(processor);
		processor.parse('# Title\n\nText with [a link](https://x.dev), `www.code.com` and *emphasis*.\n\n- item\n');
		assert.equal(passes, 0);
		for (const text of ['a www.b.c', 'a http://b.c', 'A HTTPS://B.C', 'a@b.c', '- _x@y.z_']) processor.parse(text);
		assert.equal(passes, 5);
	});
});
