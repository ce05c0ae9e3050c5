/** Language codes the platform supports for `navigation.languages[].language` (platform spec). */
export const languageCodes = [
	'ar', 'cs', 'cn', 'zh-Hant', 'nl', 'en', 'fr', 'de', 'he', 'hi', 'id', 'it', 'jp', 'ko', 'lv', 'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'ua', 'uz', 'vi',
] as const;

/** English names, for completion details and messages. */
export const languageNames: Record<(typeof languageCodes)[number], string> = {
	ar: 'Arabic', cs: 'Czech', cn: 'Chinese (Simplified)', 'zh-Hant': 'Chinese (Traditional)', nl: 'Dutch', en: 'English', fr: 'French', de: 'German',
	he: 'Hebrew', hi: 'Hindi', id: 'Indonesian', it: 'Italian', jp: 'Japanese', ko: 'Korean', lv: 'Latvian', no: 'Norwegian', pl: 'Polish',
	'pt-BR': 'Portuguese (Brazil)', ro: 'Romanian', ru: 'Russian', es: 'Spanish', sv: 'Swedish', tr: 'Turkish', ua: 'Ukrainian', uz: 'Uzbek', vi: 'Vietnamese',
};

/**
 * The platform uses a few non-ISO codes (`cn`, `jp`, `ua`); people write the ISO or BCP 47 ones.
 * Maps what they write (lower-cased) to the supported code they mean.
 */
const aliases: Record<string, string> = {
	zh: 'cn', 'zh-cn': 'cn', 'zh-hans': 'cn', 'zh-sg': 'cn', 'zh-tw': 'zh-Hant', 'zh-hk': 'zh-Hant', 'zh-mo': 'zh-Hant',
	ja: 'jp', 'ja-jp': 'jp', uk: 'ua', 'uk-ua': 'ua', pt: 'pt-BR', 'pt-pt': 'pt-BR', nb: 'no', nn: 'no', iw: 'he', in: 'id',
	'cs-cz': 'cs', 'ko-kr': 'ko', 'sv-se': 'sv', 'he-il': 'he', 'vi-vn': 'vi', 'ar-sa': 'ar',
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
