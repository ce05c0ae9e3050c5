import type { AssistantContext, AssistantFilter, AssistantRequest, AssistantTextPart } from './assistantTypes';

/**
 * Which assistant endpoint to speak. The platform's docs moved from
 * `/discovery/v1/assistant/{domain}/message` (AI SDK v4 data stream, the spec's) to
 * `/discovery/v2/...` (AI SDK v5+ UI message stream) in 2026-02 and hid v1; a site's key may be
 * served by either for a while. `auto` tries v2 and falls back to v1 once on a 404.
 */
export type AssistantApiSetting = 'auto' | 'v2' | 'v1';
export type AssistantApiVersion = 'v2' | 'v1';

/** Values of `mintdoc.assistant.apiVersion`; anything else counts as `auto`. */
export function assistantApiSetting(value: unknown): AssistantApiSetting {
	return value === 'v1' || value === 'v2' ? value : 'auto';
}

/**
 * What `auto` learned per assistant domain (the host keeps it for the session): once v2 answered
 * 404 and v1 did not, that domain is asked on v1 without trying v2 first.
 */
export interface AssistantVersionMemory {
	get(domain: string): AssistantApiVersion | undefined;
	set(domain: string, version: AssistantApiVersion): void;
}

export function createVersionMemory(): AssistantVersionMemory {
	const known = new Map<string, AssistantApiVersion>();
	return { get: domain => known.get(domain), set: (domain, version) => void known.set(domain, version) };
}

/** The endpoint's path for a version. */
export function assistantPath(version: AssistantApiVersion, domain: string): string {
	return `/discovery/${version}/assistant/${encodeURIComponent(domain)}/message`;
}

/** A v2 message: `id`, `role` and `parts`; no `content` (the v2 schema has none). */
export interface AssistantMessageV2 {
	readonly id: string;
	readonly role: 'user' | 'assistant';
	readonly parts: readonly AssistantTextPart[];
}

/** A v2 context item: with the `path` of the file it came from. */
export type AssistantContextV2 = AssistantContext;

/** The v2 request body (platform docs, 2026-08). */
export interface AssistantRequestV2 {
	readonly fp: string;
	readonly messages: readonly AssistantMessageV2[];
	readonly threadId?: string;
	readonly threadKey?: string;
	readonly retrievalPageSize: number;
	readonly filter?: AssistantFilter;
	readonly context?: readonly AssistantContextV2[];
	/** The route of the page the writer has open (`/guides/webhooks`), at most 200 characters. */
	readonly currentPath?: string;
}

/** Longest `currentPath` the v2 endpoint takes. */
export const maxCurrentPathLength = 200;

/**
 * The v2 body from the v1 one (built by `buildAssistantRequest`): messages as parts only, the
 * context items with their `path` (from `context`, the caller's items), and `currentPath` when it fits (a longer one is left out:
 * the question still works without it).
 */
export function toV2Request(v1: AssistantRequest, currentPath?: string, context: readonly AssistantContextV2[] = v1.context ?? []): AssistantRequestV2 {
	const path = currentPath?.trim();
	const items = context.filter(c => c.value !== '');
	return {
		fp: v1.fp,
		messages: v1.messages.map(m => ({ id: m.id, role: m.role, parts: m.parts })),
		...(v1.threadId ? { threadId: v1.threadId } : {}),
		...(v1.threadId && v1.threadKey ? { threadKey: v1.threadKey } : {}),
		retrievalPageSize: v1.retrievalPageSize,
		...(v1.filter ? { filter: v1.filter } : {}),
		...(items.length ? { context: items } : {}),
		...(path && path.length <= maxCurrentPathLength ? { currentPath: path.startsWith('/') ? path : `/${path}` } : {}),
	};
}

/** The spec's v1 context item: no `path` (the spec's schema does not have it). */
export function toV1Context(context: readonly AssistantContextV2[]): AssistantContext[] {
	return context.map(({ type, value, elementId }) => ({ type, value, ...(elementId ? { elementId } : {}) }));
}
