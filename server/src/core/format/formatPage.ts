import type { Root } from 'mdast';
import { parseMdxFast } from '../mdx/fastMdxParse';
import { parseMdx, type MdxParse, type MdxSyntaxError } from '../mdx/mdxParser';
import { writePage, writePageUnits } from './pageWriter';
import { provedByUnits } from './blockProof';
import { firstDifference } from './treeEquality';
import { withCustomHeadingIds } from './customHeadingIds';

const fastParse = withCustomHeadingIds(parseMdxFast);
const micromarkOnly = withCustomHeadingIds(text => parseMdx(text, true));

/**
 * Formats one MDX page in the platform's canonical form: the form its web editor writes and
 * `mint format` produces. Pure: text in, text out. Like `mint format`, it repeats the rewrite until
 * it settles (at most three passes), so a second run changes nothing.
 *
 * It never changes what the page says: the result is parsed again and compared with the original
 * tree (treeEquality.ts); when they differ the page is returned unchanged with `unsafe` set, naming
 * where the trees part.
 */
export type FormatResult =
	/** `unsettled`: three passes still changed the text (a further run would change it again). */
	| { readonly kind: 'formatted'; readonly text: string; readonly changed: boolean; readonly unsettled?: true }
	| { readonly kind: 'parseError'; readonly error: MdxSyntaxError }
	| { readonly kind: 'unsafe'; readonly where: string };

export function formatMdx(text: string): FormatResult {
	// The fast parser gives micromark's tree (fastMdxParse.ts), reading the plain blocks itself.
	const parsed = fastParse(text);
	if (!parsed.tree) return { kind: 'parseError', error: parsed.error };
	const first = writePageUnits(parsed.tree, text);
	// Most pages are proved block by block: only the blocks the writer changed are parsed again.
	if (first.text !== text && provedByUnits(parsed.tree, text, first, fastParse)) return { kind: 'formatted', text: first.text, changed: true };
	return settle(parsed.tree, text, first.text, fastParse);
}

/**
 * The same result proved on the whole page: the formatted page parsed again and compared, until it
 * settles. What formatMdx falls back to, and the reference its per-block proof and its fast parser
 * are tested against (this one parses with micromark only).
 */
export function formatMdxByWholePage(text: string): FormatResult {
	const parsed = micromarkOnly(text);
	if (!parsed.tree) return { kind: 'parseError', error: parsed.error };
	return settle(parsed.tree, text, writePage(parsed.tree, text), micromarkOnly);
}

function settle(original: Root, text: string, firstPass: string, parse: (text: string) => MdxParse): FormatResult {
	let current = text;
	let tree: Root = original;
	let settled = false;
	for (let pass = 0; pass < 3; pass++) {
		const next = pass === 0 ? firstPass : writePage(tree, current);
		settled = next === current;
		if (settled) break;
		const reparsed = parse(next);
		if (!reparsed.tree) return { kind: 'unsafe', where: `the formatted page does not parse: ${reparsed.error.message}` };
		current = next;
		tree = reparsed.tree;
	}
	if (current !== text) {
		const where = firstDifference(original, tree);
		if (where) return { kind: 'unsafe', where };
	}
	return settled
		? { kind: 'formatted', text: current, changed: current !== text }
		: { kind: 'formatted', text: current, changed: current !== text, unsettled: true };
}

export { writePage } from './pageWriter';
