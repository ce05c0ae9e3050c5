import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

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
