import * as assert from 'node:assert/strict';
import { adminKeyWarning, assistantKeyWarning } from '../../../client/src/platform/api/keys';
import type { FeedbackEntry, FeedbackPage } from '../../../client/src/platform/api/types';
import { flattenRows, relativeTime, rowsToText } from '../../../client/src/views/viewRow';
import { findCodeBlock } from '../../../client/src/platform/views/feedbackLocate';
import { pageFileCandidates } from '../../../client/src/routeMap';
import {
	describeFilters,
	entryIcon,
	entryTooltip,
	feedbackKey,
	feedbackRows,
	FeedbackCommands,
	groupEntries,
	initialFeedbackState,
	lastDays,
	reduceFeedback,
	type FeedbackState,
	type ViewError,
} from '../../../client/src/platform/views/feedbackModel';

const now = Date.parse('2026-01-15T12:00:00Z');
const entry = (id: string, hoursAgo: number, extra: Partial<FeedbackEntry> = {}): FeedbackEntry => ({
	id,
	path: '/quickstart',
	comment: `comment ${id}`,
	createdAt: new Date(now - hoursAgo * 3600_000).toISOString(),
	source: 'contextual',
	status: 'pending',
	helpful: false,
	...extra,
});
const page = (entries: FeedbackEntry[], nextCursor: string | null): FeedbackPage => ({ feedback: entries, nextCursor, hasMore: nextCursor !== null });
const key = feedbackKey('demo', {});
const rateLimited: ViewError = { message: 'Rate limit reached; try again in 30 s.', kind: 'rateLimited', retryAfter: 30, at: now };

function loaded(...pages: FeedbackPage[]): FeedbackState {
	return pages.reduce<FeedbackState>(
		(s, p, i) => reduceFeedback(s, { type: 'pageLoaded', mode: i === 0 ? 'refresh' : 'more', key, page: p, at: now }),
		initialFeedbackState(),
	);
}

