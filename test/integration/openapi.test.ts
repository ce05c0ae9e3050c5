import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitForDiagnostics } from './waits';

describe('OpenAPI references in a real VS Code', () => {
	const docsJson = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'docs.json');

	afterEach(async () => {
		await vscode.commands.executeCommand('workbench.action.files.revert');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it('fixes a lower-case method with the quick fix and the error clears', async () => {
		const document = await vscode.workspace.openTextDocument(docsJson());
		const editor = await vscode.window.showTextDocument(document);
		const offset = document.getText().indexOf('"GET /payments"');
		assert.ok(offset > 0, 'docs.json lists GET /payments');
		const start = document.positionAt(offset + 1);
		await editor.edit(edit => edit.replace(new vscode.Range(start, start.translate(0, 3)), 'get'));
		const diagnostics = await waitForDiagnostics(document.uri, d => d.some(x => x.code === 'openapi-method-case'), 'the method-case error');
		const error = diagnostics.find(x => x.code === 'openapi-method-case')!;
		assert.deepEqual([error.range.start.line, error.range.start.character], [start.line, start.character - 1]);
		const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, error.range);
		const fix = actions.find(a => a.title === "Change to 'GET /payments'");
		assert.ok(fix?.edit, `actions: ${actions.map(a => a.title).join(', ')}`);
		assert.ok(await vscode.workspace.applyEdit(fix.edit));
		await waitForDiagnostics(document.uri, d => !d.some(x => String(x.code).startsWith('openapi-')), 'the error to clear');
		assert.equal(document.getText().indexOf('"get /payments"'), -1);
	});

	it('hovers an endpoint entry with the page the platform generates', async () => {
		const document = await vscode.workspace.openTextDocument(docsJson());
		await vscode.window.showTextDocument(document);
		const position = document.positionAt(document.getText().indexOf('"GET /payments"') + 3);
		const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
		const text = hovers.flatMap(h => h.contents.map(c => (typeof c === 'string' ? c : c.value))).join('\n');
		assert.match(text, /`GET \/payments`/);
		assert.match(text, /From `api-reference\/openapi\.yaml`/);
	});
});

describe('MintDoc: Generate MDX Pages from OpenAPI', () => {
	it('writes one page per operation with its openapi frontmatter', async () => {
		const folder = vscode.workspace.workspaceFolders![0].uri;
		const out = vscode.Uri.joinPath(folder, 'generated');
		const spec = vscode.Uri.joinPath(folder, 'api-reference', 'openapi.yaml');
		const created: vscode.Uri[] = [];
		const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(out, '*.mdx'));
		const enough = new Promise<void>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`only ${created.length} pages appeared`)), 60_000);
			// Events may be coalesced: on each one, count what is on disk.
			watcher.onDidCreate(async () => {
				const entries = await vscode.workspace.fs.readDirectory(out);
				created.splice(0, created.length, ...entries.filter(([name]) => name.endsWith('.mdx')).map(([name]) => vscode.Uri.joinPath(out, name)));
				// The example spec has 10 visible operations (one is x-hidden).
				if (created.length === 10) {
					clearTimeout(timer);
					resolve();
				}
			});
		});
		// Not awaited: the command ends with a notification that waits for the user.
		void vscode.commands.executeCommand('mintdoc.generatePages', spec, out);
		await enough;
		watcher.dispose();
		const texts = await Promise.all(created.map(async uri => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))));
		assert.ok(
			texts.some(t => /^---\nopenapi: "?GET \/payments"?\ntitle: /m.test(t)),
			texts[0],
		);
		assert.ok(texts.every(t => /^---\nopenapi: /.test(t)));
		await vscode.workspace.fs.delete(out, { recursive: true });
	});
});
