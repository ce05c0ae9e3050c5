import type { Root } from 'mdast';

/*
 * Pages written on Windows end their lines with CRLF, and the fast reader (fastMdxParse.ts) reads
 * LF only: such a page went to micromark whole (0xsequence/docs: 484 of its 1,205 pages). micromark
 * takes `\r\n` as one line ending, so the page read with LF endings gives the same tree but for two
 * things, both mechanical: every offset after the first line is short by one character per line
 * before it (a point on line L by L − 1), and every line ending a value holds from the page (a
 * paragraph's text across lines, a code block, a multi-line prop) is `\n` where micromark keeps the
 * page's `\r\n`. Both are put back here. test/unit/mdx/fastMdxParse.test.ts reads every generated
 * page both ways, and the corpus (each page also rewritten with CRLF) gave identical trees.
 */

/**
 * A GFM task item's box with its line ending right after it (`- [x]` and the text on the next line):
 * micromark then drops only the `\r`, and the item's text starts with `\n` where an LF page's starts
 * with the text (found by the property test).
 */
const taskBoxAtLineEnd = /\[[ xX]\]\r\n/;

/**
 * The page with LF line endings when every one of its line endings is CRLF and nothing else in it
 * could tell the two apart: no lone `\r` (a line ending of its own), no character reference
 * that decodes to a line ending (`&#10;`, `&#xD;`, `&NewLine;`), whose `\n` in a value is not a
 * line ending of the page, and no task box at a line's end. Undefined otherwise (micromark reads the page).
 */
export function lfPage(text: string): string | undefined {
	if (text.includes('&#') || text.includes('&NewLine;') || taskBoxAtLineEnd.test(text)) return undefined;
	for (let at = text.indexOf('\r'); at !== -1; at = text.indexOf('\r', at + 2)) if (text.charCodeAt(at + 1) !== 10) return undefined;
	const lf = text.replaceAll('\r\n', '\n');
	// Every line ending must have been a CRLF: a page that mixes them (an LF line pasted in) would move by less.
	return text.length - lf.length === countLineFeeds(lf) ? lf : undefined;
}

/** Turns the tree of a page's {@link lfPage} into the tree of the page itself (in place; points may be shared between nodes). */
export function withCrlf(tree: Root): Root {
	const seen = new Set<object>();
	const visit = (value: unknown): void => {
		if (!value || typeof value !== 'object' || seen.has(value)) return;
		seen.add(value);
		if (Array.isArray(value)) {
			for (const item of value) visit(item);
			return;
		}
		const record = value as Record<string, unknown>;
		if (typeof record.line === 'number' && typeof record.offset === 'number' && typeof record.column === 'number') {
			record.offset = record.offset + record.line - 1;
			return;
		}
		for (const key of Object.keys(record)) {
			const field = record[key];
			if (typeof field === 'string') {
				if (key !== 'type' && field.includes('\n')) record[key] = field.replaceAll('\n', '\r\n');
			} else visit(field);
		}
	};
	visit(tree);
	return tree;
}

function countLineFeeds(text: string): number {
	let count = 0;
	for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
	return count;
}
