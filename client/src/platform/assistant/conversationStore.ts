import type * as vscode from 'vscode';
import type { AssistantContext, AssistantSource } from '../api/assistantTypes';
import { maxHistory, summarize } from './chatState';
import type { Conversation, ConversationSummary, Turn } from './protocol';

const keys = { conversations: 'mintdoc.assistant.conversations', current: 'mintdoc.assistant.currentConversation', draft: 'mintdoc.assistant.draft' } as const;

/** Longest answer text kept in workspace state; longer answers are stored cut (the panel shows them whole). */
const maxStoredAnswer = 1_000_000;

/**
 * The conversations of this workspace in `workspaceState` (never the API key). A thread's key
 * (`X-Thread-Key`, a secret per thread) is never written there either, where any process reading
 * the workspace's storage would find it in plain text: it is kept in memory for this session, so
 * switching back to a conversation continues its thread; after a restart the conversation starts a
 * new thread with its history (the client's retry for a thread it cannot continue). Data read back
 * is checked: an older or damaged entry is dropped, never trusted; keys an older version stored are
 * removed at start.
 */
export class ConversationStore {
	/** conversation id → its thread key, for this session only. */
	readonly #threadKeys = new Map<string, string>();

	constructor(private readonly memento: vscode.Memento) {
		const raw = this.memento.get<unknown>(keys.conversations);
		if (Array.isArray(raw) && raw.some(c => (c as { thread?: { threadKey?: unknown } } | null)?.thread?.threadKey !== undefined))
			void this.memento.update(keys.conversations, this.all());
	}

	all(): Conversation[] {
		const raw = this.memento.get<unknown>(keys.conversations);
		const stored = Array.isArray(raw) ? raw.map(checkConversation).filter((c): c is Conversation => !!c) : [];
		return stored.map(c => {
			const threadKey = c.thread && this.#threadKeys.get(c.id);
			return threadKey && c.thread ? { ...c, thread: { ...c.thread, threadKey } } : c;
		});
	}

	get(id: string): Conversation | undefined {
		return this.all().find(c => c.id === id);
	}

	/** Summaries of the stored conversations other than `exceptId`, newest first. */
	summaries(exceptId?: string): ConversationSummary[] {
		return this.all()
			.filter(c => c.id !== exceptId)
			.map(summarize)
			.sort((a, b) => b.updatedAt - a.updatedAt);
	}

	async save(conversation: Conversation): Promise<void> {
		if (!conversation.turns.length) return;
		if (conversation.thread?.threadKey) this.#threadKeys.set(conversation.id, conversation.thread.threadKey);
		const stored = {
			...conversation,
			turns: conversation.turns.map(forStorage),
			...(conversation.thread ? { thread: { threadId: conversation.thread.threadId } } : {}),
		};
		const others = this.all()
			.filter(c => c.id !== conversation.id)
			.map(c => (c.thread ? { ...c, thread: { threadId: c.thread.threadId } } : c));
		const next = [stored, ...others].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, maxHistory);
		await this.memento.update(keys.conversations, next);
	}

	async delete(id: string): Promise<void> {
		this.#threadKeys.delete(id);
		await this.memento.update(
			keys.conversations,
			this.all()
				.filter(c => c.id !== id)
				.map(c => (c.thread ? { ...c, thread: { threadId: c.thread.threadId } } : c)),
		);
	}

	currentId(): string | undefined {
		const id = this.memento.get<unknown>(keys.current);
		return typeof id === 'string' ? id : undefined;
	}

	async setCurrentId(id: string): Promise<void> {
		await this.memento.update(keys.current, id);
	}

	draft(): string {
		const draft = this.memento.get<unknown>(keys.draft);
		return typeof draft === 'string' ? draft : '';
	}

	async setDraft(text: string): Promise<void> {
		await this.memento.update(keys.draft, text || undefined);
	}
}

/** An answer still streaming when stored (window closed meanwhile) is stored as cut. */
function forStorage(turn: Turn): Turn {
	const state = turn.state === 'streaming' ? 'incomplete' : turn.state;
	const answer = turn.answer.length > maxStoredAnswer ? `${turn.answer.slice(0, maxStoredAnswer)}\n\n[… answer cut when stored]` : turn.answer;
	return { ...turn, state, answer };
}

const str = (v: unknown): v is string => typeof v === 'string';

function checkConversation(value: unknown): Conversation | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const c = value as Record<string, unknown>;
	if (!str(c.id) || !str(c.title) || typeof c.createdAt !== 'number' || typeof c.updatedAt !== 'number' || !Array.isArray(c.turns)) return undefined;
	const turns = c.turns.map(checkTurn).filter((t): t is Turn => !!t);
	const thread = c.thread as Record<string, unknown> | undefined;
	const threadOk = thread && str(thread.threadId);
	return {
		id: c.id,
		title: c.title,
		createdAt: c.createdAt,
		updatedAt: c.updatedAt,
		turns,
		// A stored thread key (older versions kept one) is never read back.
		...(threadOk ? { thread: { threadId: thread.threadId as string } } : {}),
	};
}

const states = new Set(['done', 'stopped', 'incomplete', 'failed', 'streaming']);

function checkTurn(value: unknown): Turn | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const t = value as Record<string, unknown>;
	if (!str(t.id) || !str(t.question) || !str(t.answer) || !str(t.state) || !states.has(t.state)) return undefined;
	const citations = Array.isArray(t.citations) ? t.citations.filter(isSource) : [];
	const context = Array.isArray(t.context) ? t.context.filter(isContext) : undefined;
	const notes = Array.isArray(t.notes) ? t.notes.filter(str) : undefined;
	const error =
		t.error && typeof t.error === 'object' && str((t.error as Record<string, unknown>).kind) && str((t.error as Record<string, unknown>).message)
			? (t.error as Turn['error'])
			: undefined;
	return {
		id: t.id,
		question: t.question,
		answer: t.answer,
		citations,
		state: t.state === 'streaming' ? 'incomplete' : (t.state as Turn['state']),
		...(context?.length ? { context } : {}),
		...(notes?.length ? { notes } : {}),
		...(error ? { error } : {}),
	};
}

function isSource(value: unknown): value is AssistantSource {
	if (!value || typeof value !== 'object') return false;
	const s = value as Record<string, unknown>;
	return ['path', 'url', 'title', 'excerpt'].every(k => s[k] === undefined || str(s[k]));
}

function isContext(value: unknown): value is AssistantContext {
	if (!value || typeof value !== 'object') return false;
	const c = value as Record<string, unknown>;
	return (
		(c.type === 'code' || c.type === 'textSelection') &&
		str(c.value) &&
		(c.elementId === undefined || str(c.elementId)) &&
		(c.path === undefined || str(c.path))
	);
}