describe('Feedback view model', () => {
	it('appends pages on "load more" and shows the cursor-driven "Load more…" row', () => {
		const state = loaded(page([entry('a', 1), entry('b', 2)], 'c1'), page([entry('c', 3)], 'c2'));
		assert.deepEqual(
			state.entries.map(e => e.id),
			['a', 'b', 'c'],
		);
		assert.deepEqual([state.nextCursor, state.hasMore, state.pagesLoaded], ['c2', true, 2]);
		const rows = feedbackRows(state, now);
		assert.deepEqual(rowsToText(rows), [
			'/quickstart — 3',
			'  comment a — contextual · pending · 1 h ago',
			'  comment b — contextual · pending · 2 h ago',
			'  comment c — contextual · pending · 3 h ago',
			'Load more… — 3 loaded',
		]);
		assert.deepEqual(rows[1].action, { type: 'command', command: FeedbackCommands.loadMore });
		assert.deepEqual(rows[0].children![0].action, { type: 'command', command: FeedbackCommands.open, args: ['a'] });
		assert.equal(
			feedbackRows(loaded(page([entry('a', 1)], null)), now).some(r => r.id === 'more'),
			false,
		);
	});

	it('keeps loaded pages across a refresh of the same filters; new and changed entries come in', () => {
		const state = loaded(page([entry('b', 2), entry('c', 3)], 'c1'), page([entry('d', 4)], 'c2'));
		const refreshed = reduceFeedback(state, {
			type: 'pageLoaded',
			mode: 'refresh',
			key,
			page: page([entry('a', 1), entry('b', 2, { status: 'resolved' })], 'x1'),
			at: now,
		});
		assert.deepEqual(
			refreshed.entries.map(e => `${e.id}:${e.status}`),
			['a:pending', 'b:resolved', 'c:pending', 'd:pending'],
		);
		assert.deepEqual([refreshed.nextCursor, refreshed.pagesLoaded], ['c2', 2], 'the deepest cursor is kept');
	});

	it('starts over when the filters change, and ignores a late page of the old query', () => {
		const state = loaded(page([entry('a', 1)], 'c1'));
		const filtered = reduceFeedback(state, { type: 'setFilters', filters: { source: 'code_snippet' } });
		assert.deepEqual([filtered.entries.length, filtered.loadedKey, filtered.filters], [0, undefined, { source: 'code_snippet' }]);
		assert.equal(reduceFeedback(filtered, { type: 'pageLoaded', mode: 'more', key, page: page([entry('z', 9)], null), at: now }), filtered);
		assert.equal(reduceFeedback(state, { type: 'setFilters', filters: { statuses: [] } }), state, 'empty filters equal no filters');
	});

	it('shows an error above what was loaded and keeps it (429 says when to retry)', () => {
		const state = reduceFeedback(reduceFeedback(loaded(page([entry('a', 1)], 'c1')), { type: 'loadStarted', mode: 'more' }), {
			type: 'loadFailed',
			error: rateLimited,
		});
		assert.deepEqual(rowsToText(feedbackRows(state, now)), [
			'Rate limit reached; try again in 30 s. — click to retry',
			'/quickstart — 1',
			'  comment a — contextual · pending · 1 h ago',
			'Load more… — 1 loaded',
		]);
		assert.equal(state.loading, undefined);
	});

	it('makes a key error lead to the key command, and shows progress while loading', () => {
		const auth = reduceFeedback(initialFeedbackState(), { type: 'loadFailed', error: { message: 'set your admin API key', kind: 'auth', at: now } });
		assert.deepEqual(feedbackRows(auth, now)[0].action, { type: 'command', command: 'mintdoc.setAdminApiKey' });
		const notFound = reduceFeedback(initialFeedbackState(), { type: 'loadFailed', error: { message: 'Unknown project id', kind: 'notFound', at: now } });
		assert.deepEqual(feedbackRows(notFound, now)[0].action, { type: 'command', command: 'mintdoc.setProjectId' });
		const config = reduceFeedback(initialFeedbackState(), { type: 'loadFailed', error: { message: 'https only', kind: 'config', at: now } });
		assert.deepEqual(
			[feedbackRows(config, now)[0].description, feedbackRows(config, now)[0].action],
			['click to open the setting', { type: 'command', command: 'workbench.action.openSettings', args: ['mintdoc.api.baseUrl'] }],
		);
		assert.deepEqual(rowsToText(feedbackRows(reduceFeedback(initialFeedbackState(), { type: 'loadStarted', mode: 'refresh' }), now)), ['Loading feedback…']);
		const more = reduceFeedback(loaded(page([entry('a', 1)], 'c1')), { type: 'loadStarted', mode: 'more' });
		assert.equal(feedbackRows(more, now).at(-1)?.label, 'Loading more…');
		assert.deepEqual(feedbackRows(loaded(page([], null)), now), [], 'nothing: the welcome view explains');
	});

	it('groups by page (biggest first) or by status (workflow order), with counts', () => {
		const entries = [
			entry('a', 1, { path: '/b' }),
			entry('b', 2, { path: '/a', status: 'resolved' }),
			entry('c', 3, { path: '/b', status: 'mystery' }),
			entry('d', 4, { path: '/a', status: 'pending' }),
		];
		assert.deepEqual(
			groupEntries(entries, 'path').map(g => [g.key, g.entries.length]),
			[
				['/a', 2],
				['/b', 2],
			],
		);
		assert.deepEqual(
			groupEntries(entries, 'status').map(g => [g.key, g.entries.length]),
			[
				['pending', 2],
				['resolved', 1],
				['mystery', 1],
			],
		);
		const state = reduceFeedback(loaded(page(entries, null)), { type: 'setGroupBy', groupBy: 'status' });
		assert.deepEqual(
			feedbackRows(state, now).map(r => `${r.label} ${r.description}`),
			['pending 2', 'resolved 1', 'mystery 1'],
		);
		assert.equal(feedbackRows(state, now)[0].children![0].description, 'contextual · /b · 1 h ago', 'the page replaces the status');
	});

	it('shows source, status and the fields of each kind of entry', () => {
		const code = entry('c', 30, {
			source: 'code_snippet',
			helpful: undefined,
			code: 'npm i ```x```',
			filename: 'Install',
			lang: 'bash',
			comment: 'Fails\nsecond line',
		});
		const rows = flattenRows(
			feedbackRows(
				loaded(
					page([code, entry('h', 50, { helpful: true, comment: '', contact: 'a@example.com' }), entry('g', 60, { source: 'agent', helpful: undefined })], null),
				),
				now,
			),
		);
		assert.deepEqual(
			rows.filter(r => r.contextValue === 'feedbackEntry').map(r => [r.label, r.description, r.icon?.id]),
			[
				['Fails', 'code snippet · pending · 1 day · Install'.replace('1 day', '1 day ago'), 'code'],
				['(helpful, no comment)', 'contextual · pending · 2 days ago · a@example.com', 'thumbsup'],
				['comment g', 'agent · pending · 3 days ago', 'hubot'],
			],
		);
		const tooltip = entryTooltip(code);
		assert.match(tooltip, /^> Fails\n> second line\n/);
		assert.match(tooltip, /\*\*Install\*\* \(bash\)\n````bash\nnpm i ```x```\n````/);
		assert.match(entryTooltip(entry('m', 1, { comment: '[x](command:evil)', contact: 'a@b.c' })), /\\\[x\\\]\\\(command:evil\\\)/);
		// A bare vote (thumbs_only, 2026-03) has its own filled thumbs; an unknown source a neutral icon.
		assert.deepEqual(entryIcon(entry('u', 1, { source: 'thumbs_only', status: 'resolved', helpful: false })), {
			id: 'thumbsdown-filled',
			color: 'charts.green',
		});
		assert.deepEqual(entryIcon(entry('v', 1, { source: 'thumbs_only', helpful: true })).id, 'thumbsup-filled');
		assert.deepEqual(entryIcon(entry('w', 1, { source: 'rumour', status: 'resolved' })), { id: 'comment', color: 'charts.green' });
		const vote = flattenRows(feedbackRows(loaded(page([entry('x', 5, { source: 'thumbs_only', helpful: false, comment: '' })], null)), now)).find(
			r => r.contextValue === 'feedbackEntry',
		);
		assert.equal(vote?.label, 'Not helpful (vote)');
		assert.match(vote?.description ?? '', /^vote · /);
	});

	it('page nodes show the by-page counts, pages ordered by total, pages with nothing loaded listed too', () => {
		const state = loaded(page([entry('a', 1, { path: '/a' }), entry('b', 2, { path: '/b' }), entry('b2', 3, { path: '/b' })], null));
		const withStats = reduceFeedback(state, {
			type: 'statsLoaded',
			key: state.loadedKey!,
			hasMore: false,
			rows: [
				{ path: '/a', thumbsUp: 1, thumbsDown: 6, code: 2, total: 9 },
				{ path: '/c', thumbsUp: 4, thumbsDown: 0, code: 0, total: 4 },
				{ path: '/b', thumbsUp: 1, thumbsDown: 1, code: 0, total: 2 },
			],
		});
		const groups = feedbackRows(withStats, now).filter(r => r.contextValue === 'feedbackPage');
		assert.deepEqual(
			groups.map(g => [g.label, g.description, g.children?.length, g.icon?.color]),
			[
				['/a', '1 up · 6 down · 2 code · 9 total (1 loaded)', 1, 'charts.orange'],
				['/c', '4 up · 0 down · 0 code · 4 total (0 loaded)', 0, undefined],
				['/b', '1 up · 1 down · 0 code · 2 total', 2, undefined],
			],
		);
		// Counts of another query (filters changed meanwhile) are not shown.
		const stale = reduceFeedback(state, {
			type: 'statsLoaded',
			key: 'other',
			hasMore: false,
			rows: [{ path: '/a', thumbsUp: 1, thumbsDown: 6, code: 2, total: 9 }],
		});
		assert.deepEqual(
			feedbackRows(stale, now)
				.filter(r => r.contextValue === 'feedbackPage')
				.map(g => g.description),
			['2', '1'],
		);
		// A new query drops them.
		assert.equal(reduceFeedback(withStats, { type: 'setFilters', filters: { source: 'agent' } }).pageStats, undefined);
	});

	it('describes filters for the view description', () => {
		assert.equal(describeFilters({}), 'all feedback');
		assert.equal(
			describeFilters({ ...lastDays(30, now), source: 'code_snippet', statuses: ['pending', 'in_progress'] }),
			'since 2025-12-16 · code snippet · pending, in progress',
		);
		assert.equal(describeFilters({ dateFrom: '2026-01-01', dateTo: '2026-02-01' }), '2026-01-01 to 2026-02-01');
	});

	it('tells relative times', () => {
		assert.deepEqual(
			['2026-01-15T11:59:50Z', '2026-01-15T11:00:00Z', '2026-01-10T12:00:00Z', '2025-10-01T00:00:00Z', 'garbage'].map(t => relativeTime(t, now)),
			['just now', '1 h ago', '5 days ago', '2025-10-01', ''],
		);
	});
});

