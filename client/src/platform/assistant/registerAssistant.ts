import * as vscode from 'vscode';
import { contextFromSelection, isInsideCodeFence } from '../api/assistantContext';
import type { Platform } from '../apiKeys';
import type { Ctx } from '../../ctx';
import { AssistantPanels, assistantViewId, setDomainCommand, type OpenResult } from './assistantPanel';
import { readAssistantSettings, setAssistantDomain } from './assistantSettings';
import { ChatSession } from './chatSession';
import { ConversationStore } from './conversationStore';
import { routeOfFile } from '../../routeMap';
import { activeRoot } from '../../status';
import type { ChatState, ViewMessage } from './protocol';
import { AssistantCommands } from '../../commandIds';

export { AssistantCommands };

/** The chat as tests (and other extensions) see it: its state, and the webview's messages to drive it. */
export interface AssistantApi {
	readonly state: () => ChatState;
	readonly onDidChange: vscode.Event<ChatState>;
	/** Acts on `message` exactly as if a chat webview had sent it; resolves when done (an answer: when it ended). */
	readonly receive: (message: ViewMessage) => Promise<unknown>;
	/** Opens a citation of a turn as a click in the webview does, and says what it opened. */
	readonly openCitation: (turnId: string, index: number) => Promise<OpenResult | undefined>;
	/** How many chat webviews are showing (side bar view, editor tab). */
	readonly webviewCount: () => number;
	/** How many of them have loaded their script and posted `ready`. */
	readonly readyWebviews: () => number;
	readonly onDidChangeWebviews: vscode.Event<void>;
}

/** The assistant chat: session, side bar view, editor tab, commands. */
export function registerAssistant(ctx: Ctx, platform: Platform): AssistantApi {
	// The page the writer has open, for the v2 request's `currentPath` (the chat view itself takes focus when typing).
	let lastPage: vscode.Uri | undefined = vscode.window.activeTextEditor?.document.uri;
	ctx.pushCleanup(
		vscode.window.onDidChangeActiveTextEditor(editor => {
			if (editor && editor.document.uri.scheme === 'file') lastPage = editor.document.uri;
		}),
	);
	const currentPath = (): string | undefined => {
		if (!lastPage) return undefined;
		const root = activeRoot(ctx.status.current.roots, lastPage.toString());
		return root ? routeOfFile(root, lastPage.toString()) : undefined;
	};
	const session = new ChatSession(platform, new ConversationStore(ctx.context.workspaceState), currentPath);
	const panels = new AssistantPanels(ctx, platform, session);
	const reveal = async (): Promise<void> => {
		if (panels.visible) return;
		await vscode.commands.executeCommand(`${assistantViewId}.focus`);
	};
	ctx.pushCleanup(
		session,
		panels,
		vscode.window.registerWebviewViewProvider(assistantViewId, panels, { webviewOptions: { retainContextWhenHidden: true } }),
		platform.keys.onDidChange(kind => kind === 'assistant' && void session.refreshSetup()),
		platform.onDidChangeSettings(() => void session.refreshSetup()),
		vscode.commands.registerCommand(AssistantCommands.open, async (options?: unknown) => {
			// `{ draft, show }` (the demo tour, scripts): a question put in an empty input box, not
			// sent; `show: false` leaves the view as it is.
			const { draft, show } = (options ?? {}) as { draft?: unknown; show?: unknown };
			if (typeof draft === 'string' && !session.state.draft.trim()) session.setDraft(draft);
			if (show !== false) await reveal();
		}),
		vscode.commands.registerCommand(AssistantCommands.openInEditor, () => void panels.openInEditor()),
		vscode.commands.registerCommand(AssistantCommands.newChat, async () => {
			await reveal();
			await session.newChat();
		}),
		vscode.commands.registerCommand(AssistantCommands.export, () => panels.exportMarkdown()),
		vscode.commands.registerCommand(AssistantCommands.askAboutSelection, async (question?: unknown) => {
			const editor = vscode.window.activeTextEditor;
			const context = editor ? selectionContext(editor) : [];
			if (!context.length) {
				void vscode.window.showInformationMessage('MintDoc: select some text or code first, then ask the assistant about it.');
				return;
			}
			await reveal();
			if (typeof question === 'string' && question.trim()) return session.ask(question, { context });
			session.setDraft(session.state.draft, context);
		}),
		vscode.commands.registerCommand(AssistantCommands.setDomain, async (given?: unknown) => {
			const value =
				typeof given === 'string'
					? given
					: await vscode.window.showInputBox({
							title: 'MintDoc: Set Assistant Domain',
							prompt: 'The domain identifier of your docs site: the <domain> of <domain>.mintlify.app, the last segment of the dashboard URL.',
							value: readAssistantSettings().domain,
							ignoreFocusOut: true,
							validateInput: text => (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(text.trim()) ? undefined : 'Letters, digits, dots, dashes and underscores only.'),
						});
			if (value === undefined || !value.trim()) return;
			await setAssistantDomain(value);
			await session.refreshSetup();
		}),
	);
	void session.refreshSetup();
	return {
		state: () => session.state,
		onDidChange: session.onDidChange,
		receive: message => panels.handle(message),
		openCitation: async (turnId, index) => (await panels.handle({ type: 'openCitation', turnId, index })) as OpenResult | undefined,
		webviewCount: () => session.webviewCount.attached,
		readyWebviews: () => session.webviewCount.ready,
		onDidChangeWebviews: session.onDidChangeWebviews,
	};
}

/** The selection of `editor` as request context: code inside a fence of a page or in a code file, else text. */
function selectionContext(editor: vscode.TextEditor) {
	const { document, selection } = editor;
	const text = document.getText(selection);
	const page = document.languageId === 'mdx' || document.languageId === 'markdown';
	const insideCodeFence = page && isInsideCodeFence(document.getText(), document.offsetAt(selection.start));
	const path = document.uri.scheme === 'file' ? vscode.workspace.asRelativePath(document.uri, false) : undefined;
	return contextFromSelection({ text, languageId: document.languageId, insideCodeFence, path });
}
