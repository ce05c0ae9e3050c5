// Secret hygiene in the real extension host: with known key values stored through the real
// commands, every command and view is exercised (failures included), then everything MintDoc
// wrote or holds is scanned. The keys may appear only in the Authorization header of requests to
// the configured base URL — here a recording proxy in front of the local API stand-in.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { MintDocApi } from '../../client/src/extension';
import { startStandIn, type RunningStandIn } from './standIn';
import { waitFor } from './waits';

const adminKey = 'mint_SECRET_canary_admin_123';
const assistantKey = 'mint_dsc_SECRET_canary_456';
const keys = [adminKey, assistantKey];

interface Seen {
	readonly server: string;
	readonly method: string;
	readonly url: string;
	readonly headers: Record<string, string | string[] | undefined>;
	readonly body: string;
}

/** An HTTP server on 127.0.0.1 that records every request, and forwards it to `target` when given. */
function recorder(name: string, seen: Seen[], target?: string, answer = '{}'): Promise<{ url: string; close(): void }> {
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', chunk => (body += chunk));
		req.on('end', () => {
			seen.push({ server: name, method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
			requestSeen.fire();
			if (!target) return void res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
			const forward = http.request(`${target}${req.url}`, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, upstream => {
				res.writeHead(upstream.statusCode ?? 502, upstream.headers);
				upstream.pipe(res);
			});
			forward.on('error', () => res.destroy());
			forward.end(body);
		});
	});
	return new Promise(resolve =>
		server.listen(0, '127.0.0.1', () =>
			resolve({
				url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
				close: () => {
					server.closeAllConnections();
					server.close();
				},
			}),
		),
	);
}

/** Text files under `dir` (skipping SQLite stores: VS Code's secret storage lives there, encrypted or not). */
function textFiles(dir: string, out: string[] = []): string[] {
	if (!existsSync(dir)) return out;
	for (const name of readdirSync(dir)) {
		const file = path.join(dir, name);
		const stat = statSync(file, { throwIfNoEntry: false });
		if (!stat) continue;
		if (stat.isDirectory()) textFiles(file, out);
		else if (stat.isFile() && !/\.(vscdb|vscdb\.backup|sqlite)$/i.test(name) && stat.size < 20_000_000) out.push(file);
	}
	return out;
}

/** Fires on every request a recorder receives (tests wait on it instead of sleeping). */
const requestSeen = new vscode.EventEmitter<void>();

const leaks = (what: string, text: string) => keys.filter(k => text.includes(k)).map(k => `${what} contains ${k}`);

