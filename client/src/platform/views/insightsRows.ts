// The Insights view's rows from its state, as pure functions (no 'vscode'): three sections
// (Searches, Assistant, Pages), gaps marked, every row that is about a page opening it.
import type { AssistantConversation, PageTraffic, SearchTerm } from '../api/analyticsTypes';
import type { FeedbackPageStats } from '../api/types';
import { escapeMarkdown, firstLine, relativeTime, type ViewRow } from '../../views/viewRow';
import { errorRow, FeedbackCommands } from './feedbackModel';
import { conversationTouches, InsightsCommands, isAssistantGap, isSearchGap, pathOfUrl, type InsightsSection, type InsightsState } from './insightsModel';

const openPage = (path: string) => ({ type: 'command' as const, command: InsightsCommands.openPage, args: [path] });
const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
const plural = (n: number, word: string, many = `${word}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;

/** The whole tree: the page filter (when set), then the three sections. Nothing before the first load (the welcome view speaks). */
export function insightsRows(state: InsightsState, now: number): ViewRow[] {
	if (state.key === undefined) return [];
	const rows: ViewRow[] = [];
	if (state.page) {
		rows.push({
			id: 'filter',
			label: `Page ${state.page}`,
			description: 'click to show every page',
			icon: { id: 'filter' },
			tooltip: `Only what is about \`${state.page.replace(/`/g, '')}\`: searches that landed on it, questions that started on it or cited it, its traffic.`,
			action: { type: 'command', command: InsightsCommands.clearPage },
		});
	}
	rows.push(searchesSection(state, now), assistantSection(state, now), pagesSection(state));
	return rows;
}

function sectionState(state: InsightsState, section: InsightsSection, empty: boolean, what: string): ViewRow[] {
	const s = state[section];
	const rows: ViewRow[] = [];
	if (s.error) rows.push(errorRow(s.error, InsightsCommands.refresh, [], `${section}/error`, { type: 'command', command: FeedbackCommands.setProjectId }));
	if (s.loading === 'refresh' && empty) rows.push({ id: `${section}/loading`, label: `Loading ${what}…`, icon: { id: 'loading~spin' } });
	else if (empty && !s.error && !s.loading)
		rows.push({ id: `${section}/none`, label: `No ${what} in this period${state.page ? ' for this page' : ''}`, icon: { id: 'info' } });
	return rows;
}

function moreRow(state: InsightsState, section: InsightsSection, has: boolean, loaded: number): ViewRow[] {
	if (!has) return [];
	return [
		state[section].loading === 'more'
			? { id: `${section}/more`, label: 'Loading more…', icon: { id: 'loading~spin' } }
			: {
					id: `${section}/more`,
					label: 'Load more…',
					description: `${loaded} loaded`,
					icon: { id: 'fold-down' },
					action: { type: 'command', command: InsightsCommands.loadMore, args: [section] },
				},
	];
}

function searchesSection(state: InsightsState, now: number): ViewRow {
	const all = state.searches.terms;
	const terms = state.page ? all.filter(t => t.topClickedPage === state.page) : all;
	const gaps = terms.filter(isSearchGap).length;
	const total = state.searches.totalSearches;
	return {
		id: 'searches',
		label: 'Searches',
		description: [
			total !== undefined && !state.page ? plural(total, 'search', 'searches') : '',
			plural(terms.length, 'term'),
			gaps ? `${gaps} without a click` : '',
		]
			.filter(Boolean)
			.join(' · '),
		tooltip:
			'What readers typed into the docs search, by hits, with the click-through rate and the page they opened most. Terms nobody clicked are content gaps.',
		icon: { id: 'search' },
		expanded: true,
		children: [
			...sectionState(state, 'searches', terms.length === 0, 'searches'),
			...terms.map(t => termRow(t, now)),
			...moreRow(state, 'searches', state.searches.nextCursor !== null, all.length),
		],
	};
}

export function termRow(term: SearchTerm, now: number): ViewRow {
	const gap = isSearchGap(term);
	return {
		id: `search:${term.searchQuery}`,
		label: term.searchQuery,
		description: [plural(term.hits, 'hit'), `CTR ${percent(term.ctr)}`, gap ? 'gap: no result opened' : `→ ${term.topClickedPage}`].join(' · '),
		tooltip: [
			`**${escapeMarkdown(term.searchQuery)}**`,
			'',
			`Searched ${plural(term.hits, 'time')}, last ${relativeTime(term.lastSearchedAt, now) || 'at an unknown time'}  `,
			`Click-through rate: ${percent(term.ctr)}  `,
			gap ? 'Readers opened no result: the docs may not cover this.' : `Most opened: \`${(term.topClickedPage ?? '').replace(/`/g, '')}\``,
		].join('\n'),
		icon: gap ? { id: 'warning', color: 'charts.orange' } : { id: 'search' },
		contextValue: gap ? 'insightsGap' : 'insightsSearch',
		...(gap || !term.topClickedPage ? {} : { action: openPage(term.topClickedPage) }),
	};
}

