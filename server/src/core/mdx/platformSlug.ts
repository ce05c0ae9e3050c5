import slugify from '@sindresorhus/slugify';

/**
 * Heading and component ids as the platform renders them, so `#anchor` links are judged like the
 * platform's link check and completed with the ids readers' browsers will have. Learned from the
 * platform's behaviour (its link check run on test pages), not from github-slugger:
 * - a heading's id comes from its lower-cased text with spaces as `-`, percent-encoded, then
 *   slugified with `_` kept: `Using foo_bar v1.2` → `using-foo_bar-v1-2`;
 * - text that needs percent-encoding (accents, CJK, `&`, `?`) keeps its characters and case:
 *   `Café & Crème` → `café-&-crème`, `日本語` → `日本語`; then `?,;:!'"()[]{}` and emoji are dropped;
 * - a repeated id gets `-2`, `-3`… (not `-1`);
 * - `## Title {#custom-id}` sets the id itself.
 */
export class HeadingSlugger {
	/** Ids given so far, lower-cased, with how often each was asked for (the library's counter, over memoized slugs). */
	readonly #occurrences = new Map<string, number>();

	slug(title: string): string {
		// A lone surrogate cannot be percent-encoded: it becomes U+FFFD, as a browser would show it.
		const wellFormed = title.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
		const encoded = encodeURIComponent(wellFormed.toLowerCase().trim().replace(/\s+/g, '-'));
		return cleanAnchor(this.#count(/%[0-9A-F]{2}/.test(encoded) ? memoSlug(encoded, true) : memoSlug(encoded, false)));
	}

	/** `slugifyWithCounter`'s numbering: the second `a` is `a-2`, and a title that is itself `a-2` counts with it. */
	#count(slug: string): string {
		if (!slug) return '';
		const lower = slug.toLowerCase();
		const numberless = this.#occurrences.get(lower.replace(/(?:-\d+?)+?$/, '')) ?? 0;
		const counter = (this.#occurrences.get(lower) ?? 0) + 1;
		this.#occurrences.set(lower, counter);
		return counter >= 2 || numberless > 2 ? `${slug}-${counter}` : slug;
	}
}

/**
 * `slugify` memoized: it transliterates through a few hundred regular expressions built anew on
 * every call, which made slugging most of the cost of reading a page with many headings. Bounded:
 * cleared when it grows past the ids of a very large site.
 */
const slugMemo = new Map<string, string>();
const slugMemoLimit = 100_000;

function memoSlug(encoded: string, escaped: boolean): string {
	const key = (escaped ? '%' : '_') + encoded;
	let slug = slugMemo.get(key);
	if (slug === undefined) {
		slug = escaped
			? (plainAsciiSlug(encoded, { lowercase: false, keepPercent: true }) ??
				slugify(encoded, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false }))
			: (plainAsciiSlug(encoded) ?? slugify(encoded, { decamelize: false, preserveCharacters: ['_'] }));
		if (slugMemo.size >= slugMemoLimit) slugMemo.clear();
		slugMemo.set(key, slug);
	}
	return slug;
}

/** The id of a heading on its own (the first of its name on the page). */
export function headingSlug(title: string): string {
	return new HeadingSlugger().slug(title);
}

/** Ids the platform derives from a component's `title` (Accordion, View): `Setup: Advanced` → `setup-advanced`. */
export function componentTitleSlug(title: string): string {
	const key = 'c' + title;
	let slug = slugMemo.get(key);
	if (slug === undefined) {
		const text = title.replace(':', '-');
		slug = plainAsciiSlug(text, { keepUnderscore: false }) ?? slugify(text, { decamelize: false });
		if (slugMemo.size >= slugMemoLimit) slugMemo.clear();
		slugMemo.set(key, slug);
	}
	return slug;
}

/**
 * `slugify(text, { decamelize: false, … })` for ASCII text without `&`, `^` or a backtick, where its
 * transliteration changes nothing (none of its replacements is ASCII; `&` becomes ` and `, `^` and
 * the backtick are diacritics it strips): lower-cased unless told not to, every run of other than
 * letters, digits and the kept characters one `-`, `word-s`/`word-t` joined, no `-` at either end.
 * Headings percent-encoded for their id are ASCII, so this is almost every heading. Proven equal to
 * the library by test/unit/mdx/platformSlug.test.ts; undefined for any other text.
 * Defaults: `preserveCharacters: ['_']`, lower-cased.
 */
export function plainAsciiSlug(text: string, options: { lowercase?: boolean; keepPercent?: boolean; keepUnderscore?: boolean } = {}): string | undefined {
	if (!/^[\x00-\x7F]*$/.test(text) || /[&^`]/.test(text)) return undefined;
	const lowercase = options.lowercase ?? true;
	const kept = `${lowercase ? 'a-z' : 'a-zA-Z'}\\d${options.keepUnderscore === false ? '' : '_'}${options.keepPercent ? '%' : ''}`;
	return (lowercase ? text.toLowerCase() : text)
		.replace(new RegExp(`[^${kept}]+`, 'g'), '-')
		.replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
		.replace(/-{2,}/g, '-')
		.replace(/^-|-$/g, '');
}

/**
 * Decodes percent-escapes and drops the punctuation and emoji the rendered id leaves out. The
 * platform's link check cleans both sides this way: heading ids, and the `#fragment` of a link
 * (`#error-%F0%9F%A4%96` and `#error-🤖` both name the heading `## Error 🤖`, id `error-`).
 */
export function cleanAnchor(id: string): string {
	let decoded = id;
	try {
		decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
	} catch {
		// A malformed escape: keep the id as it is.
	}
	return decoded
		.replace(/[?,;:!'"()[\]{}]/g, '')
		.replace(/\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu, '');
}

/** `## Title {#custom-id}` at the end of an ATX heading line: the id the author chose. */
const customIdPattern = /^([ \t]{0,3}#{1,6}[ \t].*?)[ \t]+\{#([^\s{}]+)\}[ \t]*$/;

/**
 * Custom heading ids (`### Memory config {#memory-config}`, documented by the platform) are not
 * MDX: the parser would read `{#…}` as an expression. Returns the text with each such suffix
 * blanked out (same length, so every offset stays) and the id of each heading line; code fences
 * are left alone.
 */
export function maskCustomHeadingIds(text: string): { text: string; ids: Map<number, string> } | undefined {
	if (!text.includes('{#')) return undefined;
	const ids = new Map<number, string>();
	const lines = text.split('\n');
	let fence: string | undefined;
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i];
		const marker = /^[ \t]{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
			fence = fence ? undefined : marker;
			continue;
		}
		if (fence) continue;
		const match = customIdPattern.exec(line.endsWith('\r') ? line.slice(0, -1) : line);
		if (!match) continue;
		ids.set(i, match[2]);
		lines[i] = match[1] + ' '.repeat(line.length - match[1].length);
	}
	return ids.size ? { text: lines.join('\n'), ids } : undefined;
}
