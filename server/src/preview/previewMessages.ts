import type { PlaygroundRequest, PlaygroundResponse } from './playgroundTypes';
import type { PreviewPage } from './previewTypes';

/**
 * Messages between a preview page's script (dist/preview.js) and its host. In VS Code they travel
 * through the webview's postMessage; in a browser the `mintdoc preview` server answers the HTTP
 * endpoints below instead. Declared once here (pure, no DOM) so both sides import the same shapes;
 * server/src/protocol.ts may re-export them for the client.
 */

/** Page → host (client/src/preview/messages.ts validates each one before the host acts on it). */
export type PreviewViewMessage =
	/** The script has loaded and listens: the host posts the current page. */
	| { readonly type: 'ready' }
	/** A site link was clicked: show `route` (with `#hash` if any); `openSource`: Ctrl/Cmd-click, open the page's file instead. */
	| { readonly type: 'navigate'; readonly route: string; readonly openSource: boolean }
	/** A link to another site (https only is honoured). */
	| { readonly type: 'openExternal'; readonly url: string }
	/** A problem's location shown in the page was clicked. */
	| { readonly type: 'openLocation'; readonly uri: string; readonly line?: number; readonly character?: number }
	/** Send of an API playground: the host makes the request and answers with `playgroundResponse` and the same id. */
	| { readonly type: 'playgroundSend'; readonly id: string; readonly request: PlaygroundRequest }
	/** The script swapped in the page of `route` (acknowledges an `update`). */
	| { readonly type: 'rendered'; readonly route: string }
	/** The page scrolled to follow the editor (a `reveal`): to the heading with this id, or to the top (`''`: no heading above the line). */
	| { readonly type: 'revealed'; readonly route: string; readonly heading: string }
	/** The page's Mermaid diagrams are done: how many show a drawing, how many a message (too large, unreadable). */
	| { readonly type: 'diagrams'; readonly route: string; readonly drawn: number; readonly failed: number }
	/** The page's CSP refused something (`directive`, e.g. `style-src-attr`): logged by the host, so a refusal is never silent. */
	| { readonly type: 'cspViolation'; readonly directive: string; readonly blocked: string };

/** Host → page. */
export type PreviewHostMessage =
	/** Show this page: the content is swapped in place (no reload); the scroll position is kept when the route is the same. */
	| { readonly type: 'update'; readonly page: PreviewPage }
	| { readonly type: 'playgroundResponse'; readonly id: string; readonly response: PlaygroundResponse }
	/**
	 * The editor showing the page's file scrolled (or its cursor moved) to zero-based `line`: scroll
	 * to the heading at or above it (`mintdoc.preview.followEditor`). The page knows each heading's
	 * source line (`data-source-line`, set by the renderer), so the id is the one it rendered.
	 */
	| { readonly type: 'reveal'; readonly route: string; readonly line: number };

/** HTTP endpoints of `mintdoc preview` that the page script uses in a browser. */
export const previewEndpoints = {
	/** GET `?route=/x` → PreviewPage as JSON (the same object the language server returns). */
	page: '/__mintdoc/page',
	/** Server-sent events: `event: change`, `data: {"routes": ["/x", ...]}` (`"*"` when the navigation changed). */
	events: '/__mintdoc/events',
	/** POST a PlaygroundRequest as JSON → PlaygroundResponse as JSON. */
	playground: '/__mintdoc/playground',
	/** The page script and stylesheet. */
	script: '/__mintdoc/preview.js',
	/** The diagram library (dist/mermaid.js), loaded by the page script only when the page has a diagram. */
	mermaid: '/__mintdoc/mermaid.js',
	style: '/__mintdoc/preview.css',
} as const;

/**
 * The header of a playground POST that carries the preview server's per-run secret: the server
 * writes the secret into the pages it serves (`data-relay-token`) and relays nothing without it.
 */
export const relayTokenHeader = 'x-mintdoc-relay-token';

/** The data of one `change` event. */
export interface PreviewChangeEvent {
	readonly routes: readonly string[];
}
