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
	/** The frontmatter's YAML does not parse: its keys are unknown, so none is reported missing. */
	readonly frontmatterBroken?: boolean;
}

/** Reads the facts of one page text; malformed frontmatter gives what could be read, never throws. */
export function pageFacts(text: string): PageFacts {
	const frontmatter = readFrontmatter(text);
	return factsOfFrontmatter(frontmatter?.data, !!frontmatter?.errors.length);
}

/**
 * The facts of frontmatter already read (a page summary keeps its data, so the editor need not read
 * 25,000 pages again). `broken`: the YAML did not parse, so what it says is not known.
 */
export function factsOfFrontmatter(data: Readonly<Record<string, unknown>> | undefined, broken: boolean): PageFacts {
	const values = data ?? {};
	const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
	const bool = (v: unknown) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined);
	return {
		title: str(values.title),
		description: str(values.description),
		sidebarTitle: str(values.sidebarTitle),
		ogTitle: str(values['og:title']),
		hidden: bool(values.hidden),
		noindex: bool(values.noindex) === true,
		openapi: str(values.openapi),
		...(broken ? { frontmatterBroken: true } : {}),
	};
}

/** A page's facts, or undefined when it cannot be read (missing, refused, binary): such a page is not listed. */
export type FactsReader = (uri: string) => Promise<PageFacts | undefined>;

/**
 * Facts already known (the page summaries a check made: LanguageService.pageFacts) before reading a
 * page: null there means unreadable, undefined not known yet. On crewAI the check read and parsed
 * 24,803 pages again without it (peak RSS 690 → 466 MB, 18 → 11 s).
 */
export function knownFactsFirst(known: (uri: string) => PageFacts | null | undefined, read: (uri: string) => Promise<string | undefined>): FactsReader {
	const fromText = factsFromText(read);
	return async uri => {
		const facts = known(uri);
		return facts === null ? undefined : (facts ?? fromText(uri));
	};
}

/** Facts read from each page's text. */
export function factsFromText(read: (uri: string) => Promise<string | undefined>): FactsReader {
	return async uri => {
		const text = await read(uri);
		return text === undefined ? undefined : pageFacts(text);
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
