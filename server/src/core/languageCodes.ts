/**
 * Language codes for `navigation.languages[].language`: every code the platform's own docs.json
 * validator accepts (its schema lists 40), plus the specification's `ua`, which the platform's
 * schema writes `uk` (both are accepted; `ua` gets a hint). Completion offers them in this order.
 */
export const languageCodes = [
	'en',
	'cn',
	'zh',
	'zh-Hans',
	'zh-Hant',
	'zh-CN',
	'zh-TW',
	'es',
	'fr',
	'fr-CA',
	'fr-ca',
	'ja',
	'jp',
	'ja-jp',
	'ja-JP',
	'pt',
	'pt-BR',
	'de',
	'ko',
	'it',
	'ru',
	'ro',
	'cs',
	'id',
	'ar',
	'tr',
	'hi',
	'sv',
	'no',
	'da',
	'lv',
	'nl',
	'uk',
	'ua',
	'vi',
	'pl',
	'uz',
	'he',
	'ca',
	'fi',
	'hu',
] as const;

export type LanguageCode = (typeof languageCodes)[number];

/** English names, for completion details, hover and the preview's language menu. */
export const languageNames: Record<LanguageCode, string> = {
	en: 'English',
	cn: 'Chinese (Simplified)',
	zh: 'Chinese (Simplified)',
	'zh-Hans': 'Chinese (Simplified)',
	'zh-Hant': 'Chinese (Traditional)',
	'zh-CN': 'Chinese (China)',
	'zh-TW': 'Chinese (Taiwan)',
	es: 'Spanish',
	fr: 'French',
	'fr-CA': 'French (Canada)',
	'fr-ca': 'French (Canada)',
	ja: 'Japanese',
	jp: 'Japanese',
	'ja-jp': 'Japanese',
	'ja-JP': 'Japanese',
	pt: 'Portuguese',
	'pt-BR': 'Portuguese (Brazil)',
	de: 'German',
	ko: 'Korean',
	it: 'Italian',
	ru: 'Russian',
	ro: 'Romanian',
	cs: 'Czech',
	id: 'Indonesian',
	ar: 'Arabic',
	tr: 'Turkish',
	hi: 'Hindi',
	sv: 'Swedish',
	no: 'Norwegian',
	da: 'Danish',
	lv: 'Latvian',
	nl: 'Dutch',
	uk: 'Ukrainian',
	ua: 'Ukrainian',
	vi: 'Vietnamese',
	pl: 'Polish',
	uz: 'Uzbek',
	he: 'Hebrew',
	ca: 'Catalan',
	fi: 'Finnish',
	hu: 'Hungarian',
};

/** Codes one of the two sources lists and the other writes differently: accepted, with a word on it. */
export const languageCodeNotes: Partial<Record<LanguageCode, string>> = {
	ua: "'ua' is the specification's code for Ukrainian; the platform's own docs.json validator lists 'uk'.",
};

/**
 * The platform uses a few non-ISO codes (`cn`, `jp`, `ua`); people write the ISO or BCP 47 ones.
 * Maps what they write (lower-cased) to the supported code they mean.
 */
const aliases: Record<string, string> = {
	'zh-sg': 'zh-Hans',
	'zh-hk': 'zh-Hant',
	'zh-mo': 'zh-Hant',
	'uk-ua': 'uk',
	'pt-pt': 'pt',
	nb: 'no',
	nn: 'no',
	iw: 'he',
	in: 'id',
	'cs-cz': 'cs',
	'ko-kr': 'ko',
	'sv-se': 'sv',
	'he-il': 'he',
	'vi-vn': 'vi',
	'ar-sa': 'ar',
	'de-de': 'de',
	'es-es': 'es',
	'fr-fr': 'fr',
	'it-it': 'it',
};

export function isLanguageCode(code: string): boolean {
	return (languageCodes as readonly string[]).includes(code);
}

/** The supported code someone most likely meant by `code`, or undefined when there is no good guess. */
export function suggestLanguageCode(code: string): string | undefined {
	const lower = code.trim().toLowerCase().replace('_', '-');
	const exact = languageCodes.find(c => c.toLowerCase() === lower);
	if (exact) return exact;
	if (aliases[lower]) return aliases[lower];
	const base = lower.split('-')[0];
	if (aliases[base]) return aliases[base];
	return languageCodes.find(c => c === base);
}
