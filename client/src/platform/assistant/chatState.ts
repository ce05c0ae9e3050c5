/**
 * The chat's state transitions, pure: `reduceChat(state, message)` for every host message. The
 * host applies each message to its state (the one it persists) and posts it to the webview, which
 * applies it to its copy, so both sides agree and tests cover the UI logic without a DOM.
 */
import type { AssistantMessage } from '../api/assistantTypes';
import type { ChatState, Conversation, ConversationSummary, HostMessage, Turn } from './protocol';

/** Stored conversations beyond this many are dropped, oldest first. */
export const maxHistory = 50;

export function emptyConversation(id: string, now: number): Conversation {
	return { id, title: 'New chat', createdAt: now, updatedAt: now, turns: [] };
}

export function initialChatState(conversation: Conversation, history: readonly ConversationSummary[] = [], draft = ''): ChatState {
	return { conversation, history, draft };
}

/** A conversation's title: the first line of its first question, shortened. */
export function conversationTitle(question: string): string {
	const line = question.trim().split(/\r?\n/, 1)[0].replace(/\s+/g, ' ');
	return line.length > 60 ? `${line.slice(0, 57)}…` : line || 'New chat';
}

export function summarize(conversation: Conversation): ConversationSummary {
	return { id: conversation.id, title: conversation.title, updatedAt: conversation.updatedAt, turns: conversation.turns.length };
}

/** The state as the webview may see it: the thread key stays in the host. */
export function toViewState(state: ChatState): ChatState {
	const thread = state.conversation.thread;
	return thread?.threadKey ? { ...state, conversation: { ...state.conversation, thread: { threadId: thread.threadId } } } : state;
}

/** The turns that go back to the server as history: answered ones (fully or partly). */
export function isAnswered(turn: Turn): boolean {
	return turn.state !== 'streaming' && turn.answer.length > 0;
}

/**
 * The request's `messages`: earlier answered turns as user/assistant pairs, then `question`.
 * Ids are the turn's id with a suffix, so they stay the same when a conversation is resent.
 */
export function requestMessages(turns: readonly Turn[], turnId: string, question: string): AssistantMessage[] {
	const messages: AssistantMessage[] = [];
	const message = (id: string, role: 'user' | 'assistant', content: string): AssistantMessage => ({
		id,
		role,
		content,
		parts: [{ type: 'text', text: content }],
	});
	for (const turn of turns) {
		if (turn.id === turnId || !isAnswered(turn)) continue;
		messages.push(message(`${turn.id}-q`, 'user', turn.question), message(`${turn.id}-a`, 'assistant', turn.answer));
	}
	messages.push(message(`${turnId}-q`, 'user', question));
	return messages;
}

export function reduceChat(state: ChatState, message: HostMessage): ChatState {
	switch (message.type) {
		case 'init':
			return message.state;
		case 'setup':
			return { ...state, setup: message.setup, domain: message.domain ?? state.domain };
		case 'draft':
			return { ...state, draft: message.text, pendingContext: message.context ?? state.pendingContext };
		case 'turnStarted': {
			const { conversation } = state;
			// A retried or re-asked question replaces its failed turn (its text is being sent again).
			const kept = conversation.turns.filter(t => t.id !== message.replaces && !(t.state === 'failed' && !t.answer));
			const turn: Turn = { id: message.id, question: message.question, context: message.context, answer: '', citations: [], state: 'streaming' };
			return {
				...state,
				draft: state.draft.trim() === message.question.trim() ? '' : state.draft,
				pendingContext: message.context ? undefined : state.pendingContext,
				conversation: {
					...conversation,
					title: kept.length === 0 ? conversationTitle(message.question) : conversation.title,
					updatedAt: message.now,
					turns: [...kept, turn],
				},
			};
		}
		case 'text':
			return updateTurn(state, message.turnId, t => ({ ...t, answer: t.answer + message.text }));
		case 'citation':
			return updateTurn(state, message.turnId, t => (hasCitation(t, message.source) ? t : { ...t, citations: [...t.citations, message.source] }));
		case 'note': {
			const next = updateTurn(state, message.turnId, t => ({ ...t, notes: [...(t.notes ?? []), message.note] }));
			return message.forgetThread ? { ...next, conversation: { ...next.conversation, thread: undefined } } : next;
		}
		case 'turnEnded': {
			const next = updateTurn(state, message.turnId, t => ({ ...t, state: message.state }));
			const thread = message.thread ?? next.conversation.thread;
			return { ...next, conversation: { ...next.conversation, thread, updatedAt: message.now } };
		}
		case 'turnFailed': {
			const turn = state.conversation.turns.find(t => t.id === message.turnId);
			const next = updateTurn(state, message.turnId, t => ({ ...t, state: 'failed', error: message.error }));
			// The question is never lost: back into the input box unless the user is typing another.
			const draft = turn && !state.draft.trim() ? turn.question : state.draft;
			return { ...next, draft, conversation: { ...next.conversation, updatedAt: message.now } };
		}
		case 'newChat':
			return { ...state, history: withCurrentArchived(state), conversation: emptyConversation(message.id, message.now) };
		case 'openConversation':
			if (message.conversation.id === state.conversation.id) return state;
			return {
				...state,
				history: withCurrentArchived(state).filter(s => s.id !== message.conversation.id),
				conversation: message.conversation,
			};
		case 'deleteConversation':
			return { ...state, history: state.history.filter(s => s.id !== message.id) };
	}
}

/** Whether an answer is still being streamed in the current conversation. */
export function streamingTurn(state: ChatState): Turn | undefined {
	return state.conversation.turns.find(t => t.state === 'streaming');
}

function updateTurn(state: ChatState, turnId: string, update: (turn: Turn) => Turn): ChatState {
	const index = state.conversation.turns.findIndex(t => t.id === turnId);
	if (index < 0) return state;
	const turns = state.conversation.turns.slice();
	turns[index] = update(turns[index]);
	return { ...state, conversation: { ...state.conversation, turns } };
}

function hasCitation(turn: Turn, source: Turn['citations'][number]): boolean {
	return turn.citations.some(c => (c.path ?? c.url) === (source.path ?? source.url) && c.title === source.title);
}

/** The history with the current conversation in it (if it has turns), newest first, capped. */
function withCurrentArchived(state: ChatState): ConversationSummary[] {
	const others = state.history.filter(s => s.id !== state.conversation.id);
	const all = state.conversation.turns.length ? [summarize(state.conversation), ...others] : others;
	return all.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, maxHistory);
}
