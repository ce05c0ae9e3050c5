/**
 * @sindresorhus/transliterate (under slugify: every heading, component and parameter id that is not
 * plain ASCII), with the library's results and a fraction of its cost. The library merges its ~1,900
 * replacements with the caller's into a new Map and runs a regular expression for each on every
 * call: ~0.25 ms a title, ~0.9 s of each page worker on mintlify/docs before any change (issue 52).
 *
 * Here a replacement runs only where it can change the text. Every built-in key holds a code unit
 * outside ASCII and every value is ASCII, so a replacement never brings in a unit a later key needs:
 * the built-in keys that can match are among those whose first non-ASCII unit is in the text as
 * given, found through an index. The caller's replacements (slugify's `&` → ` and `…) are applied
 * as the library applies them, in the library's order. When a replacement breaks that rule (a value
 * outside ASCII), the text goes through every replacement as in the library.
 *
 * The bundles use this in place of the library's index.js (scripts/transliterateFast.mjs, which
 * checks that index.js is the one this was written from); test/unit/mdx/transliterateFast.test.ts
 * compares it with the library.
 */
export type Replacement = readonly [string, string];

export function createTransliterate(
	replacements: readonly Replacement[],
): (string: string, options?: { customReplacements?: Iterable<Replacement> }) => string {
	// As the library's Map holds them: a key written twice keeps its first place and its last value.
	const builtin = [...new Map(replacements)];
	const isAscii = (text: string) => /^[\x00-\x7F]*$/.test(text);
	const guard = (key: string) => /[^\x00-\x7F]/.exec(key)?.[0].charCodeAt(0);
	const indexable = builtin.every(([key, value]) => guard(key) !== undefined && isAscii(value));
	// Built-in replacements by the first code unit of their key outside ASCII.
	const byUnit = new Map<number, number[]>();
	builtin.forEach(([key], i) => {
		const unit = guard(key);
		if (unit !== undefined) (byUnit.get(unit) ?? byUnit.set(unit, []).get(unit)!).push(i);
	});
	const builtinKeys = new Set(builtin.map(([key]) => key));

	return (string, options) => {
		if (typeof string !== 'string') throw new TypeError(`Expected a string, got \`${typeof string}\``);
		const custom = new Map([...{ customReplacements: [] as Iterable<Replacement>, ...options }.customReplacements]);
		string = string.normalize();
		if (indexable && [...custom.values()].every(isAscii)) {
			const found = new Set<number>();
			for (let i = 0; i < string.length; i++) {
				const unit = string.charCodeAt(i);
				if (unit > 0x7f) for (const index of byUnit.get(unit) ?? []) found.add(index);
			}
			// The library's Map: built-in keys in their order (a caller's value replacing theirs), then the caller's other keys.
			const entries: Replacement[] = [...found].sort((a, b) => a - b).map(i => [builtin[i][0], custom.get(builtin[i][0]) ?? builtin[i][1]]);
			for (const [key, value] of custom) if (!builtinKeys.has(key)) entries.push([key, value]);
			string = replaceEach(string, entries);
		} else {
			string = replaceEach(string, new Map([...builtin, ...custom]));
		}
		return string
			.normalize('NFD')
			.replace(/\p{Diacritic}/gu, '')
			.normalize();
	};
}

/** Each replacement in turn over the whole text, as the library does (`$` patterns in values included). */
function replaceEach(string: string, replacements: Iterable<Replacement>): string {
	for (const [key, value] of replacements) {
		if (string.includes(key)) string = string.replace(new RegExp(escapeStringRegexp(key), 'g'), value);
	}
	return string;
}

/** escape-string-regexp 5 (the library's). */
function escapeStringRegexp(string: string): string {
	return string.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&').replace(/-/g, '\\x2d');
}
