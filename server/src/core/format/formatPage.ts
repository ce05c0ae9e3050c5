import type { Root } from 'mdast';
import { parseMdx, type MdxSyntaxError } from '../mdx/mdxParser';
import { writeBlocks } from './blockWriter';
import { blank, finalLine } from './lineMarks';
import { writeFrontmatter } from './frontmatterWriter';
import { firstDifference } from './treeEquality';

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
	const parsed = parseMdx(text, true);
	if (!parsed.tree) return { kind: 'parseError', error: parsed.error };
	let current = text;
	let tree: Root = parsed.tree;
	let settled = false;
	for (let pass = 0; pass < 3; pass++) {
		const next = writePage(tree, current);
		settled = next === current;
		if (settled) break;
		const reparsed = parseMdx(next, true);
		if (!reparsed.tree) return { kind: 'unsafe', where: `the formatted page does not parse: ${reparsed.error.message}` };
		current = next;
		tree = reparsed.tree;
	}
	if (current !== text) {
		const where = firstDifference(parsed.tree, tree);
		if (where) return { kind: 'unsafe', where };
	}
	return settled
		? { kind: 'formatted', text: current, changed: current !== text }
		: { kind: 'formatted', text: current, changed: current !== text, unsettled: true };
}

/** One pass: the page written from its tree, frontmatter first, ending with exactly one newline. */
export function writePage(tree: Root, source: string): string {
	const lines: string[] = [];
	const yaml = tree.children[0]?.type === 'yaml' ? tree.children[0] : undefined;
	if (yaml) {
		const front = writeFrontmatter(yaml.value);
		lines.push('---', ...(front ?? yaml.value.split(/\r?\n/)), '---');
		if (tree.children.length > 1) lines.push(blank);
	}
	lines.push(...writeBlocks(tree.children, { source }));
	const body = lines.map(finalLine).join('\n');
	return `${body.replace(/\n+$/, '')}\n`;
}
