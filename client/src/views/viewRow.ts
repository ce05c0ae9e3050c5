// What a tree view shows, decided by pure functions (views/*Model.ts) and drawn by the vscode side.
// Tests assert on these rows; the integration tests read them back through the extension's API.

/** What clicking a row does. The vscode side maps each to a command. */
export type RowAction =
	{ readonly type: 'command'; readonly command: string; readonly args?: readonly unknown[] } | { readonly type: 'openUrl'; readonly url: string };

/** A codicon id with an optional theme color id, e.g. `{ id: 'pass', color: 'testing.iconPassed' }`. */
export interface RowIcon {
	readonly id: string;
	readonly color?: string;
}

/** One row of a tree view. `children` undefined means a leaf. */
export interface ViewRow {
	/** Unique within the view; keeps expansion state across redraws. */
	readonly id: string;
	readonly label: string;
	readonly description?: string;
	/** Markdown. */
	readonly tooltip?: string;
	readonly icon?: RowIcon;
	/** `viewItem` for `view/item/context` menus, e.g. `feedbackEntry`. */
	readonly contextValue?: string;
	readonly action?: RowAction;
	readonly children?: readonly ViewRow[];
	readonly expanded?: boolean;
}

/** The rows as plain text lines, indented by depth: a readable snapshot for tests and logs. */
export function rowsToText(rows: readonly ViewRow[], depth = 0): string[] {
	return rows.flatMap(row => [
		`${'  '.repeat(depth)}${row.label}${row.description ? ` — ${row.description}` : ''}`,
		...rowsToText(row.children ?? [], depth + 1),
	]);
}

/** Every row, depth first. */
export function flattenRows(rows: readonly ViewRow[]): ViewRow[] {
	return rows.flatMap(row => [row, ...flattenRows(row.children ?? [])]);
}

/** "just now", "5 min ago", "3 h ago", "2 days ago", else the date (YYYY-MM-DD). Empty for an unreadable time. */
export function relativeTime(iso: string | undefined, now: number): string {
	const t = iso ? Date.parse(iso) : NaN;
	if (Number.isNaN(t)) return '';
	const seconds = Math.round((now - t) / 1000);
	if (seconds < 0) return seconds > -60 ? 'just now' : `in ${formatSpan(-seconds)}`;
	if (seconds < 45) return 'just now';
	if (seconds < 30 * 86_400) return `${formatSpan(seconds)} ago`;
	return new Date(t).toISOString().slice(0, 10);
}

/** A duration in the largest fitting unit: "40 s", "5 min", "3 h", "2 days". */
export function formatSpan(seconds: number): string {
	if (seconds < 60) return `${Math.round(seconds)} s`;
	if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
	if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`;
	const days = Math.round(seconds / 86_400);
	return `${days} day${days === 1 ? '' : 's'}`;
}

/** An absolute UTC time for tooltips, e.g. "2026-01-15 12:00:00 UTC". */
export function absoluteTime(iso: string | undefined): string {
	const t = iso ? Date.parse(iso) : NaN;
	return Number.isNaN(t) ? (iso ?? '') : `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Text from the server made inert for a Markdown tooltip. */
export function escapeMarkdown(text: string): string {
	return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, ch => `\\${ch}`);
}

/** A fenced code block whose fence is longer than any backtick run inside. */
export function codeFence(code: string, lang = ''): string {
	const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map(m => m[0].length));
	const fence = '`'.repeat(longest + 1);
	return `${fence}${lang.replace(/[^\w+#.-]/g, '')}\n${code}\n${fence}`;
}

/** The first line of a text, clipped to `max` characters. */
export function firstLine(text: string, max = 80): string {
	const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
	return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
