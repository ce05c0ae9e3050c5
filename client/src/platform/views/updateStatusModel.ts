// The Update Status view's state and rows as pure functions (no 'vscode'): tracked ids, the
// latest status of each, polling decisions, and the status bar text.
import { maxIdLength } from '../api/docsApiClient';
import { isFinalState, type UpdateState, type UpdateStatus } from '../api/types';
import { absoluteTime, escapeMarkdown, firstLine, formatSpan, relativeTime, type RowIcon, type ViewRow } from '../../views/viewRow';
import { errorRow, type ViewError } from './feedbackModel';
import { UpdateCommands } from '../../commandIds';

export { UpdateCommands };

/** Tracked ids kept (newest first); older ones drop off. */
export const maxTracked = 20;

export interface TrackedUpdate {
	readonly id: string;
	readonly status?: UpdateStatus;
	/** The last request failed; `status` (if any) is what was loaded before. */
	readonly error?: ViewError;
	readonly loading?: boolean;
	readonly fetchedAt?: number;
	/** Automatic refreshes since the last manual one (drives the backoff). */
	readonly polls: number;
}

export interface UpdatesState {
	/** Newest tracked first. */
	readonly tracked: readonly TrackedUpdate[];
}

export type UpdatesAction =
	| { readonly type: 'track'; readonly id: string }
	| { readonly type: 'untrack'; readonly id: string }
	| { readonly type: 'fetchStarted'; readonly id: string; readonly automatic: boolean }
	| { readonly type: 'fetched'; readonly id: string; readonly status: UpdateStatus; readonly at: number }
	| { readonly type: 'failed'; readonly id: string; readonly error: ViewError };

export function reduceUpdates(state: UpdatesState, action: UpdatesAction): UpdatesState {
	const update = (id: string, change: (t: TrackedUpdate) => TrackedUpdate): UpdatesState => ({
		tracked: state.tracked.map(t => (t.id === id ? change(t) : t)),
	});
	switch (action.type) {
		case 'track': {
			const existing = state.tracked.find(t => t.id === action.id);
			return { tracked: [existing ?? { id: action.id, polls: 0 }, ...state.tracked.filter(t => t.id !== action.id)].slice(0, maxTracked) };
		}
		case 'untrack':
			return { tracked: state.tracked.filter(t => t.id !== action.id) };
		case 'fetchStarted':
			return update(action.id, t => ({ ...t, loading: true, polls: action.automatic ? t.polls + 1 : 0 }));
		case 'fetched':
			return update(action.id, t => ({ ...t, status: action.status, error: undefined, loading: false, fetchedAt: action.at }));
		case 'failed':
			return update(action.id, t => ({ ...t, error: action.error, loading: false }));
	}
}

/**
 * A message for an id typed by the user, or undefined when it can be sent. Slashes and spaces
 * are legal in a path segment once encoded, but no real status id has them: warn early.
 */
export function statusIdProblem(text: string): string | undefined {
	const id = text.trim();
	if (!id) return 'Enter the status id returned when the update was triggered.';
	if (id.length > maxIdLength) return `That is ${id.length} characters; status ids are short (at most ${maxIdLength}).`;
	if (!/^[\w.:-]+$/.test(id)) return 'Status ids contain only letters, digits, and - _ . : (no slashes or spaces).';
	return undefined;
}

/** Keep refreshing automatically while the update is not final, the key works, and not too often. */
export function shouldPoll(t: TrackedUpdate): boolean {
	if (!t.status || isFinalState(t.status.status)) return false;
	if (t.error && (t.error.kind === 'auth' || t.error.kind === 'forbidden' || t.error.kind === 'notFound' || t.error.kind === 'badRequest')) return false;
	return t.polls < maxPolls;
}

/** Automatic refreshes before giving up (the user can still refresh by hand): about an hour. */
export const maxPolls = 80;

/** Delay before the next automatic refresh: 2, 3, 5, 8, 13, 21, 34 s, then every 60 s; a Retry-After wins. */
export function nextPollDelay(t: TrackedUpdate): number {
	if (t.error?.retryAfter !== undefined) return Math.max(1, t.error.retryAfter) * 1000;
	const fib = [2, 3, 5, 8, 13, 21, 34];
	return (fib[t.polls] ?? 60) * 1000;
}

