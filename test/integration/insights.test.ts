import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { flattenRows } from '../../client/src/views/viewRow';
import type { MintDocApi } from '../../client/src/extension';
import type { WorkflowResult } from '../../client/src/platform/deploy/workflowCommand';
import type { PageSummaryState } from '../../client/src/platform/views/pageSummary';
import { screenshot } from './screenshots';
import { startStandIn, type RunningStandIn } from './standIn';
import { waitFor } from './waits';

const adminKey = 'mint_demo_admin_key';

/**
 * What readers do with the docs, in the editor, against the stand-in serving the example site's
 * analytics: the Insights view (searches with gaps, assistant questions and their threads, pages
 * with human/AI traffic), the page summary of the active page, Run Automation Now.
 * Screenshots: test-results/integration-insights-*.png.
 */
describe('Insights view and page summary (stand-in)', () => {
	let api: MintDocApi;
	let standIn: RunningStandIn;
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	const config = () => vscode.workspace.getConfiguration('mintdoc');
	const rows = () => flattenRows(api.insights.provider.rows);
	const section = (id: string) => api.insights.provider.rows.find(r => r.id === id)!;
	const requests = async () =>
		((await (await fetch(`${standIn.url}/__requests`)).json()) as { requests: { path: string; query: Record<string, string>; status: number }[] }).requests;
	const loaded = () =>
		waitFor(
			api.insights.onDidChange,
			() => {
				const s = api.insights.state;
				return s.key !== undefined && !s.searches.loading && !s.assistant.loading && !s.pages.loading && s.pages.feedback.length > 0 && s.assistant.callers
					? s
					: undefined;
			},
			'the Insights sections to load',
		);
	const summary = (path: string, kind: PageSummaryState['kind'] = 'shown') =>
		waitFor(
			api.insights.pageSummary.onDidChange,
			() => {
				const s = api.insights.pageSummary.state;
				return s.kind === kind && (s.kind === 'hidden' || (s.kind === 'shown' ? s.summary.path : s.path) === path) ? s : undefined;
			},
			`the page summary of ${path} (${kind})`,
		);

	/**
	 * A picture with the Insights view readable: the other MintDoc views folded away while it is
	 * taken, then put back as they were (later tests expect the usual layout).
	 */
	const pictureOfInsights = async (name: string) => {
		const others = ['mintdoc.site', 'mintdoc.feedback', 'mintdoc.updateStatus'];
		for (const view of others) await vscode.commands.executeCommand(`${view}.toggleVisibility`);
		await vscode.commands.executeCommand('mintdoc.insights.focus');
		await vscode.commands.executeCommand('notifications.clearAll');
		try {
			await screenshot(name);
		} finally {
			for (const view of others) await vscode.commands.executeCommand(`${view}.toggleVisibility`);
		}
	};

	before(async function () {
		this.timeout(60_000);
		const extension = vscode.extensions.getExtension<MintDocApi>('mintdoc.mintdoc')!;
		api = await extension.activate();
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
		standIn = await startStandIn(extension.extensionPath, folder().fsPath, ['--quiet']);
		await config().update('api.baseUrl', standIn.url, vscode.ConfigurationTarget.Global);
		await config().update('projectId', 'demo', vscode.ConfigurationTarget.Workspace);
		await vscode.commands.executeCommand('mintdoc.setAdminApiKey', adminKey);
	});

	after(async () => {
		await vscode.commands.executeCommand('mintdoc.signOut');
		await config().update('api.baseUrl', undefined, vscode.ConfigurationTarget.Global);
		await config().update('projectId', undefined, vscode.ConfigurationTarget.Workspace);
		await config().update('insights.pageSummary', undefined, vscode.ConfigurationTarget.Global);
		standIn?.child.kill('SIGTERM');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it('opening the view loads the last 7 days: search terms with gaps, assistant questions with callers, pages human/AI with feedback', async () => {
		await vscode.commands.executeCommand('mintdoc.insights.focus');
		const state = await loaded();
		assert.equal(state.period, 7);
		const analytics = (await requests()).filter(r => r.path.startsWith('/v1/analytics/'));
		const first = analytics.find(r => r.path.endsWith('/searches'))!;
		assert.match(first.query.dateFrom, /^\d{4}-\d{2}-\d{2}$/);
		assert.equal(Date.parse(first.query.dateTo) - Date.parse(first.query.dateFrom), 7 * 86_400_000, 'seven days, dateTo exclusive');
		// (The Feedback view beside it loads its list when the container opens: not ours.)
		assert.deepEqual([...new Set(analytics.map(r => r.path))].filter(p => !p.endsWith('/feedback')).sort(), [
			'/v1/analytics/demo/assistant',
			'/v1/analytics/demo/assistant/caller-stats',
			'/v1/analytics/demo/feedback/by-page',
			'/v1/analytics/demo/searches',
			'/v1/analytics/demo/views',
			'/v1/analytics/demo/visitors',
		]);
		assert.ok(analytics.every(r => r.status === 200));
		assert.match(section('searches').description!, /searches · \d+ terms · \d+ without a click/);
		const gap = rows().find(r => r.contextValue === 'insightsGap');
		assert.ok(gap && /gap: no result opened/.test(gap.description!), 'a search nobody clicked is a gap');
		const landing = rows().find(r => r.contextValue === 'insightsSearch')!;
		assert.equal(landing.action?.type, 'command');
		assert.match(section('assistant').description!, /questions · .*web \d+ · API \d+ · other \d+/);
		assert.ok(rows().some(r => r.contextValue === 'insightsConversation' && /clarifying question: gap/.test(r.description!)));
		assert.match(section('pages').description!, /^[\d,]+ views · \d+% AI · [\d,]+ visitors$/);
		assert.ok(rows().some(r => r.contextValue === 'insightsPage' && / up · \d+ down/.test(r.description!)));
		assert.ok(
			rows().some(r => r.contextValue === 'insightsPage' && r.icon?.id === 'hubot'),
			'a page agents read more than people',
		);
		await vscode.window.showTextDocument(vscode.Uri.joinPath(folder(), 'guides', 'webhooks.mdx'));
		await pictureOfInsights('insights-view');
	});

	it('rows open their page; a question opens its whole thread', async () => {
		const page = rows().find(r => r.contextValue === 'insightsPage' && r.label === '/quickstart')!;
		assert.deepEqual(page.action, { type: 'command', command: 'mintdoc.insights.openPage', args: ['/quickstart'] });
		await vscode.commands.executeCommand('mintdoc.insights.openPage', '/quickstart');
		assert.ok(vscode.window.activeTextEditor?.document.uri.path.endsWith('/quickstart.mdx'), vscode.window.activeTextEditor?.document.uri.path);

		const question = rows().find(r => r.contextValue === 'insightsConversation')!;
		const id = question.id.slice('conv:'.length);
		const uri = (await vscode.commands.executeCommand('mintdoc.insights.openThread', id)) as vscode.Uri;
		const text = vscode.window.activeTextEditor!.document.getText();
		assert.equal(vscode.window.activeTextEditor!.document.uri.toString(), uri.toString());
		assert.match(text, /^# Assistant thread [0-9A-Z]{26}/);
		assert.match(text, /## Reader · /);
		assert.match(text, /## Assistant · /);
		await vscode.commands.executeCommand('notifications.clearAll');
		await screenshot('insights-thread');
	});

	it('the active MDX page gets its one-line summary; a click shows the Insights of that page; off with the setting', async () => {
		// The summary's own requests: the site-wide lists at their documented maximum page sizes.
		const summaryRequests = async () =>
			(await requests())
				.filter(
					r =>
						(r.path.endsWith('/views') && r.query.limit === '250') ||
						(r.path.endsWith('/assistant') && r.query.limit === '1000') ||
						(r.path.endsWith('/searches') && r.query.limit === '100'),
				)
				.map(r => r.path);
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
		await vscode.window.showTextDocument(vscode.Uri.joinPath(folder(), 'guides', 'webhooks.mdx'));
		const shown = await summary('/guides/webhooks');
		assert.ok(shown.kind === 'shown');
		assert.match(shown.text, /^\$\(graph\) \d+ views \(\d+ AI\) · \$\(thumbsup\) \d+ \$\(thumbsdown\) \d+ · \$\(hubot\) cited \d+× · \$\(search\) “.+”$/);
		assert.ok(shown.summary.views && shown.summary.views.total > 0);
		assert.deepEqual(
			(await summaryRequests()).sort(),
			['/v1/analytics/demo/assistant', '/v1/analytics/demo/searches', '/v1/analytics/demo/views'],
			'loaded once for the period',
		);

		// Another page and typing: no request (one load per period serves every page; edits never load).
		await vscode.window.showTextDocument(vscode.Uri.joinPath(folder(), 'quickstart.mdx'));
		await summary('/quickstart');
		const editor = vscode.window.activeTextEditor!;
		await editor.edit(edit => edit.insert(new vscode.Position(editor.document.lineCount, 0), '\nA new line.\n'));
		await vscode.commands.executeCommand('workbench.action.files.revert');
		await vscode.window.showTextDocument(vscode.Uri.joinPath(folder(), 'guides', 'webhooks.mdx'));
		await summary('/guides/webhooks');
		assert.equal((await summaryRequests()).length, 3, 'cached per period: no request for another page or an edit');

		await vscode.commands.executeCommand('mintdoc.insights.showPage', '/guides/webhooks');
		assert.equal(api.insights.state.page, '/guides/webhooks');
		assert.equal(api.insights.provider.rows[0].label, 'Page /guides/webhooks');
		const pages = section('pages').children!.filter(r => r.contextValue === 'insightsPage');
		assert.deepEqual(
			pages.map(r => r.label),
			['/guides/webhooks'],
		);
		await pictureOfInsights('insights-page-summary');

		await config().update('insights.pageSummary', false, vscode.ConfigurationTarget.Global);
		const hidden = await summary('/guides/webhooks', 'hidden');
		assert.ok(hidden.kind === 'hidden' && /off/.test(hidden.reason));
		await config().update('insights.pageSummary', undefined, vscode.ConfigurationTarget.Global);
		await summary('/guides/webhooks');
		await vscode.commands.executeCommand('mintdoc.insights.clearPage');
	});

	it('a period change reloads; a rate limit shows in its section with when to retry, the rest stays; Load more follows the cursor', async () => {
		await vscode.commands.executeCommand('mintdoc.insights.setPeriod', 30);
		const state = await loaded();
		assert.equal(state.period, 30);
		const searches = (await requests()).filter(r => r.path.endsWith('/searches')).at(-1)!;
		assert.equal(Date.parse(searches.query.dateTo) - Date.parse(searches.query.dateFrom), 30 * 86_400_000);
		await fetch(`${standIn.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: '429:30', path: '/v1/analytics/demo/searches' }) });
		await vscode.commands.executeCommand('mintdoc.insights.refresh');
		const error = section('searches').children![0];
		assert.match(error.label, /Rate limit reached .*try again in 30 s/);
		assert.equal(error.description, 'click to retry');
		assert.ok(section('searches').children!.length > 1, 'the terms loaded before stay');
		assert.ok(!section('pages').children!.some(r => r.contextValue === 'apiError'));

		const before = api.insights.state.assistant.conversations.length;
		const cursor = api.insights.state.assistant.nextCursor;
		assert.ok(cursor, 'more questions in 30 days than one page');
		await vscode.commands.executeCommand('mintdoc.insights.loadMore', 'assistant');
		assert.ok(api.insights.state.assistant.conversations.length > before);
		assert.equal((await requests()).filter(r => r.path.endsWith('/assistant')).at(-1)?.query.cursor, cursor);
		await vscode.commands.executeCommand('mintdoc.insights.setPeriod', 7);
	});

	it('Run Automation Now triggers the workflow; a documented 400 is said', async () => {
		const ran = (await vscode.commands.executeCommand('mintdoc.triggerWorkflow', {
			workflowId: '66a1f0c2b7d4e3f8a6c1b2d0',
			confirmed: true,
		})) as WorkflowResult;
		assert.ok(ran.started, JSON.stringify(ran));
		assert.equal(ran.run.schemaId, '66a1f0c2b7d4e3f8a6c1b2d0');
		assert.ok(api.platform.logLines().some(l => l.startsWith('Automation 66a1f0c2b7d4e3f8a6c1b2d0: queued (run ')));
		const inactive = (await vscode.commands.executeCommand('mintdoc.triggerWorkflow', {
			workflowId: '66a1f0c2b7d4e3f8a6c1b2d2',
			confirmed: true,
		})) as WorkflowResult;
		assert.ok(!inactive.started && /not active/.test(inactive.reason), JSON.stringify(inactive));
		await vscode.commands.executeCommand('notifications.clearAll');
	});
});
