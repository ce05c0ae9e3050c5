// Wire types of the platform's HTTP API, from shared/spec/platform-spec.md (Resources, Endpoints).
// The platform adds enum values over time (feedback source `agent`, for one): every enum here is
// the known values plus `string`, and every resource keeps fields it does not know.

/** Keeps autocompletion for the known values while accepting any string. */
type Open<T extends string> = T | (string & {});

/** `status` of an update: known states, in order. Unknown states are kept as they come. */
export type UpdateState = Open<'queued' | 'in_progress' | 'success' | 'failure'>;

/** Origin of an update trigger. */
export type UpdateSource = Open<'internal' | 'github-app-installation' | 'api' | 'github' | 'dashboard'>;

/** Paths changed by the commit an update deploys. */
export interface FilesChanged {
	readonly added: readonly string[];
	readonly modified: readonly string[];
	readonly removed: readonly string[];
}

/** The commit an update deploys. */
export interface CommitDetails {
	readonly sha?: string;
	readonly ref?: string;
	readonly message?: string;
	readonly filesChanged?: FilesChanged;
	readonly [extra: string]: unknown;
}

/** The author of an update. */
export interface UpdateAuthor {
	readonly name: string;
	/** https URL of their avatar. */
	readonly avatarUrl?: string;
	readonly githubUserId?: number;
}

/** Response of `GET /v1/project/update-status/{statusId}`. Which fields are required is not documented. */
export interface UpdateStatus {
	/** Status id of the triggered update. */
	readonly _id: string;
	readonly projectId?: string;
	/** ISO date-time, UTC. */
	readonly createdAt?: string;
	/** ISO date-time, UTC; absent while the update runs. */
	readonly endedAt?: string;
	readonly status: UpdateState;
	readonly summary?: string;
	readonly logs: readonly string[];
	readonly subdomain?: string;
	readonly screenshot?: string;
	readonly screenshotLight?: string;
	readonly screenshotDark?: string;
	/**
	 * Who started the update. The platform sends an object `{name, avatarUrl, githubUserId}` or
	 * null since 2026-03 (a string before): both are read into this; absent when unknown.
	 */
	readonly author?: UpdateAuthor;
	readonly commit?: CommitDetails;
	readonly source?: UpdateSource;
	readonly [extra: string]: unknown;
}

export const updateStates = ['queued', 'in_progress', 'success', 'failure'] as const;

/** True once an update will not change any more. */
export function isFinalState(state: UpdateState): boolean {
	return state === 'success' || state === 'failure';
}

/**
 * Where a feedback entry came from. The spec lists `code_snippet` and `contextual`; the platform's
 * docs added `agent` and `thumbs_only` (a bare helpful / not helpful vote) in 2026-03. Open: it grew twice.
 */
export type FeedbackSource = Open<'code_snippet' | 'contextual' | 'agent' | 'thumbs_only'>;

/** Triage state of a feedback entry. */
export type FeedbackStatus = Open<'pending' | 'in_progress' | 'resolved' | 'dismissed'>;

export const feedbackSources = ['contextual', 'thumbs_only', 'code_snippet', 'agent'] as const;
export const feedbackStatuses = ['pending', 'in_progress', 'resolved', 'dismissed'] as const;

/**
 * One feedback entry. Contextual feedback (page ratings) carries `helpful` and an optional
 * `contact` e-mail; code-snippet feedback carries `code`, `filename` and `lang`.
 */
export interface FeedbackEntry {
	readonly id: string;
	/** Page path on the site, e.g. `/guides/webhooks`. */
	readonly path: string;
	readonly comment: string;
	readonly createdAt: string;
	readonly source: FeedbackSource;
	readonly status: FeedbackStatus;
	readonly helpful?: boolean;
	readonly contact?: string;
	readonly code?: string;
	readonly filename?: string;
	readonly lang?: string;
	readonly [extra: string]: unknown;
}

/** One page's counts from `GET /v1/analytics/{projectId}/feedback/by-page`. */
export interface FeedbackPageStats {
	readonly path: string;
	readonly thumbsUp: number;
	readonly thumbsDown: number;
	readonly code: number;
	readonly total: number;
}

/** Response of the by-page aggregate: the pages with the most feedback first. */
export interface FeedbackByPage {
	readonly feedback: readonly FeedbackPageStats[];
	readonly hasMore: boolean;
}

/** Response of `GET /v1/analytics/{projectId}/feedback` (the spec: `/api/external/v1/...`). */
export interface FeedbackPage {
	readonly feedback: readonly FeedbackEntry[];
	/** Pass as `cursor` for the next page; null at the end. */
	readonly nextCursor: string | null;
	readonly hasMore: boolean;
}

/** Query of the feedback list. Dates are `YYYY-MM-DD` or ISO 8601; `dateTo` is exclusive. */
export interface FeedbackFilters {
	readonly dateFrom?: string;
	readonly dateTo?: string;
	readonly source?: FeedbackSource;
	/** Sent comma-separated as `status`. */
	readonly statuses?: readonly FeedbackStatus[];
	/** Page size, 1..100; the platform's default is 50. */
	readonly limit?: number;
}
