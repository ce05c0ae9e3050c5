import * as assert from 'node:assert/strict';
import type { AssistantConversation, PageTraffic, SearchTerm } from '../../../client/src/platform/api/analyticsTypes';
import { flattenRows, rowsToText } from '../../../client/src/views/viewRow';
import {
	initialInsightsState,
	insightsKey,
	InsightsCommands,
	isAssistantGap,
	isSearchGap,
	pathOfUrl,
	reduceInsights,
	type InsightsAction,
	type InsightsState,
} from '../../../client/src/platform/views/insightsModel';
import { insightsRows } from '../../../client/src/platform/views/insightsRows';
import { summarizePage, summaryText, summaryTooltip, type PeriodData } from '../../../client/src/platform/views/pageSummaryModel';
import { threadMarkdown } from '../../../client/src/platform/views/threadMarkdown';

const now = Date.parse('2026-03-20T12:00:00Z');
const key = insightsKey('http://127.0.0.1:1', 'demo', 7);
const term = (searchQuery: string, hits: number, ctr: number, topClickedPage: string | null): SearchTerm => ({
	searchQuery,
	hits,
	ctr,
	topClickedPage,
	lastSearchedAt: '2026-03-20T09:00:00Z',
});
const conversation = (id: string, over: Partial<AssistantConversation> = {}): AssistantConversation => ({
	id,
	timestamp: '2026-03-20T10:00:00Z',
	query: `question ${id}`,
	response: `answer ${id}`,
	responseType: 'answer',
	sources: [{ title: 'Webhooks', url: 'https://demo.mintlify.app/guides/webhooks' }],
	resolutionStatus: 'answered',
	queryCategory: null,
	pageUrl: 'https://demo.mintlify.app/quickstart',
	...over,
});
const traffic = (path: string, human: number, ai: number): PageTraffic => ({ path, human, ai, total: human + ai });
const run = (...actions: InsightsAction[]) => actions.reduce(reduceInsights, initialInsightsState(7));

function loaded(): InsightsState {
	return run(
		{ type: 'loadStarted', section: 'searches', mode: 'refresh', key },
		{ type: 'loadStarted', section: 'assistant', mode: 'refresh', key },
		{ type: 'loadStarted', section: 'pages', mode: 'refresh', key },
		{
			type: 'searchesLoaded',
			mode: 'refresh',
			key,
			terms: [term('webhook signatures', 40, 0.5, '/guides/webhooks'), term('payouts', 12, 0, null)],
			totalSearches: 60,
			nextCursor: 'c1',
		},
		{
			type: 'assistantLoaded',
			mode: 'refresh',
			key,
			conversations: [
				conversation('A'),
				conversation('B', { responseType: 'clarifying_question', sources: [], pageUrl: 'https://demo.mintlify.app/guides/webhooks' }),
			],
			nextCursor: 'B',
			hasMore: true,
		},
		{ type: 'callersLoaded', key, callers: { web: 5, api: 2, other: 1, total: 8 } },
		{
			type: 'pagesLoaded',
			mode: 'refresh',
			key,
			views: [traffic('/quickstart', 80, 20), traffic('/api-reference/introduction', 10, 30)],
			visitors: [traffic('/quickstart', 50, 5)],
			viewTotals: { human: 90, ai: 50, total: 140 },
			visitorTotals: { human: 50, ai: 5, total: 54 },
			hasMore: true,
			pageSize: 2,
		},
		{ type: 'feedbackLoaded', key, rows: [{ path: '/quickstart', thumbsUp: 3, thumbsDown: 1, code: 0, total: 4 }] },
	);
}