function assistantSection(state: InsightsState, now: number): ViewRow {
	const a = state.assistant;
	const conversations = state.page ? a.conversations.filter(c => conversationTouches(c, state.page!)) : a.conversations;
	const gaps = conversations.filter(isAssistantGap).length;
	const callers = a.callers && !state.page ? `web ${a.callers.web} · API ${a.callers.api} · other ${a.callers.other}` : '';
	return {
		id: 'assistant',
		label: 'Assistant',
		description: [plural(conversations.length, 'question'), gaps ? plural(gaps, 'gap') : '', callers].filter(Boolean).join(' · '),
		tooltip:
			'Recent questions to the assistant, newest first. Clarifying questions (the assistant asked back) and unanswered ones are content gaps. A question opens its whole thread.',
		icon: { id: 'comment-discussion' },
		expanded: true,
		children: [
			...sectionState(state, 'assistant', conversations.length === 0, 'assistant questions'),
			...conversations.map(c => conversationRow(c, now)),
			...moreRow(state, 'assistant', a.hasMore && a.nextCursor !== null, a.conversations.length),
		],
	};
}

export function conversationRow(c: AssistantConversation, now: number): ViewRow {
	const gap = isAssistantGap(c);
	const kind = c.responseType === 'clarifying_question' ? 'clarifying question' : c.resolutionStatus === 'unanswered' ? 'unanswered' : 'answer';
	const started = pathOfUrl(c.pageUrl);
	const children: ViewRow[] = [
		{
			id: `conv:${c.id}/response`,
			label: firstLine(c.response, 120) || '(no response text)',
			description: kind,
			tooltip: escapeMarkdown(c.response),
			icon: { id: gap ? 'question' : 'comment' },
			action: { type: 'command', command: InsightsCommands.openThread, args: [c.id] },
		},
		...c.sources.map((s, i) => {
			const path = pathOfUrl(s.url);
			return {
				id: `conv:${c.id}/source:${i}`,
				label: s.title || s.url,
				description: path ?? s.url,
				icon: { id: 'file' },
				tooltip: escapeMarkdown(s.url),
				...(path ? { action: openPage(path) } : {}),
			};
		}),
		...(started ? [{ id: `conv:${c.id}/page`, label: 'Asked on', description: started, icon: { id: 'location' }, action: openPage(started) }] : []),
	];
	return {
		id: `conv:${c.id}`,
		label: firstLine(c.query, 100) || '(empty question)',
		description: [gap ? `${kind}: gap` : kind, c.sources.length ? plural(c.sources.length, 'source') : '', relativeTime(c.timestamp, now)]
			.filter(Boolean)
			.join(' · '),
		tooltip: [
			`**Q:** ${escapeMarkdown(c.query)}`,
			'',
			`**A (${kind}):** ${escapeMarkdown(firstLine(c.response, 400))}`,
			...(c.queryCategory ? ['', `Category: ${escapeMarkdown(c.queryCategory)}`] : []),
		].join('\n'),
		icon: gap ? { id: 'question', color: 'charts.orange' } : { id: 'comment' },
		contextValue: 'insightsConversation',
		action: { type: 'command', command: InsightsCommands.openThread, args: [c.id] },
		children,
	};
}

function pagesSection(state: InsightsState): ViewRow {
	const p = state.pages;
	const visitors = new Map(p.visitors.map(v => [v.path, v]));
	const feedback = new Map(p.feedback.map(f => [f.path, f]));
	const views = state.page ? p.views.filter(v => v.path === state.page) : p.views;
	const t = p.viewTotals;
	return {
		id: 'pages',
		label: 'Pages',
		description:
			t && !state.page
				? `${plural(t.total, 'view')} · ${percent(t.total ? t.ai / t.total : 0)} AI${p.visitorTotals ? ` · ${plural(p.visitorTotals.total, 'visitor')}` : ''}`
				: '',
		tooltip: 'Page views split into people and AI agents, distinct visitors, and the feedback each page got. A page agents read a lot is one they depend on.',
		icon: { id: 'graph' },
		expanded: true,
		children: [
			...sectionState(state, 'pages', views.length === 0, 'page views'),
			...views.map(v => pageRow(v, visitors.get(v.path), feedback.get(v.path))),
			...moreRow(state, 'pages', p.hasMore, p.views.length),
		],
	};
}

export function pageRow(views: PageTraffic, visitors: PageTraffic | undefined, feedback: FeedbackPageStats | undefined): ViewRow {
	const agents = views.ai > views.human;
	const parts = [
		`${plural(views.total, 'view')} (${views.human} human / ${views.ai} AI)`,
		visitors ? plural(visitors.total, 'visitor') : '',
		feedback ? `${feedback.thumbsUp} up · ${feedback.thumbsDown} down` : '',
	];
	return {
		id: `page:${views.path}`,
		label: views.path,
		description: parts.filter(Boolean).join(' · '),
		tooltip: [
			`**\`${views.path.replace(/`/g, '')}\`**`,
			'',
			`Views: ${views.total} (people ${views.human}, AI agents ${views.ai})  `,
			...(visitors ? [`Visitors: ${visitors.total} (people ${visitors.human}, AI agents ${visitors.ai})  `] : []),
			...(feedback ? [`Feedback: ${feedback.thumbsUp} helpful, ${feedback.thumbsDown} not helpful, ${feedback.code} on code, ${feedback.total} in all  `] : []),
			...(agents ? ['', 'AI agents read this page more than people do.'] : []),
		].join('\n'),
		icon: agents
			? { id: 'hubot', color: 'charts.purple' }
			: feedback && feedback.thumbsDown > feedback.thumbsUp
				? { id: 'file', color: 'charts.orange' }
				: { id: 'file' },
		contextValue: 'insightsPage',
		action: openPage(views.path),
	};
}
