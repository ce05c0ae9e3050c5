import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { PreviewPageRequest, type PlaygroundRequest, type PlaygroundResponse, type PreviewPage } from '../../../server/src/protocol';
import { externalLinkTarget, parsePreviewMessage, type HostToPreviewMessage, type PreviewToHostMessage } from './messages';
import { createNonce, renderPreviewHtml, themeVariables } from './previewHtml';
import {
	acceptPage,
	affectsShown,
	initialPreviewState,
	issueRequest,
	revealFor,
	setFollow,
	showFile,
	showRoute,
	renderAfterSiteChange,
	targetOf,
	type EditorPosition,
	type PreviewState,
	type Shown,
	type Transition,
} from './previewState';

/** A page posted to the webview, and when (`Date.now()`): what the tests and the latency measurement read. */
export interface PostedPage {
	readonly page: PreviewPage;
	readonly seq: number;
	readonly at: number;
}

/** The webview reported it swapped in the page of `route`. */
export interface RenderedPage {
	readonly route: string;
	readonly at: number;
}

/** The webview scrolled to follow the editor: to the heading with this id (`''`: the top of the page). */
export interface RevealedHeading {
	readonly route: string;
	readonly heading: string;
	readonly at: number;
}

/** The webview finished drawing the Mermaid diagrams of `route`. */
export interface DrawnDiagrams {
	readonly route: string;
	readonly drawn: number;
	readonly failed: number;
	readonly at: number;
}

/** What the panel needs from the extension. */
export interface PreviewHost {
	readonly extensionUri: vscode.Uri;
	client(): BaseLanguageClient | undefined;
	/** URIs of the docs roots the server found. */
	docsRoots(): readonly string[];
	/** The URI schemes of the workspace's files: pages of other schemes (a diff's side) are not followed. */
	readonly schemes: readonly string[];
	log(line: string): void;
	/**
	 * Whether the webview may open `target`: a file of one of the docs roots. Injected because the two
	 * entries can answer it differently: real paths on the desktop, the URI's text in a browser.
	 */
	isInsideDocs(target: vscode.Uri): Promise<boolean>;
	/** Sends a playground request from the extension side (after any trust confirmation). */
	sendPlayground(request: PlaygroundRequest, token: vscode.CancellationToken): Promise<PlaygroundResponse>;
}

/** Collapses a burst of keystrokes into one render; the render itself takes the rest of the 300 ms budget. */
const typingDebounceMs = 100;
/** Scrolling fires an event per frame: the preview follows once the editor settles. */
const scrollDebounceMs = 80;

/**
 * The preview: one webview panel showing one page of a site, kept current. Editor and document
 * events come in from registerPreview; every decision is made by the pure previewState; this
 * class only talks to VS Code, the language server and the webview.
 */
export class PreviewPanel implements vscode.Disposable {
	static readonly viewType = 'mintdoc.preview';
	readonly #panel: vscode.WebviewPanel;
	#state: PreviewState = initialPreviewState;
	#ready = false;
	/** The colour variables the current document was built with: a site's colours change only with a new document. */
	#documentTheme = '';
	#timer: ReturnType<typeof setTimeout> | undefined;
	/** The request being answered; undefined once its answer is in. */
	#inFlight: vscode.CancellationTokenSource | undefined;
	#lastChangeAt = 0;
	readonly #playgrounds = new Set<vscode.CancellationTokenSource>();
	readonly #onDidPost = new vscode.EventEmitter<PostedPage>();
	readonly #onDidRender = new vscode.EventEmitter<RenderedPage>();
	readonly #onDidReveal = new vscode.EventEmitter<RevealedHeading>();
	readonly #onDidDrawDiagrams = new vscode.EventEmitter<DrawnDiagrams>();
	readonly #onDidDispose = new vscode.EventEmitter<void>();
	readonly #disposables: vscode.Disposable[] = [this.#onDidPost, this.#onDidRender, this.#onDidReveal, this.#onDidDrawDiagrams, this.#onDidDispose];
	/** Where the editor the preview follows is scrolled to (`mintdoc.preview.followEditor`); undefined when off. */
	#editorPosition: EditorPosition | undefined;
	#revealTimer: ReturnType<typeof setTimeout> | undefined;
	readonly #cspViolations: string[] = [];
	#disposed = false;
	readonly onDidPost = this.#onDidPost.event;
	readonly onDidRender = this.#onDidRender.event;
	readonly onDidReveal = this.#onDidReveal.event;
	readonly onDidDrawDiagrams = this.#onDidDrawDiagrams.event;
	readonly onDidDispose = this.#onDidDispose.event;

