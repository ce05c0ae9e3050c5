import type { PhrasingContent } from 'mdast';

/*
 * What the inline reader of the fast MDX parser (fastMdxInline.ts) leaves to micromark: characters
 * that start constructs it does not mirror. Where they stand only in link destinations or code spans
 * they are fine; a code span is told here by a plain pattern, so the nodes read are checked
 * afterwards: each such character must have landed in a code span or a destination, not in a text.
 */

/**
 * Characters that start a construct the reader does not mirror (or that could). An `@` makes an
 * email autolink only after a character of its local part (ASCII letters and digits, `-._+`, and a
 * few more by case folding): one at the start, after a space or other ASCII punctuation
 * (`**@**`, ` @name`) is text.
 */
export const declined = /[{}~|]|&[#A-Za-z]|(?<!^|[\s!-*,/:-?[-^`{-~])@|www\.|https?:|mailto:|xmpp:/i;

/** A link's destination, read separately. */
const destination = /\]\([^()\s\\<>&]*\)/g;
/** A code span on one line, without `|` (which splits a table's cells even there). */
const codeSpanLike = /(?<![\\`])`[^`\n|]+`(?!`)/g;
const codeSpanLikeWithPipes = /(?<![\\`])`[^`\n]+`(?!`)/g;
/** A line that may be a table's delimiter row, which makes the line before it a table's head. */
const delimiterLike = /^[ \t|:-]*-[ \t|:-]*$/;

interface ContentLine {
	readonly from: number;
	readonly to: number;
	readonly end?: number;
}

/**
 * The checks for content `lines` of `text`: undefined when the content holds what the reader
 * declines (outside destinations and code spans), else the check of the nodes it reads.
 * Dollars that all stand in code spans (`` `${a}` ``) open no math: micromark reads the code span
 * first. `|` in a code span is fine unless a table could start here (a delimiter row among or after
 * the lines); in a table cell a single `$` is text (the caller sees that a row holds at most one).
 */
export function declinedChecks(text: string, lines: readonly ContentLine[], inTable: boolean): ((nodes: readonly PhrasingContent[]) => boolean) | undefined {
	const code = inTable || nearDelimiterRow(text, lines) ? codeSpanLike : codeSpanLikeWithPipes;
	let dollars = 0;
	let looked = false;
	for (const l of lines) {
		const content = text.slice(l.from, l.to);
		const own = inTable ? content.replace(/\\\|/g, '') : content;
		if (declined.test(own)) {
			if (declined.test(own.replace(destination, '](').replace(code, ' '))) return undefined;
			looked = true;
		}
		for (let d = content.indexOf('$'); d >= 0; d = content.indexOf('$', d + 1)) dollars++;
	}
	const codeDollars = dollars > 1;
	if (codeDollars && (inTable || lines.some(l => text.slice(l.from, l.to).replace(code, ' ').includes('$')))) return undefined;
	if (!looked && !codeDollars) return () => true;
	// In a table cell a text's `|` was written `\|`.
	const found = (value: string): boolean => (looked && declined.test(inTable ? value.replace(/\|/g, '') : value)) || (codeDollars && value.includes('$'));
	return nodes => !textHolds(nodes, found);
}

/** Whether a line of the content, or the line after it, may be a table's delimiter row. */
function nearDelimiterRow(text: string, lines: readonly ContentLine[]): boolean {
	if (lines.some(l => delimiterLike.test(text.slice(l.from, l.to)))) return true;
	const last = lines[lines.length - 1];
	const after = (last.end ?? last.to) + 1;
	if (text[after - 1] !== '\n') return false;
	const nl = text.indexOf('\n', after);
	return delimiterLike.test(text.slice(after, nl < 0 ? text.length : nl));
}

/** Whether a text or an image's alt among `nodes` holds what `test` finds. */
function textHolds(nodes: readonly PhrasingContent[], test: (value: string) => boolean): boolean {
	return nodes.some(node =>
		node.type === 'text'
			? test(node.value)
			: node.type === 'image'
				? test(node.alt ?? '')
				: 'children' in node && textHolds(node.children as PhrasingContent[], test),
	);
}
