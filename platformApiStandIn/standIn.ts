import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateAnalytics, type StandInAnalytics } from './analyticsData';
import { registerAnalyticsRoutes } from './analyticsRoutes';
import { createAssistantDocs, defaultDocsDir, loadAssistantDocs, type AssistantDocs } from './assistantDocs';
import { registerAssistantRoutes } from './assistantRoute';
import { registerCurrentRoutes } from './currentRoutes';
import { defaultOriginPolicy, isPreflight, judgeOrigin, preflightHeaders, type OriginPolicy } from './cors';
import { FaultQueue, faultHelp, parseFault, type Fault } from './faults';
import { builtinPages, type StandInFeedback } from './feedbackData';
import { bigPage, feedbackPage, parseFeedbackQuery } from './feedbackRoute';
import { errorReply, readBody, Router, type Reply, type RouteAuth } from './router';
import type { UpdateStatusStore } from './updateStatusData';
import { demoWorkflows, type StandInWorkflow } from './workflows';

/** What the stand-in serves and which keys it accepts. */
export interface StandInConfig {
	readonly projectId: string;
	readonly adminKey: string;
	readonly assistantDomain: string;
	readonly assistantKey: string;
	/** Newest first. */
	readonly feedback: readonly StandInFeedback[];
	readonly updateStatuses: UpdateStatusStore;
	/** One line per request (never a key). */
	readonly log?: (line: string) => void;
	/** What the assistant answers from: a loaded corpus, else this folder, else examples/acme (loaded on first question). */
	readonly assistantDocs?: AssistantDocs;
	readonly assistantDocsDir?: string;
	/** Pause after each streamed text part of an answer, in ms (default 0). */
	readonly assistantDelayMs?: number;
	/**
	 * Serve the paths of the platform's current docs too (default true). Off, only the spec's
	 * paths answer and the current ones get 404: how the clients' fallbacks are tested.
	 */
	readonly currentPaths?: boolean;
	/** Reader analytics (views, searches, assistant); default: generated for the example site's pages, ending now. */
	readonly analytics?: StandInAnalytics;
	/** Automations the workflow trigger knows (default {@link demoWorkflows}). */
	readonly workflows?: readonly StandInWorkflow[];
	/** Which web pages get CORS headers (default: pages served from this machine); see cors.ts. */
	readonly allowOrigin?: OriginPolicy;
}

/** A request as `GET /__requests` reports it: no headers, so no keys. */
export interface RecordedRequest {
	readonly method: string;
	readonly path: string;
	readonly query: Record<string, string>;
	readonly status: number;
	readonly fault?: string;
}

export interface ApiStandIn {
	/** Add or replace endpoints here (`Router.add` with the same method and path replaces a route). */
	readonly router: Router;
	readonly faults: FaultQueue;
	readonly requests: readonly RecordedRequest[];
	/** Resolves with the port (pass 0 for a free one). */
	listen(port: number, host?: string): Promise<number>;
	close(): Promise<void>;
}

const faultHeader = 'x-mintdoc-fault';
const maxRecorded = 500;

/**
 * The local stand-in for the platform API: the spec's endpoints with their exact paths, a key
 * check, fault injection, and control endpoints for tests (`/__faults`, `/__requests`, `/__reset`).
 */
