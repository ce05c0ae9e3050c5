import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { flattenRows } from '../../client/src/views/viewRow';
import type { DeployResult } from '../../client/src/platform/deploy/registerDeploy';
import type { MintDocApi } from '../../client/src/extension';
import type { SearchOpened } from '../../client/src/platform/search/registerSearch';
import { screenshot } from './screenshots';
import { startStandIn, type RunningStandIn } from './standIn';
import { waitFor } from './waits';

const adminKey = 'mint_demo_admin_key';
const assistantKey = 'mint_dsc_demo_key';

/**
 * The platform's current API from the editor, against the stand-in: the assistant panel on v2,
 * docs search and the published page, deploy and preview deployments followed in Update Status.
 * Screenshots: test-results/integration-*.png.
 */
describe('Current platform API in the editor (stand-in)', () => {
	let api: MintDocApi;
	let standIn: RunningStandIn;
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	const config = () => vscode.workspace.getConfiguration('mintdoc');
	const requests = async () =>
		((await (await fetch(`${standIn.url}/__requests`)).json()) as { requests: { method: string; path: string; status: number }[] }).requests;

	before(async function () {
		this.timeout(60_000);
		const extension = vscode.extensions.getExtension<MintDocApi>('mintdoc.mintdoc')!;
		api = await extension.activate();
		standIn = await startStandIn(extension.extensionPath, folder().fsPath, ['--live-seconds', '4', '--quiet']);
		await config().update('api.baseUrl', standIn.url, vscode.ConfigurationTarget.Global);
		await config().update('projectId', 'demo', vscode.ConfigurationTarget.Workspace);
		await config().update('assistant.domain', 'demo', vscode.ConfigurationTarget.Workspace);
		await vscode.commands.executeCommand('mintdoc.setAdminApiKey', adminKey);
		await vscode.commands.executeCommand('mintdoc.setAssistantKey', assistantKey);
	});

	after(async () => {
		await vscode.commands.executeCommand('mintdoc.signOut');
		await config().update('api.baseUrl', undefined, vscode.ConfigurationTarget.Global);
		await config().update('projectId', undefined, vscode.ConfigurationTarget.Workspace);
		await config().update('assistant.domain', undefined, vscode.ConfigurationTarget.Workspace);
		standIn?.child.kill('SIGTERM');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it('the chat panel answers on v2 with currentPath of the open page; a citation opens the local file; the thread is kept; Stop ends a hanging answer', async () => {
		await vscode.window.showTextDocument(vscode.Uri.joinPath(folder(), 'quickstart.mdx'));
		await vscode.commands.executeCommand('mintdoc.assistant.newChat');
		await vscode.commands.executeCommand('mintdoc.assistant.open');
		await waitFor(api.assistant.onDidChangeWebviews, () => (api.assistant.readyWebviews() >= 1 ? true : undefined), 'the chat webview to post ready');
		await api.assistant.receive({ type: 'send', text: 'How do I issue a refund?' });
		const first = api.assistant.state().conversation.turns.at(-1)!;
		assert.equal(first.state, 'done', JSON.stringify(first.error));
		assert.match(first.answer, /refund/i);
		const index = first.citations.findIndex(c => c.path?.includes('refund'));
		assert.ok(index >= 0, JSON.stringify(first.citations));
		const thread = api.assistant.state().conversation.thread?.threadId;
		assert.match(thread ?? '', /^thread_/);
		// The side bar is crowded in the test window: the editor tab shows the answer in full.
		const shown = api.assistant.readyWebviews();
		await vscode.commands.executeCommand('mintdoc.assistant.openInEditor');
		await waitFor(api.assistant.onDidChangeWebviews, () => (api.assistant.readyWebviews() > shown ? true : undefined), 'the chat tab to post ready');
		await vscode.commands.executeCommand('notifications.clearAll');
		await screenshot('assistant-v2');
		const opened = await api.assistant.openCitation(first.id, index);
		assert.equal(opened?.kind, 'local');
		assert.ok(opened?.kind === 'local' && /refund/.test(opened.uri.path) && opened.uri.path.endsWith('.mdx'), JSON.stringify(opened));

		await api.assistant.receive({ type: 'send', text: 'Can I refund part of it?' });
		assert.equal(api.assistant.state().conversation.thread?.threadId, thread, 'the same thread');
		const asked = (await requests()).filter(r => r.path.includes('/assistant/'));
		assert.deepEqual(
			asked.map(r => `${r.status} ${r.path}`),
			['200 /discovery/v2/assistant/demo/message', '200 /discovery/v2/assistant/demo/message'],
		);

		await fetch(`${standIn.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: 'stream-hang', times: 1, path: '/discovery/v2/' }) });
		const hanging = api.assistant.receive({ type: 'send', text: 'What are webhooks?' });
		await waitFor(
			api.assistant.onDidChange,
			() => {
				const turn = api.assistant.state().conversation.turns.at(-1);
				return turn?.question === 'What are webhooks?' && turn.answer ? true : undefined;
			},
			'the first part of the hanging answer',
		);
		await api.assistant.receive({ type: 'stop' });
		await hanging;
		const stopped = api.assistant.state().conversation.turns.at(-1)!;
		assert.equal(stopped.state, 'stopped');
		assert.ok(stopped.answer.length > 0);
	});

	it('Search Published Docs: the quick pick searches as one types; a result opens the local page', async () => {
		await vscode.window.showTextDocument(vscode.Uri.joinPath(folder(), 'quickstart.mdx'));
		const searched = waitFor(
			api.search.onDidSearch,
			() => (api.search.lastItems().length ? api.search.lastItems() : undefined),
			'search results in the quick pick',
		);
		// Not awaited: the command resolves when the quick pick closes.
		const picking = vscode.commands.executeCommand('mintdoc.searchPublishedDocs', { query: 'webhook signatures' });
		const items = await searched;
		assert.match(items[0].description, /^\/guides\/webhook-signatures/);
		assert.match(items[0].label, /Webhook signatures/);
		await screenshot('search-quick-pick');
		await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
		assert.equal(await picking, undefined, 'closing the quick pick opens nothing');

		const opened = await vscode.commands.executeCommand<SearchOpened>('mintdoc.searchPublishedDocs', { query: 'idempotency key', pick: 0 });
		assert.equal(opened.kind, 'local');
		assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), vscode.Uri.joinPath(folder(), 'guides', 'idempotency.mdx').toString());
		// The result names a section (`/guides/idempotency#send-an-idempotency-key`): the cursor is on its heading, found by
		// the server's document symbols (each heading's id from the core's slug module).
		const editor = vscode.window.activeTextEditor!;
		assert.equal(editor.document.lineAt(editor.selection.active.line).text, '## Send an idempotency key');
		const searches = (await requests()).filter(r => r.path === '/discovery/v1/search/demo');
		assert.ok(searches.length >= 2 && searches.every(r => r.status === 200));
	});

	it('Open Published Version shows the published text of the open page beside it (a content-provider document: read-only in the editor)', async () => {
		await vscode.window.showTextDocument(vscode.Uri.joinPath(folder(), 'authentication.mdx'), { viewColumn: vscode.ViewColumn.One });
		const document = await vscode.commands.executeCommand<vscode.TextDocument>('mintdoc.openPublishedVersion');
		assert.equal(document.uri.scheme, 'mintdoc-published');
		assert.equal(document.languageId, 'markdown');
		assert.match(document.getText(), /^# Authentication/);
		const beside = vscode.window.visibleTextEditors.find(e => e.document === document);
		assert.equal(beside?.viewColumn, vscode.ViewColumn.Two);
		assert.ok((await requests()).some(r => r.path === '/discovery/v1/page/demo' && r.status === 200));
		await screenshot('published-version');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it('Deploy Site is followed in Update Status to success; without an admin key it does not start', async function () {
		this.timeout(120_000);
		const result = await vscode.commands.executeCommand<DeployResult>('mintdoc.deploySite', { confirmed: true });
		assert.ok(result.started, JSON.stringify(result));
		assert.equal(api.platform.updates.state.tracked[0]?.id, result.statusId, 'tracked at once, on top');
		const notice = await result.done;
		assert.deepEqual(notice, { level: 'info', message: 'The site is deployed: https://demo.mintlify.app.', url: 'https://demo.mintlify.app' });
		assert.equal(api.platform.updates.state.tracked[0]?.status?.status, 'success');
		assert.ok((await requests()).some(r => r.method === 'POST' && r.path === '/v1/project/update/demo'));

		await vscode.commands.executeCommand('mintdoc.clearAdminApiKey');
		const refused = await vscode.commands.executeCommand<DeployResult>('mintdoc.deploySite', { confirmed: true });
		assert.equal(refused.started, false);
		assert.match(!refused.started ? refused.reason : '', /admin API key/);
		await vscode.commands.executeCommand('mintdoc.setAdminApiKey', adminKey);
	});

	it('Deploy Preview of This Branch: no repository says so; a pushed branch deploys, queued → in progress → success, with its URL', async function () {
		this.timeout(120_000);
		type Repo = { rootUri: vscode.Uri; state: { HEAD?: { name?: string; upstream?: unknown }; onDidChange: vscode.Event<void> } };
		const git = vscode.extensions.getExtension<{ getAPI(v: 1): { repositories: readonly Repo[]; onDidOpenRepository: vscode.Event<Repo> } }>('vscode.git');
		assert.ok(git, 'the Git extension is there');
		const gitApi = (git.isActive ? git.exports : await git.activate()).getAPI(1);
		const noRepo = await vscode.commands.executeCommand<DeployResult>('mintdoc.deployPreview', { confirmed: true });
		assert.equal(noRepo.started, false);
		assert.match(!noRepo.started ? noRepo.reason : '', /No Git repository holds this docs site/);

		// A repository for the site with the branch pushed to a (local, bare) remote.
		const ws = folder().fsPath;
		const remote = mkdtempSync(path.join(tmpdir(), 'mintdoc-remote-'));
		const run = (cwd: string, ...args: string[]) =>
			execFileSync('git', ['-c', 'user.name=MintDoc Tests', '-c', 'user.email=tests@example.com', '-c', 'init.defaultBranch=main', ...args], {
				cwd,
				stdio: 'pipe',
			});
		run(remote, 'init', '--bare', '-q');
		run(ws, 'init', '-q');
		run(ws, 'checkout', '-q', '-b', 'docs/new-guide');
		run(ws, 'add', '-A');
		run(ws, 'commit', '-q', '-m', 'Docs site');
		run(ws, 'remote', 'add', 'origin', remote);
		run(ws, 'push', '-q', '-u', 'origin', 'docs/new-guide');
		// The repository opens, then its state (HEAD, upstream) loads: wait on both events.
		const changed = new vscode.EventEmitter<void>();
		const subscriptions: vscode.Disposable[] = [];
		const watch = (repo: Repo) => subscriptions.push(repo.state.onDidChange(() => changed.fire()));
		subscriptions.push(
			gitApi.onDidOpenRepository(repo => {
				watch(repo);
				changed.fire();
			}),
		);
		gitApi.repositories.forEach(watch);
		await vscode.commands.executeCommand('git.openRepository', ws);
		await waitFor(
			changed.event,
			() => (gitApi.repositories.some(r => r.rootUri.fsPath === ws && r.state.HEAD?.name === 'docs/new-guide' && r.state.HEAD.upstream) ? true : undefined),
			'the Git extension to see the pushed branch',
		);
		subscriptions.forEach(d => d.dispose());
		changed.dispose();
		const states: string[] = [];
		const listener = api.platform.updates.onDidChange(s => {
			const status = s.tracked[0]?.status?.status;
			if (status && states.at(-1) !== status) states.push(status);
		});
		const result = await vscode.commands.executeCommand<DeployResult>('mintdoc.deployPreview', { confirmed: true });
		assert.ok(result.started, JSON.stringify(result));
		assert.equal(result.branch, 'docs/new-guide');
		assert.equal(result.previewUrl, 'https://docs-new-guide--demo.preview.mintdoc.example');
		await screenshot('deploy-preview-running');
		const notice = await result.done;
		listener.dispose();
		assert.deepEqual(notice, {
			level: 'info',
			message: "The preview of 'docs/new-guide' is deployed: https://docs-new-guide--demo.preview.mintdoc.example.",
			url: 'https://docs-new-guide--demo.preview.mintdoc.example',
		});
		// The stand-in goes queued → in progress → success (test/unit/api/standInCurrent.test.ts); the view
		// may first see it past `queued` on a busy machine, never out of order.
		assert.equal(states.at(-1), 'success');
		const order = ['queued', 'in_progress', 'success'];
		assert.deepEqual(
			states,
			[...states].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
			states.join(' → '),
		);
		const row = api.platform.updates.provider.rows.find(r => r.id === result.statusId);
		assert.match(row?.description ?? '', /^success · /);
		const previewRow = flattenRows(api.platform.updates.provider.rows).find(r => r.id === `${result.statusId}/preview`);
		assert.deepEqual(previewRow?.action, { type: 'openUrl', url: 'https://docs-new-guide--demo.preview.mintdoc.example' });
		await screenshot('deploy-preview-done');
	});

	it("against a platform with only the spec's paths: the chat falls back to v1 and the Feedback view to /api/external/…, remembered, said in the output", async () => {
		const extension = vscode.extensions.getExtension<MintDocApi>('mintdoc.mintdoc')!;
		const specOnly = await startStandIn(extension.extensionPath, folder().fsPath, ['--spec-paths-only', '--quiet']);
		const asked = async (pick: (path: string) => boolean) =>
			((await (await fetch(`${specOnly.url}/__requests`)).json()) as { requests: { path: string; status: number }[] }).requests
				.filter(r => pick(r.path))
				.map(r => `${r.status} ${r.path}`);
		try {
			// The Feedback view is showing: the new base URL reloads it by itself.
			await config().update('api.baseUrl', specOnly.url, vscode.ConfigurationTarget.Global);
			await waitFor(
				api.platform.feedback.onDidChange,
				() => (!api.platform.feedback.state.loading && api.platform.feedback.state.entries.length ? true : undefined),
				'feedback from the spec path',
			);
			await vscode.commands.executeCommand('mintdoc.feedback.refresh');
			const feedback = await asked(p => p.endsWith('/feedback'));
			assert.equal(feedback[0], '404 /v1/analytics/demo/feedback');
			const firstSpec = feedback.indexOf('200 /api/external/v1/analytics/demo/feedback');
			assert.ok(firstSpec > 0, feedback.join(', '));
			assert.deepEqual(
				feedback.slice(firstSpec).filter(r => !r.includes('/api/external/')),
				[],
				`remembered: no current path after the spec's answered (${feedback.join(', ')})`,
			);
			assert.ok(api.platform.logLines().some(l => /Feedback: \/v1\/analytics\/demo\/feedback answered 404; the spec's/.test(l)));
			// The by-page counts do not exist there: the page nodes keep their plain counts.
			// The note is a line and no change of the view's state: waited for on the log, then the load.
			await waitFor(
				api.platform.onDidLog,
				() => (api.platform.logLines().some(l => l.startsWith('Feedback: per-page counts not shown')) ? true : undefined),
				'the note about the missing counts',
			);
			await waitFor(api.platform.feedback.onDidChange, () => (!api.platform.feedback.state.loading ? true : undefined), 'the feedback loaded');
			const pages = api.platform.feedback.provider.rows.filter(r => r.contextValue === 'feedbackPage');
			assert.ok(pages.length > 0 && pages.every(r => r.description === String(r.children!.length)), JSON.stringify(pages.map(p => p.description)));

			await vscode.commands.executeCommand('mintdoc.assistant.newChat');
			await api.assistant.receive({ type: 'send', text: 'How do I authenticate requests?' });
			await api.assistant.receive({ type: 'send', text: 'Which header carries the key?' });
			const turns = api.assistant.state().conversation.turns;
			assert.deepEqual(
				turns.map(t => t.state),
				['done', 'done'],
				JSON.stringify(turns.map(t => t.error)),
			);
			assert.deepEqual(
				await asked(p => p.includes('/assistant/')),
				['404 /discovery/v2/assistant/demo/message', '200 /discovery/v1/assistant/demo/message', '200 /discovery/v1/assistant/demo/message'],
				'v2 tried once, then v1 straight away',
			);
			const lines = api.platform.logLines();
			assert.equal(lines.filter(l => /assistant endpoint v2 .* answered 404 for domain 'demo'/.test(l)).length, 1, lines.join('\n'));
		} finally {
			await config().update('api.baseUrl', standIn.url, vscode.ConfigurationTarget.Global);
			specOnly.child.kill('SIGTERM');
		}
	});
});
