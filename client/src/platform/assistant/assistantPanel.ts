import * as vscode from 'vscode';
import type { Platform } from '../apiKeys';
import { KeyCommands } from '../apiKeys';
import type { Ctx } from '../../ctx';
import { findLocalPage, revealHeading } from '../../sitePages';
import { readAssistantSettings } from './assistantSettings';
import type { ChatSession } from './chatSession';
import { conversationToMarkdown } from './exportMarkdown';
import { isViewMessage, type ViewMessage } from './protocol';
import { isHttpsUrl, publicPageUrl, sitePathOf, sitePathOfPublicUrl, type SitePath } from '../../routeMap';
import { assistantHtml, assistantWebviewOptions } from './webviewHtml';
import { AssistantCommands } from '../../commandIds';

export const assistantViewId = 'mintdoc.assistant';
export const assistantPanelType = 'mintdoc.assistantPanel';
export const setDomainCommand = AssistantCommands.setDomain;

/** What opening a source or link did: a local page, an https page in the browser, or nothing. */
export type OpenResult =
	| { readonly kind: 'local'; readonly uri: vscode.Uri }
	| { readonly kind: 'external'; readonly url: string }
	| { readonly kind: 'refused'; readonly reason: string };

/**
 * The host side of the chat webviews: the side bar view (WebviewViewProvider) and the editor
 * tab, both showing the one ChatSession. Routes the webview's typed messages; opens links and
 * sources only when they are https or a page of the local site; inserts code into the last
 * text editor the user was in.
 */
export class AssistantPanels implements vscode.WebviewViewProvider, vscode.Disposable {
	#panel: vscode.WebviewPanel | undefined;
	#view: vscode.WebviewView | undefined;
	#lastEditor: vscode.TextEditor | undefined = vscode.window.activeTextEditor;
	readonly #disposables: vscode.Disposable[] = [];

