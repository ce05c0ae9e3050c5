// Wire types of the platform's analytics export API beside feedback (analytics.openapi.json,
// 2026): assistant conversations and threads, caller stats, search terms, page views and
// visitors. As in types.ts, enums stay open and unknown fields are kept.

/** Keeps autocompletion for the known values while accepting any string. */
type Open<T extends string> = T | (string & {});

/** A date range: `YYYY-MM-DD` or ISO 8601; `dateTo` is exclusive (results before it, not on it). */
export interface DateRange {
	readonly dateFrom?: string;
	readonly dateTo?: string;
}

/** One user turn of an assistant conversation (`GET /v1/analytics/{projectId}/assistant`). */
export interface AssistantConversation {
	/** ULID; also names the thread for `assistant/threads/{threadId}`. */
	readonly id: string;
	readonly timestamp: string;
	readonly query: string;
	readonly response: string;
	/** `answer` when absent (platform docs). */
	readonly responseType: Open<'answer' | 'clarifying_question'>;
	readonly sources: readonly { readonly title: string; readonly url: string }[];
	readonly resolutionStatus: Open<'answered' | 'unanswered'>;
	readonly queryCategory: string | null;
	/** Full URL of the page the conversation started on. */
	readonly pageUrl: string | null;
	readonly [extra: string]: unknown;
}

export interface AssistantConversationsPage {
	readonly conversations: readonly AssistantConversation[];
	readonly nextCursor: string | null;
	readonly hasMore: boolean;
}

export interface AssistantThread {
	readonly threadId: string;
	readonly createdAt: string;
	readonly messages: readonly { readonly id: string; readonly role: Open<'user' | 'assistant'>; readonly content: string; readonly createdAt: string }[];
}

export interface AssistantCallerStats {
	readonly web: number;
	readonly api: number;
	readonly other: number;
	readonly total: number;
}

/** One search term (`GET .../searches`), terms by hits descending. */
export interface SearchTerm {
	readonly searchQuery: string;
	readonly hits: number;
	/** Click-through rate, 0-1. */
	readonly ctr: number;
	/** The most-clicked result path; null when nobody clicked a result. */
	readonly topClickedPage: string | null;
	readonly lastSearchedAt: string;
}

export interface SearchesPage {
	readonly searches: readonly SearchTerm[];
	/** Search events in the range (all hits, not distinct terms). */
	readonly totalSearches: number;
	readonly nextCursor: string | null;
}

/** Human, AI-agent and all traffic: views (events) or visitors (approximate distinct; `total` deduplicated). */
export interface Traffic {
	readonly human: number;
	readonly ai: number;
	readonly total: number;
}

export interface PageTraffic extends Traffic {
	readonly path: string;
}

/** `GET .../views` or `.../visitors`: site totals and one offset page of paths, most traffic first. */
export interface TrafficPage {
	readonly totals: Traffic;
	readonly rows: readonly PageTraffic[];
	readonly hasMore: boolean;
}

/** The documented limits (analytics.openapi.json). */
export const analyticsLimits = {
	assistant: { max: 1000, default: 100 },
	searches: { max: 100, default: 50 },
	traffic: { max: 250, default: 50 },
} as const;
