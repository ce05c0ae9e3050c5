import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { maxHistory } from '../../../client/src/platform/assistant/chatState';
import { ConversationStore } from '../../../client/src/platform/assistant/conversationStore';
import type { Conversation } from '../../../client/src/platform/assistant/protocol';

/** workspaceState as VS Code gives it (values go through JSON). */
function memento(initial: Record<string, unknown> = {}): vscode.Memento {
	const data = new Map(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]));
	return {
		keys: () => [...data.keys()],
		get: <T>(key: string, fallback?: T) => (data.has(key) ? JSON.parse(data.get(key)!) : fallback),
		update: async (key: string, value: unknown) => void (value === undefined ? data.delete(key) : data.set(key, JSON.stringify(value))),
	} as vscode.Memento;
}

const conversation = (id: string, updatedAt: number, extra: Partial<Conversation> = {}): Conversation => ({
	id,
	title: id,
	createdAt: 0,
	updatedAt,
	thread: { threadId: `th-${id}`, threadKey: 'k' },
	turns: [{ id: `${id}-t`, question: 'q', answer: 'a', citations: [{ path: 'quickstart', title: 'Quickstart' }], state: 'done' }],
	...extra,
});

describe('assistant conversation store', () => {
	it('saves conversations newest first with their thread, skips empty ones, caps the count', async () => {
		const store = new ConversationStore(memento());
		await store.save({ ...conversation('empty', 5), turns: [] });
		assert.deepEqual(store.all(), []);
		for (let i = 0; i < maxHistory + 5; i++) await store.save(conversation(`c${i}`, i));
		const all = store.all();
		assert.equal(all.length, maxHistory);
		assert.equal(all[0].id, `c${maxHistory + 4}`);
		assert.deepEqual(all[0].thread, { threadId: `th-c${maxHistory + 4}`, threadKey: 'k' });
		assert.deepEqual(store.summaries(all[0].id)[0], { id: `c${maxHistory + 3}`, title: `c${maxHistory + 3}`, updatedAt: maxHistory + 3, turns: 1 });
	});

	it('never writes a thread key to workspaceState: kept for the session only, and keys stored by older versions are removed', async () => {
		const state = memento();
		const store = new ConversationStore(state);
		await store.save({ ...conversation('a', 1), thread: { threadId: 'th-a', threadKey: 'secret-thread-key' } });
		await store.save(conversation('b', 2));
		assert.deepEqual(store.get('a')?.thread, { threadId: 'th-a', threadKey: 'secret-thread-key' });
		assert.doesNotMatch(JSON.stringify(state.get('mintdoc.assistant.conversations')), /secret-thread-key|threadKey/);
		// A new session (window reloaded) continues with the thread id only.
		assert.deepEqual(new ConversationStore(state).get('a')?.thread, { threadId: 'th-a' });
		const old = memento({ 'mintdoc.assistant.conversations': [{ ...conversation('old', 1), thread: { threadId: 'th-old', threadKey: 'old-key' } }] });
		const scrubbed = new ConversationStore(old);
		await new Promise(resolve => setImmediate(resolve));
		assert.deepEqual(scrubbed.get('old')?.thread, { threadId: 'th-old' });
		assert.doesNotMatch(JSON.stringify(old.get('mintdoc.assistant.conversations')), /old-key/);
	});

	it('stores a still-streaming answer as incomplete', async () => {
		const store = new ConversationStore(memento());
		await store.save(conversation('c', 1, { turns: [{ id: 't', question: 'q', answer: 'half', citations: [], state: 'streaming' }] }));
		assert.equal(store.get('c')?.turns[0].state, 'incomplete');
	});

	it('drops damaged or foreign entries instead of trusting them', () => {
		const store = new ConversationStore(
			memento({
				'mintdoc.assistant.conversations': [
					null,
					'x',
					{ id: 1 },
					{
						id: 'ok',
						title: 't',
						createdAt: 0,
						updatedAt: 1,
						thread: { threadId: 5 },
						turns: [
							{ id: 't1', question: 'q', answer: 'a', state: 'done', citations: [{ path: 7 }, { path: 'p', title: 'T' }] },
							{ id: 't2', state: 'weird' },
						],
					},
				],
				'mintdoc.assistant.draft': 42,
			}),
		);
		assert.deepEqual(store.all(), [
			{
				id: 'ok',
				title: 't',
				createdAt: 0,
				updatedAt: 1,
				turns: [{ id: 't1', question: 'q', answer: 'a', state: 'done', citations: [{ path: 'p', title: 'T' }] }],
			},
		]);
		assert.equal(store.draft(), '');
	});

	it('keeps the context items with their file path (v2), drops ones whose path is not a string', () => {
		const context = [
			{ type: 'code', value: 'x()', path: 'guides/a.mdx' },
			{ type: 'code', value: 'y()', path: 7 },
			{ type: 'textSelection', value: 'z' },
		];
		const store = new ConversationStore(
			memento({
				'mintdoc.assistant.conversations': [
					{ id: 'c', title: 't', createdAt: 0, updatedAt: 1, turns: [{ id: 't1', question: 'q', answer: 'a', state: 'done', citations: [], context }] },
				],
			}),
		);
		assert.deepEqual(store.get('c')?.turns[0].context, [
			{ type: 'code', value: 'x()', path: 'guides/a.mdx' },
			{ type: 'textSelection', value: 'z' },
		]);
	});
});
