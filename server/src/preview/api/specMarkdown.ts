import type { Root as HastRoot } from 'hast';
import { defaultSchema, sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import type { Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** Plain CommonMark + GFM (spec descriptions are Markdown, not MDX: `<` and `{` are text). */
const markdownProcessor = unified().use(remarkParse).use(remarkGfm).freeze();

/**
 * An OpenAPI `description` to HTML, synchronously (the API page is built in one pass). Raw HTML
 * in the description is dropped (toHast without `allowDangerousHtml`), and GitHub's sanitize
 * schema removes what is left of risk (`javascript:` links, unknown attributes).
 */
export function renderSpecMarkdown(markdown: string): string {
	const cached = rendered.get(markdown);
	if (cached !== undefined) return cached;
	const html = plainParagraph(markdown) ?? convert(markdown);
	if (rendered.size >= 1000) rendered.delete(rendered.keys().next().value!);
	rendered.set(markdown, html);
	return html;
}

/** Descriptions repeat across a page (shared schemas) and across pages: each is converted once. */
const rendered = new Map<string, string>();

/** One line of prose with no Markdown syntax (most descriptions): no parser needed. */
function plainParagraph(text: string): string | undefined {
	const trimmed = text.trim();
	if (/[\\`*_[\]<>&#|~!\n]|^\s*(?:[-+]\s|\d+[.)]\s)|https?:|www\./i.test(trimmed)) return undefined;
	return trimmed ? `<p>${trimmed.replace(/"/g, '&#x22;')}</p>` : '';
}

function convert(markdown: string): string {
	const tree = markdownProcessor.parse(markdown) as Root;
	const hast = toHast(tree) as HastRoot;
	return toHtml(sanitize(hast, { ...defaultSchema, clobberPrefix: 'spec-' }) as HastRoot);
}
