import { getValue } from '../docsConfig/configTree';
import type { NavElement, Navigation, PageEntry } from '../docsConfig/navigation';
import { isOpenApiEntry } from '../docsConfig/pageEntries';

/** One language of a site with `languages`: its pages, and how they line up with the default language's. */
export interface LanguageCoverage {
	readonly code: string;
	/** The folder its pages live in (`fr/`; usually the code). */
	readonly prefix: string;
	readonly element: NavElement;
	readonly isDefault: boolean;
	/** How many distinct pages it lists, by their path without the locale prefix. */
	readonly pageCount: number;
	/** Its (first) entry for a path without the locale prefix. */
	pageFor(path: string): PageEntry | undefined;
	/** Pages of the default language this language has a counterpart for. */
	readonly translated: number;
	/** Pages of the default language this language does not list (their default entries). */
	readonly missing: readonly PageEntry[];
	/** Pages this language lists that the default language does not. */
	readonly extra: readonly PageEntry[];
	/** Entries of this language written without its locale prefix (`guides/setup` under `fr`). */
	readonly unprefixed: readonly PageEntry[];
}

/** How the translated navigations of a site compare with the default language's, or undefined for a site without `languages`. */
export interface TranslationCoverage {
	readonly defaultCode: string;
	readonly total: number;
	readonly languages: readonly LanguageCoverage[];
}

/**
 * What one language's entries say, derived from their values and its code alone: the same values
 * in the same order give the same facts, so a `docs.json` edit recomputes only the language it
 * touched (crewAI: 23,000 entries in 6 languages, ~12 ms per edit when every language was read).
 */
interface LanguageFacts {
	readonly code: string;
	/** Every `pages` string under the language, in order (`METHOD /path` entries too). */
	readonly values: readonly string[];
	/** Indexes into `values` of the page entries (not `METHOD /path`), and their paths. */
	readonly kept: readonly number[];
	readonly paths: readonly string[];
	readonly prefix: string;
	/** The share of its paths that carry its prefix. */
	readonly share: number;
	/** Paths without the prefix → index into `kept`, and the unprefixed entries, as the default language or as another. */
	keyed?: { readonly isDefault: boolean; readonly keys: ReadonlyMap<string, number>; readonly unprefixed: readonly number[] };
	/** Indexes of what it lacks (into the default's `kept`) and has alone (into its own), against one default's facts. */
	against?: { readonly base: LanguageFacts; readonly missing: readonly number[]; readonly extra: readonly number[] };
}

/**
 * Keeps each language's facts between `docs.json` edits (one per site, in its navigation rule cache).
 * Only facts that the current navigation used are kept; a fresh memo gives the same coverage.
 */
export class TranslationMemo {
	#byCode = new Map<string, LanguageFacts>();
	/** How many languages' facts were computed (the rest were reused): for tests. */
	computed = 0;

	facts(code: string, entries: readonly PageEntry[]): LanguageFacts {
		const known = this.#byCode.get(code);
		if (known && sameValues(known.values, entries)) return known;
		this.computed++;
		return languageFacts(
			code,
			entries.map(e => e.value),
		);
	}

	/** Keeps exactly the facts of this check. */
	keep(facts: readonly LanguageFacts[]): void {
		this.#byCode = new Map(facts.map(f => [f.code, f]));
	}
}

function sameValues(values: readonly string[], entries: readonly PageEntry[]): boolean {
	if (values.length !== entries.length) return false;
	for (let i = 0; i < values.length; i++) if (values[i] !== entries[i].value) return false;
	return true;
}

/**
 * Follows the docs, not code: the platform's build checks no translation coverage; the navigation
 * docs page (mintlify.com/docs/organize/navigation, its `languages` section: one navigation per
 * language, a locale prefix on every page) is the witness, so every finding here is a hint or a warning.
 *
 * Lines up each language's navigation with the default language's, page by page: `fr/guides/setup`
 * is the French `guides/setup`. The default language is the one marked `default: true`, else the one
 * whose pages carry no locale prefix, else the first. With a memo (kept between edits of one site),
 * languages whose entries did not change are not read again; the result is the same without it.
 */
export function translationCoverage(navigation: Navigation | undefined, memo?: TranslationMemo): TranslationCoverage | undefined {
	const known = navigation && coverages.get(navigation);
	if (known !== undefined) return known ?? undefined;
	const coverage = computeCoverage(navigation, memo);
	if (navigation) coverages.set(navigation, coverage ?? null);
	return coverage;
}

/** A navigation's coverage, computed once: the site model's check and the Site view ask for the same. */
const coverages = new WeakMap<Navigation, TranslationCoverage | null>();