	constructor(
		private readonly ctx: Ctx,
		private readonly platform: Platform,
		private readonly session: ChatSession,
	) {
		this.#disposables.push(
			vscode.window.onDidChangeActiveTextEditor(editor => {
				if (editor && editor.document.uri.scheme !== 'output') this.#lastEditor = editor;
			}),
		);
	}

	resolveWebviewView(view: vscode.WebviewView): void {
		this.#view = view;
		const disposables = this.#show(view.webview, false);
		view.onDidDispose(() => {
			disposables.forEach(d => d.dispose());
			if (this.#view === view) this.#view = undefined;
		});
	}

	/** Opens (or reveals) the chat as an editor tab. */
	openInEditor(): vscode.WebviewPanel {
		if (this.#panel) {
			this.#panel.reveal();
			return this.#panel;
		}
		const panel = vscode.window.createWebviewPanel(assistantPanelType, 'MintDoc Assistant', vscode.ViewColumn.Beside, {
			...assistantWebviewOptions(this.ctx.context.extensionUri),
			retainContextWhenHidden: true,
		});
		panel.iconPath = vscode.Uri.joinPath(this.ctx.context.extensionUri, 'media', 'mintdoc.svg');
		const disposables = this.#show(panel.webview, true);
		panel.onDidDispose(() => {
			disposables.forEach(d => d.dispose());
			this.#panel = undefined;
		});
		this.#panel = panel;
		return panel;
	}

	/** Where the chat is on screen now (for commands that must show it). */
	get visible(): boolean {
		return !!this.#panel?.visible || !!this.#view?.visible;
	}

	#show(webview: vscode.Webview, inEditor: boolean): vscode.Disposable[] {
		webview.options = assistantWebviewOptions(this.ctx.context.extensionUri);
		webview.html = assistantHtml(webview, this.ctx.context.extensionUri, inEditor);
		return [
			this.session.attach(webview),
			webview.onDidReceiveMessage((message: unknown) => {
				if (!isViewMessage(message)) return this.platform.log.append('Assistant: ignored a malformed message from the webview.');
				void this.handle(message, webview).catch(e => this.platform.log.append(`Assistant: ${e instanceof Error ? e.message : String(e)}`));
			}),
		];
	}

	/** Acts on one message of a webview (also the integration tests' way to drive the panel). */
	async handle(message: ViewMessage, webview?: vscode.Webview): Promise<unknown> {
		switch (message.type) {
			case 'ready':
				await this.session.refreshSetup();
				if (webview) this.session.sendInit(webview);
				return;
			case 'send':
				return this.session.ask(message.text);
			case 'stop':
				return this.session.stop();
			case 'retry':
				return this.session.retry(message.turnId);
			case 'draft':
				return this.session.draftChanged(message.text);
			case 'clearContext':
				return this.session.clearContext();
			case 'newChat':
				return this.session.newChat();
			case 'openConversation':
				return this.session.openConversation(message.id);
			case 'deleteConversation':
				return this.session.deleteConversation(message.id);
			case 'export':
				return this.exportMarkdown();
			case 'openLink':
				return this.openLink(message.href);
			case 'openCitation': {
				const source = this.session.state.conversation.turns.find(t => t.id === message.turnId)?.citations[message.index];
				return source ? this.openSitePath(sitePathOf(source.path ?? ''), source.url) : undefined;
			}
			case 'copy':
				await vscode.env.clipboard.writeText(message.text);
				return;
			case 'insert':
				return this.insert(message.text);
			case 'fix':
				if (message.problem === 'noDomain') return vscode.commands.executeCommand(setDomainCommand);
				return vscode.commands.executeCommand(KeyCommands.setAssistantKey);
		}
	}

	/** Opens the current conversation as an untitled Markdown document. */
	async exportMarkdown(): Promise<vscode.TextDocument | undefined> {
		const { conversation } = this.session.state;
		if (!conversation.turns.length) {
			void vscode.window.showInformationMessage('MintDoc: this conversation is empty; ask a question first.');
			return undefined;
		}
		const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: conversationToMarkdown(conversation, new Date()) });
		await vscode.window.showTextDocument(document, { preview: false, viewColumn: vscode.ViewColumn.Active });
		return document;
	}

	/** A link in an answer: a page of the site (relative, or under the public site URL) opens locally; other https links in the browser. */
	async openLink(href: string): Promise<OpenResult> {
		const settings = readAssistantSettings();
		const sitePath = sitePathOf(href) ?? sitePathOfPublicUrl(href, settings.siteUrl, settings.domain);
		if (sitePath) return this.openSitePath(sitePath, isHttpsUrl(href) ? href : undefined);
		if (isHttpsUrl(href)) {
			await vscode.env.openExternal(vscode.Uri.parse(href, true));
			return { kind: 'external', url: href };
		}
		return this.#refuse(`MintDoc opens only https links and pages of the site, not '${href.slice(0, 80)}'.`);
	}

	/** Opens the local page of a site path when one exists, else its public https address. */
	async openSitePath(sitePath: SitePath | undefined, url?: string): Promise<OpenResult> {
		const local = sitePath ? await this.findLocalPage(sitePath) : undefined;
		if (local) {
			const editor = await vscode.window.showTextDocument(local, { preview: true, viewColumn: vscode.ViewColumn.One });
			if (sitePath?.anchor) await revealHeading(editor, sitePath.anchor);
			return { kind: 'local', uri: local };
		}
		const settings = readAssistantSettings();
		const target = url && isHttpsUrl(url) ? url : sitePath ? publicPageUrl(sitePath, settings.siteUrl, settings.domain) : undefined;
		if (target && isHttpsUrl(target)) {
			await vscode.env.openExternal(vscode.Uri.parse(target, true));
			return { kind: 'external', url: target };
		}
		return this.#refuse('This source is not a page of the local site and has no https address.');
	}

	/** The page file serving a site path in a docs root of the workspace (the active root first). */
	findLocalPage(sitePath: SitePath): Promise<vscode.Uri | undefined> {
		return findLocalPage(this.ctx.status.current.roots, this.#lastEditor?.document.uri.toString(), sitePath);
	}

	/** Inserts code at the cursor(s) of the last text editor the user was in. */
	async insert(text: string): Promise<boolean> {
		const editor = this.#lastEditor && vscode.window.visibleTextEditors.includes(this.#lastEditor) ? this.#lastEditor : vscode.window.visibleTextEditors[0];
		if (!editor) {
			void vscode.window.showWarningMessage('MintDoc: open a file to insert the code into.');
			return false;
		}
		const shown = await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preserveFocus: false });
		return shown.edit(builder => shown.selections.forEach(selection => builder.replace(selection, text)));
	}

	#refuse(reason: string): OpenResult {
		void vscode.window.showWarningMessage(`MintDoc: ${reason}`);
		return { kind: 'refused', reason };
	}

	dispose(): void {
		this.#panel?.dispose();
		this.#disposables.forEach(d => d.dispose());
	}
}
