import type { Root } from 'mdast';
import { writeBlocks, type WrittenSpan } from './blockWriter';
import { blank, finalLine } from './lineMarks';
import { writeFrontmatter } from './frontmatterWriter';
import { appendAll } from '../arrays';

/** One top-level unit of a written page: the tree's top-level nodes `from`..`to` (exclusive) and the text written for them. */
export interface WrittenUnit {
	readonly from: number;
	readonly to: number;
	readonly text: string;
}

/**
 * A page as written, with what each top-level unit became (the frontmatter is a unit of its own).
 * `joined`: the units, one blank line between each two and one line break after the last, make
 * exactly `text` (false where components are packed without blank lines, or a unit ends in a
 * blank line): only then can the page be proved unit by unit (blockProof.ts).
 */
export interface WrittenPage {
	readonly text: string;
	readonly units: readonly WrittenUnit[];
	readonly joined: boolean;
}

/** One pass: the page written from its tree, frontmatter first, ending with exactly one newline. */
export function writePage(tree: Root, source: string): string {
	return writePageUnits(tree, source).text;
}

export function writePageUnits(tree: Root, source: string): WrittenPage {
	const lines: string[] = [];
	const spans: WrittenSpan[] = [];
	const yaml = tree.children[0]?.type === 'yaml' ? tree.children[0] : undefined;
	if (yaml) {
		const front = writeFrontmatter(yaml.value);
		appendAll(lines, ['---', ...(front ?? yaml.value.split(/\r?\n/)), '---']);
		spans.push({ from: 0, to: 1, lineStart: 0, lineEnd: lines.length });
		if (tree.children.length > 1) lines.push(blank);
	}
	const offset = lines.length;
	const blockSpans: WrittenSpan[] = [];
	appendAll(lines, writeBlocks(tree.children, { source }, false, blockSpans));
	for (const s of blockSpans) spans.push({ from: s.from, to: s.to, lineStart: s.lineStart + offset, lineEnd: s.lineEnd + offset });
	const final = lines.map(finalLine);
	const text = `${final.join('\n').replace(/\n+$/, '')}\n`;
	const units = spans.map(s => ({ from: s.from, to: s.to, text: final.slice(s.lineStart, s.lineEnd).join('\n') }));
	const joined = units.length > 0 && `${units.map(u => u.text).join('\n\n')}\n` === text;
	return { text, units, joined };
}
