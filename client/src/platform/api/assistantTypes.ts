/**
 * The assistant endpoint's wire types (spec: "Assistant message request", "Generate assistant
 * message") and the typed events MintDoc reads from its AI SDK v4 data stream. Shared by the
 * stream parser, the request client and the chat panel's host side; free of `vscode`.
 */

export interface AssistantTextPart {
	readonly type: 'text';
	readonly text: string;
}

/** A message as the endpoint takes it: `id`, `role`, `content` and `parts` are all sent. */
export interface AssistantMessage {
	readonly id: string;
	readonly role: 'user' | 'assistant';
	readonly content: string;
	readonly parts: readonly AssistantTextPart[];
}

/** Extra context from the editor: a selection inside code (`code`) or prose (`textSelection`). */
export interface AssistantContext {
	readonly type: 'code' | 'textSelection';
	readonly value: string;
	readonly elementId?: string;
	/** The workspace-relative file the selection came from (v2 only; the v1 body leaves it out). */
	readonly path?: string;
}

/** Child fields are not pinned down by the spec; the public docs name `version` and `language`. */
export interface AssistantFilter {
	readonly version?: string;
	readonly language?: string;
}

/** The request body, exactly as the spec shapes it. `threadId`/`threadKey` only once known. */
export interface AssistantRequest {
	readonly fp: string;
	readonly messages: readonly AssistantMessage[];
	readonly threadId?: string | null;
	readonly threadKey?: string;
	readonly retrievalPageSize: number;
	readonly filter?: AssistantFilter | null;
	readonly context?: readonly AssistantContext[];
}

/** A citation: from an `h:` source part or from a `search` tool result item. */
export interface AssistantSource {
	/**
	 * Site path of the page (`guides/setup`), when the source names one: no leading slash, no
	 * `#fragment` (that is `anchor`); the site's root page is `index`.
	 */
	readonly path?: string;
	/** Heading anchor within the page (`verify-the-signature`), when the source names one. */
	readonly anchor?: string;
	readonly url?: string;
	readonly title?: string;
	/** The retrieved text, when the source carries it. */
	readonly excerpt?: string;
}

/** The thread the server put this answer in (header, finish data item, or extra fields). */
export interface AssistantThread {
	readonly threadId: string;
	/** Issued only when the server creates a thread; must be sent back with the id. */
	readonly threadKey?: string;
}

/** What the stream parser yields, in stream order. */
export type AssistantEvent =
	| { readonly type: 'text'; readonly text: string }
	| { readonly type: 'reasoning'; readonly text: string }
	| { readonly type: 'source'; readonly source: AssistantSource }
	| { readonly type: 'file'; readonly mimeType: string; readonly data: string }
	| { readonly type: 'toolCall'; readonly toolCallId: string; readonly toolName: string; readonly args: unknown }
	| { readonly type: 'toolResult'; readonly toolCallId: string; readonly toolName?: string; readonly result: unknown }
	| { readonly type: 'stepStart'; readonly messageId?: string }
	| { readonly type: 'stepFinish'; readonly finishReason: string }
	| { readonly type: 'data'; readonly items: readonly unknown[] }
	| { readonly type: 'annotations'; readonly items: readonly unknown[] }
	| { readonly type: 'thread'; readonly thread: AssistantThread }
	/** A `3:` part: the server's error text; text received before it stays. */
	| { readonly type: 'error'; readonly message: string }
	| { readonly type: 'finish'; readonly finishReason: string; readonly usage?: AssistantUsage }
	/**
	 * From the request client, not the stream: the server did not know the thread that was sent
	 * (HTTP 404), so the client forgot it and asked again once without it. Forget the stored id/key.
	 */
	| { readonly type: 'threadReset'; readonly message: string }
	/**
	 * From the request client: the answer ended without its `d:` finish part. The text received so
	 * far stays; `reason` says why (`cut` the stream ended or broke, `stopped` the caller aborted,
	 * `idle` nothing arrived within the idle timeout, `tooLarge` the answer passed its size cap).
	 */
	| { readonly type: 'incomplete'; readonly reason: IncompleteReason; readonly message: string };

/** Why an answer ended early (see the `incomplete` event). */
export type IncompleteReason = 'cut' | 'stopped' | 'idle' | 'tooLarge';

/** Token counts of a `d:`/`e:` part, when the server sends them. */
export interface AssistantUsage {
	readonly promptTokens?: number;
	readonly completionTokens?: number;
}

/** A line the parser could not use (unknown code, bad JSON, wrong shape): skipped and logged, never fatal. */
export interface SkippedLine {
	readonly line: string;
	readonly reason: string;
}
