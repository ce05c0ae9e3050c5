import { readFrontmatter } from '../mdx/frontmatter';

/** What search engines and agents read of a page's frontmatter (the rest of the page is its body). */
export interface PageFacts {
	readonly title?: string;
	readonly description?: string;
	readonly sidebarTitle?: string;
	/** `og:title`: the title link unfurls show. */
	readonly ogTitle?: string;
	/** `hidden` as written: true hides it, false puts a page of a hidden group back (hidden-pages docs). */
	readonly hidden?: boolean;
	readonly noindex: boolean;
	/** The page's `openapi` frontmatter: an API page written in MDX. */
	readonly openapi?: string;
	/** Where the frontmatter's YAML ends (its closing fence follows), 0 without frontmatter. */
	readonly frontmatterEnd: number;
}

/** Reads the facts of one page text; malformed frontmatter gives what could be read, never throws. */
export function pageFacts(text: string): PageFacts {
	const frontmatter = readFrontmatter(text);
	const data = frontmatter?.data ?? {};
	const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
	const bool = (v: unknown) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined);
	return {
		title: str(data.title),
		description: str(data.description),
		sidebarTitle: str(data.sidebarTitle),
		ogTitle: str(data['og:title']),
		hidden: bool(data.hidden),
		noindex: bool(data.noindex) === true,
		openapi: str(data.openapi),
		frontmatterEnd: frontmatter?.end ?? 0,
	};
}

/** The description llms.txt shows: the first paragraph, on one line, cut at 300 characters (the platform's rule). */
export function listedDescription(description: string | undefined, limit = 300): string | undefined {
	// Line breaks become spaces, other whitespace stays as written (upstash's platform-written llms.txt: "resumed.    The").
	const first = description
		?.trim()
		.split(/\r?\n[ \t]*\r?\n/)[0]
		.replace(/\r?\n/g, ' ')
		.trim();
	if (!first) return undefined;
	return cutAt(first, limit);
}

/** `text` at most `limit` characters, an ellipsis marking a cut (empty when the limit is below 2). */
export function cutAt(text: string, limit: number): string {
	if (text.length <= limit) return text;
	if (limit < 2) return '';
	return text.slice(0, limit - 1).trimEnd() + '…';
}
