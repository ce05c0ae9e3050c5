import * as assert from 'node:assert/strict';
import { parseMdx } from '../../../server/src/core/mdx/mdxParser';

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
});
