import * as vscode from 'vscode';
import { askAssistant, streamEndedEarly } from '../api/assistantClient';
import { createVersionMemory } from '../api/assistantVersion';
import type { AssistantContext } from '../api/assistantTypes';
import { isApiError } from '../api/errors';
import type { Platform } from '../apiKeys';
import { readAssistantSettings } from './assistantSettings';
import { toChatError } from './chatError';
import { emptyConversation, initialChatState, reduceChat, requestMessages, streamingTurn, toViewState } from './chatState';
import type { ConversationStore } from './conversationStore';
import type { ChatError, ChatState, ChatThread, HostMessage, SetupProblem, Turn } from './protocol';

/** Text parts arriving within this time go to the webview as one message. */
const textFlushMs = 40;

/**
 * The chat as the extension host keeps it: one state for every webview showing it (side bar
 * view, editor tab), the requests (one AbortController per answer, key read here and never
 * posted) and persistence. Every change is a HostMessage: applied here, then posted.
 */
export class ChatSession implements vscode.Disposable {
	#state: ChatState;
	readonly #webviews = new Set<vscode.Webview>();
	readonly #onDidChange = new vscode.EventEmitter<ChatState>();
	/** Fires after every state change (tests wait on it). */
	readonly onDidChange = this.#onDidChange.event;
	readonly #ready = new Set<vscode.Webview>();
	readonly #onDidChangeWebviews = new vscode.EventEmitter<void>();
	/** Fires when a webview is attached, detached, or has posted `ready`. */
	readonly onDidChangeWebviews = this.#onDidChangeWebviews.event;
	#request: { readonly turnId: string; readonly controller: AbortController; readonly done: Promise<void> } | undefined;
	#draftTimer: NodeJS.Timeout | undefined;

	/** What `auto` learned about each domain's assistant endpoint, for this session. */
	readonly #versions = createVersionMemory();

	constructor(
		private readonly platform: Platform,
		private readonly store: ConversationStore,
		private readonly currentPath: () => string | undefined = () => undefined,
	) {
		const stored = store.currentId() ? store.get(store.currentId()!) : undefined;
		const conversation = stored ?? emptyConversation(newId('c'), Date.now());
		this.#state = initialChatState(conversation, store.summaries(conversation.id), store.draft());
	}

	get state(): ChatState {
		return this.#state;
	}

	/** Shows the chat in `webview` until it is disposed; it gets the whole state when it says `ready`. */
	attach(webview: vscode.Webview): vscode.Disposable {
		this.#webviews.add(webview);
		this.#onDidChangeWebviews.fire();
		return new vscode.Disposable(() => {
			this.#webviews.delete(webview);
			this.#ready.delete(webview);
			this.#onDidChangeWebviews.fire();
		});
	}

