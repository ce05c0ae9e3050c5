// The Insights view's state as a pure reducer (no 'vscode'): what readers did in a period —
// search terms, assistant questions, page traffic with feedback counts — loaded section by
// section and page by page. insightsRows.ts turns it into rows; insightsTree.ts does the I/O.
import type { AssistantCallerStats, AssistantConversation, PageTraffic, SearchTerm, Traffic } from '../api/analyticsTypes';
import { defaultPeriod, type PeriodDays } from '../api/period';
import type { FeedbackPageStats } from '../api/types';
import type { ViewError } from './feedbackModel';
import { InsightsCommands } from '../../commandIds';

export type InsightsSection = 'searches' | 'assistant' | 'pages';
export const insightsSections: readonly InsightsSection[] = ['searches', 'assistant', 'pages'];

export { InsightsCommands };

interface Loadable {
	readonly loading?: 'refresh' | 'more';
	readonly error?: ViewError;
}

export interface SearchesSection extends Loadable {
	readonly terms: readonly SearchTerm[];
	readonly totalSearches?: number;
	readonly nextCursor: string | null;
}

export interface AssistantSection extends Loadable {
	readonly conversations: readonly AssistantConversation[];
	readonly nextCursor: string | null;
	readonly hasMore: boolean;
	readonly callers?: AssistantCallerStats;
}

export interface PagesSection extends Loadable {
	/** Views per path, most first (the order the API gives). */
	readonly views: readonly PageTraffic[];
	readonly visitors: readonly PageTraffic[];
	readonly feedback: readonly FeedbackPageStats[];
	readonly viewTotals?: Traffic;
	readonly visitorTotals?: Traffic;
	/** The next `offset` for views and visitors. */
	readonly offset: number;
	readonly hasMore: boolean;
}

export interface InsightsState {
	readonly period: PeriodDays;
	/** A site path (`/guides/webhooks`): the rows about that page only. */
	readonly page?: string;
	/** {@link insightsKey} of what is loaded; sections of another key are never shown. */
	readonly key?: string;
	readonly searches: SearchesSection;
	readonly assistant: AssistantSection;
	readonly pages: PagesSection;
	readonly loadedAt?: number;
}

export type InsightsAction =
	| { readonly type: 'setPeriod'; readonly period: PeriodDays }
	| { readonly type: 'setPage'; readonly page: string | undefined }
	| { readonly type: 'loadStarted'; readonly section: InsightsSection; readonly mode: 'refresh' | 'more'; readonly key: string }
	| { readonly type: 'loadFailed'; readonly section: InsightsSection; readonly key: string; readonly error: ViewError }
	| {
			readonly type: 'searchesLoaded';
			readonly mode: 'refresh' | 'more';
			readonly key: string;
			readonly terms: readonly SearchTerm[];
			readonly totalSearches: number;
			readonly nextCursor: string | null;
	  }
	| {
			readonly type: 'assistantLoaded';
			readonly mode: 'refresh' | 'more';
			readonly key: string;
			readonly conversations: readonly AssistantConversation[];
			readonly nextCursor: string | null;
			readonly hasMore: boolean;
	  }
	| { readonly type: 'callersLoaded'; readonly key: string; readonly callers: AssistantCallerStats }
	| {
			readonly type: 'pagesLoaded';
			readonly mode: 'refresh' | 'more';
			readonly key: string;
			readonly views: readonly PageTraffic[];
			readonly visitors: readonly PageTraffic[];
			readonly viewTotals: Traffic;
			readonly visitorTotals: Traffic;
			readonly hasMore: boolean;
			readonly pageSize: number;
	  }
	| { readonly type: 'feedbackLoaded'; readonly key: string; readonly rows: readonly FeedbackPageStats[] }
	| { readonly type: 'loaded'; readonly at: number }
	| { readonly type: 'clear' };

const emptySections = {
	searches: { terms: [], nextCursor: null },
	assistant: { conversations: [], nextCursor: null, hasMore: false },
	pages: { views: [], visitors: [], feedback: [], offset: 0, hasMore: false },
} as const;

export function initialInsightsState(period: PeriodDays = defaultPeriod, page?: string): InsightsState {
	return { period, ...(page ? { page } : {}), ...emptySections };
}

/** What a load answers: the project, the base URL and the period (the page filter is applied when drawing). */
export function insightsKey(baseUrl: string, projectId: string, period: PeriodDays): string {
	return JSON.stringify([baseUrl, projectId, period]);
}

