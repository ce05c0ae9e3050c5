import * as assert from 'node:assert/strict';
import { parseCallerStats, parseConversations, parseSearches, parseThread, parseTraffic } from '../../../client/src/platform/api/analyticsParse';
import { parseAuthor, parseUpdateStatus, ShapeError } from '../../../client/src/platform/api/parse';

/** The analytics readers and the author reader on odd bodies: a value or a ShapeError, never another exception. */
describe('analytics response readers', () => {
	it('read the documented shapes, keep unknown fields, default what the docs default', () => {
		const page = parseConversations({
			conversations: [
				{ id: '01J', timestamp: 't', query: 'q', response: 'r', sources: [{ title: 'T', url: 'https://x/a' }, { url: 'https://x/b' }, 'junk'], extra: 1 },
				{ query: 'no id' },
			],
			nextCursor: '01J',
			hasMore: true,
		});
		assert.equal(page.conversations.length, 1);
		const [c] = page.conversations;
		assert.deepEqual([c.responseType, c.resolutionStatus, c.queryCategory, c.pageUrl, c.extra], ['answer', 'answered', null, null, 1]);
		assert.deepEqual(c.sources, [
			{ title: 'T', url: 'https://x/a' },
			{ title: 'https://x/b', url: 'https://x/b' },
		]);
		assert.equal(page.hasMore, true);
		assert.equal(parseConversations({ conversations: [], nextCursor: null, hasMore: true }).hasMore, false, 'no cursor, no more');
		assert.deepEqual(parseCallerStats({ web: 2, api: -1, other: 'x' }), { web: 2, api: 0, other: 0, total: 2 });
		assert.deepEqual(parseSearches({ searches: [{ searchQuery: 'a', hits: 3, ctr: 7, topClickedPage: '' }, { hits: 1 }], nextCursor: '' }), {
			searches: [{ searchQuery: 'a', hits: 3, ctr: 1, topClickedPage: null, lastSearchedAt: '' }],
			totalSearches: 0,
			nextCursor: null,
		});
		assert.deepEqual(parseTraffic({ totals: null, visitors: [{ path: '/a', human: 1, ai: 2, total: 3 }, { human: 1 }], hasMore: 'yes' }, 'visitors'), {
			totals: { human: 0, ai: 0, total: 0 },
			rows: [{ path: '/a', human: 1, ai: 2, total: 3 }],
			hasMore: false,
		});
		assert.deepEqual(parseThread({ messages: [{ role: 'user', content: 'hi' }, 5] }, 'T'), {
			threadId: 'T',
			createdAt: '',
			messages: [{ id: '0', role: 'user', content: 'hi', createdAt: '' }],
		});
	});

	it('the author: a string (the spec), an object (the platform since 2026-03), null or junk', () => {
		assert.deepEqual(parseAuthor(' Dana '), { name: 'Dana' });
		assert.deepEqual(parseAuthor({ name: 'Dana', avatarUrl: 'https://a/1.png', githubUserId: 42 }), {
			name: 'Dana',
			avatarUrl: 'https://a/1.png',
			githubUserId: 42,
		});
		assert.deepEqual(parseAuthor({ name: 'Dana', avatarUrl: 'javascript:alert(1)', githubUserId: -1 }), { name: 'Dana' }, 'only https avatars, real ids');
		for (const junk of [null, undefined, '', 7, [], {}, { name: '' }, { name: 3 }]) assert.equal(parseAuthor(junk), undefined, JSON.stringify(junk));
		assert.equal(parseUpdateStatus({ status: 'success', author: null }, 'x').author, undefined);
		assert.ok(!('author' in parseUpdateStatus({ status: 'success', author: { avatarUrl: 'https://a' } }, 'x')));
	});

	it('never throws anything but a ShapeError on any JSON value', () => {
		const values: unknown[] = [
			null,
			0,
			'x',
			[],
			{},
			[[]],
			{ conversations: 'x' },
			{ searches: null },
			{ views: {} },
			{ messages: [null] },
			{ conversations: [null, 1, 'a', []] },
		];
		const readers = [parseConversations, parseSearches, (b: unknown) => parseTraffic(b, 'views'), (b: unknown) => parseThread(b, 'T'), parseCallerStats];
		for (const value of values)
			for (const read of readers) {
				try {
					read(value);
				} catch (e) {
					assert.ok(e instanceof ShapeError, `${read.name}(${JSON.stringify(value)}): ${e}`);
				}
			}
	});
});
