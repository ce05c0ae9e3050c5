/**
 * A unified diff of two texts, line by line (`--- a/file`, `+++ b/file`, hunks with three lines of
 * context), for `mintdoc format --diff`. The common head and tail are cut first, so the quadratic
 * longest-common-subsequence table only covers the changed middle of a page.
 */
export function unifiedDiff(file: string, before: string, after: string): string {
	const a = before.split('\n');
	const b = after.split('\n');
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
		out.push(`@@ -${hunk[0].ai + 1},${aCount} +${hunk[0].bi + 1},${bCount} @@`, ...hunk.map(h => `${h.op}${h.line}`));
		i = end + 1;
		start = i;
	}
	return out.join('\n') + '\n';
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
		} else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j])) ops.push(['+', b[j++]]);
		else ops.push(['-', a[i++]]);
	}
	return ops;
}
