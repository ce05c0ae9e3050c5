import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fastScanInto } from './fastPageScan';
import { parseMdxFast } from './fastMdxParse';
import { PageRecorder, type Extracted } from './pageRecords';
import { recordTree } from './treeRecords';

/*
 * A long page read in chunks at its top level. A changelog of 200 `<Update>` blocks (crewAI's is
 * 150 KB, in ~90 versions and three languages) is declined by the line scanner for two blocks that
 * hold a tab, and the MDX parser then reads all of it at ~0.1 MB/s. Cut where the page is at its top
 * level — after a closing tag at column 0 and a blank line, before a tag at column 0 — each chunk is
 * read by the scanner when it can and by the parser otherwise, into one recorder, in order: the same
 * records as one parse of the page (test/unit/mdx/pageChunks.test.ts checks it on every chunked page).
 */

/** Shorter pages are read whole: cutting them saves little. */
const minChunkedChars = 16 * 1024;

/** A closing tag alone at column 0, blank lines, then a line starting with a tag: the cut is before that tag. */
const topLevelCut = /^<\/[A-Za-z][\w.:-]*> *\n(?: *\n)+(?=<[A-Za-z])/gm;

/** Link reference and footnote definitions are the page's, not a chunk's: such pages are read whole. */
const definition = /^ {0,3}\[[^\]\n]*\]:/m;

/** The records of a long page read in chunks, or undefined when it cannot be cut or a chunk does not parse (the parser then reads the page whole). */
export function chunkedSummarize(
	document: TextDocument,
	text: string,
	frontmatterEndOffset?: number,
	customIds?: ReadonlyMap<number, string>,
): Extracted | undefined {
	if (text.length < minChunkedChars || definition.test(text)) return undefined;
	const cuts = [0];
	for (const match of text.matchAll(topLevelCut)) cuts.push(match.index + match[0].length);
	if (cuts.length < 2) return undefined;
	cuts.push(text.length);
	const recorder = new PageRecorder(document, text, customIds);
	for (let i = 0; i + 1 < cuts.length; i++) {
		const [from, to] = [cuts[i], cuts[i + 1]];
		// A declined scan leaves partial records: a trial on a scratch recorder decides first.
		if (fastScanInto(new PageRecorder(document, text, customIds), text, from, to, frontmatterEndOffset)) {
			fastScanInto(recorder, text, from, to, frontmatterEndOffset);
			continue;
		}
		const chunk = text.slice(from, to);
		const parsed = parseMdxFast(chunk);
		if (!parsed.tree) return undefined;
		// The cut must be where the parser is at its top level: the chunk's last block is the element its closing tag closes.
		if (to < text.length) {
			const last = parsed.tree.children.at(-1);
			const closeEnd = chunk.trimEnd().length;
			if (last?.type !== 'mdxJsxFlowElement' || last.position?.end.offset !== closeEnd) return undefined;
		}
		recordTree(parsed.tree, recorder, from);
	}
	return recorder.result();
}
