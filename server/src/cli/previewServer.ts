import { randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as http from 'node:http';
import { networkInterfaces } from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { noCancellation } from '../core/cancellation';
import { getString, getValue } from '../core/docsConfig/configTree';
import { answerLlmsRequest, llmsDiscoveryHeaders, llmsRequestOf } from '../core/llms/llmsRoutes';
import type { DocsWorkspace } from '../core/workspace';
import type { PreviewingService } from '../preview/withPreview';
import type { PlaygroundRequest } from '../preview/playgroundTypes';
import { previewEndpoints, relayTokenHeader } from '../preview/previewMessages';
import { renderShell } from '../preview/shell';
import { sendPlaygroundRequest } from '../node/network/playgroundFetch';
import { readGuarded } from '../node/runtime/guardedRead';

export interface PreviewServerOptions {
	readonly service: PreviewingService;
	readonly rootUri: string;
	/** Reads the pages for llms.txt and the Markdown exports (the service's workspace). */
	readonly workspace: DocsWorkspace;
	/** Folder holding preview.js and preview.css (dist/). */
	readonly assetsDir: string;
	readonly log?: (line: string) => void;
	/**
	 * Served to other machines on purpose (`--expose`): only requests naming the bound address and
	 * port in `Host` are answered, and the playground relay is off (anyone who can load a page could
	 * otherwise have this machine fetch its loopback services or the cloud's metadata address).
	 */
	readonly exposed?: boolean;
}

export interface PreviewServer {
	listen(port: number, host: string): Promise<number>;
	/** Tells every open page which routes changed (`*`: all). */
	notify(routes: readonly string[]): void;
	close(): Promise<void>;
}

const types: Record<string, string> = {
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.jpg': 'image/jpeg',
	'.jpeg': 'image/jpeg',
	'.gif': 'image/gif',
	'.webp': 'image/webp',
	'.avif': 'image/avif',
	'.ico': 'image/x-icon',
	'.mp4': 'video/mp4',
	'.webm': 'video/webm',
	'.pdf': 'application/pdf',
	'.json': 'application/json',
	'.yaml': 'text/plain; charset=utf-8',
	'.yml': 'text/plain; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.woff2': 'font/woff2',
	'.woff': 'font/woff',
};
const maxPlaygroundBody = 11 * 1024 * 1024;

/** Images and videos of a site may exceed the 16 MB a page may have; larger files are not served (a device never is). */
const maxStaticBytes = 64 * 1024 * 1024;

/**
 * The HTTP side of `mintdoc preview`: every route of the site as a full page, the site's static
 * files (never anything outside the docs root), the page script, live-update events and the
 * playground relay. Pages come from the same LanguageService as the editor's preview.
 */
export function createPreviewServer(options: PreviewServerOptions): PreviewServer {
	const { service, rootUri } = options;
	const rootDir = URI.parse(rootUri).fsPath;
	const clients = new Set<http.ServerResponse>();
	let origin = '';
	let realRoot: string | undefined;
	/** With `exposed`: the exact `Host` values this server answers (set when it listens). */
	let exposedHosts = new Set<string>();
	// A secret per run, given only to the pages this server renders: the relay needs it, so a page
	// of another site (or a request forged from one) cannot make this machine fetch anything.
	const relayToken = randomBytes(32).toString('base64url');

	const server = http.createServer((req, res) => {
		handle(req, res).catch(e => {
			options.log?.(`error serving ${req.url}: ${e instanceof Error ? e.message : String(e)}`);
			if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal error');
			else res.end();
		});
	});

	async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		// DNS rebinding: only requests addressed to this server by its own name are answered (exposed: by its exact address).
		if (!(options.exposed ? exposedHosts.has(req.headers.host?.toLowerCase() ?? '') : isLocalHost(req.headers.host)))
			return send(res, 403, 'text/plain; charset=utf-8', 'Forbidden host');
		const url = new URL(req.url ?? '/', 'http://localhost');
		const pathname = url.pathname;
		if (pathname === previewEndpoints.playground) return playground(req, res);
		if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
		if (pathname === previewEndpoints.script) return file(res, path.join(options.assetsDir, 'preview.js'), 'text/javascript; charset=utf-8');
		if (pathname === previewEndpoints.mermaid) return file(res, path.join(options.assetsDir, 'mermaid.js'), 'text/javascript; charset=utf-8');
		if (pathname === previewEndpoints.style) return file(res, path.join(options.assetsDir, 'preview.css'), 'text/css; charset=utf-8');
		if (pathname === previewEndpoints.events) return events(req, res);
		if (pathname === previewEndpoints.page) {
			const page = await service.getPreviewPage({ rootUri, route: url.searchParams.get('route') ?? '/' }, {}, noCancellation);
			return send(res, page.kind === 'notFound' ? 404 : 200, 'application/json; charset=utf-8', JSON.stringify(page));
		}
		let decoded: string;
		try {
			decoded = decodeURIComponent(pathname);
		} catch {
			return send(res, 400, 'text/plain; charset=utf-8', 'Bad request');
		}
		if (decoded.includes('\0') || decoded.split(/[\\/]/).includes('..')) return send(res, 403, 'text/plain; charset=utf-8', 'Forbidden');
		const llms = llmsRequestOf(decoded) ?? (wantsMarkdown(req) && !/\.[a-z0-9]+$/i.test(decoded) ? { kind: 'page' as const, route: decoded } : undefined);
		if (llms) return llmsFile(req, res, llms);
		if (decoded === '/favicon.ico' && !(await fs.stat(path.join(rootDir, 'favicon.ico')).catch(() => undefined))) return favicon(res);
		if (/\.[a-z0-9]+$/i.test(decoded) && !/\.(mdx|md)$/i.test(decoded)) return staticFile(res, decoded);
		const page = await service.getPreviewPage({ rootUri, route: decoded }, {}, noCancellation);
		const nonce = randomBytes(16).toString('base64');
		const html = renderShell(page, {
			nonce,
			scriptUrl: previewEndpoints.script,
			styleUrl: previewEndpoints.style,
			connectSrc: "'self'",
			host: 'browser',
			relayToken: options.exposed ? undefined : relayToken,
		});
		return send(res, page.kind === 'notFound' ? 404 : 200, 'text/html; charset=utf-8', html, { 'cache-control': 'no-store', ...llmsDiscoveryHeaders() });
	}

	/** `/llms.txt`, `/llms-full.txt` (also under `/.well-known/`) and `<route>.md`: generated from the site, or the site's own root file as written. */
	async function llmsFile(req: http.IncomingMessage, res: http.ServerResponse, request: NonNullable<ReturnType<typeof llmsRequestOf>>): Promise<void> {
		const site = await service.getSite(rootUri, noCancellation);
		const read = async (uri: string) => (await options.workspace.readDocument(uri).catch(() => undefined))?.getText();
		// The links name this server, as the platform's name its own origin.
		const answer = await answerLlmsRequest(site, request, read, origin || `http://${req.headers.host ?? 'localhost'}`, noCancellation);
		if (!answer) return notFoundText(res);
		const type = request.kind === 'page' ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8';
		return send(res, 200, type, answer.text, { 'cache-control': 'no-store', ...(request.kind === 'page' ? llmsDiscoveryHeaders() : {}) });
	}

	/** A file under the docs root: resolved through symlinks and refused when it lands outside. */
	async function staticFile(res: http.ServerResponse, sitePath: string): Promise<void> {
		realRoot ??= await fs.realpath(rootDir).catch(() => rootDir);
		const segments = sitePath.split('/').filter(Boolean);
		if (segments.some(s => s.startsWith('.'))) return notFoundText(res);
		const target = path.resolve(rootDir, ...segments);
		const real = await fs.realpath(target).catch(() => undefined);
		if (!real) return notFoundText(res);
		const relative = path.relative(realRoot, real);
		if (relative.startsWith('..') || path.isAbsolute(relative)) return send(res, 403, 'text/plain; charset=utf-8', 'Forbidden');
		const stat = await fs.stat(real).catch(() => undefined);
		if (!stat?.isFile()) return notFoundText(res);
		return file(res, real, types[path.extname(real).toLowerCase()] ?? 'application/octet-stream', [realRoot]);
	}

	/** Browsers ask for /favicon.ico: answer with the site's `favicon` file, or nothing. */
	async function favicon(res: http.ServerResponse): Promise<void> {
		const site = await service.getSite(rootUri, noCancellation);
		const value = getValue(site.config.root, 'favicon');
		const favicon = value?.kind === 'string' ? (value.value as string) : getString(value, 'light');
		if (favicon && !/^[a-z]+:/i.test(favicon)) return staticFile(res, '/' + favicon.replace(/^\/+/, ''));
		res.writeHead(204).end();
	}

	/** A file sent whole: MintDoc's own assets, or a site's (`inside`: checked again on the handle, as every read of the site is). */
	async function file(res: http.ServerResponse, filePath: string, type: string, inside?: readonly string[]): Promise<void> {
		const read = await readGuarded(filePath, { inside, maxBytes: maxStaticBytes });
		if (read?.kind !== 'read') return notFoundText(res);
		const body = read.bytes;
		// SVGs from the workspace are shown as images only: a sandbox CSP keeps scripts in them from running if opened directly.
		send(res, 200, type, body, {
			'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
			'x-content-type-options': 'nosniff',
		});
	}

	function events(req: http.IncomingMessage, res: http.ServerResponse): void {
		res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
		res.write(': connected\n\n');
		clients.add(res);
		req.on('close', () => clients.delete(res));
	}

	async function playground(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
		// Only this server's own pages may use the relay: a JSON content type forces a CORS preflight elsewhere, and the origin must be ours.
		if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '') || (req.headers.origin && req.headers.origin !== origin))
			return send(res, 403, 'text/plain; charset=utf-8', 'Forbidden');
		if (options.exposed) return relayRefused(res, 'The API playground cannot send requests while the preview is exposed to other machines (--expose).');
		if (!isRelayToken(req.headers[relayTokenHeader])) return relayRefused(res, 'This request does not come from a page of this preview (no relay token).');
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of req) {
			size += (chunk as Buffer).length;
			if (size > maxPlaygroundBody) return send(res, 413, 'text/plain; charset=utf-8', 'Request too large');
			chunks.push(chunk as Buffer);
		}
		const request = parsePlaygroundRequest(Buffer.concat(chunks).toString('utf8'));
		if (!request)
			return send(
				res,
				400,
				'application/json; charset=utf-8',
				JSON.stringify({ error: 'Expected a playground request: {"method", "url", "headers": [[name, value]], "body"?}' }),
			);
		const response = await sendPlaygroundRequest(request);
		return send(res, 200, 'application/json; charset=utf-8', JSON.stringify(response));
	}

	function isRelayToken(value: string | string[] | undefined): boolean {
		const given = Buffer.from(typeof value === 'string' ? value : '');
		const expected = Buffer.from(relayToken);
		return given.length === expected.length && timingSafeEqual(given, expected);
	}

	function isLocalHost(host: string | undefined): boolean {
		if (!host) return false;
		const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
		return name === '127.0.0.1' || name === 'localhost' || name === '::1' || host === new URL(origin || 'http://x').host;
	}

	return {
		listen: (port, host) =>
			new Promise((resolve, reject) => {
				server.once('error', reject);
				server.listen(port, host, () => {
					const address = server.address();
					const actual = typeof address === 'object' && address ? address.port : port;
					origin = `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
					exposedHosts = hostHeaders(host, actual);
					resolve(actual);
				});
			}),
		notify(routes) {
			const message = `event: change\ndata: ${JSON.stringify({ routes })}\n\n`;
			for (const client of clients) client.write(message);
		},
		close: () =>
			new Promise(resolve => {
				for (const client of clients) client.end();
				server.close(() => resolve());
				server.closeAllConnections?.();
			}),
	};
}

/** `Accept: text/markdown` (or text/plain) on a page URL asks for its Markdown, as on the platform. */
function wantsMarkdown(req: http.IncomingMessage): boolean {
	return /\btext\/(markdown|plain)\b/i.test(req.headers.accept ?? '') && !/\btext\/html\b/i.test(req.headers.accept ?? '');
}

function send(res: http.ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
	// No other site may frame the preview (clickjacking its playground or its links): frame-ancestors lives in a header only.
	const csp = headers['content-security-policy'];
	res.writeHead(status, {
		'content-type': type,
		'content-length': Buffer.byteLength(body),
		...headers,
		'content-security-policy': csp ? `${csp}; frame-ancestors 'none'` : "frame-ancestors 'none'",
		'x-frame-options': 'DENY',
	});
	res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** The relay's refusal, as a playground response the page shows (status 0 with the reason). */
function relayRefused(res: http.ServerResponse, error: string): void {
	send(res, 403, 'application/json; charset=utf-8', JSON.stringify({ status: 0, statusText: '', headers: [], body: '', timeMs: 0, error }));
}

/**
 * The `Host` values that name a server bound to `host`:`port`: that address (or name) itself; for
 * a wildcard bind (`0.0.0.0`, `::`), each address of this machine's interfaces. Port 80 may be
 * left out, as browsers do.
 */
function hostHeaders(host: string, port: number): Set<string> {
	const wildcard = host === '0.0.0.0' || host === '::' || host === '[::]';
	const addresses = wildcard
		? Object.values(networkInterfaces())
				.flat()
				.filter(a => a !== undefined && (host === '0.0.0.0' ? a.family === 'IPv4' : true))
				.map(a => a!.address)
		: [host.replace(/^\[|\]$/g, '')];
	const names = addresses.map(a => (a.includes(':') ? `[${a}]` : a).toLowerCase());
	return new Set([...names.map(n => `${n}:${port}`), ...(port === 80 ? names : [])]);
}

function notFoundText(res: http.ServerResponse): void {
	send(res, 404, 'text/plain; charset=utf-8', 'Not found');
}

function parsePlaygroundRequest(text: string): PlaygroundRequest | undefined {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return undefined;
	}
	const r = value as Record<string, unknown> | null;
	if (!r || typeof r !== 'object' || typeof r.method !== 'string' || typeof r.url !== 'string' || !Array.isArray(r.headers)) return undefined;
	const headers: [string, string][] = [];
	for (const h of r.headers) {
		if (!Array.isArray(h) || h.length !== 2 || typeof h[0] !== 'string' || typeof h[1] !== 'string') return undefined;
		headers.push([h[0], h[1]]);
	}
	if (r.body !== undefined && typeof r.body !== 'string') return undefined;
	return { method: r.method, url: r.url, headers, ...(typeof r.body === 'string' ? { body: r.body } : {}) };
}