	constructor(
		private readonly host: PreviewHost,
		column: vscode.ViewColumn,
		preserveFocus: boolean,
	) {
		this.#panel = vscode.window.createWebviewPanel(
			PreviewPanel.viewType,
			'MintDoc Preview',
			{ viewColumn: column, preserveFocus },
			{
				enableScripts: true,
				enableCommandUris: false,
				enableFindWidget: true,
				localResourceRoots: this.#resourceRoots(),
			},
		);
		this.#panel.iconPath = vscode.Uri.joinPath(host.extensionUri, 'media', 'mintdoc.svg');
		this.#setDocument(undefined);
		this.#disposables.push(
			this.#panel.webview.onDidReceiveMessage(message =>
				this.#onMessage(parsePreviewMessage(message)).catch(e => host.log(`preview: ${e instanceof Error ? e.message : String(e)}`)),
			),
			// Hidden and shown again, the webview reloads its document (no retained context): it says `ready` again.
			this.#panel.onDidChangeViewState(({ webviewPanel }) => {
				if (!webviewPanel.visible) this.#ready = false;
			}),
			this.#panel.onDidDispose(() => this.dispose()),
		);
	}

	get state(): PreviewState {
		return this.#state;
	}

	/** What the webview's CSP refused so far (`directive: blocked`), oldest first. */
	get cspViolations(): readonly string[] {
		return this.#cspViolations;
	}

	get visible(): boolean {
		return this.#panel.visible;
	}

	reveal(column: vscode.ViewColumn, preserveFocus: boolean): void {
		this.#panel.reveal(column, preserveFocus);
	}

	/** The preview was opened on `uri` (a command): show it whether or not the preview follows editors. */
	openFile(uri: string): void {
		this.#apply(showFile(this.#state, uri, { force: true, schemes: this.host.schemes }), 0);
	}

	/** The preview was opened with no page in view: the home page of the site. */
	openHome(rootUri: string): void {
		if (!this.#state.shown) this.#apply(showRoute(this.#state, '/', rootUri), 0);
	}

	/** The active editor changed: follow it if it is a page or a docs.json. */
	followEditor(uri: string | undefined): void {
		this.#apply(showFile(this.#state, uri, { schemes: this.host.schemes }), 0);
	}

	/**
	 * A document changed (typing, a file event) in a way that can change the page: render again.
	 * The first edit after a pause renders at once; edits that follow closely are collapsed until
	 * typing pauses for {@link typingDebounceMs}, and each new render cancels the one in flight.
	 */
	documentChanged(uri: string): void {
		if (!affectsShown(this.#state, uri)) return;
		const now = Date.now();
		const inBurst = now - this.#lastChangeAt < typingDebounceMs || this.#timer !== undefined || this.#inFlight !== undefined;
		this.#lastChangeAt = now;
		this.#schedule(inBurst ? typingDebounceMs : 0);
	}

	/** Counts the site checks heard of: an answer asked for before the last one may be out of date. */
	#siteChanges = 0;

	/** A site was checked again: a page the server could not give a moment ago is asked for again. */
	siteChanged(): void {
		this.#siteChanges++;
		if (renderAfterSiteChange(this.#state)) this.refresh();
	}

	/** Render the shown page again now (a new language server, a new docs root). */
	refresh(): void {
		if (this.#state.shown) this.#schedule(0);
	}

	setFollow(follow: boolean): void {
		this.#state = setFollow(this.#state, follow);
	}

	/**
	 * The editor scrolled or its cursor moved (undefined: stop following). Off the keystroke path:
	 * this only keeps the position; the webview hears of it once events pause.
	 */
	editorScrolled(position: EditorPosition | undefined): void {
		this.#editorPosition = position;
		if (this.#revealTimer) clearTimeout(this.#revealTimer);
		this.#revealTimer = position
			? setTimeout(() => {
					this.#revealTimer = undefined;
					this.#sendReveal();
				}, scrollDebounceMs)
			: undefined;
	}

	/** Tells the webview the line to follow, when the page shown is the followed editor's file. */
	#sendReveal(): void {
		const reveal = revealFor(this.#state, this.#editorPosition);
		if (reveal && this.#ready) void this.#send({ type: 'reveal', ...reveal });
	}

	#apply(transition: Transition, delayMs: number): void {
		this.#state = transition.state;
		if (transition.request) this.#schedule(delayMs);
	}

	#schedule(delayMs: number): void {
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = setTimeout(() => {
			this.#timer = undefined;
			void this.#render();
		}, delayMs);
	}

	/** Asks the server for the shown page; a newer request cancels this one, and its answer is then dropped. */
	async #render(): Promise<void> {
		const shown = this.#state.shown;
		const client = this.host.client();
		if (!shown || !client || this.#disposed) return;
		this.#inFlight?.cancel();
		const source = new vscode.CancellationTokenSource();
		this.#inFlight = source;
		const issued = issueRequest(this.#state);
		this.#state = issued.state;
		const siteChangesBefore = this.#siteChanges;
		let page: PreviewPage;
		try {
			page = await client.sendRequest(PreviewPageRequest.type, { target: targetOf(shown), assetBase: this.#assetBase(shown) }, source.token);
		} catch (e) {
			if (!source.token.isCancellationRequested && !this.#disposed)
				this.host.log(`preview: rendering ${JSON.stringify(targetOf(shown))} failed: ${e instanceof Error ? e.message : String(e)}`);
			return;
		} finally {
			if (this.#inFlight === source) this.#inFlight = undefined;
			source.dispose();
		}
		if (this.#disposed) return;
		const result = acceptPage(this.#state, issued.seq, page);
		if (!result.accepted) return;
		this.#state = result.state;
		// The site changed while this was asked (a page created): a "not found" may be out of date already.
		if (this.#siteChanges !== siteChangesBefore && renderAfterSiteChange(this.#state)) this.refresh();
		this.#panel.title = `Preview ${page.title || page.route}`;
		this.#widenResourceRoots(page.rootUri);
		if (themeVariables(page.theme) !== this.#documentTheme) {
			this.#setDocument(page);
			this.#onDidPost.fire({ page, seq: issued.seq, at: Date.now() });
		} else {
			this.#post(issued.seq);
		}
	}

	/** A new webview document (a reload): when the panel opens, and when the site's colours change. */
	#setDocument(page: PreviewPage | undefined): void {
		const webview = this.#panel.webview;
		const dist = vscode.Uri.joinPath(this.host.extensionUri, 'dist');
		this.#ready = false;
		this.#documentTheme = themeVariables(page?.theme);
		webview.html = renderPreviewHtml({
			cspSource: webview.cspSource,
			scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'preview.js')).toString(),
			styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'preview.css')).toString(),
			nonce: createNonce(),
			page,
		});
	}

	#post(seq = this.#state.applied): void {
		const page = this.#state.page;
		if (!page || !this.#ready) return;
		void this.#send({ type: 'update', page });
		this.#onDidPost.fire({ page, seq, at: Date.now() });
	}

	#send(message: HostToPreviewMessage): Thenable<boolean> {
		return this.#disposed ? Promise.resolve(false) : this.#panel.webview.postMessage(message);
	}

	async #onMessage(message: PreviewToHostMessage | undefined): Promise<void> {
		if (!message || this.#disposed) return;
		switch (message.type) {
			case 'ready':
				this.#ready = true;
				return this.#state.page ? this.#post() : this.refresh();
			case 'rendered':
				this.#onDidRender.fire({ route: message.route, at: Date.now() });
				// A page just shown (another file, or the preview opened) scrolls to where its editor is.
				return this.#sendReveal();
			case 'cspViolation':
				this.#cspViolations.push(`${message.directive}: ${message.blocked}`);
				return this.host.log(`preview: the page's Content-Security-Policy refused ${message.blocked} (${message.directive})`);
			case 'diagrams':
				return this.#onDidDrawDiagrams.fire({ route: message.route, drawn: message.drawn, failed: message.failed, at: Date.now() });
			case 'revealed':
				return this.#onDidReveal.fire({ route: message.route, heading: message.heading, at: Date.now() });
			case 'navigate':
				return message.openSource ? this.#openSourceOf(message.route) : this.#apply(showRoute(this.#state, message.route), 0);
			case 'openExternal': {
				const url = externalLinkTarget(message.url);
				if (url) await vscode.env.openExternal(vscode.Uri.parse(url, true));
				return;
			}
			case 'openLocation':
				return this.#openLocation(message.uri, message.line, message.character);
			case 'playgroundSend': {
				const source = new vscode.CancellationTokenSource();
				this.#playgrounds.add(source);
				try {
					const response = await this.host.sendPlayground(message.request, source.token);
					await this.#send({ type: 'playgroundResponse', id: message.id, response });
				} finally {
					this.#playgrounds.delete(source);
					source.dispose();
				}
			}
		}
	}

	/** Ctrl/Cmd-click on a link: the file the page at `route` comes from, in an editor beside the preview. */
	async #openSourceOf(route: string): Promise<void> {
		const client = this.host.client();
		const rootUri = this.#state.page?.rootUri;
		if (!client || !rootUri) return;
		const page = await client.sendRequest(PreviewPageRequest.type, { target: { rootUri, route } }).then(
			p => p,
			() => undefined,
		);
		if (page?.sourceUri) await this.#openLocation(page.sourceUri);
		else void vscode.window.showInformationMessage(`MintDoc: no file makes the page ${route}.`);
	}

	/** Opens a file of a docs root (a problem's location, a page's source); anything outside them is ignored. */
	async #openLocation(uri: string, line = 0, character = 0): Promise<void> {
		const target = vscode.Uri.parse(uri, true);
		// The URI comes from the webview: `/site/../outside` and (on the desktop) links out of the site are refused.
		if (!(await this.host.isInsideDocs(target))) return;
		const position = new vscode.Position(line, character);
		const column = this.#panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
		// A missing page's problem points at the file that should exist.
		const exists = await vscode.workspace.fs.stat(target).then(
			() => true,
			() => false,
		);
		if (!exists) return void vscode.window.showInformationMessage(`MintDoc: ${vscode.workspace.asRelativePath(target)} does not exist.`);
		await vscode.window.showTextDocument(target, { viewColumn: column, selection: new vscode.Range(position, position) });
	}

	/** The webview URI of the page's docs root: the renderer makes site-relative images load from it. */
	#assetBase(shown: Shown): string | undefined {
		const rootUri = shown.kind === 'route' ? shown.rootUri : (this.#rootOf(shown.uri) ?? this.#state.page?.rootUri);
		return rootUri ? this.#panel.webview.asWebviewUri(vscode.Uri.parse(rootUri, true)).toString() : undefined;
	}

	#rootOf(uri: string): string | undefined {
		return this.host
			.docsRoots()
			.filter(root => uri.startsWith(root.endsWith('/') ? root : `${root}/`))
			.sort((a, b) => b.length - a.length)[0];
	}

	/** dist/ (script, styles) and the docs roots (images): nothing else of the disk is visible to the webview. */
	#resourceRoots(extra: readonly string[] = []): vscode.Uri[] {
		const roots = new Set([...this.host.docsRoots(), ...extra]);
		return [vscode.Uri.joinPath(this.host.extensionUri, 'dist'), ...[...roots].map(root => vscode.Uri.parse(root, true))];
	}

	#widenResourceRoots(rootUri: string): void {
		const known = this.#panel.webview.options.localResourceRoots ?? [];
		if (!rootUri || known.some(uri => uri.toString() === rootUri)) return;
		this.#panel.webview.options = { ...this.#panel.webview.options, localResourceRoots: this.#resourceRoots([rootUri]) };
	}

	dispose(): void {
		if (this.#disposed) return;
		this.#disposed = true;
		if (this.#timer) clearTimeout(this.#timer);
		if (this.#revealTimer) clearTimeout(this.#revealTimer);
		this.#inFlight?.cancel();
		this.#inFlight?.dispose();
		for (const source of this.#playgrounds) source.cancel();
		this.#onDidDispose.fire();
		this.#panel.dispose();
		this.#disposables.forEach(d => d.dispose());
	}
}
