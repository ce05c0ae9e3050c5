import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChatState, Turn } from '../../client/src/platform/assistant/protocol';
import type { MintDocApi } from '../../client/src/extension';
import { startStandIn, type RunningStandIn } from './standIn';
import { waitFor } from './waits';

const assistantKey = 'mint_dsc_demo_key';

describe('Assistant chat panel against the local stand-in', () => {
	let api: MintDocApi;
	let standIn: RunningStandIn;
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	const config = () => vscode.workspace.getConfiguration('mintdoc');
	const state = () => api.assistant.state();
	const lastTurn = (): Turn | undefined => state().conversation.turns.at(-1);
	const assistantRequests = async () =>
		((await (await fetch(`${standIn.url}/__requests`)).json()) as { requests: { method: string; path: string; status: number }[] }).requests.filter(r =>
			/^\/discovery\/v[12]\/assistant\/demo\/message$/.test(r.path),
		);

	before(async function () {
		this.timeout(60_000);
		const extension = vscode.extensions.getExtension<MintDocApi>('mintdoc.mintdoc')!;
		api = await extension.activate();
		standIn = await startStandIn(extension.extensionPath, folder().fsPath, ['--quiet']);
		await config().update('api.baseUrl', standIn.url, vscode.ConfigurationTarget.Global);
		await config().update('assistant.domain', 'demo', vscode.ConfigurationTarget.Workspace);
		await vscode.commands.executeCommand('mintdoc.setAssistantKey', assistantKey);
		await vscode.commands.executeCommand('mintdoc.assistant.newChat');
	});

	after(async () => {
		await vscode.commands.executeCommand('mintdoc.signOut');
		await config().update('api.baseUrl', undefined, vscode.ConfigurationTarget.Global);
		await config().update('assistant.domain', undefined, vscode.ConfigurationTarget.Workspace);
		standIn?.child.kill('SIGTERM');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it('"Open Assistant" shows the chat webview, which loads under its CSP and reports ready', async () => {
		await vscode.commands.executeCommand('mintdoc.assistant.open');
		await waitFor(api.assistant.onDidChangeWebviews, () => (api.assistant.readyWebviews() >= 1 ? true : undefined), 'the chat webview to post ready');
		await waitFor(api.assistant.onDidChange, () => (state().setup === undefined && state().domain === 'demo' ? true : undefined), 'key and domain to be seen');
	});

	it('streams an answer with a citation of a local acme page that opens the file; the next question reuses the thread', async () => {
		// Slow the stand-in's text parts down so the answer arrives in several pieces.
		await fetch(`${standIn.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: 'stream-slow:80', times: 1, path: '/discovery/' }) });
		const partials = new Set<string>();
		const listener = api.assistant.onDidChange(s => {
			const turn = s.conversation.turns.at(-1);
			if (turn?.state === 'streaming' && turn.answer) partials.add(turn.answer);
		});
		await api.assistant.receive({ type: 'send', text: 'How do I authenticate requests?' });
		listener.dispose();
		const first = lastTurn()!;
		assert.equal(first.state, 'done', JSON.stringify(first.error));
		assert.ok(partials.size >= 2, `the answer streamed in pieces (${partials.size} partial states)`);
		assert.ok(
			[...partials].every(p => first.answer.startsWith(p)),
			'each partial state is a prefix of the answer',
		);
		assert.match(first.answer, /Authenticate requests/);
		const index = first.citations.findIndex(c => c.path?.replace(/^\//, '').startsWith('authentication'));
		assert.ok(index >= 0, `a citation of the authentication page: ${JSON.stringify(first.citations)}`);
		const threadId = state().conversation.thread?.threadId;
		assert.match(threadId ?? '', /^thread_/);

		const opened = await api.assistant.openCitation(first.id, index);
		const expected = vscode.Uri.joinPath(folder(), 'authentication.mdx');
		assert.deepEqual(opened?.kind, 'local');
		assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), expected.toString());

		await api.assistant.receive({ type: 'send', text: 'And which header carries the key?' });
		const second = lastTurn()!;
		assert.equal(second.state, 'done', JSON.stringify(second.error));
		assert.equal(state().conversation.turns.length, 2);
		assert.equal(state().conversation.thread?.threadId, threadId, 'the same thread');
		assert.equal(second.notes, undefined, 'no thread reset');
		assert.deepEqual(
			(await assistantRequests()).map(r => `${r.status} ${r.path}`),
			['200 /discovery/v2/assistant/demo/message', '200 /discovery/v2/assistant/demo/message'],
			'both questions answered on v2 in one thread, no 404',
		);
	});

	it('a wrong key gives the 401 state with the question kept in the input box', async () => {
		await vscode.commands.executeCommand('mintdoc.setAssistantKey', 'mint_dsc_wrong_key_for_tests');
		await api.assistant.receive({ type: 'send', text: 'Is this key right?' });
		const turn = lastTurn()!;
		assert.equal(turn.state, 'failed');
		assert.equal(turn.error?.kind, 'auth');
		assert.match(turn.error!.message, /401/);
		assert.ok(!turn.error!.message.includes('mint_dsc_wrong'), 'the key is not shown');
		assert.equal(state().draft, 'Is this key right?');
		assert.deepEqual(
			(await assistantRequests()).map(r => r.status),
			[200, 200, 401],
		);

		// Fixing the key and retrying answers it in the same turn's place.
		await vscode.commands.executeCommand('mintdoc.setAssistantKey', assistantKey);
		await api.assistant.receive({ type: 'retry', turnId: turn.id });
		assert.equal(lastTurn()!.state, 'done');
		assert.equal(state().conversation.turns.length, 3);
		assert.equal(state().draft, '');
	});

	it('"New chat" forgets the thread and keeps the old conversation in the history; export writes Markdown', async () => {
		const old = state().conversation;
		const exported = await vscode.commands.executeCommand<vscode.TextDocument>('mintdoc.assistant.export');
		assert.equal(exported.languageId, 'markdown');
		assert.match(exported.getText(), /^# How do I authenticate requests\?/);
		assert.match(exported.getText(), /> And which header carries the key\?/);
		await vscode.commands.executeCommand('mintdoc.assistant.newChat');
		assert.equal(state().conversation.thread, undefined);
		assert.deepEqual(state().conversation.turns, []);
		assert.equal(state().history[0]?.id, old.id);
		await api.assistant.receive({ type: 'openConversation', id: old.id });
		assert.equal(state().conversation.turns.length, 3);
		assert.equal(state().conversation.thread?.threadId, old.thread?.threadId);
	});

	it('Stop ends a hanging answer and keeps its text; a cut stream is marked incomplete; 429 says when to retry', async () => {
		const fault = (spec: string) => fetch(`${standIn.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: spec, times: 1, path: '/discovery/' }) });
		await fault('stream-hang');
		const asked = api.assistant.receive({ type: 'send', text: 'What are webhooks?' });
		await waitFor(
			api.assistant.onDidChange,
			() => (lastTurn()?.question === 'What are webhooks?' && lastTurn()!.answer ? true : undefined),
			'the first part of the answer',
		);
		await api.assistant.receive({ type: 'stop' });
		await asked;
		assert.equal(lastTurn()!.state, 'stopped');
		assert.ok(lastTurn()!.answer.length > 0, 'the text so far is kept');

		await fault('stream-cut');
		await api.assistant.receive({ type: 'send', text: 'How do refunds work?' });
		assert.equal(lastTurn()!.state, 'incomplete');
		assert.ok(lastTurn()!.answer.length > 0);

		await fault('429:30');
		await api.assistant.receive({ type: 'send', text: 'One more?' });
		assert.deepEqual([lastTurn()!.state, lastTurn()!.error?.kind, lastTurn()!.error?.retryAfter], ['failed', 'rateLimited', 30]);
		assert.equal(state().draft, 'One more?');
	});

	it('"Ask about Selection" sends code in a fence as `code` context and prose as `textSelection`', async () => {
		const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder(), 'authentication.mdx'));
		const editor = await vscode.window.showTextDocument(document);
		const select = (text: string) => {
			const at = document.getText().indexOf(text);
			assert.ok(at >= 0, text);
			editor.selection = new vscode.Selection(document.positionAt(at), document.positionAt(at + text.length));
		};
		select('curl https://');
		await vscode.commands.executeCommand('mintdoc.assistant.askAboutSelection', 'What does this command do?');
		assert.deepEqual(lastTurn()!.context, [{ type: 'code', value: 'curl https://', path: 'authentication.mdx' }]);
		assert.equal(lastTurn()!.state, 'done');
		// Without a question the selection waits in the panel for the next one.
		select('accepts your secret key');
		await vscode.commands.executeCommand('mintdoc.assistant.askAboutSelection');
		assert.deepEqual(state().pendingContext, [{ type: 'textSelection', value: 'accepts your secret key', path: 'authentication.mdx' }]);
		await api.assistant.receive({ type: 'send', text: 'Which headers?' });
		assert.deepEqual(lastTurn()!.context, [{ type: 'textSelection', value: 'accepts your secret key', path: 'authentication.mdx' }]);
		assert.equal(state().pendingContext, undefined);
	});

	it('no domain gives the setup state', async () => {
		await config().update('assistant.domain', undefined, vscode.ConfigurationTarget.Workspace);
		const s = (await waitFor(api.assistant.onDidChange, () => (state().setup === 'noDomain' ? state() : undefined), 'the no-domain banner')) as ChatState;
		assert.equal(s.setup, 'noDomain');
		await config().update('assistant.domain', 'demo', vscode.ConfigurationTarget.Workspace);
	});
});
