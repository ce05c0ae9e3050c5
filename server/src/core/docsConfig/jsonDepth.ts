/**
 * The nesting guard that runs before the JSON parser (which recurses once per level). It runs
 * on every keystroke over the whole file, so it is a plain character loop rather than a token
 * scanner; it reads brackets exactly as jsonc-parser's scanner tokenizes the text, valid or not:
 * - a string runs to its closing quote, a line break (unterminated) or the end; a backslash
 *   consumes the next character whatever it is (a line break included, as the scanner does);
 * - `//` and `/* *\/` comments are skipped (they are errors in docs.json, reported by the
 *   parser; brackets inside them must not count), an unclosed block comment runs to the end;
 * - any other character cannot hide a bracket: numbers, keywords and unknown words all stop at
 *   a bracket, a quote or a slash.
 */

const openBrace = 123;
const closeBrace = 125;
const openBracket = 91;
const closeBracket = 93;
const quote = 34;
const backslash = 92;
const slash = 47;
const asterisk = 42;
const lineFeed = 10;
const carriageReturn = 13;

/**
 * Offset of the first bracket that opens a level deeper than `maxDepth` in `text[from, to)`, read
 * as if that slice were the whole file and already `startDepth` levels deep. Undefined when the
 * nesting stays within the limit. A closing bracket at depth 0 is ignored, as the scanner-based
 * guard did.
 */
export function findExcessiveNesting(text: string, maxDepth: number, from = 0, to = text.length, startDepth = 0): number | undefined {
	let depth = startDepth;
	let i = from;
	while (i < to) {
		const code = text.charCodeAt(i);
		if (code === openBrace || code === openBracket) {
			if (++depth > maxDepth) return i;
			i++;
		} else if (code === closeBrace || code === closeBracket) {
			if (depth > 0) depth--;
			i++;
		} else if (code === quote) {
			i = endOfString(text, i + 1, to);
		} else if (code === slash) {
			i = endOfSlash(text, i, to);
		} else {
			i++;
		}
	}
	return undefined;
}

/** Where the scanner resumes after a string whose content starts at `i`. */
function endOfString(text: string, i: number, to: number): number {
	while (i < to) {
		const code = text.charCodeAt(i);
		if (code === quote) return i + 1;
		if (code === backslash) i += 2;
		else if (code === lineFeed || code === carriageReturn) return i;
		else i++;
	}
	return to;
}

/** Where the scanner resumes after the `/` at `i`: past a comment, or past the lone slash. */
function endOfSlash(text: string, i: number, to: number): number {
	const next = i + 1 < to ? text.charCodeAt(i + 1) : NaN;
	if (next === slash) {
		for (i += 2; i < to; i++) {
			const code = text.charCodeAt(i);
			if (code === lineFeed || code === carriageReturn) return i;
		}
		return to;
	}
	if (next === asterisk) {
		// The scanner looks for `*/` from just after `/*` (so `/*/` does not close).
		for (i += 2; i + 1 < to; i++) {
			if (text.charCodeAt(i) === asterisk && text.charCodeAt(i + 1) === slash) return i + 2;
		}
		return to;
	}
	return i + 1;
}