export function reduceInsights(state: InsightsState, action: InsightsAction): InsightsState {
	switch (action.type) {
		case 'setPeriod':
			return action.period === state.period ? state : initialInsightsState(action.period, state.page);
		case 'setPage':
			return { ...state, page: action.page || undefined };
		case 'clear':
			return initialInsightsState(state.period, state.page);
		case 'loaded':
			return { ...state, loadedAt: action.at };
		case 'loadStarted': {
			// A refresh for another key (period or project changed) starts from empty sections.
			const base = action.key !== state.key && action.mode === 'refresh' ? { ...state, ...emptySections, key: action.key } : state;
			if (base.key !== action.key) return state;
			return patch(base, action.section, { loading: action.mode });
		}
		case 'loadFailed':
			// What was loaded stays: the error is shown above it.
			return action.key === state.key ? patch(state, action.section, { loading: undefined, error: action.error }) : state;
		case 'searchesLoaded': {
			if (action.key !== state.key) return state;
			const terms = action.mode === 'more' ? mergeBy([...state.searches.terms, ...action.terms], t => t.searchQuery) : action.terms;
			return { ...state, searches: { terms, totalSearches: action.totalSearches, nextCursor: action.nextCursor, loading: undefined, error: undefined } };
		}
		case 'assistantLoaded': {
			if (action.key !== state.key) return state;
			const conversations = action.mode === 'more' ? mergeBy([...state.assistant.conversations, ...action.conversations], c => c.id) : action.conversations;
			return {
				...state,
				assistant: { ...state.assistant, conversations, nextCursor: action.nextCursor, hasMore: action.hasMore, loading: undefined, error: undefined },
			};
		}
		case 'callersLoaded':
			return action.key === state.key ? { ...state, assistant: { ...state.assistant, callers: action.callers } } : state;
		case 'pagesLoaded': {
			if (action.key !== state.key) return state;
			const more = action.mode === 'more';
			const p = state.pages;
			return {
				...state,
				pages: {
					...p,
					views: more ? mergeBy([...p.views, ...action.views], r => r.path) : action.views,
					visitors: more ? mergeBy([...p.visitors, ...action.visitors], r => r.path) : action.visitors,
					viewTotals: action.viewTotals,
					visitorTotals: action.visitorTotals,
					offset: (more ? p.offset : 0) + action.pageSize,
					hasMore: action.hasMore,
					loading: undefined,
					error: undefined,
				},
			};
		}
		case 'feedbackLoaded':
			return action.key === state.key ? { ...state, pages: { ...state.pages, feedback: action.rows } } : state;
	}
}

function patch<K extends InsightsSection>(state: InsightsState, section: K, change: Loadable): InsightsState {
	return { ...state, [section]: { ...state[section], ...change } };
}

/** The first of each key, in order: a page that shifted while paging is not listed twice. */
function mergeBy<T>(items: readonly T[], key: (item: T) => string): T[] {
	const seen = new Set<string>();
	return items.filter(item => {
		const k = key(item);
		if (seen.has(k)) return false;
		seen.add(k);
		return true;
	});
}

/** The site path of a source or page URL (`https://acme.mintlify.app/guides/webhooks#x` → `/guides/webhooks`); undefined for non-http. */
export function pathOfUrl(url: string | null | undefined): string | undefined {
	if (!url) return undefined;
	try {
		const parsed = new URL(url);
		if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
		const path = parsed.pathname.replace(/\/+$/, '');
		return path || '/';
	} catch {
		return url.startsWith('/') ? url.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/' : undefined;
	}
}

/** True when a conversation is about `page`: it started there or cites it. */
export function conversationTouches(conversation: AssistantConversation, page: string): boolean {
	return pathOfUrl(conversation.pageUrl) === page || conversation.sources.some(s => pathOfUrl(s.url) === page);
}

/** A term is a content gap when readers searched it and opened no result. */
export function isSearchGap(term: SearchTerm): boolean {
	return term.hits > 0 && (term.ctr === 0 || term.topClickedPage === null);
}

/** The assistant asked back instead of answering, or said the docs do not cover it: a gap too. */
export function isAssistantGap(conversation: AssistantConversation): boolean {
	return conversation.responseType === 'clarifying_question' || conversation.resolutionStatus === 'unanswered';
}