function computeCoverage(navigation: Navigation | undefined, memo = new TranslationMemo()): TranslationCoverage | undefined {
	const languages = navigation?.elements.filter(e => e.kind === 'language' && e.name) ?? [];
	if (languages.length < 2) return undefined;
	// Two languages with one code (a mistake) would share one memo slot: computed afresh then.
	if (new Set(languages.map(l => l.name)).size < languages.length) memo = new TranslationMemo();
	const entriesOf = new Map<NavElement, PageEntry[]>(languages.map(l => [l, []]));
	// The language above each parent, found once per parent; entries of one group come in a run, so
	// the last parent's answer is tried first (23,000 entries of crewAI on every docs.json edit).
	const languageOf = new Map<NavElement, PageEntry[] | undefined>();
	let lastParent: NavElement | undefined;
	let lastBucket: PageEntry[] | undefined;
	for (const entry of navigation!.pages) {
		if (entry.parent !== lastParent) {
			lastParent = entry.parent;
			if (languageOf.has(lastParent)) lastBucket = languageOf.get(lastParent);
			else {
				let language: NavElement | undefined = lastParent;
				while (language && language.kind !== 'language') language = language.parent;
				lastBucket = language && entriesOf.get(language);
				languageOf.set(lastParent, lastBucket);
			}
		}
		lastBucket?.push(entry);
	}
	const facts = languages.map(l => memo.facts(l.name!, entriesOf.get(l)!));
	memo.keep(facts);
	const marked = languages.findIndex(l => {
		const flag = getValue(l.node, 'default');
		return flag?.kind === 'boolean' && flag.value === true;
	});
	// The first of the least prefixed (a stable sort of the shares).
	let defaultIndex = marked;
	if (defaultIndex < 0) {
		defaultIndex = 0;
		for (let i = 1; i < facts.length; i++) if (facts[i].share < facts[defaultIndex].share) defaultIndex = i;
	}
	const base = facts[defaultIndex];
	// Languages that share pages without any locale folder are not a translated layout: nothing to line up.
	if (!facts.some((f, i) => i !== defaultIndex && f.share > 0)) return undefined;
	const baseKeyed = keyedFacts(base, true);
	const baseEntries = entriesOf.get(languages[defaultIndex])!;
	const baseEntry = (k: number) => baseEntries[base.kept[k]];
	return {
		defaultCode: base.code,
		total: baseKeyed.keys.size,
		languages: languages.map((element, i) => {
			const own = facts[i];
			const isDefault = i === defaultIndex;
			const keyed = keyedFacts(own, isDefault);
			const entries = entriesOf.get(element)!;
			const entry = (k: number) => entries[own.kept[k]];
			const against = isDefault ? { missing: [], extra: [] } : compared(own, base);
			return {
				code: own.code,
				prefix: own.prefix,
				element,
				isDefault,
				pageCount: keyed.keys.size,
				pageFor: (path: string) => {
					const k = keyed.keys.get(path);
					return k === undefined ? undefined : entry(k);
				},
				translated: baseKeyed.keys.size - against.missing.length,
				missing: against.missing.map(baseEntry),
				extra: against.extra.map(entry),
				unprefixed: keyed.unprefixed.map(entry),
			};
		}),
	};
}

function languageFacts(code: string, values: readonly string[]): LanguageFacts {
	const kept: number[] = [];
	const paths: string[] = [];
	for (let i = 0; i < values.length; i++) {
		if (isOpenApiEntry(values[i])) continue;
		kept.push(i);
		paths.push(entryPath(values[i]));
	}
	const prefix = prefixOf(code, paths);
	const share = paths.length ? paths.filter(path => path.startsWith(prefix)).length / paths.length : 1;
	return { code, values, kept, paths, prefix, share };
}

/**
 * The locale's folder is usually its code (`fr/`); some sites use another (`ja/` for the code `jp`):
 * then the first folder most of the language's entries share.
 */
function prefixOf(code: string, paths: readonly string[]): string {
	const prefix = `${code}/`;
	if (paths.some(path => path.startsWith(prefix))) return prefix;
	const counts = new Map<string, number>();
	for (const path of paths) {
		const slash = path.indexOf('/');
		if (slash > 0) {
			const first = path.slice(0, slash + 1);
			counts.set(first, (counts.get(first) ?? 0) + 1);
		}
	}
	const [top, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
	return count > paths.length / 2 && /^[a-z]{2}(?:-[A-Za-z]{2,4})?\/$/.test(top) ? top : prefix;
}

function keyedFacts(facts: LanguageFacts, isDefault: boolean): NonNullable<LanguageFacts['keyed']> {
	if (facts.keyed?.isDefault === isDefault) return facts.keyed;
	const keys = new Map<string, number>();
	const unprefixed: number[] = [];
	const { paths, prefix } = facts;
	for (let k = 0; k < paths.length; k++) {
		const path = paths[k];
		const prefixed = path.startsWith(prefix);
		// Without its prefix, a localized entry shows the default language's page: listed, not translated.
		if (!prefixed && !isDefault) {
			unprefixed.push(k);
			continue;
		}
		const key = prefixed ? path.slice(prefix.length) : path;
		if (!keys.has(key)) keys.set(key, k);
	}
	return (facts.keyed = { isDefault, keys, unprefixed });
}

function compared(own: LanguageFacts, base: LanguageFacts): NonNullable<LanguageFacts['against']> {
	if (own.against?.base === base) return own.against;
	const ownKeys = keyedFacts(own, false).keys;
	const baseKeys = keyedFacts(base, true).keys;
	const missing: number[] = [];
	const extra: number[] = [];
	for (const [key, k] of baseKeys) if (!ownKeys.has(key)) missing.push(k);
	for (const [key, k] of ownKeys) if (!baseKeys.has(key)) extra.push(k);
	return (own.against = { base, missing, extra });
}

const entryPath = (value: string) => {
	const trimmed = value.trim();
	const last = trimmed.charCodeAt(trimmed.length - 1) | 0x20;
	// Read for every entry of every language on each docs.json edit: the patterns only where they can match.
	const path = trimmed.charCodeAt(0) === 0x2f ? trimmed.replace(/^\/+/, '') : trimmed;
	return last === 0x64 || last === 0x78 ? path.replace(/\.mdx?$/i, '') : path;
};