describe('Insights view model (pure reducer and rows)', () => {
	it('shows nothing before a load (the welcome view speaks), loading rows while it runs', () => {
		assert.deepEqual(insightsRows(initialInsightsState(), now), []);
		const loading = run({ type: 'loadStarted', section: 'searches', mode: 'refresh', key });
		assert.deepEqual(rowsToText(insightsRows(loading, now)).slice(0, 2), ['Searches — 0 terms', '  Loading searches…']);
	});

	it('draws the three sections: terms by hits with CTR and landing page, gaps marked; questions with answer type; pages human/AI with feedback', () => {
		assert.deepEqual(rowsToText(insightsRows(loaded(), now)), [
			'Searches — 60 searches · 2 terms · 1 without a click',
			'  webhook signatures — 40 hits · CTR 50% · → /guides/webhooks',
			'  payouts — 12 hits · CTR 0% · gap: no result opened',
			'  Load more… — 2 loaded',
			'Assistant — 2 questions · 1 gap · web 5 · API 2 · other 1',
			'  question A — answer · 1 source · 2 h ago',
			'    answer A — answer',
			'    Webhooks — /guides/webhooks',
			'    Asked on — /quickstart',
			'  question B — clarifying question: gap · 2 h ago',
			'    answer B — clarifying question',
			'    Asked on — /guides/webhooks',
			'  Load more… — 2 loaded',
			'Pages — 140 views · 36% AI · 54 visitors',
			'  /quickstart — 100 views (80 human / 20 AI) · 55 visitors · 3 up · 1 down',
			'  /api-reference/introduction — 40 views (10 human / 30 AI)',
			'  Load more… — 2 loaded',
		]);
		const rows = flattenRows(insightsRows(loaded(), now));
		const byLabel = (label: string) => rows.find(r => r.label === label)!;
		assert.deepEqual(byLabel('webhook signatures').action, { type: 'command', command: InsightsCommands.openPage, args: ['/guides/webhooks'] });
		assert.equal(byLabel('payouts').action, undefined, 'a gap has no page to open');
		assert.deepEqual(byLabel('payouts').icon, { id: 'warning', color: 'charts.orange' });
		assert.deepEqual(byLabel('question A').action, { type: 'command', command: InsightsCommands.openThread, args: ['A'] });
		assert.deepEqual(byLabel('question B').icon, { id: 'question', color: 'charts.orange' });
		assert.deepEqual(byLabel('/api-reference/introduction').icon, { id: 'hubot', color: 'charts.purple' });
		assert.deepEqual(byLabel('/quickstart').action, { type: 'command', command: InsightsCommands.openPage, args: ['/quickstart'] });
		assert.deepEqual(
			rows.filter(r => r.label === 'Load more…').map(r => r.action),
			[
				{ type: 'command', command: InsightsCommands.loadMore, args: ['searches'] },
				{ type: 'command', command: InsightsCommands.loadMore, args: ['assistant'] },
				{ type: 'command', command: InsightsCommands.loadMore, args: ['pages'] },
			],
		);
	});

	it('a page filter keeps what is about the page: searches landing there, questions asked there or citing it, its traffic', () => {
		const state = reduceInsights(loaded(), { type: 'setPage', page: '/guides/webhooks' });
		const text = rowsToText(insightsRows(state, now));
		assert.equal(text[0], 'Page /guides/webhooks — click to show every page');
		assert.ok(text.includes('  webhook signatures — 40 hits · CTR 50% · → /guides/webhooks'));
		assert.ok(!text.some(line => line.includes('payouts')));
		assert.ok(text.includes('  question A — answer · 1 source · 2 h ago'), 'cites the page');
		assert.ok(text.includes('  question B — clarifying question: gap · 2 h ago'), 'asked on the page');
		assert.ok(text.includes('  No page views in this period for this page'));
	});

	it('load more appends without duplicates and advances the offset; results of another key are dropped', () => {
		let state = loaded();
		state = reduceInsights(state, { type: 'loadStarted', section: 'pages', mode: 'more', key });
		assert.equal(rowsToText(insightsRows(state, now)).at(-1), '  Loading more…');
		state = reduceInsights(state, {
			type: 'pagesLoaded',
			mode: 'more',
			key,
			views: [traffic('/api-reference/introduction', 10, 30), traffic('/changelog', 5, 0)],
			visitors: [],
			viewTotals: { human: 90, ai: 50, total: 140 },
			visitorTotals: { human: 50, ai: 5, total: 54 },
			hasMore: false,
			pageSize: 2,
		});
		assert.deepEqual(
			state.pages.views.map(v => v.path),
			['/quickstart', '/api-reference/introduction', '/changelog'],
		);
		assert.deepEqual([state.pages.offset, state.pages.hasMore], [4, false]);
		const other = insightsKey('http://127.0.0.1:1', 'demo', 30);
		assert.equal(reduceInsights(state, { type: 'searchesLoaded', mode: 'refresh', key: other, terms: [], totalSearches: 0, nextCursor: null }), state);
		assert.equal(reduceInsights(state, { type: 'loadStarted', section: 'pages', mode: 'more', key: other }), state);
	});

	it('an error shows in its section above what was loaded, with the next step; a period change starts over', () => {
		let state = loaded();
		state = reduceInsights(state, {
			type: 'loadFailed',
			section: 'assistant',
			key,
			error: { message: 'Rate limit reached; try again in 7 s.', kind: 'rateLimited', retryAfter: 7, at: now },
		});
		const text = rowsToText(insightsRows(state, now));
		const at = text.indexOf('  Rate limit reached; try again in 7 s. — click to retry');
		assert.ok(at > 0 && text[at + 1] === '  question A — answer · 1 source · 2 h ago', text.join('\n'));
		state = reduceInsights(state, {
			type: 'loadFailed',
			section: 'pages',
			key,
			error: { message: 'The platform rejected the API key (HTTP 401).', kind: 'auth', at: now },
		});
		assert.deepEqual(flattenRows(insightsRows(state, now)).find(r => r.id === 'pages/error')?.action, { type: 'command', command: 'mintdoc.setAdminApiKey' });
		const period = reduceInsights(state, { type: 'setPeriod', period: 30 });
		assert.equal(period.period, 30);
		assert.equal(period.searches.terms.length, 0);
		assert.equal(reduceInsights(period, { type: 'setPeriod', period: 30 }), period);
	});

	it('gaps, URLs to paths', () => {
		assert.equal(isSearchGap(term('x', 3, 0, null)), true);
		assert.equal(isSearchGap(term('x', 3, 0.3, '/a')), false);
		assert.equal(isAssistantGap(conversation('x', { resolutionStatus: 'unanswered' })), true);
		assert.equal(pathOfUrl('https://demo.mintlify.app/guides/webhooks/#verify'), '/guides/webhooks');
		assert.equal(pathOfUrl('https://demo.mintlify.app'), '/');
		assert.equal(pathOfUrl('javascript:alert(1)'), undefined);
		assert.equal(pathOfUrl(null), undefined);
	});
});