describe('Feedback: finding the page and the code block', () => {
	it('maps a site path to candidate files and refuses paths that leave the root', () => {
		assert.deepEqual(pageFileCandidates('/guides/webhooks'), [
			'guides/webhooks.mdx',
			'guides/webhooks.md',
			'guides/webhooks/index.mdx',
			'guides/webhooks/index.md',
		]);
		assert.deepEqual(pageFileCandidates('/'), ['index.mdx', 'index.md']);
		assert.deepEqual(pageFileCandidates('https://docs.acme.dev/quickstart?x=1#step'), [
			'quickstart.mdx',
			'quickstart.md',
			'quickstart/index.mdx',
			'quickstart/index.md',
		]);
		assert.deepEqual(pageFileCandidates('/guides/%2e%2e/%2e%2e/etc/passwd'), []);
		assert.deepEqual(pageFileCandidates('/../secrets'), []);
	});

	it('finds the block with the same code (ignoring indentation), else by first line or title', () => {
		const text = [
			'# Page',
			'',
			'```bash Terminal',
			'export A=1',
			'```',
			'',
			'  <Tab>',
			'  ```javascript index.js',
			'  const a = 1;',
			'  run(a);',
			'  ```',
			'  </Tab>',
		].join('\n');
		assert.deepEqual(findCodeBlock(text, { code: 'const a = 1;\nrun(a);', lang: 'javascript' }), { startLine: 7, endLine: 10 });
		assert.deepEqual(findCodeBlock(text, { code: 'const a = 1;\nsomething else', lang: 'javascript' }), { startLine: 7, endLine: 10 });
		assert.deepEqual(findCodeBlock(text, { code: 'different', filename: 'Terminal' }), { startLine: 2, endLine: 4 });
		assert.equal(findCodeBlock(text, { code: 'nothing like it', lang: 'python' }), undefined);
	});
});

describe('key shapes', () => {
	it('warns (never blocks) about keys that do not look like admin or assistant keys', () => {
		assert.equal(adminKeyWarning('mint_0123456789abcdef'), undefined);
		assert.match(adminKeyWarning('sk_live_abc')!, /start with 'mint_'; this one does not\. You can still save it\./);
		assert.match(adminKeyWarning('mint_dsc_abcdef123')!, /looks like an assistant key/);
		assert.match(adminKeyWarning('mint_ab cd')!, /spaces/);
		assert.equal(assistantKeyWarning('mint_dsc_demo_key'), undefined);
		assert.match(assistantKeyWarning('mint_admin_1234')!, /start with 'mint_dsc_'/);
		for (const k of ['sk_live_abc', 'mint_dsc_abcdef123']) assert.ok(!adminKeyWarning(k)!.includes(k), 'the key is never echoed');
	});
});