describe('secret hygiene: the keys never leave secret storage except as the Authorization header', () => {
	let api: MintDocApi;
	let standIn: RunningStandIn;
	let proxy: { url: string; close(): void };
	let bystander: { url: string; close(): void };
	const seen: Seen[] = [];
	const shown: string[] = [];
	let standInOutput = '';
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	const config = () => vscode.workspace.getConfiguration('mintdoc');
	const hostedRoot = () => path.join(folder().fsPath, 'secrets-hosted-spec');
	const restore: (() => void)[] = [];
	const fault = (spec: string, p = '/') => fetch(`${standIn.url}/__faults`, { method: 'POST', body: JSON.stringify({ fault: spec, times: 1, path: p }) });

	before(async function () {
		this.timeout(90_000);
		const extension = vscode.extensions.getExtension<MintDocApi>('mintdoc.mintdoc')!;
		api = await extension.activate();
		standIn = await startStandIn(extension.extensionPath, folder().fsPath, [
			'--admin-key',
			adminKey,
			'--assistant-key',
			assistantKey,
			'--live-seconds',
			'5',
			'--assistant-delay-ms',
			'0',
		]);
		standIn.child.stdout!.on('data', chunk => (standInOutput += chunk));
		proxy = await recorder('base URL', seen, standIn.url);
		bystander = await recorder('hosted spec', seen, undefined, JSON.stringify({ openapi: '3.1.0', info: { title: 'Hosted', version: '1' }, paths: {} }));
		// Every message MintDoc shows is captured (the test shares the extension's vscode API object).
		for (const name of ['showErrorMessage', 'showWarningMessage', 'showInformationMessage'] as const) {
			const original = vscode.window[name] as (...args: unknown[]) => Thenable<unknown>;
			(vscode.window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
				shown.push(args.map(a => (typeof a === 'string' ? a : JSON.stringify(a))).join(' | '));
				// Modal questions are answered "no": nothing waits for a click.
				return typeof args[1] === 'object' && (args[1] as { modal?: boolean })?.modal ? Promise.resolve(undefined) : original.apply(vscode.window, args);
			};
			restore.push(() => ((vscode.window as unknown as Record<string, unknown>)[name] = original));
		}
		await config().update('api.baseUrl', proxy.url, vscode.ConfigurationTarget.Global);
		await config().update('projectId', 'demo', vscode.ConfigurationTarget.Workspace);
		await config().update('assistant.domain', 'demo', vscode.ConfigurationTarget.Workspace);
		await vscode.commands.executeCommand('mintdoc.setAdminApiKey', adminKey);
		await vscode.commands.executeCommand('mintdoc.setAssistantKey', assistantKey);
	});

	after(async () => {
		restore.forEach(r => r());
		await vscode.commands.executeCommand('mintdoc.signOut');
		for (const key of ['api.baseUrl'] as const) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
		for (const key of ['projectId', 'assistant.domain'] as const) await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
		rmSync(hostedRoot(), { recursive: true, force: true });
		standIn?.child.kill('SIGTERM');
		proxy?.close();
		bystander?.close();
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it('exercises every command and view, successes and failures', async function () {
		this.timeout(180_000);
		assert.ok(
			shown.some(m => /admin API key saved/.test(m)),
			`messages are captured: ${JSON.stringify(shown)}`,
		);
		const run = (command: string, ...args: unknown[]) =>
			vscode.commands.executeCommand(command, ...args).then(
				() => undefined,
				e => void shown.push(`command ${command} failed: ${e}`),
			);
		// Feedback and update status: success, then each failure the API can give.
		await run('mintdoc.feedback.refresh');
		assert.ok(api.platform.feedback.provider.rows.length > 0, 'feedback loaded');
		await run('mintdoc.feedback.loadMore');
		await run('mintdoc.updateStatus.track', 'demo-success');
		await run('mintdoc.updateStatus.track', 'demo-failure');
		await run('mintdoc.updateStatus.openLogs', 'demo-failure');
		await run('mintdoc.updateStatus.track', 'no/such/update');
		for (const spec of ['401', '403', '404', '429:5', '500', '502', '503', 'malformed', 'html', 'truncated', 'drop']) {
			await fault(spec);
			await run('mintdoc.feedback.refresh');
			await fault(spec, '/v1/');
			await run('mintdoc.updateStatus.refresh');
		}
		await run('mintdoc.setAdminApiKey', 'mint_wrong_key_for_tests_42');
		await run('mintdoc.feedback.refresh');
		await run('mintdoc.setAdminApiKey', adminKey);
		await config().update('projectId', 'no-such-project', vscode.ConfigurationTarget.Workspace);
		await run('mintdoc.feedback.refresh');
		await config().update('projectId', 'demo', vscode.ConfigurationTarget.Workspace);

		// The assistant: an answer, a wrong key, failures, a cut stream.
		await run('mintdoc.assistant.open');
		await api.assistant.receive({ type: 'send', text: 'How do I authenticate requests?' });
		assert.equal(api.assistant.state().conversation.turns.at(-1)?.state, 'done');
		for (const spec of ['401', '403', '429:5', '500', 'stream-cut', 'stream-error', 'stream-garbage']) {
			await fault(spec, '/discovery/');
			await api.assistant.receive({ type: 'send', text: `What happens on ${spec}?` });
		}
		await run('mintdoc.assistant.export');

		// Nothing answers: a closed port as the base URL.
		const closed = await recorder('closed', []);
		closed.close();
		await config().update('api.baseUrl', closed.url, vscode.ConfigurationTarget.Global);
		await run('mintdoc.feedback.refresh');
		await run('mintdoc.updateStatus.refresh');
		await api.assistant.receive({ type: 'send', text: 'Anyone there?' });
		await config().update('api.baseUrl', proxy.url, vscode.ConfigurationTarget.Global);

		// The preview, and a site whose docs.json names a hosted OpenAPI document (fetched by the language server).
		const index = vscode.Uri.joinPath(folder(), 'index.mdx');
		await vscode.window.showTextDocument(index);
		await run('mintdoc.preview.open', index);
		await waitFor(api.preview.onDidPost, () => api.preview.lastPosted(), 'the preview shows a page', 60_000);
		mkdirSync(hostedRoot(), { recursive: true });
		writeFileSync(path.join(hostedRoot(), 'index.mdx'), '---\ntitle: Hosted\n---\n\nHi.\n');
		writeFileSync(
			path.join(hostedRoot(), 'docs.json'),
			JSON.stringify({
				theme: 'mint',
				name: 'Hosted',
				colors: { primary: '#000000' },
				navigation: { groups: [{ group: 'API', openapi: `${bystander.url}/openapi.json`, pages: ['index'] }] },
			}),
		);
		// Opened too, as an author would: a watcher can miss a file created right after its folder.
		await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(hostedRoot(), 'docs.json')));
		await waitFor(requestSeen.event, () => seen.find(s => s.server === 'hosted spec'), 'the language server fetches the hosted spec', 90_000);
		await run('mintdoc.signOut');
		await run('mintdoc.setAdminApiKey', adminKey);
		await run('mintdoc.setAssistantKey', assistantKey);
		await run('mintdoc.showOutput');
		await run('mintdoc.restartServer');
		assert.ok(seen.filter(s => s.server === 'base URL').length > 30, 'the requests went through the recording proxy');
	});

	it('the keys appear nowhere but in the Authorization header of requests to the base URL', async () => {
		const problems: string[] = [];
		for (const request of seen) {
			const { authorization, ...rest } = request.headers;
			problems.push(
				...leaks(`${request.server} ${request.method} ${request.url} (url, other headers, body)`, `${request.url}\n${JSON.stringify(rest)}\n${request.body}`),
			);
			if (request.server !== 'base URL' && authorization) problems.push(`${request.server} got an Authorization header`);
			if (authorization && request.server === 'base URL') assert.match(String(authorization), /^Bearer mint_/);
		}
		const standInRequests = await (await fetch(`${standIn.url}/__requests`)).text();
		problems.push(...leaks("the stand-in's recorded requests", standInRequests), ...leaks("the stand-in's log", standInOutput));
		problems.push(...leaks('the output channel', api.security.outputText()));
		problems.push(...leaks('the platform log', api.platform.logLines().join('\n')));
		problems.push(...leaks('workspaceState', JSON.stringify(api.security.workspaceState())));
		problems.push(...leaks('globalState', JSON.stringify(api.security.globalState())));
		problems.push(...leaks("the assistant's state (webview state)", JSON.stringify(api.assistant.state())));
		problems.push(...leaks('the preview page', JSON.stringify(api.preview.lastPosted() ?? {})));
		problems.push(...leaks('the views', JSON.stringify([api.platform.feedback.state, api.platform.updates.state])));
		problems.push(...leaks('shown messages', shown.join('\n')));
		for (const doc of vscode.workspace.textDocuments) problems.push(...leaks(`document ${doc.uri.toString()}`, doc.getText()));
		// Settings, logs and storage on disk: the user-data folder (…/User/globalStorage/<ext> → …) and the workspace.
		const userData = path.resolve(api.security.globalStorageUri.fsPath, '..', '..', '..');
		const logs = path.resolve(api.security.logUri.fsPath, '..', '..', '..');
		const files = [...new Set([...textFiles(userData), ...textFiles(logs), ...textFiles(folder().fsPath)])];
		assert.ok(
			files.some(f => f.endsWith(path.join('User', 'settings.json'))),
			`user settings are scanned (${userData})`,
		);
		assert.ok(
			files.some(f => f.endsWith('.log')),
			'log files are scanned',
		);
		for (const file of files) problems.push(...leaks(file, readFileSync(file, 'latin1')));
		assert.deepEqual(problems, []);
		// And they were used: the stand-in accepted them.
		assert.ok(seen.some(s => s.headers.authorization === `Bearer ${adminKey}`) && seen.some(s => s.headers.authorization === `Bearer ${assistantKey}`));
	});

	it('tree items built from network data have untrusted tooltips and open only https URLs', async () => {
		await vscode.commands.executeCommand('mintdoc.feedback.refresh');
		const { RowTreeProvider } = await import('../../client/src/views/rowTreeProvider');
		const provider = new RowTreeProvider();
		const rows = [
			{
				id: 'a',
				label: 'x',
				tooltip: '[run](command:mintdoc.signOut) <img src=x onerror=alert(1)>',
				action: { type: 'openUrl' as const, url: 'command:mintdoc.signOut' },
			},
			{ id: 'b', label: 'y', tooltip: 'ok', action: { type: 'openUrl' as const, url: 'https://example.com/shot.png' } },
			...api.platform.feedback.provider.rows,
			...api.platform.updates.provider.rows,
		];
		const all = (list: readonly (typeof rows)[number][]): typeof rows => list.flatMap(r => [r, ...all((r as { children?: typeof rows }).children ?? [])]);
		for (const row of all(rows)) {
			const item = provider.getTreeItem(row);
			const tooltip = item.tooltip;
			if (tooltip instanceof vscode.MarkdownString) {
				assert.ok(!tooltip.isTrusted, `${row.id}: tooltip not trusted`);
				assert.ok(!tooltip.supportHtml, `${row.id}: no HTML in tooltips`);
			}
			if (item.command?.command === 'vscode.open') assert.equal((item.command.arguments![0] as vscode.Uri).scheme, 'https', row.id);
		}
		assert.equal(provider.getTreeItem(rows[0]).command, undefined, 'a command: URL from the network opens nothing');
		provider.dispose();
	});
});