describe('page summary model', () => {
	const data: PeriodData = {
		period: 7,
		views: [traffic('/guides/webhooks', 80, 40)],
		feedback: [{ path: '/guides/webhooks', thumbsUp: 3, thumbsDown: 1, code: 2, total: 6 }],
		conversations: [
			conversation('A'),
			conversation('B'),
			conversation('C', { responseType: 'clarifying_question' }),
			conversation('D', { sources: [], resolutionStatus: 'unanswered', pageUrl: 'https://demo.mintlify.app/guides/webhooks' }),
		],
		searches: [term('webhook', 10, 0.5, '/guides/webhooks'), term('signatures', 25, 0.6, '/guides/webhooks'), term('refund', 30, 0.7, '/refunds')],
		complete: true,
		loadedAt: now,
	};

	it('views human/AI, thumbs, answers citing it (not clarifying questions), top terms leading there', () => {
		const summary = summarizePage(data, '/guides/webhooks');
		assert.deepEqual(summary, {
			path: '/guides/webhooks',
			period: 7,
			views: traffic('/guides/webhooks', 80, 40),
			thumbsUp: 3,
			thumbsDown: 1,
			citedBy: 2,
			gapsAsked: 1,
			terms: [
				{ term: 'signatures', hits: 25 },
				{ term: 'webhook', hits: 10 },
			],
			complete: true,
		});
		assert.equal(summaryText(summary), '$(graph) 120 views (40 AI) · $(thumbsup) 3 $(thumbsdown) 1 · $(hubot) cited 2× · $(search) “signatures”');
		assert.match(summaryTooltip(summary), /people 80, AI agents 40/);
		assert.match(summaryTooltip(summary), /signatures \(25\), webhook \(10\)/);
	});

	it('a page nobody read says so; terms from readers are escaped in the tooltip', () => {
		const summary = summarizePage({ ...data, searches: [term('[x](command:evil)', 3, 1, '/new')], complete: false }, '/new');
		assert.equal(summaryText(summary), '$(graph) no views · $(thumbsup) 0 $(thumbsdown) 0 · $(hubot) cited 0× · $(search) “[x](command:evil)”');
		assert.match(summaryTooltip(summary), /\\\[x\\\]\\\(command:evil\\\)/);
		assert.match(summaryTooltip(summary), /most viewed pages, newest answers and top terms only/);
	});

	it('a thread as Markdown: every message under its role, reader text quoted', () => {
		const text = threadMarkdown(
			{
				threadId: 'T1',
				createdAt: '2026-03-20T10:00:00Z',
				messages: [
					{ id: '1', role: 'user', content: '# not a heading\nsecond line', createdAt: '2026-03-20T10:00:00Z' },
					{ id: '2', role: 'assistant', content: 'Use the signing secret.', createdAt: '2026-03-20T10:00:04Z' },
				],
			},
			conversation('T1'),
		);
		assert.match(text, /^# Assistant thread T1\n/);
		assert.match(text, /## Reader · 2026-03-20 10:00:00 UTC\n\n> # not a heading\n> second line/);
		assert.match(text, /## Assistant · 2026-03-20 10:00:04 UTC\n\n> Use the signing secret\./);
		assert.match(text, /- Webhooks: <https:\/\/demo\.mintlify\.app\/guides\/webhooks>/);
	});
});
