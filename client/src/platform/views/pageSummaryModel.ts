// The one-line summary of what readers did with the page in the active editor, as pure functions
// (no 'vscode'): cut from one load per period of the site-wide lists (views, feedback by page,
// assistant conversations, search terms), so switching pages costs no request.
import type { AssistantConversation, PageTraffic, SearchTerm } from '../api/analyticsTypes';
import type { FeedbackPageStats } from '../api/types';
import { pathOfUrl } from './insightsModel';

/** What one load of a period holds; `complete` says whether every list was read to its end. */
export interface PeriodData {
	readonly period: number;
	readonly views: readonly PageTraffic[];
	readonly feedback: readonly FeedbackPageStats[];
	readonly conversations: readonly AssistantConversation[];
	readonly searches: readonly SearchTerm[];
	readonly complete: boolean;
	readonly loadedAt: number;
}

export interface PageSummary {
	readonly path: string;
	readonly period: number;
	readonly views?: PageTraffic;
	readonly thumbsUp: number;
	readonly thumbsDown: number;
	/** Answers (not clarifying questions) that list the page among their sources. */
	readonly citedBy: number;
	/** Questions asked on the page that the assistant could not answer or asked back about. */
	readonly gapsAsked: number;
	/** Terms whose most-opened result is this page, most hits first. */
	readonly terms: readonly { readonly term: string; readonly hits: number }[];
	readonly complete: boolean;
}

export function summarizePage(data: PeriodData, path: string): PageSummary {
	const feedback = data.feedback.find(f => f.path === path);
	const cited = data.conversations.filter(c => c.responseType !== 'clarifying_question' && c.sources.some(s => pathOfUrl(s.url) === path));
	const gapsAsked = data.conversations.filter(
		c => pathOfUrl(c.pageUrl) === path && (c.responseType === 'clarifying_question' || c.resolutionStatus === 'unanswered'),
	).length;
	return {
		path,
		period: data.period,
		...(data.views.find(v => v.path === path) ? { views: data.views.find(v => v.path === path) } : {}),
		thumbsUp: feedback?.thumbsUp ?? 0,
		thumbsDown: feedback?.thumbsDown ?? 0,
		citedBy: cited.length,
		gapsAsked,
		terms: data.searches
			.filter(t => t.topClickedPage === path)
			.sort((a, b) => b.hits - a.hits)
			.slice(0, 3)
			.map(t => ({ term: t.searchQuery, hits: t.hits })),
		complete: data.complete,
	};
}

/** The status bar text, with codicons: `$(graph) 120 views (40 AI) · $(thumbsup) 3 $(thumbsdown) 1 · cited 4× · "webhooks"`. */
export function summaryText(s: PageSummary): string {
	const views = s.views ? `${s.views.total} views (${s.views.ai} AI)` : 'no views';
	const parts = [`$(graph) ${views}`, `$(thumbsup) ${s.thumbsUp} $(thumbsdown) ${s.thumbsDown}`, `$(hubot) cited ${s.citedBy}×`];
	if (s.terms.length) parts.push(`$(search) “${clip(s.terms[0].term, 24)}”`);
	return parts.join(' · ');
}

/** Markdown for the tooltip: every figure with its meaning, the period, and what the numbers cover. */
export function summaryTooltip(s: PageSummary): string {
	const esc = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, ch => `\\${ch}`);
	return [
		`**Readers of \`${s.path.replace(/`/g, '')}\`, last ${s.period} days**`,
		'',
		s.views ? `Views: ${s.views.total}: people ${s.views.human}, AI agents ${s.views.ai}  ` : 'Views: none recorded  ',
		`Feedback: ${s.thumbsUp} helpful, ${s.thumbsDown} not helpful  `,
		`Assistant answers citing this page: ${s.citedBy}  `,
		...(s.gapsAsked ? [`Questions asked here the assistant could not answer or asked back about: ${s.gapsAsked}  `] : []),
		s.terms.length ? `Searches that led here: ${s.terms.map(t => `${esc(t.term)} (${t.hits})`).join(', ')}  ` : 'No search term led here most often  ',
		'',
		s.complete
			? 'Click for the Insights view of this page.'
			: 'From the most viewed pages, newest answers and top terms only. Click for the Insights view of this page.',
	].join('\n');
}

function clip(text: string, max: number): string {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
