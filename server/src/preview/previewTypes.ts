/**
 * The site preview's contract: what the renderer (pure, in the core) produces for one route, and
 * how a host (the language server for the VS Code webview, `mintdoc preview` for a browser) asks
 * for it. Declared once here; protocol.ts re-exports what travels over LSP.
 */

/** Which page to render: a route (`/guides/setup`, `/` for the first page) or a source file. */
export interface PreviewTarget {
	readonly rootUri?: string;
	readonly route?: string;
	/** A page file, docs.json (its first page) or an OpenAPI file (its first generated page). */
	readonly uri?: string;
}

/** One page of the site as it will render. HTML is sanitized markup without scripts or inline handlers. */
export interface PreviewPage {
	readonly rootUri: string;
	/** The platform's URL path of the page (`/` for the first page of the navigation). */
	readonly route: string;
	readonly title: string;
	readonly description?: string;
	/** The file the page comes from (an MDX page, or the OpenAPI document of a generated page). */
	readonly sourceUri?: string;
	readonly kind: 'page' | 'operation' | 'webhook' | 'schema' | 'notFound' | 'error';
	/** The whole page body: top bar, sidebar, content, table of contents. */
	readonly html: string;
	/** Errors shown inside the page (bad MDX, missing file), with where they are. */
	readonly problems: readonly PreviewProblem[];
	/** The site's `colors` (validated `#hex`), for the page shell's stylesheet variables. */
	readonly theme?: { readonly primary?: string; readonly light?: string; readonly dark?: string };
}

/** One URL the site serves (`getPreviewRoutes`). */
export interface PreviewRouteInfo {
	readonly route: string;
	readonly kind: 'page' | 'operation';
	/** The page file, or the OpenAPI document of a generated page. */
	readonly sourceUri?: string;
	/** False for pages no navigation lists (the platform still serves them). */
	readonly inNavigation: boolean;
}

export interface PreviewProblem {
	readonly message: string;
	readonly uri?: string;
	/** Zero-based, as LSP positions. */
	readonly line?: number;
	readonly character?: number;
}
