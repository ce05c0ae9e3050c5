import * as vscode from 'vscode';
import { needsPlaygroundConfirmation } from '../trust';
import { PlaygroundSendRequest, type PlaygroundRequest, type PlaygroundResponse } from '../../../server/src/protocol';
import type { Ctx } from '../ctx';
import { activeRoot } from '../status';
import { onSiteChanged } from '../siteChanges';
import { playgroundOrigin } from './messages';
import { readSetting } from '../config';
import { PreviewPanel, type DrawnDiagrams, type PostedPage, type RenderedPage, type RevealedHeading } from './previewPanel';
import { PreviewCommands } from '../commandIds';

export { PreviewCommands };

/** A scroll this soon after a cursor move is the editor revealing the cursor. */
const cursorScrollMs = 150;

/** Context key: true while the preview follows the active editor (drives the lock icon in the panel's title). */
const followContextKey = 'mintdoc.previewFollows';

/** Read-only view of the preview for the integration tests (on the extension's API object). */
export interface PreviewTestApi {
	/** The page last posted to the webview (`{type:'update'}`), with its request number and `Date.now()` at posting. */
	readonly lastPosted: () => PostedPage | undefined;
	readonly onDidPost: vscode.Event<PostedPage>;
	/** The route the webview last reported as swapped in (`{type:'rendered'}`). */
	readonly lastRendered: () => RenderedPage | undefined;
	readonly onDidRender: vscode.Event<RenderedPage>;
	/** The heading the webview last scrolled to while following the editor (`mintdoc.preview.followEditor`). */
	readonly lastRevealed: () => RevealedHeading | undefined;
	readonly onDidReveal: vscode.Event<RevealedHeading>;
	/** The webview's last report of a page's Mermaid diagrams drawn. */
	readonly lastDiagrams: () => DrawnDiagrams | undefined;
	readonly onDidDrawDiagrams: vscode.Event<DrawnDiagrams>;
	/** What the open preview's CSP refused (`directive: blocked`); none is expected. */
	readonly cspViolations: () => readonly string[];
	/** Whether a preview panel is open. */
	readonly isOpen: () => boolean;
}

/** What the desktop and the browser entry answer differently (desktopPreview.ts, browserPreview.ts). */
export interface PreviewEnvironment {
	/** Whether the webview may open `target`: a file of one of `roots` (the docs roots' URIs). */
	isInsideDocs(roots: readonly string[], target: vscode.Uri): Promise<boolean>;
	/** The URI schemes of the workspace's files, which the preview follows. */
	readonly schemes: readonly string[];
	/** Set where the playground sends nothing (the browser): what every Send gets back, at once. */
	readonly playgroundNotSent?: string;
}