export function createApiStandIn(config: StandInConfig): ApiStandIn {
	const router = new Router();
	const faults = new FaultQueue();
	const requests: RecordedRequest[] = [];

	router.add('GET', '/v1/project/update-status/:statusId', ({ params }) => {
		const status = config.updateStatuses.get(params.statusId);
		return status ? { status: 200, body: status } : errorReply(404, 'not_found', `No update with status id '${params.statusId.slice(0, 80)}'`);
	});
	router.add('GET', '/api/external/v1/analytics/:projectId/feedback', ({ params, url }) => {
		if (params.projectId !== config.projectId) return errorReply(404, 'not_found', `No project with id '${params.projectId.slice(0, 80)}'`);
		const query = parseFeedbackQuery(url.searchParams);
		return 'status' in query ? query : { status: 200, body: feedbackPage(config.feedback, query) };
	});
	let docs = config.assistantDocs;
	const loadDocs = () => {
		if (!docs) {
			const dir = config.assistantDocsDir ?? defaultDocsDir();
			docs = dir ? loadAssistantDocs(dir) : createAssistantDocs([], undefined);
		}
		return docs;
	};
	const assistant = registerAssistantRoutes(router, {
		domain: config.assistantDomain,
		delayMs: config.assistantDelayMs,
		docs: loadDocs,
		currentPaths: config.currentPaths !== false,
	});
	if (config.currentPaths !== false) {
		registerCurrentRoutes(router, {
			projectId: config.projectId,
			assistantDomain: config.assistantDomain,
			feedback: config.feedback,
			updateStatuses: config.updateStatuses,
			docs: loadDocs,
			workflows: config.workflows ?? demoWorkflows,
		});
		let analytics = config.analytics;
		registerAnalyticsRoutes(router, {
			projectId: config.projectId,
			analytics: () => (analytics ??= generateAnalytics(builtinPages, new Date(), { siteUrl: `https://${config.projectId}.mintlify.app` })),
		});
	}

	/** host:port this stand-in listens on (its own name is always accepted in the Host header). */
	let listening = '';
	const server = createServer((req, res) => {
		handle(req, res).catch(e => {
			config.log?.(`internal error: ${e instanceof Error ? e.message : String(e)}`);
			if (!res.headersSent) send(res, errorReply(500, 'internal', 'The stand-in failed to answer'));
			else res.destroy();
		});
	});

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		// DNS rebinding (as the preview server does): a web page whose name resolves to 127.0.0.1 must not reach the
		// stand-in, which answers with stored conversations; only requests addressed to it by a local name are answered.
		if (!isLocalHost(req.headers.host, listening)) return send(res, errorReply(403, 'forbidden_host', 'Forbidden host'));
		const started = Date.now();
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const method = req.method ?? 'GET';
		// A web page's request (MintDoc in a browser): answered with CORS headers when its origin is allowed, set
		// here so that every answer has them (errors, faults, the assistant's stream); refused with 403 otherwise,
		// without them, so the browser shows the page nothing (and a foreign page cannot drive /__faults either).
		const cors = judgeOrigin(config.allowOrigin ?? defaultOriginPolicy, req);
		if (cors.type === 'refused') {
			config.log?.(`${method} ${url.pathname} -> 403 (a web page of ${cors.origin.slice(0, 100)}: not an allowed origin)`);
			return send(res, errorReply(403, 'origin_not_allowed', `This stand-in does not answer web pages of ${cors.origin.slice(0, 100)} (see --allow-origin)`));
		}
		if (cors.type === 'allowed') for (const [name, value] of Object.entries(cors.headers)) res.setHeader(name, value);
		if (cors.type === 'allowed' && isPreflight(req)) {
			// Logged, not recorded: /__requests lists what the client asked for, whatever the browser adds.
			const asked = String(req.headers['access-control-request-method']).slice(0, 10);
			config.log?.(`${method} ${url.pathname} -> 204 (preflight of ${asked} from ${cors.headers['access-control-allow-origin'].slice(0, 100)})`);
			res.writeHead(204, preflightHeaders(req));
			return void res.end();
		}
		if (url.pathname.startsWith('/__') || url.pathname === '/') return control(method, url, req, res);
		const spec = (req.headers[faultHeader] as string | undefined) ?? url.searchParams.get('__fault') ?? undefined;
		url.searchParams.delete('__fault');
		const queued = spec === undefined ? faults.take(url.pathname) : undefined;
		const fault = spec !== undefined ? parseFault(spec) : queued?.fault;
		const faultName = spec ?? queued?.spec;
		const finish = (status: number) => {
			requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), status, ...(faultName ? { fault: faultName } : {}) });
			if (requests.length > maxRecorded) requests.splice(0, requests.length - maxRecorded);
			config.log?.(`${method} ${url.pathname}${url.search} -> ${status || 'dropped'} (${Date.now() - started} ms)${faultName ? ` [fault ${faultName}]` : ''}`);
		};
		if (spec !== undefined && !fault) {
			finish(400);
			return send(res, errorReply(400, 'unknown_fault', `Unknown ${faultHeader} '${spec.slice(0, 40)}'; one of ${faultHelp}`));
		}
		if (fault?.kind === 'slow') await delay(fault.ms, req);
		if (fault?.kind === 'drop') {
			finish(0);
			req.socket.destroy();
			return;
		}
		const reply = await answer(method, url, req, res, fault);
		if (!reply) return finish(res.statusCode);
		finish(reply.status);
		sendWithFault(res, reply, fault, url);
	}

	async function answer(method: string, url: URL, req: IncomingMessage, res: ServerResponse, fault: Fault | undefined): Promise<Reply | undefined> {
		const match = router.match(method, url.pathname);
		if (match.type === 'notFound') return errorReply(404, 'not_found', `No endpoint ${method} ${url.pathname.slice(0, 120)}`);
		if (match.type === 'badPath') return errorReply(400, 'invalid_path', match.message);
		if (match.type === 'methodNotAllowed')
			return errorReply(405, 'method_not_allowed', `Use ${match.allowed.join(' or ')}`, { allow: match.allowed.join(', ') });
		const denied = checkKey(req.headers.authorization, match.route.auth);
		if (denied) return denied;
		if (fault?.kind === 'rateLimit') {
			return errorReply(429, 'rate_limited', 'Rate limit exceeded: 100 requests per hour per organization', { 'retry-after': String(fault.retryAfter) });
		}
		if (fault?.kind === 'status') return errorReply(fault.status, `fault_${fault.status}`, `Injected failure (HTTP ${fault.status})`);
		const controller = new AbortController();
		res.once('close', () => controller.abort());
		return match.route.handler({ req, res, url, params: match.params, signal: controller.signal, fault });
	}

	function checkKey(header: string | undefined, auth: RouteAuth): Reply | undefined {
		if (auth === 'none') return undefined;
		const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
		if (!token) return errorReply(401, 'missing_api_key', 'Send the header Authorization: Bearer <key>');
		const wanted = auth === 'admin' ? config.adminKey : config.assistantKey;
		if (token === wanted) return undefined;
		if (auth === 'admin' && token === config.assistantKey)
			return errorReply(403, 'forbidden', 'This endpoint needs an admin API key; the assistant key is not allowed');
		return errorReply(401, 'invalid_api_key', 'Invalid API key');
	}

	async function control(method: string, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
		const path = url.pathname;
		if (path === '/' && method === 'GET') {
			return send(res, {
				status: 200,
				body: {
					name: 'MintDoc API stand-in',
					projectId: config.projectId,
					currentPaths: config.currentPaths !== false,
					updateStatusIds: config.updateStatuses.ids(),
					feedbackEntries: config.feedback.length,
					faults: faultHelp,
				},
			});
		}
		if (path === '/__requests' && method === 'GET') return send(res, { status: 200, body: { requests } });
		if (path === '/__requests' && method === 'DELETE') {
			requests.length = 0;
			return send(res, { status: 200, body: { ok: true } });
		}
		if (path === '/__faults' && method === 'GET') return send(res, { status: 200, body: { faults: faults.list() } });
		if (path === '/__faults' && method === 'DELETE') {
			faults.clear();
			return send(res, { status: 200, body: { ok: true } });
		}
		if (path === '/__faults' && method === 'POST') {
			try {
				const body = JSON.parse((await readBody(req)) || '{}') as { fault?: unknown; times?: unknown; path?: unknown };
				if (typeof body.fault !== 'string') throw new Error('send { "fault": "<spec>", "times": 1, "path": "/api/" }');
				faults.add(body.fault, typeof body.times === 'number' ? body.times : 1, typeof body.path === 'string' ? body.path : '/');
				return send(res, { status: 200, body: { faults: faults.list() } });
			} catch (e) {
				return send(res, errorReply(400, 'invalid_fault', e instanceof Error ? e.message : String(e)));
			}
		}
		if (path === '/__reset' && method === 'POST') {
			faults.clear();
			requests.length = 0;
			config.updateStatuses.reset();
			assistant.reset();
			return send(res, { status: 200, body: { ok: true } });
		}
		return send(res, errorReply(404, 'not_found', `No control endpoint ${method} ${path}`));
	}

	return {
		router,
		faults,
		requests,
		listen(port, host = '127.0.0.1') {
			return new Promise((resolve, reject) => {
				server.once('error', reject);
				server.listen(port, host, () => {
					server.off('error', reject);
					const actual = (server.address() as AddressInfo).port;
					listening = `${host.includes(':') ? `[${host}]` : host}:${actual}`;
					resolve(actual);
				});
			});
		},
		close() {
			return new Promise(resolve => {
				server.closeAllConnections();
				server.close(() => resolve());
			});
		},
	};
}

