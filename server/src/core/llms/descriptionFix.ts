import type { Range } from 'vscode-languageserver-types';

/** What a page diagnostic's quick fix writes (pageCodeActions reads it from `data.edit`). */
export interface DescriptionEdit {
	readonly title: string;
	readonly range: Range;
	readonly newText: string;
}

/** Search result snippets show about this many characters: a description written for them fits. */
const snippetLength = 160;

/**
 * `page-description-missing`'s fix: a `description` made of the page's first paragraph of prose,
 * cut at a sentence (else a word) under 160 characters, written before the frontmatter's closing
 * fence (or in a new frontmatter block). Undefined when the page has no prose to take it from.
 */
export function descriptionFix(text: string): DescriptionEdit | undefined {
	const lines = text.split('\n');
	const eol = lines[0]?.endsWith('\r') ? '\r\n' : '\n';
	const bare = (line: string) => line.replace(/\r$/, '');
	let body = 0;
	let closing: number | undefined;
	if (/^---[ \t]*$/.test(bare(lines[0] ?? ''))) {
		closing = lines.findIndex((line, i) => i > 0 && /^---[ \t]*$/.test(bare(line)));
		// An unclosed block is the frontmatter error's to report; nothing is written into it.
		if (closing === -1) return undefined;
		body = closing + 1;
	}
	const paragraph = firstParagraph(lines.slice(body).map(bare));
	if (paragraph === undefined) return undefined;
	const description = shortened(paragraph);
	const entry = `description: ${JSON.stringify(description)}${eol}`;
	const title = `Add the description "${description.length > 60 ? `${description.slice(0, 57)}…` : description}"`;
	if (closing !== undefined) return { title, range: { start: { line: closing, character: 0 }, end: { line: closing, character: 0 } }, newText: entry };
	return { title, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: `---${eol}${entry}---${eol}${eol}` };
}

/** The first paragraph that is prose: not a heading, import, component, code, list, table, quote or image. */
function firstParagraph(lines: readonly string[]): string | undefined {
	let fence: string | undefined;
	const collected: string[] = [];
	for (const line of lines) {
		const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
		if (marker) {
			if (fence === undefined) fence = marker[0];
			else if (marker[0] === fence) fence = undefined;
			continue;
		}
		if (fence !== undefined) continue;
		if (line.trim() === '') {
			if (collected.length) break;
			continue;
		}
		const isProse = !/^\s*([#<>|{}!*+-]|\d+[.)]\s|import\s|export\s|\[\^)/.test(line);
		if (!isProse) {
			if (collected.length) break;
			continue;
		}
		collected.push(line.trim());
	}
	const plain = plainText(collected.join(' '));
	return plain.length >= 20 ? plain : undefined;
}

/** Markdown reduced to what a reader sees: link and emphasis text, code without its backticks, no inline tags. */
function plainText(markdown: string): string {
	return markdown
		.replace(/!\[[^\]]*\]\([^)]*\)/g, '')
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/<[^>]+>/g, '')
		.replace(/`([^`]*)`/g, '$1')
		.replace(/(\*\*|__)(.+?)\1/g, '$2')
		.replace(/(^|[^\w*])[*_]([^*_]+)[*_](?=[^\w*]|$)/g, '$1$2')
		.replace(/\s+/g, ' ')
		.trim();
}

/** At most 160 characters: whole sentences when the first fits, else whole words and an ellipsis. */
function shortened(text: string): string {
	if (text.length <= snippetLength) return text;
	const sentences = text.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [];
	let kept = '';
	for (const sentence of sentences) {
		if ((kept + sentence).trim().length > snippetLength) break;
		kept += sentence;
	}
	if (kept.trim()) return kept.trim();
	const cut = text.slice(0, snippetLength - 1);
	const space = cut.lastIndexOf(' ');
	return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}
