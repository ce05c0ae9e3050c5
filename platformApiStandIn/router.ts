import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from './faults';

/** Which key a route needs: the admin key (update status, feedback), the assistant key, or none. */
export type RouteAuth = 'admin' | 'assistant' | 'none';

/** A JSON answer; the server applies output faults (truncated, malformed, ...) before sending it. */
export interface Reply {
	readonly status: number;
	readonly body: unknown;
	readonly headers?: Readonly<Record<string, string>>;
}

/** What a handler gets: the raw request/response (for streams), the parsed URL and the path parameters. */
export interface RouteContext {
	readonly req: IncomingMessage;
	readonly res: ServerResponse;
	readonly url: URL;
	readonly params: Readonly<Record<string, string>>;
	/** Aborted when the client goes away. */
	readonly signal: AbortSignal;
	/**
	 * The fault chosen for this request, when the server has not applied it already (status
	 * faults and `slow`/`drop` are; output faults reach handlers that write `res` themselves).
	 */
	readonly fault?: Fault;
}

/**
 * Returns a Reply for the server to send, or undefined after writing `ctx.res` itself (the
 * assistant's streamed answer does that).
 */
export type RouteHandler = (ctx: RouteContext) => Reply | undefined | Promise<Reply | undefined>;

interface Route {
	readonly method: string;
	readonly segments: readonly string[];
	readonly auth: RouteAuth;
	readonly handler: RouteHandler;
}

export type RouteMatch =
	| { readonly type: 'found'; readonly route: Route; readonly params: Record<string, string> }
	| { readonly type: 'methodNotAllowed'; readonly allowed: readonly string[] }
	| { readonly type: 'badPath'; readonly message: string }
	| { readonly type: 'notFound' };

/**
 * The stand-in's routes, e.g. `router.add('GET', '/v1/project/update-status/:statusId', handler)`.
 * Path parameters are single segments, percent-decoded after matching (so `a%2Fb` is the id
 * `a/b`, not two segments). This is the extension point for more endpoints (the assistant's
 * streamed `POST /discovery/v1/assistant/:domain/message` is one: see assistantRoute.ts).
 */
export class Router {
	readonly #routes: Route[] = [];

	add(method: string, pattern: string, handler: RouteHandler, options: { readonly auth?: RouteAuth } = {}): this {
		const segments = pattern.split('/').filter(Boolean);
		const existing = this.#routes.findIndex(r => r.method === method && r.segments.join('/') === segments.join('/'));
		const route = { method, segments, auth: options.auth ?? 'admin', handler };
		// Adding a route again replaces it: how a later feature takes over a stub.
		if (existing >= 0) this.#routes[existing] = route;
		else this.#routes.push(route);
		return this;
	}

	match(method: string, pathname: string): RouteMatch {
		const parts = pathname.split('/').filter(Boolean);
		const allowed: string[] = [];
		for (const route of this.#routes) {
			if (route.segments.length !== parts.length) continue;
			const params: Record<string, string> = {};
			let ok = true;
			for (let i = 0; i < parts.length && ok; i++) {
				const want = route.segments[i];
				if (want.startsWith(':')) {
					try {
						params[want.slice(1)] = decodeURIComponent(parts[i]);
					} catch {
						return { type: 'badPath', message: `path segment '${parts[i].slice(0, 80)}' is not valid percent-encoding` };
					}
				} else {
					ok = want === parts[i];
				}
			}
			if (!ok) continue;
			if (route.method === method) return { type: 'found', route, params };
			allowed.push(route.method);
		}
		return allowed.length ? { type: 'methodNotAllowed', allowed } : { type: 'notFound' };
	}
}

/** The stand-in's error body: `{ "error": code, "message": text }`. */
export function errorReply(status: number, error: string, message: string, headers?: Record<string, string>): Reply {
	return { status, body: { error, message }, headers };
}

/** Reads a request body up to `limit` bytes (JSON control requests, assistant messages). */
export async function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<string> {
	let size = 0;
	const chunks: Buffer[] = [];
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > limit) throw new Error(`request body over ${limit} bytes`);
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks).toString('utf8');
}
