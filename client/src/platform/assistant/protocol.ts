/**
 * The messages between the assistant chat's host side (assistantPanel.ts, extension host) and its
 * webview (browser/main.ts), and the state both sides keep. Imported by both sides; free of
 * `vscode` and of the DOM. The assistant key is never part of any of these.
 */
import type { AssistantContext, AssistantSource } from '../api/assistantTypes';

/** Where an answer stands. `incomplete`: the stream was cut mid-answer (the partial text is kept). */
export type AnswerState = 'streaming' | 'done' | 'stopped' | 'incomplete' | 'failed';

/**
 * Why a question got no (full) answer, each with one next step in the panel:
 * `noKey`/`noDomain` (set them), `auth` 401, `forbidden` 403, `network` offline, `webPage` no answer to
 * a web page (the API may refuse a browser's requests: use the desktop), `rateLimited` 429
 * (`retryAfter`), `notFound` 404 even without a thread, `server` 5xx, `timeout` idle stream,
 * `stream` an error part from the server, `config` a bad setting, `other` anything else.
 */
export type ChatErrorKind =
	| 'noKey'
	| 'noDomain'
	| 'auth'
	| 'forbidden'
	| 'network'
	| 'webPage'
	| 'rateLimited'
	| 'notFound'
	| 'server'
	| 'timeout'
	| 'stream'
	| 'config'
	| 'badRequest'
	| 'other';

export interface ChatError {
	readonly kind: ChatErrorKind;
	/** Shown as is (rendered as text, never HTML); already free of keys. */
	readonly message: string;
	/** Seconds until a rate-limited request may be tried again. */
	readonly retryAfter?: number;
}

/** One question and its answer. */
export interface Turn {
	readonly id: string;
	readonly question: string;
	/** The editor selection sent with the question, if any. */
	readonly context?: readonly AssistantContext[];
	/** Markdown, as streamed so far. */
	readonly answer: string;
	readonly citations: readonly AssistantSource[];
	readonly state: AnswerState;
	readonly error?: ChatError;
	/** Subtle notes shown under the answer, e.g. that a new thread was started. */
	readonly notes?: readonly string[];
}

/** The server's thread as the panel keeps it. The key is kept by the host only (see toViewState). */
export interface ChatThread {
	readonly threadId: string;
	readonly threadKey?: string;
}

export interface Conversation {
	readonly id: string;
	readonly title: string;
	readonly createdAt: number;
	readonly updatedAt: number;
	readonly turns: readonly Turn[];
	/** Known once the server named it; forgotten by "New chat" (a new conversation has none). */
	readonly thread?: ChatThread;
}

/** A stored conversation in the history list. */
export interface ConversationSummary {
	readonly id: string;
	readonly title: string;
	readonly updatedAt: number;
	readonly turns: number;
}

/** What stops any question from being asked: shown as a banner with the button that fixes it. */
export type SetupProblem = 'noKey' | 'noDomain';

export interface ChatState {
	readonly conversation: Conversation;
	/** Other stored conversations, newest first. */
	readonly history: readonly ConversationSummary[];
	/** The text in the input box; restored there when its question fails. */
	readonly draft: string;
	/** Context attached to the next question ("Ask MintDoc Assistant about Selection"). */
	readonly pendingContext?: readonly AssistantContext[];
	readonly setup?: SetupProblem;
	/** The domain questions go to, for the header. */
	readonly domain?: string;
}

/**
 * Host → webview. Each is also an action of the reducer (chatState.ts): the host applies it to its
 * own state, then posts it, and the webview applies it to its copy.
 */
export type HostMessage =
	/** The whole state: on (re)load of the webview. */
	| { readonly type: 'init'; readonly state: ChatState }
	| { readonly type: 'setup'; readonly setup: SetupProblem | undefined; readonly domain?: string }
	/** The input box text, e.g. set by "Ask about Selection"; `context` replaces the pending one. */
	| { readonly type: 'draft'; readonly text: string; readonly context?: readonly AssistantContext[] }
	/** `replaces`: the turn a Retry asks again (it is dropped; failed turns without text are dropped too). */
	| {
			readonly type: 'turnStarted';
			readonly id: string;
			readonly question: string;
			readonly context?: readonly AssistantContext[];
			readonly replaces?: string;
			readonly now: number;
	  }
	/** Text appended to the answer (the host coalesces small stream parts). */
	| { readonly type: 'text'; readonly turnId: string; readonly text: string }
	| { readonly type: 'citation'; readonly turnId: string; readonly source: AssistantSource }
	/** `forgetThread`: the server no longer knows the thread (404), so the conversation drops it. */
	| { readonly type: 'note'; readonly turnId: string; readonly note: string; readonly forgetThread?: boolean }
	| {
			readonly type: 'turnEnded';
			readonly turnId: string;
			readonly state: 'done' | 'stopped' | 'incomplete';
			readonly thread?: ChatThread;
			readonly now: number;
	  }
	| { readonly type: 'turnFailed'; readonly turnId: string; readonly error: ChatError; readonly now: number }
	/** Starts an empty conversation (the current one stays in the history if it has turns). */
	| { readonly type: 'newChat'; readonly id: string; readonly now: number }
	/** Reopens a stored conversation. */
	| { readonly type: 'openConversation'; readonly conversation: Conversation }
	| { readonly type: 'deleteConversation'; readonly id: string };

/** Webview → host. */
export type ViewMessage =
	| { readonly type: 'ready' }
	| { readonly type: 'send'; readonly text: string }
	| { readonly type: 'stop' }
	| { readonly type: 'retry'; readonly turnId: string }
	/** The input box changed (debounced): kept by the host so it survives a reload. */
	| { readonly type: 'draft'; readonly text: string }
	| { readonly type: 'clearContext' }
	| { readonly type: 'newChat' }
	| { readonly type: 'openConversation'; readonly id: string }
	| { readonly type: 'deleteConversation'; readonly id: string }
	| { readonly type: 'export' }
	/** A link in an answer was clicked: the host opens it only if https or a page of the site. */
	| { readonly type: 'openLink'; readonly href: string }
	| { readonly type: 'openCitation'; readonly turnId: string; readonly index: number }
	| { readonly type: 'copy'; readonly text: string }
	| { readonly type: 'insert'; readonly text: string }
	| { readonly type: 'fix'; readonly problem: 'noKey' | 'noDomain' | 'auth' };

const viewMessageTypes = new Set<ViewMessage['type']>([
	'ready',
	'send',
	'stop',
	'retry',
	'draft',
	'clearContext',
	'newChat',
	'openConversation',
	'deleteConversation',
	'export',
	'openLink',
	'openCitation',
	'copy',
	'insert',
	'fix',
]);

/** Checks a message from the webview before the host acts on it (the webview is not trusted). */
export function isViewMessage(value: unknown): value is ViewMessage {
	if (!value || typeof value !== 'object') return false;
	const m = value as Record<string, unknown>;
	if (typeof m.type !== 'string' || !viewMessageTypes.has(m.type as ViewMessage['type'])) return false;
	switch (m.type) {
		case 'send':
		case 'draft':
		case 'copy':
		case 'insert':
			return typeof m.text === 'string';
		case 'retry':
			return typeof m.turnId === 'string';
		case 'openConversation':
		case 'deleteConversation':
			return typeof m.id === 'string';
		case 'openLink':
			return typeof m.href === 'string';
		case 'openCitation':
			return typeof m.turnId === 'string' && Number.isInteger(m.index);
		case 'fix':
			return m.problem === 'noKey' || m.problem === 'noDomain' || m.problem === 'auth';
		default:
			return true;
	}
}
