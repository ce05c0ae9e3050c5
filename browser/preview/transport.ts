import type { PlaygroundRequest, PlaygroundResponse } from '../../server/src/preview/playgroundTypes';
import {
	previewEndpoints,
	relayTokenHeader,
	type PreviewChangeEvent,
	type PreviewHostMessage,
	type PreviewViewMessage,
} from '../../server/src/preview/previewMessages';
import type { PreviewPage } from '../../server/src/preview/previewTypes';

/**
 * How the page talks to its host. In a VS Code webview (`acquireVsCodeApi` exists) everything is a
 * message to the extension host, which navigates, opens files and sends playground requests. In a
 * browser, links are plain links, the playground posts to the preview server, and live updates
 * arrive as server-sent events.
 */
export interface Transport {
	/** The script is ready to receive pages (VS Code: tells the host; browser: starts listening for changes). */
	ready(route: string): void;
	post(message: PreviewViewMessage): void;
	navigate(route: string, openSource: boolean): void;
	/** A click on a link: routed through the host where it has to be. */
	followLink(link: HTMLAnchorElement, event: MouseEvent): void;
	playground(request: PlaygroundRequest): Promise<PlaygroundResponse>;
	onUpdate(listener: (page: PreviewPage) => void): void;
	/** The editor of the page's file scrolled to `line` (VS Code only: a browser has no editor). */
	onReveal(listener: (route: string, line: number) => void): void;
}

interface VsCodeApi {
	postMessage(message: unknown): void;
}
declare const acquireVsCodeApi: (() => VsCodeApi) | undefined;

export function createTransport(base: string): Transport {
	return typeof acquireVsCodeApi === 'function' ? vscodeTransport(acquireVsCodeApi()) : browserTransport(base);
}

function vscodeTransport(api: VsCodeApi): Transport {
	const listeners: ((page: PreviewPage) => void)[] = [];
	const revealListeners: ((route: string, line: number) => void)[] = [];
	const pending = new Map<string, (response: PlaygroundResponse) => void>();
	let nextId = 1;
	window.addEventListener('message', event => {
		const message = event.data as PreviewHostMessage | undefined;
		if (message?.type === 'update' && message.page && typeof message.page.html === 'string') for (const listener of listeners) listener(message.page);
		if (message?.type === 'reveal' && typeof message.route === 'string' && Number.isInteger(message.line) && message.line >= 0)
			for (const listener of revealListeners) listener(message.route, message.line);
		if (message?.type === 'playgroundResponse') {
			pending.get(message.id)?.(message.response);
			pending.delete(message.id);
		}
	});
	const post = (message: PreviewViewMessage) => api.postMessage(message);
	return {
		ready: () => post({ type: 'ready' }),
		post,
		navigate: (route, openSource) => post({ type: 'navigate', route, openSource }),
		followLink(link, event) {
			const href = link.getAttribute('href') ?? '';
			if (href.startsWith('#')) return; // same page: the webview scrolls
			event.preventDefault();
			if (href.startsWith('/') && !href.startsWith('//')) post({ type: 'navigate', route: href, openSource: event.ctrlKey || event.metaKey });
			else if (/^https?:/i.test(href)) post({ type: 'openExternal', url: href });
		},
		playground(request) {
			const id = String(nextId++);
			return new Promise(resolve => {
				pending.set(id, resolve);
				post({ type: 'playgroundSend', id, request });
			});
		},
		onUpdate: listener => void listeners.push(listener),
		onReveal: listener => void revealListeners.push(listener),
	};
}

function browserTransport(base: string): Transport {
	const listeners: ((page: PreviewPage) => void)[] = [];
	const load = async (route: string) => {
		const response = await fetch(`${base}${previewEndpoints.page}?route=${encodeURIComponent(route)}`);
		if (!response.ok) return;
		const page = (await response.json()) as PreviewPage;
		for (const listener of listeners) listener(page);
	};
	return {
		ready(route) {
			if (typeof EventSource !== 'function') return;
			const events = new EventSource(`${base}${previewEndpoints.events}`);
			events.addEventListener('change', event => {
				let data: PreviewChangeEvent;
				try {
					data = JSON.parse((event as MessageEvent<string>).data) as PreviewChangeEvent;
				} catch {
					return;
				}
				const current = document.body.dataset.route ?? route;
				if (data.routes.includes('*') || data.routes.includes(current)) void load(current);
			});
		},
		// A browser has no host to ask: messages it cannot act on are dropped.
		post: () => undefined,
		navigate: route => window.location.assign(route),
		followLink: () => undefined,
		async playground(request) {
			const started = performance.now();
			try {
				const response = await fetch(`${base}${previewEndpoints.playground}`, {
					method: 'POST',
					// The preview server's per-run secret, given to its own pages only (cli/previewServer.ts).
					headers: { 'content-type': 'application/json', [relayTokenHeader]: document.body.dataset.relayToken ?? '' },
					body: JSON.stringify(request),
				});
				return (await response.json()) as PlaygroundResponse;
			} catch (e) {
				return {
					status: 0,
					statusText: '',
					headers: [],
					body: '',
					timeMs: Math.round(performance.now() - started),
					error: e instanceof Error ? e.message : String(e),
				};
			}
		},
		onUpdate: listener => void listeners.push(listener),
		onReveal: () => undefined,
	};
}