/** Whether a Host header names this machine (127.0.0.1, localhost, ::1, any port) or the address listened on. */
export function isLocalHost(host: string | undefined, listening: string): boolean {
	if (!host) return false;
	const name = host
		.replace(/:\d+$/, '')
		.replace(/^\[|\]$/g, '')
		.toLowerCase();
	return name === '127.0.0.1' || name === 'localhost' || name === '::1' || host === listening;
}

function send(res: ServerResponse, reply: Reply, text = JSON.stringify(reply.body), contentType = 'application/json; charset=utf-8'): void {
	res.writeHead(reply.status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...reply.headers });
	res.end(text);
}

/** Sends a reply, bent by an output fault (truncated, malformed, html, wrong-shape, big, cursor-loop). */
function sendWithFault(res: ServerResponse, reply: Reply, fault: Fault | undefined, url: URL): void {
	if (!fault || reply.status !== 200) return send(res, reply);
	switch (fault.kind) {
		case 'malformed':
			return send(res, reply, JSON.stringify(reply.body).slice(0, 40) + '<<not json');
		case 'html':
			return send(res, reply, '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html; charset=utf-8');
		case 'wrong-shape':
			return send(res, { status: 200, body: { data: [], total: 0 } });
		case 'big':
			return send(res, { status: 200, body: bigPage(fault.megabytes) });
		case 'cursor-loop': {
			const cursor = url.searchParams.get('cursor');
			const body = reply.body as Record<string, unknown>;
			return send(res, cursor && 'nextCursor' in body ? { status: 200, body: { ...body, nextCursor: cursor, hasMore: true } } : reply);
		}
		case 'truncated': {
			// Announce the whole body, send half, then hang up: the client sees a connection dropped mid-body.
			const text = JSON.stringify(reply.body);
			res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
			res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
			return;
		}
		default:
			return send(res, reply);
	}
}

function delay(ms: number, req: IncomingMessage): Promise<void> {
	return new Promise(resolve => {
		const timer = setTimeout(resolve, ms);
		req.socket.once('close', () => {
			clearTimeout(timer);
			resolve();
		});
	});
}
