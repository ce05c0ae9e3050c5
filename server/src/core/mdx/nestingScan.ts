/**
 * Pre-scans that run before the MDX parser, whose cost grows with nesting faster than with size
 * (issue 51: `{`×100k then `}`×100k, 200 KB, ran past 60 s; 50,000 lines of `<div>` overflowed the
 * stack; `> - `×50k on one line ran past 60 s). Each is one linear pass.
 */

/** Braces and JSX elements open at once; the deepest real page nests perhaps 10-20 (a 500-deep `<Note>` still parses in ~0.3 s). */
export const maxMdxNesting = 1000;
/** Block quotes and list items opened on one line (`> - > - …`). */
export const maxContainersPerLine = 100;
/**
 * Lines that each open two or more block quotes or list items (`- > x`, `> - x`). micromark moves
 * events around at every container exit on such lines; past this many a page takes seconds even
 * with the linear edit map (`linearEditMap.ts`; 16,000 lines of `- > x` ≈ 4 s). Real pages have a few.
 */
export const maxNestedContainerLines = 500;

/** Offset of the first line that opens more than `maxContainersPerLine` block quotes or list items, or undefined. */
export function findExcessiveContainers(text: string, from = 0): number | undefined {
	const pattern = new RegExp(`^(?:[ \\t]*(?:>|[-*+](?=[ \\t])|\\d{1,9}[.)](?=[ \\t]))){${maxContainersPerLine + 1}}`, 'gm');
	pattern.lastIndex = from;
	const match = pattern.exec(text);
	return match ? match.index : undefined;
}

/** Offset of the line past `maxLines` that each open two or more block quotes or list items, or undefined (one linear pass). */
export function findManyNestedContainerLines(text: string, from = 0, maxLines = maxNestedContainerLines): number | undefined {
	const pattern = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))){2}/gm;
	pattern.lastIndex = from;
	let count = 0;
	for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
		if (++count > maxLines) return match.index;
	}
	return undefined;
}

/**
 * Offset of the first `{` or `<tag` that opens a level deeper than `maxDepth`, counting braces and
 * JSX elements together outside fenced code and code spans (`\` escapes); undefined when none does.
 * Closing braces, closing tags and `/>` close a level (never below 0).
 */
export function findExcessiveNesting(text: string, from = 0, maxDepth = maxMdxNesting): number | undefined {
	// Only a `{` or a `<` opens a level: a page with no more of them than `maxDepth` cannot pass it
	// (almost every page; the line-by-line scan below was ~7 % of a page worker on mintlify/docs).
	let openers = 0;
	for (let i = from; i < text.length && openers <= maxDepth; i++) {
		const c = text.charCodeAt(i);
		if (c === 0x7b || c === 0x3c) openers++;
	}
	if (openers <= maxDepth) return undefined;
	let depth = 0;
	let fence: string | undefined;
	let lineStart = from;
	while (lineStart < text.length) {
		let lineEnd = text.indexOf('\n', lineStart);
		if (lineEnd === -1) lineEnd = text.length;
		const opener = /^[ \t>]*(`{3,}|~{3,})/.exec(text.slice(lineStart, Math.min(lineEnd, lineStart + 200)));
		if (fence !== undefined) {
			if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = undefined;
		} else if (opener) {
			fence = opener[1];
		} else {
			const found = scanLine(text, lineStart, lineEnd, depth, maxDepth);
			if (typeof found === 'object') return found.at;
			depth = found;
		}
		lineStart = lineEnd + 1;
	}
	return undefined;
}

/** The depth after one line outside fenced code, or where it passes `maxDepth`. */
function scanLine(text: string, start: number, end: number, depth: number, maxDepth: number): number | { at: number } {
	const spans = codeSpans(text, start, end);
	let span = 0;
	for (let i = start; i < end; i++) {
		while (span < spans.length && spans[span][1] <= i) span++;
		if (span < spans.length && spans[span][0] <= i) {
			i = spans[span][1] - 1;
			continue;
		}
		const c = text[i];
		if (c === '\\') i++;
		else if (c === '{' || (c === '<' && /[A-Za-z>]/.test(text[i + 1] ?? '') && !/^<[A-Za-z][A-Za-z0-9+.-]{1,31}:/.test(text.slice(i, i + 34)))) {
			if (++depth > maxDepth) return { at: i };
		} else if (c === '}' || (c === '<' && text[i + 1] === '/') || (c === '/' && text[i + 1] === '>')) {
			if (depth > 0) depth--;
			if (c !== '}') i++;
		}
	}
	return depth;
}

/** The code spans of one line as [start, end) offsets: a backtick run closed by the next run of the same length (linear: one pointer per length). */
function codeSpans(text: string, start: number, end: number): [number, number][] {
	const runs: [number, number][] = [];
	for (let i = start; i < end; i++) {
		if (text[i] !== '`') continue;
		let j = i;
		while (j < end && text[j] === '`') j++;
		runs.push([i, j - i]);
		i = j - 1;
	}
	if (runs.length < 2) return [];
	const byLength = new Map<number, number[]>();
	runs.forEach(([, length], k) => (byLength.get(length) ?? byLength.set(length, []).get(length)!).push(k));
	const next = new Map<number, number>();
	const spans: [number, number][] = [];
	let skipUntil = -1;
	for (let k = 0; k < runs.length; k++) {
		const [at, length] = runs[k];
		if (at < skipUntil) continue;
		const list = byLength.get(length)!;
		let p = next.get(length) ?? 0;
		while (p < list.length && list[p] <= k) p++;
		next.set(length, p);
		if (p < list.length) {
			const close = runs[list[p]];
			spans.push([at, close[0] + length]);
			skipUntil = close[0] + length;
		}
	}
	return spans;
}
