import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { flattenRows, rowsToText, type ViewRow } from '../../client/src/views/viewRow';
import { readApiSettings } from '../../client/src/config';
import type { MintDocApi } from '../../client/src/extension';
import { screenshot } from './screenshots';
import { startStandIn, type RunningStandIn } from './standIn';
import { waitFor } from './waits';

const adminKey = 'mint_demo_admin_key';
const wrongKey = 'mint_wrong_key_for_tests_42';

describe('Feedback and Update Status views against the local API stand-in', () => {
	let api: MintDocApi;
	let standIn: RunningStandIn;
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	const config = () => vscode.workspace.getConfiguration('mintdoc');
	const feedbackRows = () => api.platform.feedback.provider.rows;
	const entries = () => flattenRows(feedbackRows()).filter(r => r.contextValue === 'feedbackEntry');
	const requests = async () =>
		((await (await fetch(`${standIn.url}/__requests`)).json()) as { requests: { path: string; query: Record<string, string> }[] }).requests;
	const lastFeedbackQuery = async () => (await requests()).filter(r => r.path.endsWith('/feedback')).at(-1)?.query;
	const updateRow = (id: string) => api.platform.updates.provider.rows.find(r => r.id === id);

	before(async function () {
		this.timeout(60_000);
		const extension = vscode.extensions.getExtension<MintDocApi>('mintdoc.mintdoc')!;
		api = await extension.activate();
		standIn = await startStandIn(extension.extensionPath, folder().fsPath, ['--live-seconds', '5', '--quiet']);
		await config().update('api.baseUrl', standIn.url, vscode.ConfigurationTarget.Global);
		await config().update('projectId', 'demo', vscode.ConfigurationTarget.Workspace);
		assert.equal(readApiSettings().baseUrl, standIn.url, 'the extension reads the base URL setting');
		await vscode.commands.executeCommand('mintdoc.setAdminApiKey', adminKey);
	});

	after(async () => {
		await vscode.commands.executeCommand('mintdoc.signOut');
		await config().update('api.baseUrl', undefined, vscode.ConfigurationTarget.Global);
		await config().update('projectId', undefined, vscode.ConfigurationTarget.Workspace);
		standIn?.child.kill('SIGTERM');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it('loads the first page of feedback from /v1/analytics/…, page nodes with the by-page counts, and offers "Load more…"', async () => {
		await vscode.commands.executeCommand('mintdoc.feedback.refresh');
		assert.equal(entries().length, 50);
		// The per-page counts come with a second request right after the first page.
		const stats = await waitFor(api.platform.feedback.onDidChange, () => api.platform.feedback.state.pageStats, 'the by-page counts');
		const groups = feedbackRows().filter(r => r.contextValue === 'feedbackPage');
		assert.ok(groups.length > 3);
		const byPath = new Map(stats.rows.map(r => [r.path, r]));
		for (const group of groups) {
			const row = byPath.get(group.label)!;
			assert.ok(row, `counts for ${group.label}`);
			assert.match(group.description!, new RegExp(`^${row.thumbsUp} up · ${row.thumbsDown} down · ${row.code} code · ${row.total} total`));
			assert.ok(group.children!.length <= row.total);
		}
		assert.equal(groups[0].label, stats.rows[0].path, 'the page with the most feedback first');
		assert.equal(feedbackRows().at(-1)?.label, 'Load more…');
		assert.deepEqual(await lastFeedbackQuery(), { limit: '50' });
		const paths = (await requests()).map(r => r.path);
		assert.deepEqual(
			paths.filter(p => p.includes('/analytics/')),
			['/v1/analytics/demo/feedback', '/v1/analytics/demo/feedback/by-page'],
		);
		// For the picture: the page with the most feedback open, no notifications over it.
		await vscode.commands.executeCommand('notifications.clearAll');
		const top = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, `${groups[0].label.replace(/^\//, '')}.mdx`);
		await vscode.window.showTextDocument(top, { preview: true });
		await vscode.commands.executeCommand('mintdoc.feedback.focus');
		await screenshot('feedback-by-page');
	});

	it('"Load more…" follows nextCursor and appends the next page', async () => {
		const cursor = api.platform.feedback.state.nextCursor;
		assert.ok(cursor);
		await vscode.commands.executeCommand('mintdoc.feedback.loadMore');
		assert.equal(entries().length, 100);
		assert.deepEqual(await lastFeedbackQuery(), { limit: '50', cursor });
	});

	it('a 429 shows when to retry and keeps every loaded entry', async () => {
		await fetch(`${standIn.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: '429:30', path: '/v1/analytics/' }) });
		await vscode.commands.executeCommand('mintdoc.feedback.loadMore');
		const [first] = feedbackRows();
		assert.match(first.label, /Rate limit reached .*try again in 30 s\./);
		assert.equal(first.description, 'click to retry');
		assert.equal(entries().length, 100);
		await vscode.commands.executeCommand('mintdoc.feedback.refresh');
		assert.equal(feedbackRows()[0].contextValue === 'apiError', false, 'a refresh clears the error');
		assert.equal(entries().length, 100, 'a refresh of the same filters keeps the loaded pages');
	});

	it('filters change the request and the rows; group by status', async () => {
		await vscode.commands.executeCommand('mintdoc.feedback.filter', { source: 'code_snippet', statuses: ['pending', 'in_progress'] });
		assert.deepEqual(await lastFeedbackQuery(), { source: 'code_snippet', status: 'in_progress,pending', limit: '50' });
		const state = api.platform.feedback.state;
		assert.ok(state.entries.length > 5);
		assert.ok(state.entries.every(e => e.source === 'code_snippet' && ['pending', 'in_progress'].includes(e.status)));
		await vscode.commands.executeCommand('mintdoc.feedback.groupByStatus');
		assert.deepEqual(
			feedbackRows()
				.filter(r => r.children)
				.map(r => r.label),
			['pending', 'in progress'],
		);
		await vscode.commands.executeCommand('mintdoc.feedback.groupByPath');
	});

	it('opens the page of a code-snippet entry at its code block', async () => {
		const entry = api.platform.feedback.state.entries.find(e => e.source === 'code_snippet' && e.path !== '/')!;
		await vscode.commands.executeCommand('mintdoc.feedback.open', entry.id);
		const editor = vscode.window.activeTextEditor!;
		assert.ok(editor.document.uri.path.endsWith(`${entry.path}.mdx`), editor.document.uri.path);
		const fence = editor.document.lineAt(editor.selection.start.line).text;
		assert.match(fence, /^\s*```/);
		const block = editor.document.getText(editor.selection);
		assert.ok(block.includes(entry.code!.split('\n')[0].trim()), `selected block holds the snippet:\n${block}`);
		await vscode.commands.executeCommand('mintdoc.feedback.clearFilters');
	});

	it('tracks an update: status, commit, changed files (opened locally), logs', async () => {
		await vscode.commands.executeCommand('mintdoc.updateStatus.track', 'demo-success');
		const row = updateRow('demo-success')!;
		assert.match(row.description!, /^success · /);
		assert.deepEqual(row.icon, { id: 'pass', color: 'testing.iconPassed' });
		const text = rowsToText([row]);
		for (const line of ['  Deployed 4 changed files', '  Dana Whitfield — via github', '      guides/testing.mdx', '      guides/legacy-webhooks.mdx'])
			assert.ok(text.includes(line), `${line} in\n${text.join('\n')}`);
		assert.ok(text.some(l => /^ {2}Commit 9f2c4e1 on main — Document idempotency keys/.test(l)));
		await vscode.commands.executeCommand('mintdoc.updateStatus.openFile', 'guides/testing.mdx');
		assert.ok(vscode.window.activeTextEditor!.document.uri.path.endsWith('/guides/testing.mdx'));
		await vscode.commands.executeCommand('mintdoc.updateStatus.openLogs', 'demo-success');
		const logs = vscode.window.activeTextEditor!.document;
		assert.equal(logs.uri.scheme, 'mintdoc-update-logs');
		assert.match(logs.getText(), /Deployment complete in 1m 52s/);
	});

	it('follows a live update from queued to success by itself (polling with backoff)', async function () {
		this.timeout(90_000);
		const seen = new Set<string>();
		const done = waitFor(
			api.platform.updates.onDidChange,
			() => {
				const status = api.platform.updates.state.tracked.find(t => t.id === 'demo-live')?.status?.status;
				if (status) seen.add(status);
				return status === 'success' ? true : undefined;
			},
			'demo-live to succeed',
			80_000,
		);
		await vscode.commands.executeCommand('mintdoc.updateStatus.track', 'demo-live');
		await done;
		assert.ok(seen.has('queued') || seen.has('in_progress'), [...seen].join());
		assert.match(rowsToText([updateRow('demo-live')!]).join('\n'), /Deployment complete/);
	});

	it('shows failures and bad ids in the view with a clear message', async () => {
		await vscode.commands.executeCommand('mintdoc.updateStatus.track', 'demo-failure');
		assert.deepEqual(updateRow('demo-failure')!.icon, { id: 'error', color: 'testing.iconFailed' });
		await vscode.commands.executeCommand('mintdoc.updateStatus.track', 'no/such/update');
		const bad = updateRow('no/such/update')!;
		assert.match(bad.children![0].label, /^Unknown update status id 'no\/such\/update'/);
		await vscode.commands.executeCommand('mintdoc.updateStatus.track', 'x'.repeat(10_240));
		assert.equal(
			api.platform.updates.state.tracked.some(t => t.id.length > 1000),
			false,
			'a 10 KB id is refused before tracking',
		);
		await vscode.commands.executeCommand('mintdoc.updateStatus.untrack', 'no/such/update');
		assert.equal(updateRow('no/such/update'), undefined);
	});

	it('a wrong key shows an error that leads to "Set Admin API Key"', async () => {
		await vscode.commands.executeCommand('mintdoc.setAdminApiKey', wrongKey);
		await vscode.commands.executeCommand('mintdoc.feedback.refresh');
		// The view is visible (an earlier test showed it), so the key change reloads it too: wait for the last load to end.
		await waitFor(
			api.platform.feedback.onDidChange,
			() => (!api.platform.feedback.state.loading && api.platform.feedback.state.error ? true : undefined),
			'the 401 in the Feedback view',
		);
		const error: ViewRow = feedbackRows()[0];
		assert.match(error.label, /rejected the API key \(HTTP 401: Invalid API key\)\. Check it and set your admin API key \(MintDoc: Set Admin API Key\)/);
		assert.deepEqual(error.action, { type: 'command', command: 'mintdoc.setAdminApiKey' });
		await vscode.commands.executeCommand('mintdoc.setAdminApiKey', adminKey);
		await vscode.commands.executeCommand('mintdoc.feedback.refresh');
		await waitFor(
			api.platform.feedback.onDidChange,
			() => (!api.platform.feedback.state.loading && entries().length === 50 ? true : undefined),
			'the entries after the right key',
		);
		assert.equal(entries().length, 50);
	});

	it('never writes a key to settings, the log, or the views', async () => {
		const settings = JSON.stringify(config()) + JSON.stringify(['api.baseUrl', 'projectId', 'assistant.domain'].map(k => config().inspect(k)));
		const settingsFile = vscode.Uri.joinPath(folder(), '.vscode', 'settings.json');
		const workspaceSettings = await vscode.workspace.fs.readFile(settingsFile).then(
			b => new TextDecoder().decode(b),
			() => '',
		);
		const log = api.platform.logLines().join('\n');
		const views = JSON.stringify([api.platform.feedback.provider.rows, api.platform.updates.provider.rows]);
		assert.match(log, /Feedback: 50 entries/, 'the log was written to');
		assert.match(workspaceSettings, /"mintdoc\.projectId": "demo"/, 'the workspace settings were written to');
		for (const key of [adminKey, wrongKey]) {
			for (const [where, text] of [
				['settings', settings],
				['workspace settings', workspaceSettings],
				['log', log],
				['views', views],
			]) {
				assert.ok(!text.includes(key), `${where} must not contain a key`);
			}
		}
		// No webview exists yet (the assistant chat adds one); its HTML gets the same check there.
	});
});
