import fc from 'fast-check';

/**
 * Characters that break naive text handling: lone surrogates, direction marks and overrides,
 * BOM, NUL and control characters, every kind of line break, combining marks, astral symbols
 * and the punctuation our parsers care about.
 */
const oddPieces = [
	'\uD800',
	'\uDBFF',
	'\uDC00',
	'\uDFFF',
	'\uD83D\uDE00',
	'😀',
	'𝕏',
	'\u200E',
	'\u200F',
	'\u202A',
	'\u202B',
	'\u202E',
	'\u2066',
	'\u2067',
	'\u2069',
	'\u061C',
	'\uFEFF',
	'\uFFFE',
	'\uFFFF',
	'\u0000',
	'\u0001',
	'\u0008',
	'\u001B',
	'\u007F',
	'\n',
	'\r',
	'\r\n',
	'\u2028',
	'\u2029',
	'\u0085',
	'\u000B',
	'\u000C',
	'\t',
	'\u00A0',
	'\u3000',
	'e\u0301',
	'\u0301',
	'ß',
	'İ',
	'ﬀ',
	'中文',
	'العربية',
	'עברית',
	'"',
	"'",
	'`',
	'\\',
	'{',
	'}',
	'[',
	']',
	'<',
	'>',
	'/',
	'#',
	'$',
	':',
	',',
	'-',
	'*',
	'|',
	'&',
	'%',
];

/** A short string of odd pieces (the weird Unicode a repository written by someone else may hold). */
export const oddText = fc.array(fc.constantFrom(...oddPieces), { maxLength: 12 }).map(parts => parts.join(''));

/** Any string, from plain words to full-range code points and odd pieces. */
export const anyText = fc.oneof(
	{ weight: 3, arbitrary: fc.string({ maxLength: 20 }) },
	{ weight: 2, arbitrary: oddText },
	{ weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);

/** Binary noise as the core would see it after a lossy decode: bytes mapped one to one to code units, NUL included. */
export const binaryNoise = fc.uint8Array({ minLength: 1, maxLength: 200 }).map(bytes => String.fromCharCode(...bytes));

/** One random edit of a text: what a half-finished keystroke, a bad paste or a truncated save leaves behind. */
export type TextMutation =
	| { readonly kind: 'insert'; readonly at: number; readonly text: string }
	| { readonly kind: 'delete'; readonly at: number; readonly length: number }
	| { readonly kind: 'duplicate'; readonly at: number; readonly length: number }
	| { readonly kind: 'truncate'; readonly at: number }
	| { readonly kind: 'append'; readonly text: string };

export const textMutation: fc.Arbitrary<TextMutation> = fc.oneof(
	fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(anyText, binaryNoise) }),
	fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
	fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 80 }) }),
	fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
	fc.record({ kind: fc.constant('append' as const), text: fc.oneof(anyText, binaryNoise, fc.constantFrom('}', ']', ',', '{"x":1}', '\n---\n', 'garbage')) }),
);

/** Applies mutations in order; positions are taken modulo the current length so every mutation lands. */
export function applyTextMutations(text: string, mutations: readonly TextMutation[]): string {
	for (const m of mutations) {
		const at = 'at' in m ? m.at % (text.length + 1) : text.length;
		switch (m.kind) {
			case 'insert':
				text = text.slice(0, at) + m.text + text.slice(at);
				break;
			case 'delete':
				text = text.slice(0, at) + text.slice(at + m.length);
				break;
			case 'duplicate':
				text = text.slice(0, at + m.length) + text.slice(at, at + m.length) + text.slice(at + m.length);
				break;
			case 'truncate':
				text = text.slice(0, at);
				break;
			case 'append':
				text += m.text;
				break;
		}
	}
	return text;
}

/** No, a few, or (rarely) many text mutations. */
export const textMutations = fc.oneof(
	{ weight: 3, arbitrary: fc.constant([] as TextMutation[]) },
	{ weight: 3, arbitrary: fc.array(textMutation, { minLength: 1, maxLength: 3 }) },
	{ weight: 1, arbitrary: fc.array(textMutation, { minLength: 4, maxLength: 20 }) },
);
