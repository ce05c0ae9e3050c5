import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, watch } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { allCommandIds } from '../../client/src/commandIds';
import type { MintDocApi } from '../../client/src/extension';
import { languageServerNodeFlags } from '../../server/src/protocol';
import { waitFor, waitForDiagnostics } from './waits';

const rangeOf = (d: vscode.Diagnostic) => [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character];

describe('MintDoc in a real VS Code extension host', () => {
	let api: MintDocApi;
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	const docsJson = () => vscode.Uri.joinPath(folder(), 'docs.json');

	before(async () => {
		const extension = vscode.extensions.getExtension<MintDocApi>('mintdoc.mintdoc');
		assert.ok(extension, 'the extension is installed in the host');
		api = await extension.activate();
	});

	afterEach(async () => {
		await vscode.commands.executeCommand('workbench.action.files.revert');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it('starts the language server with its Node flags (the young generation a docs.json keystroke on a large site needs)', async () => {
		// The host writes the output channel to a file under this session's logs folder; the server's first line names its flags.
		const logs = path.resolve(api.security.logUri.fsPath, '..', '..');
		const logFiles = (dir: string): string[] =>
			existsSync(dir)
				? readdirSync(dir, { withFileTypes: true }).flatMap(e =>
						e.isDirectory() ? logFiles(path.join(dir, e.name)) : e.name.endsWith('MintDoc.log') ? [path.join(dir, e.name)] : [],
					)
				: [];
		const started = () =>
			logFiles(logs)
				.flatMap(file => readFileSync(file, 'utf8').split('\n'))
				.filter(line => line.includes('MintDoc language server started'));
		const changes = new vscode.EventEmitter<void>();
		const watcher = watch(logs, { recursive: true }, () => changes.fire());
		try {
			const lines = await waitFor(changes.event, () => (started().length ? started() : undefined), "the server's first log line");
			for (const line of lines) for (const flag of languageServerNodeFlags(availableParallelism())) assert.ok(line.includes(` ${flag}`), `${flag} in: ${line}`);
		} finally {
			watcher.close();
			changes.dispose();
		}
	});

	it('is activated by the docs.json in the workspace and finds the docs root', async () => {
		assert.ok(vscode.extensions.getExtension('mintdoc.mintdoc')!.isActive);
		const status = await waitFor(
			api.onDidChangeStatus,
			() => {
				const s = api.status();
				return s.server === 'running' && s.state === 'ready' ? s : undefined;
			},
			'the server to report ready',
		);
		assert.deepEqual(status.roots, [folder().toString()]);
		// Every command of the table (equal to package.json's contributes.commands) has a handler once activated.
		const registered = new Set(await vscode.commands.getCommands(true));
		assert.deepEqual(
			allCommandIds.filter(id => !registered.has(id)),
			[],
			'contributed commands without a handler',
		);
	});

	it('shows a syntax error in docs.json at its exact range and clears it on undo', async () => {
		const document = await vscode.workspace.openTextDocument(docsJson());
		const editor = await vscode.window.showTextDocument(document);
		assert.equal(document.languageId, 'json');
		// Break the file the way people do: delete the comma that ends the first property line.
		const line = [...Array(document.lineCount).keys()].find(i => /^\s*"\$schema".*,\s*$/.test(document.lineAt(i).text));
		assert.notEqual(line, undefined, 'docs.json starts with a "$schema" property');
		const comma = document.lineAt(line!).text.lastIndexOf(',');
		await editor.edit(edit => edit.delete(new vscode.Range(line!, comma, line!, comma + 1)));
		const next = document.lineAt(line! + 1);
		const diagnostics = await waitForDiagnostics(document.uri, d => d.length > 0, 'a syntax error');
		assert.equal(diagnostics.length, 1);
		assert.equal(diagnostics[0].code, 'json-syntax');
		assert.equal(diagnostics[0].severity, vscode.DiagnosticSeverity.Error);
		assert.match(diagnostics[0].message, /Expected ','/);
		const keyStart = next.firstNonWhitespaceCharacterIndex;
		const keyEnd = next.text.indexOf('"', keyStart + 1) + 1;
		assert.deepEqual(rangeOf(diagnostics[0]), [line! + 1, keyStart, line! + 1, keyEnd]);
		await vscode.commands.executeCommand('undo');
		await waitForDiagnostics(document.uri, d => d.length === 0, 'the error to clear after undo');
	});

	it('restarts the language server on command and keeps validating', async () => {
		const stopped = waitFor(api.onDidChangeStatus, () => (api.status().server !== 'running' ? true : undefined), 'the server to stop');
		const restarting = vscode.commands.executeCommand('mintdoc.restartServer');
		await stopped;
		await restarting;
		await waitFor(
			api.onDidChangeStatus,
			() => (api.status().server === 'running' && api.status().state === 'ready' ? true : undefined),
			'the restarted server to be ready',
		);
		const document = await vscode.workspace.openTextDocument(docsJson());
		const editor = await vscode.window.showTextDocument(document);
		await editor.edit(edit => edit.replace(new vscode.Range(0, 0, document.lineCount, 0), '[]'));
		const diagnostics = await waitForDiagnostics(document.uri, d => d.length > 0, 'diagnostics from the restarted server');
		assert.deepEqual(
			diagnostics.map(d => [d.code, ...rangeOf(d)]),
			[['json-not-object', 0, 0, 0, 2]],
		);
	});
});
