import { getValue } from '../docsConfig/configTree';
import type { DiagnosticSink } from '../docsConfig/diagnosticSink';
import type { NavElement, Navigation, PageEntry } from '../docsConfig/navigation';
import { isOpenApiEntry } from '../docsConfig/pageEntries';

/** One language of a site with `languages`: its pages, and how they line up with the default language's. */
export interface LanguageCoverage {
	readonly code: string;
	/** The folder its pages live in (`fr/`; usually the code). */
	readonly prefix: string;
	readonly element: NavElement;
	readonly isDefault: boolean;
	/** Page entries of this language, by their path without the locale prefix. */
	readonly pages: ReadonlyMap<string, PageEntry>;
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
 * Follows the docs, not code: the platform's build checks no translation coverage; the navigation
 * docs page (mintlify.com/docs/organize/navigation, its `languages` section: one navigation per
 * language, a locale prefix on every page) is the witness, so every finding here is a hint or a warning.
 *
 * Lines up each language's navigation with the default language's, page by page: `fr/guides/setup`
 * is the French `guides/setup`. The default language is the one marked `default: true`, else the one
 * whose pages carry no locale prefix, else the first.
 */
export function translationCoverage(navigation: Navigation | undefined): TranslationCoverage | undefined {
	const languages = navigation?.elements.filter(e => e.kind === 'language' && e.name) ?? [];
	if (languages.length < 2) return undefined;
	// Per language its page entries and, side by side, their paths: read for every entry of a
	// 23,000-entry navigation on each docs.json edit, so no map per entry and no object per entry.
	const of = new Map<NavElement, { entries: PageEntry[]; paths: string[] }>(languages.map(l => [l, { entries: [], paths: [] }]));
	// The language above each parent, found once per parent (entries share their group).
	const languageOf = new Map<NavElement, NavElement | undefined>();
	for (const entry of navigation!.pages) {
		if (isOpenApiEntry(entry.value)) continue;
		let language = languageOf.get(entry.parent);
		if (!languageOf.has(entry.parent)) {
			language = entry.parent;
			while (language && language.kind !== 'language') language = language.parent;
			languageOf.set(entry.parent, language);
		}
		const bucket = language && of.get(language);
		if (!bucket) continue;
		bucket.entries.push(entry);
		bucket.paths.push(entryPath(entry.value));
	}
	const pathsOf = (element: NavElement) => of.get(element)!.paths;
	// The locale's folder is usually its code (`fr/`); some sites use another (`ja/` for the code `jp`):
	// then the first folder most of the language's entries share.
	const prefixes = new Map<NavElement, string>();
	const prefixOf = (element: NavElement): string => {
		const known = prefixes.get(element);
		if (known !== undefined) return known;
		const paths = pathsOf(element);
		let prefix = `${element.name!}/`;
		if (!paths.some(path => path.startsWith(prefix))) {
			const counts = new Map<string, number>();
			for (const path of paths) {
				const slash = path.indexOf('/');
				if (slash > 0) {
					const first = path.slice(0, slash + 1);
					counts.set(first, (counts.get(first) ?? 0) + 1);
				}
			}
			const [top, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
			if (count > paths.length / 2 && /^[a-z]{2}(?:-[A-Za-z]{2,4})?\/$/.test(top)) prefix = top;
		}
		prefixes.set(element, prefix);
		return prefix;
	};
	// Once per language: asked by a sort's comparator, it read every entry of two languages per comparison.
	const shares = new Map<NavElement, number>();
	const prefixedShare = (element: NavElement) => {
		let share = shares.get(element);
		if (share === undefined) {
			const paths = pathsOf(element);
			const prefix = prefixOf(element);
			share = paths.length ? paths.filter(path => path.startsWith(prefix)).length / paths.length : 1;
			shares.set(element, share);
		}
		return share;
	};
	const marked = languages.find(l => {
		const flag = getValue(l.node, 'default');
		return flag?.kind === 'boolean' && flag.value === true;
	});
	const defaultLanguage = marked ?? [...languages].sort((a, b) => prefixedShare(a) - prefixedShare(b))[0]!;
	const keyed = (element: NavElement) => {
		const pages = new Map<string, PageEntry>();
		const unprefixed: PageEntry[] = [];
		const { entries, paths } = of.get(element)!;
		const prefix = prefixOf(element);
		for (let i = 0; i < entries.length; i++) {
			const path = paths[i];
			const prefixed = path.startsWith(prefix);
			// Without its prefix, a localized entry shows the default language's page: listed, not translated.
			if (!prefixed && element !== defaultLanguage) {
				unprefixed.push(entries[i]);
				continue;
			}
			const key = prefixed ? path.slice(prefix.length) : path;
			if (!pages.has(key)) pages.set(key, entries[i]);
		}
		return { pages, unprefixed };
	};
	// Languages that share pages without any locale folder are not a translated layout: nothing to line up.
	if (!languages.some(l => l !== defaultLanguage && pathsOf(l).some(path => path.startsWith(prefixOf(l))))) return undefined;
	const baseKeyed = keyed(defaultLanguage);
	const base = baseKeyed.pages;
	return {
		defaultCode: defaultLanguage.name!,
		total: base.size,
		languages: languages.map(element => {
			const { pages, unprefixed } = element === defaultLanguage ? baseKeyed : keyed(element);
			const isDefault = element === defaultLanguage;
			const missing = isDefault ? [] : [...base].filter(([key]) => !pages.has(key)).map(([, entry]) => entry);
			const extra = isDefault ? [] : [...pages].filter(([key]) => !base.has(key)).map(([, entry]) => entry);
			return { code: element.name!, prefix: prefixOf(element), element, isDefault, pages, translated: base.size - missing.length, missing, extra, unprefixed };
		}),
	};
}

const entryPath = (value: string) => {
	const trimmed = value.trim();
	const last = trimmed.charCodeAt(trimmed.length - 1) | 0x20;
	// Read for every entry of every language on each docs.json edit: the patterns only where they can match.
	const path = trimmed.charCodeAt(0) === 0x2f ? trimmed.replace(/^\/+/, '') : trimmed;
	return last === 0x64 || last === 0x78 ? path.replace(/\.mdx?$/i, '') : path;
};

/** How many missing pages a finding names, and relates. */
const listed = 10;

/**
 * Translation findings: entries of a localized navigation without the locale's prefix (the default
 * language's page is shown there), pages the default language has and a language lacks (one finding
 * on the language, the default entries related), and pages a language has that the default lacks.
 */
export function checkTranslations(navigation: Navigation | undefined, sink: DiagnosticSink): void {
	const coverage = translationCoverage(navigation);
	if (!coverage) return;
	const defaults = coverage.languages.find(l => l.isDefault)!;
	for (const language of coverage.languages) {
		if (language.isDefault) continue;
		for (const entry of language.unprefixed) {
			const counterpart = defaults.pages.get(
				entry.value
					.trim()
					.replace(/^\/+/, '')
					.replace(/\.mdx?$/i, ''),
			);
			sink.atNode(
				entry.node,
				`'${entry.value}' has no '${language.prefix}' prefix: the ${language.code} navigation shows the ${coverage.defaultCode} page here. Write '${language.prefix}${entry.value.replace(/^\/+/, '')}' once it is translated.`,
				'nav-translation-prefix',
				counterpart ? { related: [sink.related(counterpart.node.uri, sink.nodeRange(counterpart.node), `the ${coverage.defaultCode} entry`)] } : undefined,
			);
		}
		const code = getValue(language.element.node, 'language');
		if (language.missing.length && code) {
			const names = language.missing.slice(0, 3).map(e => e.value.replace(/^\/+/, ''));
			sink.atNode(
				code,
				`${language.missing.length} of ${coverage.total} ${coverage.defaultCode} pages have no ${language.code} page in its navigation (${names.join(', ')}${language.missing.length > 3 ? ', …' : ''}).`,
				'nav-translation-missing',
				{
					related: language.missing
						.slice(0, listed)
						.map(e => sink.related(e.node.uri, sink.nodeRange(e.node), `${coverage.defaultCode} page with no ${language.code} counterpart`)),
				},
			);
		}
		for (const entry of language.extra)
			sink.atNode(entry.node, `The ${coverage.defaultCode} navigation has no page for '${entry.value}'.`, 'nav-translation-extra');
	}
}
