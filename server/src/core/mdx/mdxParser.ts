import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { installLinearEditMap } from './linearEditMap';

// micromark's own `EditMap.consume` copies every earlier event at each container exit: quadratic on
// pages of many quote or list lines (issue 51). The replacement gives the same events in linear time.
installLinearEditMap();

/**
 * One MDX parser for the whole server: micromark with the MDX, GFM, frontmatter and math
 * extensions, the same plugins the platform's build parses pages with, so syntax errors match
 * what it reports (`$$ \text{x} $$` is math, not an expression). It only builds a syntax tree:
 * expressions are parsed (by acorn) but never evaluated.
 *
 * `addResult: false`: acorn still checks every expression and ESM block (the same syntax errors),
 * but its program tree is not kept on the node (`data.estree`): nothing here reads it, and building
 * it with positions was ~8 % of a parse, most of it garbage.
 */
const mdxProcessor = unified()
	.use(remarkParse)
	.use(remarkFrontmatter, ['yaml'])
	.use(remarkGfm)
	.use(remarkMath)
	.use(remarkMdx, { addResult: false } as Parameters<typeof remarkMdx>[0])
	.freeze();
/** Plain Markdown pages (`.md`) are not MDX: `<` and `{` are ordinary characters there. */
const markdownProcessor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).freeze();
autolinkLiteralsOnlyWhereFound(mdxProcessor);
autolinkLiteralsOnlyWhereFound(markdownProcessor);

/**
 * GFM's literal autolinks in text (`www.a.com`, `https://a.com`, `a@b.co`, `mailto:`, `xmpp:`) are
 * found by a pass over every text node after the tree is built (mdast-util-gfm-autolink-literal's
 * transform, ~5 % of a parse); each of its patterns needs `http://`, `https://`, `www.` or `@` in
 * the text. The pass runs only on a tree with a text node holding one of them: the same trees,
 * without the walk where nothing can be found.
 */
export function autolinkLiteralsOnlyWhereFound(processor: { data(key: 'fromMarkdownExtensions'): unknown }): void {
	const extensions = (processor.data('fromMarkdownExtensions') ?? []) as unknown[];
	for (const extension of extensions.flat(Infinity) as { enter?: Record<string, unknown>; transforms?: ((tree: Root) => Root | undefined | void)[] }[]) {
		if (!extension?.enter?.literalAutolink || !Array.isArray(extension.transforms)) continue;
		extension.transforms = extension.transforms.map(transform => (tree: Root) => (hasAutolinkText(tree) ? transform(tree) : undefined));
	}
}

const autolinkCandidate = /https?:\/\/|www\.|@/i;

function hasAutolinkText(node: { type: string; value?: unknown; children?: unknown[] }): boolean {
	if (node.type === 'text' && typeof node.value === 'string' && autolinkCandidate.test(node.value)) return true;
	return Array.isArray(node.children) && node.children.some(child => hasAutolinkText(child as { type: string }));
}

/** Where and why a page failed to parse (1-based line/column from the parser, 0-based offsets). */
export interface MdxSyntaxError {
	readonly message: string;
	readonly start: { readonly line: number; readonly column: number };
	readonly end?: { readonly line: number; readonly column: number };
	readonly ruleId?: string;
}

export type MdxParse = { readonly tree: Root; readonly error?: undefined } | { readonly tree?: undefined; readonly error: MdxSyntaxError };

export function parseMdx(text: string, isMdx: boolean): MdxParse {
	try {
		return { tree: (isMdx ? mdxProcessor : markdownProcessor).parse(text) };
	} catch (e) {
		return { error: toSyntaxError(e) };
	}
}

interface VFileMessageLike {
	reason?: string;
	message?: string;
	ruleId?: string;
	line?: number;
	column?: number;
	place?: { line: number; column: number } | { start: { line: number; column: number }; end: { line: number; column: number } };
}

function toSyntaxError(e: unknown): MdxSyntaxError {
	if (e instanceof RangeError) return { message: 'Elements are nested too deeply to check', start: { line: 1, column: 1 } };
	const m = (e ?? {}) as VFileMessageLike;
	const message = (m.reason ?? m.message ?? String(e)).replace(/\s*\(\d+:\d+-\d+:\d+\)/, '');
	// The range in the text is the offending element's own; `place` may be its whole paragraph.
	const inText = /\((\d+):(\d+)-(\d+):(\d+)\)/.exec(m.reason ?? m.message ?? '');
	if (inText) return { message, start: { line: +inText[1], column: +inText[2] }, end: { line: +inText[3], column: +inText[4] }, ruleId: m.ruleId };
	const place = m.place;
	if (place && 'start' in place) return { message, start: place.start, end: place.end, ruleId: m.ruleId };
	if (place && 'line' in place) return { message, start: place, ruleId: m.ruleId };
	return { message, start: { line: m.line ?? 1, column: m.column ?? 1 }, ruleId: m.ruleId };
}
