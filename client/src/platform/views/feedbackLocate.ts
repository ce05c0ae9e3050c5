// From a feedback entry to a place in its page, as pure functions: which fenced code block a
// code-snippet entry is about (which files serve its page: the client's route map, routeMap.ts).

/** A fenced code block of a page: 0-based lines of the opening fence and of the closing one. */
export interface CodeBlockLocation {
	readonly startLine: number;
	readonly endLine: number;
}

interface Block {
	readonly startLine: number;
	readonly endLine: number;
	readonly lang: string;
	readonly title: string;
	readonly code: string;
}

function blocksOf(text: string): Block[] {
	const lines = text.split(/\r?\n/);
	const blocks: Block[] = [];
	for (let i = 0; i < lines.length; i++) {
		const open = /^(\s*)(`{3,}|~{3,})\s*([\w+#.-]*)\s*(.*)$/.exec(lines[i]);
		if (!open) continue;
		const [, indent, fence] = open;
		const close = lines.findIndex((line, j) => j > i && line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '');
		if (close < 0) break;
		const body = lines.slice(i + 1, close).map(l => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()));
		blocks.push({ startLine: i, endLine: close, lang: open[3], title: open[4].replace(/\{.*\}/, '').trim(), code: body.join('\n') });
		i = close;
	}
	return blocks;
}

const normalize = (code: string) =>
	code
		.split(/\r?\n/)
		.map(l => l.trim())
		.filter(Boolean)
		.join('\n');

/**
 * The code block of `text` that a code-snippet entry is about: the same code (ignoring
 * indentation) wins; else a block holding the entry's first code line; a matching title
 * (filename) or language breaks ties. Undefined when nothing resembles it.
 */
export function findCodeBlock(
	text: string,
	entry: { readonly code?: string; readonly filename?: string; readonly lang?: string },
): CodeBlockLocation | undefined {
	if (entry.code === undefined && !entry.filename) return undefined;
	const wanted = normalize(entry.code ?? '');
	// The platform may clip long snippets: compare what was sent, without a trailing ellipsis.
	const prefix = wanted.replace(/\n?…$/, '');
	const firstCodeLine = wanted.split('\n', 1)[0] ?? '';
	let best: { block: Block; score: number } | undefined;
	for (const block of blocksOf(text)) {
		const code = normalize(block.code);
		let score = 0;
		if (wanted && code === wanted) score += 100;
		else if (prefix && code.includes(prefix)) score += 70;
		else if (firstCodeLine.length >= 6 && code.includes(firstCodeLine)) score += 40;
		if (entry.filename && block.title === entry.filename) score += 20;
		if (entry.lang && block.lang === entry.lang) score += 5;
		if (score >= 20 && (!best || score > best.score)) best = { block, score };
	}
	return best && { startLine: best.block.startLine, endLine: best.block.endLine };
}