const stateIcons: Record<string, RowIcon> = {
	queued: { id: 'clock', color: 'charts.yellow' },
	in_progress: { id: 'sync~spin', color: 'charts.blue' },
	success: { id: 'pass', color: 'testing.iconPassed' },
	failure: { id: 'error', color: 'testing.iconFailed' },
};

export function stateIcon(state: UpdateState | undefined): RowIcon {
	return (state && stateIcons[state]) || { id: 'question' };
}

export function stateLabel(state: UpdateState): string {
	return state.replace(/_/g, ' ');
}

/** The rows of the Update Status view: one expandable row per tracked id. */
export function updateRows(state: UpdatesState, now: number): ViewRow[] {
	return state.tracked.map((t, i) => trackedRow(t, now, i === 0));
}

function trackedRow(t: TrackedUpdate, now: number, newest: boolean): ViewRow {
	const s = t.status;
	const description = s
		? [stateLabel(s.status), relativeTime(s.endedAt ?? s.createdAt, now)].filter(Boolean).join(' · ')
		: t.loading
			? 'loading…'
			: t.error
				? 'not loaded'
				: '';
	const children: ViewRow[] = [];
	if (t.error) children.push(errorRow(t.error, UpdateCommands.refresh, [t.id], `${t.id}/error`));
	if (s) children.push(...detailRows(t.id, s, now));
	if (s && !isFinalState(s.status)) {
		children.push(
			shouldPoll(t)
				? {
						id: `${t.id}/poll`,
						label: 'Refreshing while the update runs; click to refresh now',
						icon: { id: 'refresh' },
						action: { type: 'command', command: UpdateCommands.refresh, args: [t.id] },
					}
				: {
						id: `${t.id}/poll`,
						label: 'Automatic refresh stopped; click to refresh',
						icon: { id: 'debug-pause' },
						action: { type: 'command', command: UpdateCommands.refresh, args: [t.id] },
					},
		);
	}
	return {
		id: t.id,
		label: t.id,
		description,
		tooltip: s?.summary ? escapeMarkdown(s.summary) : undefined,
		icon: t.loading && !s ? { id: 'loading~spin' } : t.error && !s ? { id: 'warning', color: 'errorForeground' } : stateIcon(s?.status),
		contextValue: 'trackedUpdate',
		expanded: newest,
		children,
	};
}

