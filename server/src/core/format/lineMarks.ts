/**
 * The writers build a page as a list of lines, which each enclosing component indents. Two marks
 * say how a line is treated on the way out:
 *  - `blank`: the blank line between blocks, never indented (a blank line inside a code fence is
 *    '' and gets its block's indentation like any other line);
 *  - a line starting with `raw` stands where it is written, whatever encloses it: the web editor
 *    writes some text back at the column it had (a multi-line prop of an `<img>` at column 0, a
 *    Prompt's body as written), so no indentation is added before it.
 */
export const blank = '\u0000';

export const raw = '\u0001';

/** The line as written to the page: marks removed. */
export function finalLine(line: string): string {
	if (line === blank) return '';
	const at = line.indexOf(raw);
	return at < 0 ? line : line.slice(at + 1);
}
