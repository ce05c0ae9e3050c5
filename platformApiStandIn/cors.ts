import type { IncomingMessage } from 'node:http';

/**
 * Which web pages may call the stand-in: MintDoc in a browser (VS Code's web worker extension
 * host: code-server, vscode.dev) calls the API with `fetch`, and the browser lets the page read an
 * answer only when the answer names the page's origin (CORS). Requests without an `Origin` (the
 * desktop extension host, the CLI, curl) are not a browser's and are always answered.
 * - `local` (the default): pages served from this machine (http or https on 127.0.0.1, localhost,
 *   [::1], any port): code-server, a local VS Code for the web;
 * - `any`: every origin (e.g. vscode.dev pointed at the stand-in);
 * - `none`: no web page, as an API that does not accept requests from browsers (how the refusal is tested);
 * - origins named exactly (`https://example.dev:8443`), alone or with `local`.
 */
export interface OriginPolicy {
	readonly local: boolean;
	readonly any: boolean;
	readonly origins: ReadonlySet<string>;
}

export const defaultOriginPolicy: OriginPolicy = { local: true, any: false, origins: new Set() };

/** `--allow-origin`: `local`, `any`, `none`, or a comma-separated list of origins (and `local`). Throws a message on anything else. */
export function parseOriginPolicy(spec: string): OriginPolicy {
	const items = spec
		.split(',')
		.map(item => item.trim())
		.filter(Boolean);
	if (items.length === 0) throw new Error("--allow-origin needs 'local', 'any', 'none' or origins such as https://example.dev");
	if (items.length > 1 && items.some(item => item === 'any' || item === 'none'))
		throw new Error(`--allow-origin '${spec.slice(0, 80)}': 'any' and 'none' stand alone`);
	if (items[0] === 'any') return { local: true, any: true, origins: new Set() };
	if (items[0] === 'none') return { local: false, any: false, origins: new Set() };
	const origins = new Set<string>();
	for (const item of items.filter(i => i !== 'local')) {
		let url: URL;
		try {
			url = new URL(item);
		} catch {
			throw new Error(`--allow-origin: '${item.slice(0, 80)}' is not an origin (scheme://host[:port])`);
		}
		if (!/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, ''))
			throw new Error(`--allow-origin: '${item.slice(0, 80)}' is not an origin (scheme://host[:port], nothing after)`);
		origins.add(url.origin);
	}
	return { local: items.includes('local'), any: false, origins };
}

/** The policy in words, for the stand-in's banner. */
export function describeOriginPolicy(policy: OriginPolicy): string {
	if (policy.any) return 'any web page (CORS for every origin)';
	const named = [...(policy.local ? ['pages served from this machine (127.0.0.1, localhost, [::1])'] : []), ...policy.origins];
	return named.length ? named.join(', ') : 'no web page (no CORS headers: browsers refuse, as from an API that does not accept them)';
}

const loopbackNames = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a page of `origin` may read the stand-in's answers. */
export function originAllowed(policy: OriginPolicy, origin: string): boolean {
	if (policy.any) return true;
	if (policy.origins.has(origin)) return true;
	if (!policy.local) return false;
	try {
		const url = new URL(origin);
		return (url.protocol === 'http:' || url.protocol === 'https:') && loopbackNames.has(url.hostname);
	} catch {
		return false; // `null` (a sandboxed frame, a file): only with `any`
	}
}

/**
 * Response headers the client reads beyond the CORS-safelisted ones (Content-Type, Content-Length):
 * the rate limit's wait, the encoding named in a decompression failure, the assistant's thread.
 */
export const exposedHeaders = ['retry-after', 'content-encoding', 'x-thread-id', 'x-thread-key'];
/** Request headers the clients send beyond the safelisted ones (Accept), and the tests' fault header. */
export const allowedRequestHeaders = ['authorization', 'content-type', 'x-mintdoc-fault'];
/** The API's methods (the control endpoints `/__…` are for tests and scripts, not pages). */
export const allowedMethods = ['GET', 'POST'];

/** What the stand-in does with a request's `Origin`. */
export type OriginVerdict =
	/** No `Origin`: not a browser's request (or a same-origin GET): answered without CORS headers. */
	| { readonly type: 'noOrigin' }
	/** A page the policy allows: every answer carries these headers (errors and streams too). */
	| { readonly type: 'allowed'; readonly headers: Readonly<Record<string, string>> }
	/** A page the policy refuses: answered 403 without CORS headers, so the browser shows the page nothing. */
	| { readonly type: 'refused'; readonly origin: string };

export function judgeOrigin(policy: OriginPolicy, req: IncomingMessage): OriginVerdict {
	const origin = req.headers.origin;
	if (origin === undefined) return { type: 'noOrigin' };
	if (!originAllowed(policy, origin)) return { type: 'refused', origin };
	return {
		type: 'allowed',
		headers: { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-expose-headers': exposedHeaders.join(', ') },
	};
}

/** A preflight (`OPTIONS` with `Access-Control-Request-Method`): what a browser asks before a request with a key. */
export function isPreflight(req: IncomingMessage): boolean {
	return req.method === 'OPTIONS' && typeof req.headers['access-control-request-method'] === 'string';
}

/**
 * The preflight's answer for an allowed origin: the methods and headers the clients send, cached
 * by the browser for 10 minutes; `Access-Control-Allow-Private-Network` when asked (Chrome asks
 * before a public page, such as vscode.dev, reaches 127.0.0.1).
 */
export function preflightHeaders(req: IncomingMessage): Record<string, string> {
	return {
		'access-control-allow-methods': allowedMethods.join(', '),
		'access-control-allow-headers': allowedRequestHeaders.join(', '),
		'access-control-max-age': '600',
		...(req.headers['access-control-request-private-network'] === 'true' ? { 'access-control-allow-private-network': 'true' } : {}),
	};
}