function detailRows(id: string, s: UpdateStatus, now: number): ViewRow[] {
	const rows: ViewRow[] = [];
	const leaf = (key: string, label: string, description?: string, icon?: string, tooltip?: string): ViewRow => ({
		id: `${id}/${key}`,
		label,
		description,
		icon: icon ? { id: icon } : undefined,
		tooltip,
	});
	if (s.summary) rows.push(leaf('summary', s.summary, undefined, 'info', escapeMarkdown(s.summary)));
	rows.push(leaf('state', `Status: ${stateLabel(s.status)}`, undefined, stateIcon(s.status).id));
	// A preview deployment (`POST /v1/project/preview`) names its address; https only, as every URL from the network.
	if (typeof s.previewUrl === 'string' && /^https:\/\/\S+$/.test(s.previewUrl)) {
		rows.push({
			id: `${id}/preview`,
			label: 'Preview',
			description: s.previewUrl,
			icon: { id: 'globe' },
			tooltip: escapeMarkdown(s.previewUrl),
			action: { type: 'openUrl', url: s.previewUrl },
		});
	}
	// `author` arrives as a string (the spec) or an object (the platform since 2026-03): parse.ts reads both into {name}.
	if (s.author || s.source) rows.push(leaf('author', s.author?.name ?? 'Unknown author', s.source ? `via ${s.source}` : undefined, 'person'));
	if (s.createdAt) {
		const duration = s.endedAt ? (Date.parse(s.endedAt) - Date.parse(s.createdAt)) / 1000 : NaN;
		const took = Number.isFinite(duration) && duration >= 0 ? `took ${formatSpan(duration)}` : undefined;
		rows.push(
			leaf(
				'started',
				`Started ${relativeTime(s.createdAt, now)}`,
				took,
				'history',
				`Started ${absoluteTime(s.createdAt)}${s.endedAt ? `  \nEnded ${absoluteTime(s.endedAt)}` : ''}`,
			),
		);
	}
	const c = s.commit;
	if (c) {
		rows.push(
			leaf(
				'commit',
				`Commit ${c.sha ? c.sha.slice(0, 7) : '(no sha)'}${c.ref ? ` on ${c.ref}` : ''}`,
				c.message ? firstLine(c.message, 70) : undefined,
				'git-commit',
				[c.sha && `\`${c.sha.replace(/`/g, '')}\``, c.ref && `ref ${escapeMarkdown(c.ref)}`, c.message && escapeMarkdown(c.message)]
					.filter(Boolean)
					.join('  \n'),
			),
		);
		const files = c.filesChanged;
		const groups = files
			? (
					[
						['added', files.added, 'diff-added'],
						['modified', files.modified, 'diff-modified'],
						['removed', files.removed, 'diff-removed'],
					] as const
				).filter(([, list]) => list.length)
			: [];
		const total = groups.reduce((n, [, list]) => n + list.length, 0);
		if (total) {
			rows.push({
				id: `${id}/files`,
				label: 'Files changed',
				description: String(total),
				icon: { id: 'files' },
				expanded: total <= 10,
				children: groups.map(([kind, list, icon]) => ({
					id: `${id}/files/${kind}`,
					label: kind[0].toUpperCase() + kind.slice(1),
					description: String(list.length),
					icon: { id: icon },
					expanded: true,
					children: list.map(file => ({
						id: `${id}/files/${kind}/${file}`,
						label: file,
						icon: { id: icon },
						contextValue: kind === 'removed' ? 'removedFile' : 'changedFile',
						action: { type: 'command', command: UpdateCommands.openFile, args: [file] },
					})),
				})),
			});
		}
	}
	rows.push({
		id: `${id}/logs`,
		label: `Logs`,
		description: s.logs.length ? `${s.logs.length} lines · ${firstLine(s.logs[s.logs.length - 1], 60)}` : 'none yet',
		icon: { id: 'output' },
		action: { type: 'command', command: UpdateCommands.openLogs, args: [id] },
	});
	const shots = (
		[
			['Screenshot', s.screenshot],
			['Screenshot (light)', s.screenshotLight],
			['Screenshot (dark)', s.screenshotDark],
		] as const
	).filter(([, url]) => typeof url === 'string' && /^https?:\/\//.test(url));
	if (shots.length) {
		rows.push({
			id: `${id}/screenshots`,
			label: 'Screenshots',
			description: String(shots.length),
			icon: { id: 'device-camera' },
			expanded: false,
			children: shots.map(([label, url]) => ({
				id: `${id}/screenshots/${label}`,
				label,
				description: url,
				icon: { id: 'link-external' },
				action: { type: 'openUrl', url: url as string },
			})),
		});
	}
	if (s.subdomain || s.projectId) rows.push(leaf('site', s.subdomain ?? '', s.projectId ? `project ${s.projectId}` : undefined, 'globe'));
	return rows;
}

/** Text for the read-only logs editor. */
export function logsText(id: string, s: UpdateStatus | undefined): string {
	if (!s) return `Update ${id}: not loaded yet.\n`;
	const header = [
		`Update ${id}: ${stateLabel(s.status)}`,
		s.summary,
		s.createdAt && `Started ${absoluteTime(s.createdAt)}`,
		s.endedAt && `Ended ${absoluteTime(s.endedAt)}`,
	].filter(Boolean);
	return `${header.join('\n')}\n\n${s.logs.join('\n')}\n`;
}

/** Status bar item for the newest tracked update, or undefined to hide it. */
export function statusBarText(t: TrackedUpdate | undefined): { text: string; tooltip: string } | undefined {
	if (!t) return undefined;
	const s = t.status;
	if (!s)
		return t.error
			? { text: '$(warning) Docs update', tooltip: `${t.id}: ${t.error.message}` }
			: { text: '$(loading~spin) Docs update', tooltip: `${t.id}: loading` };
	const icon = stateIcon(s.status).id;
	return {
		text: `$(${icon}) Docs update: ${stateLabel(s.status)}`,
		tooltip: `${t.id}: ${s.summary ?? stateLabel(s.status)}${t.error ? `\n${t.error.message}` : ''}`,
	};
}
