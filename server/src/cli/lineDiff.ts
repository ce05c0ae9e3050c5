import { appendAll } from '../core/arrays';
/**
 * A unified diff of two texts, line by line (`--- a/file`, `+++ b/file`, hunks with three lines of
 * context), for `mintdoc format --diff`, that `git apply` and `patch` apply as written: a text's
 * final line break ends its last line (no empty line after it), a last line without one is marked
 * `\ No newline at end of file`, and removed lines come before the lines that replace them. The
 * common head and tail are cut first, so the quadratic longest-common-subsequence table only
 * covers the changed middle of a page.
 */
export function unifiedDiff(file: string, before: string, after: string): string {
	const a = linesOf(before);
	const b = linesOf(after);
	let head = 0;
	while (head < a.length && head < b.length && a[head] === b[head]) head++;
	let tail = 0;
	while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
	const ops = middleOps(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
	const all: { op: ' ' | '-' | '+'; line: string; ai: number; bi: number }[] = [];
	for (let i = 0; i < head; i++) all.push({ op: ' ', line: a[i], ai: i, bi: i });
	let ai = head;
	let bi = head;
	for (const [op, line] of ops) {
		all.push({ op, line, ai, bi });
		if (op !== '+') ai++;
		if (op !== '-') bi++;
	}
	for (let i = 0; i < tail; i++) all.push({ op: ' ', line: a[a.length - tail + i], ai: ai + i, bi: bi + i });
	const out = [`--- a/${file}`, `+++ b/${file}`];
	let i = 0;
	while (i < all.length) {
		if (all[i].op === ' ') {
			i++;
			continue;
		}
		let start = Math.max(0, i - 3);
		let end = i;
		// Extend the hunk while changes are at most six context lines apart.
		for (let j = i; j < all.length; j++)
			if (all[j].op !== ' ') end = j;
			else if (j - end > 6) break;
		end = Math.min(all.length - 1, end + 3);
		const hunk = all.slice(start, end + 1);
		const aCount = hunk.filter(h => h.op !== '+').length;
		const bCount = hunk.filter(h => h.op !== '-').length;
		appendAll(out, [
			`@@ -${aCount ? hunk[0].ai + 1 : hunk[0].ai},${aCount} +${bCount ? hunk[0].bi + 1 : hunk[0].bi},${bCount} @@`,
			...hunk.map(h => (h.line.endsWith(noFinalBreak) ? `${h.op}${h.line.slice(0, -noFinalBreak.length)}\n\\ No newline at end of file` : `${h.op}${h.line}`)),
		]);
		i = end + 1;
		start = i;
	}
	return out.join('\n') + '\n';
}

/** Marks a text's last line when no line break ends it, so it differs from the same line with one (no line holds a line break). */
const noFinalBreak = '\n';

/** The lines of a text: none for an empty one; the last carries {@link noFinalBreak} when no line break ends it. */
function linesOf(text: string): string[] {
	if (text === '') return [];
	const lines = text.split('\n');
	if (lines[lines.length - 1] === '') lines.pop();
	else lines[lines.length - 1] += noFinalBreak;
	return lines;
}

function middleOps(a: readonly string[], b: readonly string[]): [' ' | '-' | '+', string][] {
	// Beyond this size a plain replace is clearer than a slow alignment.
	if (a.length * b.length > 4_000_000) return [...a.map(l => ['-', l] as ['-', string]), ...b.map(l => ['+', l] as ['+', string])];
	const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
	for (let i = a.length - 1; i >= 0; i--)
		for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
	const ops: [' ' | '-' | '+', string][] = [];
	let i = 0;
	let j = 0;
	while (i < a.length || j < b.length) {
		if (i < a.length && j < b.length && a[i] === b[j]) {
			ops.push([' ', a[i++]]);
			j++;
		} else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
			// Removed lines first, as diff writes them.
			ops.push(['-', a[i++]]);
		} else ops.push(['+', b[j++]]);
	}
	return ops;
}