/** The preview commands, and the editor events that keep an open preview current. */
export function registerPreview(ctx: Ctx, environment: PreviewEnvironment): PreviewTestApi {
	let panel: PreviewPanel | undefined;
	let follow = true;
	let lastPosted: PostedPage | undefined;
	let lastRendered: RenderedPage | undefined;
	let lastRevealed: RevealedHeading | undefined;
	let lastDiagrams: DrawnDiagrams | undefined;
	const onDidDrawDiagrams = new vscode.EventEmitter<DrawnDiagrams>();
	const onDidPost = new vscode.EventEmitter<PostedPage>();
	const onDidRender = new vscode.EventEmitter<RenderedPage>();
	const onDidReveal = new vscode.EventEmitter<RevealedHeading>();
	/** `mintdoc.preview.followEditor`, kept current: scroll and cursor events are too frequent to read settings on. */
	let followScroll = readSetting('preview.followEditor');
	/** The editor's top line (scrolling) or cursor line (moving it), for the preview to follow. */
	const track = (editor: vscode.TextEditor | undefined, line: number | undefined) => {
		if (panel && followScroll && editor && line !== undefined) panel.editorScrolled({ uri: editor.document.uri.toString(), line });
	};
	const trackTop = (editor: vscode.TextEditor | undefined) => track(editor, editor?.visibleRanges[0]?.start.line);
	/** When the cursor last moved: the editor then scrolls to show it, and the cursor, not the top line, is what to follow. */
	let cursorMovedAt = 0;
	/** Origins the user allowed the playground to call in this untrusted workspace (this session only). */
	const allowedOrigins = new Set<string>();

	const host = {
		extensionUri: ctx.context.extensionUri,
		client: () => ctx.client,
		docsRoots: () => ctx.status.current.roots,
		log: (line: string) => ctx.outputChannel.appendLine(line),
		schemes: environment.schemes,
		isInsideDocs: (target: vscode.Uri) => environment.isInsideDocs(ctx.status.current.roots, target),
		sendPlayground: (request: PlaygroundRequest, token: vscode.CancellationToken) =>
			environment.playgroundNotSent !== undefined
				? Promise.resolve(notSent(environment.playgroundNotSent))
				: sendPlayground(ctx, allowedOrigins, request, token),
	};

	const open = (column: vscode.ViewColumn, preserveFocus: boolean) => (resource?: unknown) => {
		const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
		if (panel) panel.reveal(column, preserveFocus);
		else {
			const created = new PreviewPanel(host, column, preserveFocus);
			created.setFollow(follow);
			created.onDidPost(posted => ((lastPosted = posted), onDidPost.fire(posted)));
			created.onDidRender(rendered => ((lastRendered = rendered), onDidRender.fire(rendered)));
			created.onDidReveal(revealed => ((lastRevealed = revealed), onDidReveal.fire(revealed)));
			created.onDidDrawDiagrams(diagrams => ((lastDiagrams = diagrams), onDidDrawDiagrams.fire(diagrams)));
			created.onDidDispose(() => panel === created && (panel = undefined));
			panel = created;
		}
		if (uri) panel.openFile(uri.toString());
		trackTop(vscode.window.visibleTextEditors.find(editor => editor.document.uri.toString() === uri?.toString()));
		const home = activeRoot(ctx.status.current.roots, uri?.toString());
		if (home) panel.openHome(home);
	};

	const setFollow = (value: boolean) => {
		follow = value;
		panel?.setFollow(value);
		void vscode.commands.executeCommand('setContext', followContextKey, value);
		if (value) panel?.followEditor(vscode.window.activeTextEditor?.document.uri.toString());
	};
	void vscode.commands.executeCommand('setContext', followContextKey, follow);

	const watcher = vscode.workspace.createFileSystemWatcher('**/*.{mdx,md,json,yaml,yml}');
	const onDisk = (uri: vscode.Uri) => panel?.documentChanged(uri.toString());
	ctx.pushCleanup(
		onDidPost,
		onDidRender,
		onDidReveal,
		onDidDrawDiagrams,
		watcher,
		{ dispose: () => panel?.dispose() },
		vscode.commands.registerCommand(PreviewCommands.open, open(vscode.ViewColumn.Active, false)),
		vscode.commands.registerCommand(PreviewCommands.openToSide, open(vscode.ViewColumn.Beside, true)),
		vscode.commands.registerCommand(PreviewCommands.toggleFollow, () => setFollow(!follow)),
		vscode.window.onDidChangeActiveTextEditor(editor => (panel?.followEditor(editor?.document.uri.toString()), trackTop(editor))),
		vscode.window.onDidChangeTextEditorVisibleRanges(({ textEditor }) => Date.now() - cursorMovedAt > cursorScrollMs && trackTop(textEditor)),
		// The cursor moved (keys, mouse, go to symbol; typing too: cheap here, and the page scrolls only when the heading changes).
		vscode.window.onDidChangeTextEditorSelection(({ textEditor, selections }) => {
			cursorMovedAt = Date.now();
			track(textEditor, selections[0]?.active.line);
		}),
		vscode.workspace.onDidChangeConfiguration(e => {
			if (!e.affectsConfiguration('mintdoc.preview.followEditor')) return;
			followScroll = readSetting('preview.followEditor');
			if (followScroll) trackTop(vscode.window.activeTextEditor);
			else panel?.editorScrolled(undefined);
		}),
		vscode.workspace.onDidChangeTextDocument(({ document, contentChanges }) => contentChanges.length > 0 && panel?.documentChanged(document.uri.toString())),
		// Files changed on disk (a git checkout, a page created): the server learns of them from its own watcher.
		watcher.onDidChange(onDisk),
		watcher.onDidCreate(onDisk),
		watcher.onDidDelete(onDisk),
		// A restarted server, or sites found late: render again with it.
		ctx.status.onDidChange(status => status.state === 'ready' && panel?.refresh()),
		// A page created a moment ago is "not found" until the server's own watcher reports it: asked for again once it did.
		onSiteChanged(ctx, () => panel?.siteChanged()),
	);
	ctx.onClientReady(() => (panel?.refresh(), { dispose: () => undefined }));

	return {
		lastPosted: () => lastPosted,
		onDidPost: onDidPost.event,
		lastRendered: () => lastRendered,
		onDidRender: onDidRender.event,
		lastRevealed: () => lastRevealed,
		onDidReveal: onDidReveal.event,
		lastDiagrams: () => lastDiagrams,
		cspViolations: () => panel?.cspViolations ?? [],
		onDidDrawDiagrams: onDidDrawDiagrams.event,
		isOpen: () => panel !== undefined,
	};
}

/**
 * A playground Send. In an untrusted workspace the page (workspace content) chose the URL, so the
 * user confirms each new origin once; the request itself is made by the language server process.
 */
async function sendPlayground(ctx: Ctx, allowedOrigins: Set<string>, request: PlaygroundRequest, token: vscode.CancellationToken): Promise<PlaygroundResponse> {
	const origin = playgroundOrigin(request.url);
	if (!origin) return notSent(`Not sent: ${request.url} is not an http(s) URL.`);
	if (needsPlaygroundConfirmation(vscode.workspace.isTrusted, allowedOrigins, origin)) {
		const send = 'Send';
		const choice = await vscode.window.showWarningMessage(
			`This workspace is not trusted. Send the API playground's request to ${origin}?`,
			{
				modal: true,
				detail: `${request.method} ${request.url}\nThe URL comes from the workspace's OpenAPI document. MintDoc will not ask again for ${origin} in this session.`,
			},
			send,
		);
		if (choice !== send) return notSent(`Not sent: sending to ${origin} was not allowed.`);
		allowedOrigins.add(origin);
	}
	const client = ctx.client;
	if (!client) return notSent('Not sent: the MintDoc language server is not running.');
	try {
		return await client.sendRequest(PlaygroundSendRequest.type, request, token);
	} catch (e) {
		return notSent(token.isCancellationRequested ? 'Cancelled.' : `Not sent: ${e instanceof Error ? e.message : String(e)}`);
	}
}

/** A Send's answer when nothing was sent: the panel shows `error` where the response would be. */
function notSent(error: string): PlaygroundResponse {
	return { status: 0, statusText: '', headers: [], body: '', timeMs: 0, error };
}
