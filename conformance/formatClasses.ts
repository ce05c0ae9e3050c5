import { unifiedDiff } from '../server/src/cli/lineDiff';

/**
 * The kinds of difference between MintDoc's form of a page and `mint format`'s (issue 47's list),
 * read from a line diff of the two: each changed run of lines is put in the first class whose test
 * it passes, `other` when none does. A page counts once per class it shows.
 */
export const formatClasses = [
	'frontmatter',
	'callout type',
	'trailing whitespace',
	'escapes',
	'empty element',
	'props',
	'code fence meta',
	'inline callout + lazy line',
	'table padding',
	'other',
] as const;
export type FormatClass = (typeof formatClasses)[number];

const named = 'Note|Tip|Info|Warning|Danger|Check|Callout|Frame|Card';

export function classifyDifference(ours: string, mint: string): Set<FormatClass> {
	const found = new Set<FormatClass>();
	const frontmatterEnd = ours.startsWith('---\n') ? ours.indexOf('\n---', 3) : -1;
	const frontmatterLines = frontmatterEnd < 0 ? 0 : ours.slice(0, frontmatterEnd).split('\n').length + 1;
	for (const hunk of changedRuns(ours, mint)) found.add(classify(hunk, frontmatterLines));
	return found;
}

interface Run {
	readonly firstLine: number;
	readonly removed: string[];
	readonly added: string[];
}

function classify(run: Run, frontmatterLines: number): FormatClass {
	const { removed, added } = run;
	const both = (test: (line: string) => boolean) => removed.some(test) || added.some(test);
	if (run.firstLine <= frontmatterLines) return 'frontmatter';
	if (removed.some(l => /<\/?Callout\b/.test(l)) && added.some(l => new RegExp(`</?(${named})\\b`).test(l))) return 'callout type';
	if (removed.length === added.length && removed.every((l, i) => l.trimEnd() === added[i].trimEnd())) return 'trailing whitespace';
	const unescaped = (l: string) => l.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/<([^<>\s]+)>/g, '$1');
	if (removed.length === added.length && removed.every((l, i) => unescaped(l) === unescaped(added[i]))) return 'escapes';
	if (removed.some(l => /^\s*<[A-Z][\w.]*\b[^<>]*\/>\s*$/.test(l)) && added.some(l => /^\s*<\/[A-Z][\w.]*>\s*$/.test(l))) return 'empty element';
	if (both(l => /^\s*(```|~~~)/.test(l))) return 'code fence meta';
	if (removed.some(l => new RegExp(`<(${named})\\b[^>]*>.*</\\1>\\s*\\S`).test(l))) return 'inline callout + lazy line';
	if (both(l => /^\s*\|/.test(l)) && removed.every(l => /^\s*\|/.test(l)) && added.every(l => /^\s*\|/.test(l))) return 'table padding';
	const tag = (l: string) => /^\s*<([A-Z][\w.]*)\b/.exec(l)?.[1];
	const props = (l: string) =>
		(l.match(/\b[\w-]+(=("[^"]*"|'[^']*'|\{[^}]*\}))?/g) ?? [])
			.map(p => p.replace(/=\{true\}$/, ''))
			.sort()
			.join(' ');
	if (removed.length === added.length && removed.every((l, i) => tag(l) && tag(l) === tag(added[i]) && props(l) === props(added[i]))) return 'props';
	return 'other';
}

/** The changed runs of a unified diff: removed and added lines between unchanged ones. */
function changedRuns(ours: string, mint: string): Run[] {
	const runs: Run[] = [];
	let current: { firstLine: number; removed: string[]; added: string[] } | undefined;
	let line = 0;
	for (const text of unifiedDiff('page', ours, mint).split('\n').slice(2)) {
		const hunk = /^@@ -(\d+)/.exec(text);
		if (hunk) {
			if (current) runs.push(current);
			current = undefined;
			line = Number(hunk[1]);
			continue;
		}
		const op = text[0];
		if (op === '-' || op === '+') {
			current ??= { firstLine: line, removed: [], added: [] };
			(op === '-' ? current.removed : current.added).push(text.slice(1));
			if (op === '-') line++;
		} else {
			if (current) runs.push(current);
			current = undefined;
			if (op === ' ') line++;
		}
	}
	if (current) runs.push(current);
	return runs;
}
