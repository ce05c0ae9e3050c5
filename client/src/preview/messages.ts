/**
 * Messages between the preview webview's script (browser/preview/) and the
 * extension host's preview panel. Pure (no vscode), so the validation of what a webview sends is
 * unit-tested: the page shows workspace content, so every message is checked before it is acted on.
 */
import type { PlaygroundRequest, PreviewHostMessage, PreviewViewMessage } from '../../../server/src/protocol';

/** Host → webview (declared once, beside the page script that handles them). */
export type HostToPreviewMessage = PreviewHostMessage;

/** Webview → host: what the page script posts; {@link parsePreviewMessage} checks each one. */
export type PreviewToHostMessage = PreviewViewMessage;

const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000;
const isLineNumber = (v: unknown): v is number | undefined => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 0);
/** Bounds on what a message may carry: a page cannot make the host hold megabytes of "route". */
const maxStringLength = 4096;
const maxBodyLength = 10 * 1024 * 1024;

/** Checks a message from the webview; anything malformed is undefined (ignored by the host). */
export function parsePreviewMessage(value: unknown): PreviewToHostMessage | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const m = value as Record<string, unknown>;
	const short = (v: unknown): v is string => isString(v) && v.length <= maxStringLength;
	switch (m.type) {
		case 'ready':
			return { type: 'ready' };
		case 'navigate':
			return short(m.route) ? { type: 'navigate', route: m.route, openSource: m.openSource === true } : undefined;
		case 'openExternal':
			return short(m.url) ? { type: 'openExternal', url: m.url } : undefined;
		case 'openLocation':
			return short(m.uri) && isLineNumber(m.line) && isLineNumber(m.character)
				? { type: 'openLocation', uri: m.uri, line: m.line, character: m.character }
				: undefined;
		case 'rendered':
			return short(m.route) ? { type: 'rendered', route: m.route } : undefined;
		case 'diagrams':
			return short(m.route) && isCount(m.drawn) && isCount(m.failed) ? { type: 'diagrams', route: m.route, drawn: m.drawn, failed: m.failed } : undefined;
		case 'cspViolation':
			return short(m.directive) && short(m.blocked) ? { type: 'cspViolation', directive: m.directive, blocked: m.blocked } : undefined;
		case 'revealed':
			return short(m.route) && short(m.heading) ? { type: 'revealed', route: m.route, heading: m.heading } : undefined;
		case 'playgroundSend': {
			const request = parsePlaygroundRequest(m.request);
			return short(m.id) && request ? { type: 'playgroundSend', id: m.id, request } : undefined;
		}
		default:
			return undefined;
	}
}

function parsePlaygroundRequest(value: unknown): PlaygroundRequest | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const r = value as Record<string, unknown>;
	if (!isString(r.method) || !/^[A-Za-z]{1,16}$/.test(r.method) || !isString(r.url) || r.url.length > maxStringLength) return undefined;
	if (!Array.isArray(r.headers) || r.headers.length > 200) return undefined;
	const headers: [string, string][] = [];
	for (const h of r.headers) {
		if (!Array.isArray(h) || h.length !== 2 || !isString(h[0]) || !isString(h[1]) || h[0].length > 256 || h[1].length > maxStringLength) return undefined;
		headers.push([h[0], h[1]]);
	}
	if (r.body !== undefined && (!isString(r.body) || r.body.length > maxBodyLength)) return undefined;
	return { method: r.method.toUpperCase(), url: r.url, headers, ...(r.body !== undefined ? { body: r.body as string } : {}) };
}

/** Only https links leave VS Code; anything else (http, file:, command:, javascript:) is refused. */
export function externalLinkTarget(url: string): string | undefined {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'https:' ? parsed.toString() : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The origin a playground request goes to (`https://api.example.com`), asked about once per
 * session in an untrusted workspace. Undefined for anything but http(s).
 */
export function playgroundOrigin(url: string): string | undefined {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
	} catch {
		return undefined;
	}
}
