/**
 * What the preview panel shows and which server answer it may show: a pure model (no vscode), so
 * the decisions behind "follows the active editor" and "the newest request wins" are unit-tested.
 * The panel (previewPanel.ts) feeds it editor events and server answers and does what it returns.
 */
import type { PreviewPage, PreviewTarget } from '../../../server/src/protocol';

/** The page asked for: a file (the editor the preview follows) or a route (a link clicked in the preview). */
export type Shown = { readonly kind: 'file'; readonly uri: string } | { readonly kind: 'route'; readonly rootUri: string; readonly route: string };

export interface PreviewState {
	readonly shown: Shown | undefined;
	/** Whether switching editors switches the page. */
	readonly follow: boolean;
	/** The page last posted to the webview. */
	readonly page: PreviewPage | undefined;
	/** Sequence number of the newest request issued, and of the request whose page is shown. */
	readonly issued: number;
	readonly applied: number;
}

export const initialPreviewState: PreviewState = { shown: undefined, follow: true, page: undefined, issued: 0, applied: 0 };

/**
 * Page files and site configurations: what the preview can follow. Other files keep the current page.
 * `schemes`: those of the workspace's own files (`vscode-vfs` on github.dev; `file` on the desktop).
 */
export function isPreviewableUri(uri: string, schemes: readonly string[] = ['file']): boolean {
	// The workspace's files only: a diff's `git:` side or an untitled buffer is not a page of the site.
	if (!schemes.some(scheme => uri.startsWith(`${scheme}:`))) return false;
	const path = uri.replace(/[?#].*$/, '');
	return /\.mdx?$/i.test(path) || /(^|\/)docs\.json$/i.test(path);
}

/** The server request for what is shown. */
export function targetOf(shown: Shown): PreviewTarget {
	return shown.kind === 'file' ? { uri: shown.uri } : { rootUri: shown.rootUri, route: shown.route };
}

function sameShown(a: Shown | undefined, b: Shown): boolean {
	if (!a || a.kind !== b.kind) return false;
	return a.kind === 'file'
		? a.uri === (b as { uri: string }).uri
		: a.rootUri === (b as { rootUri: string }).rootUri && a.route === (b as { route: string }).route;
}

/** A decision: the next state, and whether the server must be asked for the page. */
export interface Transition {
	readonly state: PreviewState;
	readonly request: boolean;
}

/**
 * The active editor changed (or the preview opened on it). With follow on, a page or docs.json
 * becomes what is shown; if the shown page already comes from that file (a link led there), no
 * request is needed. Anything else (an output pane, a YAML file, no editor) keeps the current page.
 */
export function showFile(
	state: PreviewState,
	uri: string | undefined,
	options: { readonly force?: boolean; readonly schemes?: readonly string[] } = {},
): Transition {
	if (!uri || !isPreviewableUri(uri, options.schemes) || (!state.follow && !options.force && state.shown)) return { state, request: false };
	const shown: Shown = { kind: 'file', uri };
	if (sameShown(state.shown, shown)) return { state, request: false };
	const alreadyThere = state.page?.sourceUri === uri && state.page.kind !== 'error' && state.page.kind !== 'notFound';
	return { state: { ...state, shown }, request: !alreadyThere };
}

/**
 * A sidebar or content link was clicked in the preview: show that route of the same site (or of
 * `rootUri`, e.g. the home page `/` when the preview opens on no page).
 */
export function showRoute(state: PreviewState, route: string, rootUri = state.page?.rootUri): Transition {
	if (!rootUri) return { state, request: false };
	const shown: Shown = { kind: 'route', rootUri, route: normalizeRoute(route) };
	if (sameShown(state.shown, shown)) return { state, request: false };
	return { state: { ...state, shown }, request: true };
}

/**
 * A site was checked again: whether the page shown must be asked for again. Only a page the server
 * could not give: a file created a moment ago is "not found" until the server's watcher reports it,
 * and the preview must not stay so (other pages re-render with their own edits).
 */
export function renderAfterSiteChange(state: PreviewState): boolean {
	return !!state.shown && (state.page?.kind === 'notFound' || state.page?.kind === 'error');
}

/** `/guides/setup/`, `guides/setup#x`, `/guides/setup?a=1` → `/guides/setup`. */
export function normalizeRoute(route: string): string {
	const path = route.replace(/[?#].*$/, '').replace(/\/+$/, '');
	return path.startsWith('/') ? path || '/' : `/${path}`;
}

/**
 * A document changed (a keystroke, a save, a file event). The shown page is rendered again when
 * the change can affect it: its own file, or any file of its site (docs.json reshapes the
 * navigation, a snippet is imported, another page's title appears in the sidebar).
 */
export function affectsShown(state: PreviewState, changedUri: string): boolean {
	if (!state.shown) return false;
	if (state.shown.kind === 'file' && state.shown.uri === changedUri) return true;
	const rootUri = state.page?.rootUri ?? (state.shown.kind === 'route' ? state.shown.rootUri : undefined);
	return !!rootUri && changedUri.startsWith(rootUri.endsWith('/') ? rootUri : `${rootUri}/`);
}

/** Numbers a new request; every earlier one is now stale. */
export function issueRequest(state: PreviewState): { readonly state: PreviewState; readonly seq: number } {
	const seq = state.issued + 1;
	return { state: { ...state, issued: seq }, seq };
}

/**
 * A server answer arrived. Only the newest request's page is shown: an older answer that arrives
 * late (the server was busy with a bigger page) would otherwise replace newer text with older.
 */
export function acceptPage(state: PreviewState, seq: number, page: PreviewPage): { readonly state: PreviewState; readonly accepted: boolean } {
	if (seq !== state.issued || seq <= state.applied) return { state, accepted: false };
	return { state: { ...state, page, applied: seq }, accepted: true };
}

export function setFollow(state: PreviewState, follow: boolean): PreviewState {
	return { ...state, follow };
}

/** Where the editor of a page is: its file and the zero-based line the preview should follow. */
export interface EditorPosition {
	readonly uri: string;
	readonly line: number;
}

/**
 * The `reveal` to send for an editor position, or undefined: only when the preview shows a page
 * made from that very file (not a generated API page, an error, or another page of the site).
 */
export function revealFor(state: PreviewState, position: EditorPosition | undefined): { readonly route: string; readonly line: number } | undefined {
	const page = state.page;
	if (!position || !page || page.kind !== 'page' || page.sourceUri !== position.uri) return undefined;
	return { route: page.route, line: Math.max(0, Math.floor(position.line)) };
}
