import * as assert from 'node:assert/strict';
import { emptyConversation, initialChatState, reduceChat, requestMessages, streamingTurn, toViewState } from '../../../client/src/platform/assistant/chatState';
import type { ChatState, HostMessage } from '../../../client/src/platform/assistant/protocol';

const t0 = Date.parse('2026-01-15T12:00:00Z');
const start = (state: ChatState, id: string, question: string, extra: Partial<Extract<HostMessage, { type: 'turnStarted' }>> = {}): ChatState =>
	reduceChat(state, { type: 'turnStarted', id, question, now: t0 + 1, ...extra });
const fresh = (draft = ''): ChatState => initialChatState(emptyConversation('c1', t0), [], draft);

describe('assistant chat state', () => {
	it('streams text and citations into the turn, then ends it with the thread', () => {
		let state = start(fresh('How do I add a page?'), 't1', 'How do I add a page?');
		assert.equal(state.draft, '', 'the sent text leaves the input box');
		assert.equal(state.conversation.title, 'How do I add a page?');
		assert.equal(streamingTurn(state)?.id, 't1');
		for (const text of ['Create ', 'an MDX ', 'file.']) state = reduceChat(state, { type: 'text', turnId: 't1', text });
		state = reduceChat(state, { type: 'citation', turnId: 't1', source: { path: 'quickstart', title: 'Quickstart' } });
		state = reduceChat(state, { type: 'citation', turnId: 't1', source: { path: 'quickstart', title: 'Quickstart' } });
		state = reduceChat(state, { type: 'citation', turnId: 't1', source: { path: 'guides/pages', title: 'Pages' } });
		state = reduceChat(state, { type: 'turnEnded', turnId: 't1', state: 'done', thread: { threadId: 'th-1', threadKey: 'k-1' }, now: t0 + 2 });
		const [turn] = state.conversation.turns;
		assert.equal(turn.answer, 'Create an MDX file.');
		assert.deepEqual(turn.citations, [
			{ path: 'quickstart', title: 'Quickstart' },
			{ path: 'guides/pages', title: 'Pages' },
		]);
		assert.equal(turn.state, 'done');
		assert.deepEqual(state.conversation.thread, { threadId: 'th-1', threadKey: 'k-1' });
		assert.equal(streamingTurn(state), undefined);
		assert.deepEqual(toViewState(state).conversation.thread, { threadId: 'th-1' }, 'the webview never sees the thread key');
	});

	it('ignores events of unknown turns', () => {
		const state = start(fresh(), 't1', 'q');
		assert.equal(reduceChat(state, { type: 'text', turnId: 'nope', text: 'x' }), state);
	});

	it('keeps the partial text of a cut answer and marks it incomplete', () => {
		let state = start(fresh(), 't1', 'q');
		state = reduceChat(state, { type: 'text', turnId: 't1', text: 'Half an ans' });
		state = reduceChat(state, { type: 'turnEnded', turnId: 't1', state: 'incomplete', now: t0 + 2 });
		assert.deepEqual([state.conversation.turns[0].state, state.conversation.turns[0].answer], ['incomplete', 'Half an ans']);
	});

	it('puts a failed question back into an empty input box, and keeps other typing', () => {
		let state = start(fresh('Where are redirects?'), 't1', 'Where are redirects?');
		state = reduceChat(state, { type: 'turnFailed', turnId: 't1', error: { kind: 'auth', message: 'HTTP 401' }, now: t0 + 2 });
		assert.equal(state.draft, 'Where are redirects?');
		assert.deepEqual(state.conversation.turns[0].error, { kind: 'auth', message: 'HTTP 401' });
		assert.equal(state.conversation.turns[0].state, 'failed');

		let typing = start(fresh(), 't1', 'first');
		typing = reduceChat(typing, { type: 'draft', text: 'second, half typed' });
		typing = reduceChat(typing, { type: 'turnFailed', turnId: 't1', error: { kind: 'network', message: 'offline' }, now: t0 + 2 });
		assert.equal(typing.draft, 'second, half typed');
	});

	it('a retry replaces its turn, and a new question drops failed turns without text', () => {
		let state = start(fresh(), 't1', 'q1');
		state = reduceChat(state, { type: 'text', turnId: 't1', text: 'partial' });
		state = reduceChat(state, { type: 'turnEnded', turnId: 't1', state: 'incomplete', now: t0 });
		state = start(state, 't2', 'q1', { replaces: 't1' });
		assert.deepEqual(
			state.conversation.turns.map(t => t.id),
			['t2'],
		);
		state = reduceChat(state, { type: 'turnFailed', turnId: 't2', error: { kind: 'rateLimited', message: '429', retryAfter: 30 }, now: t0 });
		state = start(state, 't3', 'q1');
		assert.deepEqual(
			state.conversation.turns.map(t => t.id),
			['t3'],
		);
		assert.equal(state.draft, '');
	});

	it('a thread reset note forgets the thread', () => {
		let state = start(fresh(), 't1', 'q');
		state = reduceChat(state, { type: 'turnEnded', turnId: 't1', state: 'done', thread: { threadId: 'old' }, now: t0 });
		state = start(state, 't2', 'q2');
		state = reduceChat(state, { type: 'note', turnId: 't2', note: 'new thread', forgetThread: true });
		assert.equal(state.conversation.thread, undefined);
		assert.deepEqual(state.conversation.turns[1].notes, ['new thread']);
	});

	it('sends answered turns as history, the new question last', () => {
		let state = start(fresh(), 't1', 'q1');
		state = reduceChat(state, { type: 'text', turnId: 't1', text: 'a1' });
		state = reduceChat(state, { type: 'turnEnded', turnId: 't1', state: 'done', now: t0 });
		state = start(state, 't2', 'failed one');
		state = reduceChat(state, { type: 'turnFailed', turnId: 't2', error: { kind: 'network', message: 'x' }, now: t0 });
		state = start(state, 't3', 'q3');
		assert.deepEqual(requestMessages(state.conversation.turns, 't3', 'q3'), [
			{ id: 't1-q', role: 'user', content: 'q1', parts: [{ type: 'text', text: 'q1' }] },
			{ id: 't1-a', role: 'assistant', content: 'a1', parts: [{ type: 'text', text: 'a1' }] },
			{ id: 't3-q', role: 'user', content: 'q3', parts: [{ type: 'text', text: 'q3' }] },
		]);
	});

	it('pending selection context is used by the next question only', () => {
		let state = reduceChat(fresh(), { type: 'draft', text: '', context: [{ type: 'code', value: 'npm i' }] });
		assert.deepEqual(state.pendingContext, [{ type: 'code', value: 'npm i' }]);
		state = start(state, 't1', 'what does this do?', { context: [{ type: 'code', value: 'npm i' }] });
		assert.equal(state.pendingContext, undefined);
		assert.deepEqual(state.conversation.turns[0].context, [{ type: 'code', value: 'npm i' }]);
	});

	it('"New chat" forgets the thread and files the conversation in the history; reopening restores it', () => {
		let state = start(fresh(), 't1', 'How do I deploy?');
		state = reduceChat(state, { type: 'turnEnded', turnId: 't1', state: 'done', thread: { threadId: 'th-1' }, now: t0 + 5 });
		const before = state.conversation;
		state = reduceChat(state, { type: 'newChat', id: 'c2', now: t0 + 10 });
		assert.equal(state.conversation.id, 'c2');
		assert.equal(state.conversation.thread, undefined);
		assert.deepEqual(state.conversation.turns, []);
		assert.deepEqual(state.history, [{ id: 'c1', title: 'How do I deploy?', updatedAt: t0 + 5, turns: 1 }]);
		// An empty conversation is not filed.
		const again = reduceChat(state, { type: 'newChat', id: 'c3', now: t0 + 11 });
		assert.deepEqual(
			again.history.map(h => h.id),
			['c1'],
		);
		state = reduceChat(state, { type: 'openConversation', conversation: before });
		assert.equal(state.conversation, before);
		assert.deepEqual(state.history, []);
		assert.deepEqual(reduceChat(again, { type: 'deleteConversation', id: 'c1' }).history, []);
	});

	it('setup problems are kept until fixed', () => {
		let state = reduceChat(fresh(), { type: 'setup', setup: 'noKey', domain: '' });
		assert.equal(state.setup, 'noKey');
		state = reduceChat(state, { type: 'setup', setup: undefined, domain: 'demo' });
		assert.deepEqual([state.setup, state.domain], [undefined, 'demo']);
	});
});
