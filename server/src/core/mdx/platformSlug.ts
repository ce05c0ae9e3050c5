import slugify from '@sindresorhus/slugify';

/**
 * The one slug module: every id the site renders (headings, component titles, parameter fields)
 * is made here, for the link check, completion, the outline and the preview alike.
 *
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

/** The id of the `count`-th (from 0) Accordion or View titled `title`: `setup-advanced`, then `setup-advanced-1`. */
export function componentTitleId(title: string, count: number): string {
	const base = componentTitleSlug(title);
	return count > 0 ? `${base}-${count}` : base;
}

const paramIdMemo = new Map<string, string>();

/** A parameter field's id: `param-` + the name (+ `_n` for the n-th repeat), slugified with camelCase split (`onError` → `param-on-error`). */
export function paramFieldId(name: string, count: number): string {
	const key = `${count}\0${name}`;
	let id = paramIdMemo.get(key);
	if (id === undefined) {
		const text = `param-${name}${count > 0 ? `_${count}` : ''}`;
		id = plainAsciiSlug(text, { keepUnderscore: false, decamelize: true }) ?? slugify(text, { decamelize: true, separator: '-' });
		if (paramIdMemo.size > 50_000) paramIdMemo.clear();
		paramIdMemo.set(key, id);
	}
	return id;
}

/** Components whose id is `param-` + a name prop. */
export const paramFieldComponents: ReadonlySet<string> = new Set(['ParamField', 'Param', 'ResponseField']);

/** The name prop the renderer takes a parameter field's id from: `name` on ResponseField, else the first of query, path, body, header. */
export function renderedParamName(component: string, props: (name: string) => unknown): string | undefined {
	const precedence = component === 'ResponseField' ? ['name'] : ['query', 'path', 'body', 'header'];
	for (const prop of precedence) {
		const value = props(prop);
		if (typeof value === 'string' && value) return value;
	}
	return undefined;
}

/**
 * The ids the platform's renderer gives the elements of one page, asked in document order: the
 * preview renders with it so that every anchor the link check accepts is an id on the previewed
 * page. Headings, `Step` titles (h2/h3 only) and `Update` labels share one counter; tabs have
 * their own; Accordion, View and parameter fields count repeats per base id.
 */
export class RenderedIds {
	readonly #headings = new HeadingSlugger();
	readonly #tabs = new HeadingSlugger();
	readonly #counts = new Map<string, number>();

	/** A heading's id; `customId` when written `## Title {#custom-id}`. */
	heading(title: string, customId?: string): string {
		return customId ?? this.#headings.slug(title);
	}

	/** A Step's title id (only when its title is an h2 or h3 heading), or an Update's label id; an explicit `id` is cleaned like a heading id. */
	titled(title: string, explicitId?: string): string | undefined {
		if (explicitId) return cleanAnchor(explicitId);
		return this.#headings.slug(title) || undefined;
	}

	/** A Tab's id: its explicit `id`, else its title slugged like a heading (tabs count apart from headings). */
	tab(title: string, explicitId?: string): string | undefined {
		return explicitId || this.#tabs.slug(title) || undefined;
	}

	/** An Accordion's or View's id: its explicit `id`, else its title (repeats get `-1`, `-2`…). */
	component(kind: 'Accordion' | 'View', title: string, explicitId?: string): string | undefined {
		if (explicitId) return explicitId;
		if (!title) return undefined;
		return componentTitleId(title, this.#next(`${kind}\0${componentTitleSlug(title)}`));
	}

	/** A parameter field's id: its explicit `id`, else `param-` + its rendered name (repeats get `_1`, `_2`… before slugging). */
	param(component: string, props: (name: string) => unknown): string | undefined {
		const explicit = props('id');
		if (typeof explicit === 'string' && explicit) return explicit;
		const name = renderedParamName(component, props);
		return name === undefined ? undefined : paramFieldId(name, this.#next(`param\0${paramFieldId(name, 0)}`));
	}

	#next(key: string): number {
		const count = this.#counts.get(key) ?? 0;
		this.#counts.set(key, count + 1);
		return count;
	}
}

/**
 * `slugify(text, { decamelize: false, … })` for ASCII text without `&`, `^` or a backtick, where its
 * transliteration changes nothing (none of its replacements is ASCII; `&` becomes ` and `, `^` and
 * the backtick are diacritics it strips): lower-cased unless told not to, every run of other than
 * letters, digits and the kept characters one `-`, `word-s`/`word-t` joined, no `-` at either end.
 * Headings percent-encoded for their id are ASCII, so this is almost every heading. Proven equal to
 * the library by test/unit/mdx/platformSlug.test.ts; undefined for any other text.
 * Defaults: `preserveCharacters: ['_']`, lower-cased, not decamelized (`decamelize: true` is the
 * library's default, which parameter field ids use: `onError` → `on-error`).
 */
export function plainAsciiSlug(
	text: string,
	options: { lowercase?: boolean; keepPercent?: boolean; keepUnderscore?: boolean; decamelize?: boolean } = {},
): string | undefined {
	if (!/^[\x00-\x7F]*$/.test(text) || /[&^`]/.test(text)) return undefined;
	const lowercase = options.lowercase ?? true;
	const kept = `${lowercase ? 'a-z' : 'a-zA-Z'}\\d${options.keepUnderscore === false ? '' : '_'}${options.keepPercent ? '%' : ''}`;
	const words = options.decamelize ? decamelize(text) : text;
	return (lowercase ? words.toLowerCase() : words)
		.replace(new RegExp(`[^${kept}]+`, 'g'), '-')
		.replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
		.replace(/-{2,}/g, '-')
		.replace(/^-|-$/g, '');
}

/** The library's `decamelize` (capitalized words separated by a space; `APIs` kept whole), before the slug is made. */
function decamelize(text: string): string {
	return text
		.replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
		.replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
		.replace(/([a-z\d])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2');
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