	/** Posts the whole state to one webview (on its `ready`). */
	sendInit(webview: vscode.Webview): void {
		void webview.postMessage({ type: 'init', state: toViewState(this.#state) } satisfies HostMessage);
		this.#ready.add(webview);
		this.#onDidChangeWebviews.fire();
	}

	/** Webviews showing the chat, and those whose script has started (posted `ready`). */
	get webviewCount(): { readonly attached: number; readonly ready: number } {
		return { attached: this.#webviews.size, ready: this.#ready.size };
	}

	#dispatch(message: HostMessage): void {
		this.#state = reduceChat(this.#state, message);
		// The thread key stays here: the webview only learns the id.
		const forView: HostMessage = message.type === 'turnEnded' && message.thread ? { ...message, thread: { threadId: message.thread.threadId } } : message;
		for (const webview of this.#webviews) void webview.postMessage(forView);
		this.#onDidChange.fire(this.#state);
	}

	/** Re-reads the key and the domain setting; the panel shows a banner for what is missing. */
	async refreshSetup(): Promise<void> {
		const { domain } = readAssistantSettings();
		const key = await this.platform.keys.get('assistant');
		const setup: SetupProblem | undefined = !key ? 'noKey' : !domain ? 'noDomain' : undefined;
		if (setup !== this.#state.setup || domain !== (this.#state.domain ?? '')) this.#dispatch({ type: 'setup', setup, domain });
	}

	/** Puts text (and optionally a selection as context) in the input box. */
	setDraft(text: string, context?: readonly AssistantContext[]): void {
		this.#dispatch({ type: 'draft', text, context });
		this.#saveDraftSoon();
	}

	/** The webview's input changed: remember it (not posted back: the webview has it). */
	draftChanged(text: string): void {
		this.#state = { ...this.#state, draft: text };
		this.#saveDraftSoon();
	}

	clearContext(): void {
		this.#dispatch({ type: 'draft', text: this.#state.draft, context: [] });
	}

	/**
	 * Asks `question` in the current conversation; resolves once its answer ended (done, stopped,
	 * cut or failed). Ignored while another answer streams. `replaces`: the turn a Retry asks again.
	 */
	async ask(question: string, options: { context?: readonly AssistantContext[]; replaces?: string } = {}): Promise<void> {
		if (!question.trim() || this.#request) return;
		const turnId = newId('t');
		const pending = this.#state.pendingContext?.length ? this.#state.pendingContext : undefined;
		const context = options.context ?? pending;
		this.#dispatch({ type: 'turnStarted', id: turnId, question, context, replaces: options.replaces, now: Date.now() });
		void this.store.setDraft(this.#state.draft);
		const controller = new AbortController();
		const done = this.#answer(turnId, question, context, controller);
		this.#request = { turnId, controller, done };
		try {
			await done;
		} finally {
			this.#request = undefined;
			void this.#persist();
		}
	}

	/** Asks a failed, cut or stopped question again, in place of its turn. */
	async retry(turnId: string): Promise<void> {
		const turn = this.#state.conversation.turns.find(t => t.id === turnId);
		if (!turn || turn.state === 'streaming') return;
		await this.ask(turn.question, { context: turn.context, replaces: turn.id });
	}

	/** Stops the streaming answer (its text so far stays); resolves once it ended. */
	async stop(): Promise<void> {
		const request = this.#request;
		if (!request) return;
		request.controller.abort();
		await request.done;
	}

	async newChat(): Promise<void> {
		await this.stop();
		await this.#persist();
		this.#dispatch({ type: 'newChat', id: newId('c'), now: Date.now() });
		await this.store.setCurrentId(this.#state.conversation.id);
	}

	async openConversation(id: string): Promise<void> {
		const conversation = this.store.get(id);
		if (!conversation || conversation.id === this.#state.conversation.id) return;
		await this.stop();
		await this.#persist();
		this.#dispatch({ type: 'openConversation', conversation });
		await this.store.setCurrentId(id);
	}

	async deleteConversation(id: string): Promise<void> {
		if (id === this.#state.conversation.id) return;
		await this.store.delete(id);
		this.#dispatch({ type: 'deleteConversation', id });
	}

	async #answer(turnId: string, question: string, context: readonly AssistantContext[] | undefined, controller: AbortController): Promise<void> {
		const settings = readAssistantSettings();
		const key = await this.platform.keys.get('assistant');
		if (!key || !settings.domain) {
			await this.refreshSetup();
			return this.#fail(
				turnId,
				!key
					? { kind: 'noKey', message: 'No assistant key is set. Set the public assistant key (mint_dsc_…) of your site; it is kept in secret storage.' }
					: { kind: 'noDomain', message: 'No assistant domain is set. Set mintdoc.assistant.domain to the domain identifier of your docs site.' },
			);
		}
		let text = '';
		let timer: NodeJS.Timeout | undefined;
		const flush = (): void => {
			clearTimeout(timer);
			timer = undefined;
			if (text) this.#dispatch({ type: 'text', turnId, text });
			text = '';
		};
		let thread: ChatThread | undefined;
		let ended: { state: 'done' | 'stopped' | 'incomplete' } | { error: ChatError } | undefined;
		try {
			const events = askAssistant({
				baseUrl: settings.baseUrl,
				domain: settings.domain,
				getAssistantKey: () => key,
				signal: controller.signal,
				fp: settings.fp,
				retrievalPageSize: settings.retrievalPageSize,
				idleTimeoutMs: settings.idleTimeoutMs,
				messages: requestMessages(this.#state.conversation.turns, turnId, question),
				thread: this.#state.conversation.thread,
				context,
				apiVersion: settings.apiVersion,
				versionMemory: this.#versions,
				currentPath: this.currentPath(),
				onFallback: message => this.platform.log.append(`Assistant: ${message}`),
				onSkipped: skipped => this.platform.log.append(`Assistant: skipped a stream line (${skipped.reason}): ${skipped.line.slice(0, 200)}`),
			});
			for await (const event of events) {
				if (event.type === 'text') {
					text += event.text;
					timer ??= setTimeout(flush, textFlushMs);
					continue;
				}
				flush();
				if (event.type === 'source') this.#dispatch({ type: 'citation', turnId, source: event.source });
				else if (event.type === 'thread') thread = event.thread;
				else if (event.type === 'threadReset')
					this.#dispatch({
						type: 'note',
						turnId,
						note: 'The earlier thread was no longer known to the assistant, so this question started a new one.',
						forgetThread: true,
					});
				else if (event.type === 'error') ended = { error: { kind: 'stream', message: event.message || 'The assistant reported an error.' } };
				else if (event.type === 'finish') ended ??= { state: 'done' };
				else if (event.type === 'incomplete') {
					// Why it ended, when there is more to say than the panel's "cut off" (idle, too large, a broken connection).
					if (event.reason !== 'stopped' && event.message !== streamEndedEarly) this.#dispatch({ type: 'note', turnId, note: event.message });
					ended ??= { state: event.reason === 'stopped' ? 'stopped' : 'incomplete' };
				}
			}
		} catch (e) {
			flush();
			if (isApiError(e) && e.kind === 'cancelled') ended = { state: 'stopped' };
			else ended = { error: toChatError(e) };
			this.platform.log.append(`Assistant: ${e instanceof Error ? e.message : String(e)}`);
		} finally {
			flush();
		}
		if (ended && 'error' in ended) return this.#fail(turnId, ended.error, thread);
		this.#dispatch({ type: 'turnEnded', turnId, state: ended?.state ?? 'incomplete', thread, now: Date.now() });
	}

	#fail(turnId: string, error: ChatError, thread?: ChatThread): void {
		// A thread named before the error is still the conversation's.
		if (thread) this.#state = { ...this.#state, conversation: { ...this.#state.conversation, thread } };
		this.#dispatch({ type: 'turnFailed', turnId, error, now: Date.now() });
		void this.store.setDraft(this.#state.draft);
	}

	async #persist(): Promise<void> {
		await this.store.save(this.#state.conversation);
		await this.store.setCurrentId(this.#state.conversation.id);
	}

	#saveDraftSoon(): void {
		clearTimeout(this.#draftTimer);
		this.#draftTimer = setTimeout(() => void this.store.setDraft(this.#state.draft), 500);
	}

	/** The turn being answered, if any. */
	get streaming(): Turn | undefined {
		return streamingTurn(this.#state);
	}

	dispose(): void {
		this.#request?.controller.abort();
		clearTimeout(this.#draftTimer);
		void this.store.setDraft(this.#state.draft);
		this.#onDidChange.dispose();
		this.#onDidChangeWebviews.dispose();
	}
}

function newId(prefix: string): string {
	return `${prefix}-${globalThis.crypto.randomUUID()}`;
}
