import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot } from './screenshots';
import { waitForDiagnostics } from './waits';

const encoder = new TextEncoder();

describe('docs.json authoring in a real VS Code', () => {
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	const docsJson = () => vscode.Uri.joinPath(folder(), 'docs.json');

	afterEach(async () => {
		await vscode.commands.executeCommand('workbench.action.files.saveAll');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it('applies the "Create page" quick fix and the missing-page error disappears', async () => {
		const document = await vscode.workspace.openTextDocument(docsJson());
		const editor = await vscode.window.showTextDocument(document);
		const entry = '"quickstart",';
		const line = [...Array(document.lineCount).keys()].find(i => document.lineAt(i).text.trim() === entry)!;
		assert.notEqual(line, undefined, 'docs.json lists "quickstart"');
		const indent = document.lineAt(line).firstNonWhitespaceCharacterIndex;
		await editor.edit(edit => edit.insert(new vscode.Position(line + 1, 0), `${' '.repeat(indent)}"guides/brand-new-page",\n`));
		const isOurs = (x: vscode.Diagnostic) => x.code === 'page-not-found' && x.message.includes("'guides/brand-new-page'");
		const diagnostics = await waitForDiagnostics(document.uri, d => d.some(isOurs), 'the missing page error');
		const missing = diagnostics.find(isOurs)!;
		assert.deepEqual(
			[missing.range.start.line, missing.range.start.character, missing.range.end.character],
			[line + 1, indent, indent + '"guides/brand-new-page"'.length],
		);
		// For the picture: the error in the editor with its hover, and in the Problems panel.
		await vscode.commands.executeCommand('notifications.clearAll');
		await vscode.commands.executeCommand('workbench.actions.view.problems');
		await vscode.window.showTextDocument(document, { selection: new vscode.Range(missing.range.start.translate(0, 3), missing.range.start.translate(0, 3)) });
		editor.revealRange(missing.range, vscode.TextEditorRevealType.InCenter);
		await vscode.commands.executeCommand('editor.action.showHover');
		await screenshot('broken-page-entry');
		await vscode.commands.executeCommand('workbench.action.closePanel');
		const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, missing.range);
		const create = actions.find(a => a.title === "Create page 'guides/brand-new-page.mdx'");
		assert.ok(create?.edit, `actions offered: ${actions.map(a => a.title).join(', ')}`);
		assert.ok(await vscode.workspace.applyEdit(create.edit));
		const page = vscode.Uri.joinPath(folder(), 'guides', 'brand-new-page.mdx');
		await waitForDiagnostics(document.uri, d => !d.some(isOurs), 'the error to clear once the page exists');
		const created = await vscode.workspace.openTextDocument(page);
		assert.match(created.getText(), /^---\ntitle: "Brand new page"\n/);
		await vscode.workspace.save(created.uri);
		// Leave the workspace as it was for the next tests.
		await vscode.commands.executeCommand('undo');
		await vscode.workspace.fs.delete(page);
	});

	it('moving a page rewrites its docs.json entry, the links to it and adds a redirect, in one undoable edit', async () => {
		const from = vscode.Uri.joinPath(folder(), 'guides', 'idempotency.mdx');
		const to = vscode.Uri.joinPath(folder(), 'guides', 'safety', 'retries.mdx');
		const linking = (await vscode.workspace.findFiles('**/*.mdx')).filter(uri => uri.path !== from.path);
		const before = new Map<string, string>();
		for (const uri of linking) before.set(uri.toString(), (await vscode.workspace.openTextDocument(uri)).getText());
		const linkers = [...before].filter(([, text]) => text.includes('](/guides/idempotency)')).map(([uri]) => uri);
		assert.ok(linkers.length >= 2, 'pages link to guides/idempotency');
		const edit = new vscode.WorkspaceEdit();
		edit.renameFile(from, to);
		assert.ok(await vscode.workspace.applyEdit(edit));
		const docs = (await vscode.workspace.openTextDocument(docsJson())).getText();
		assert.match(docs, /"guides\/safety\/retries"/);
		assert.doesNotMatch(docs, /"guides\/idempotency"/);
		assert.match(docs, /"source": "\/guides\/idempotency",\s*"destination": "\/guides\/safety\/retries"/);
		for (const uri of linkers) {
			const text = (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri))).getText();
			assert.match(text, /\]\(\/guides\/safety\/retries\)/, uri);
			assert.doesNotMatch(text, /\]\(\/guides\/idempotency\)/, uri);
		}
		await vscode.commands.executeCommand('workbench.action.files.saveAll');
		const page = await vscode.workspace.openTextDocument(linkers[0] ? vscode.Uri.parse(linkers[0]) : docsJson());
		await waitForDiagnostics(page.uri, d => !d.some(x => x.code === 'link-broken'), 'no broken link after the move');
		await waitForDiagnostics(docsJson(), d => !d.some(x => x.code === 'page-not-found'), 'no missing page after the move');
		// Move it back: entries and links follow again, and the redirect that would shadow the page goes away.
		const back = new vscode.WorkspaceEdit();
		back.renameFile(to, from);
		assert.ok(await vscode.workspace.applyEdit(back));
		const restored = (await vscode.workspace.openTextDocument(docsJson())).getText();
		assert.match(restored, /"guides\/idempotency"/);
		assert.doesNotMatch(restored, /"source": "\/guides\/idempotency"/);
		await vscode.commands.executeCommand('workbench.action.files.saveAll');
		await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder(), 'guides', 'safety'), { recursive: true });
	});

	it('checks a $ref file and reports its problems in that file', async () => {
		const refFile = vscode.Uri.joinPath(folder(), 'extra-redirects.json');
		await vscode.workspace.fs.writeFile(refFile, encoder.encode('[{ "source": "/old-page", "destination": "/no-such-page" }]\n'));
		const document = await vscode.workspace.openTextDocument(docsJson());
		const editor = await vscode.window.showTextDocument(document);
		const redirects = document.getText().indexOf('"redirects": [');
		const start = document.positionAt(redirects);
		const end = document.positionAt(document.getText().indexOf(']', redirects) + 1);
		await editor.edit(edit => edit.replace(new vscode.Range(start, end), '"redirects": { "$ref": "./extra-redirects.json" }'));
		const diagnostics = await waitForDiagnostics(refFile, d => d.some(x => x.code === 'redirect-destination-missing'), 'the redirect error in the $ref file');
		assert.equal(diagnostics[0].range.start.line, 0);
		await vscode.commands.executeCommand('undo');
		await waitForDiagnostics(refFile, d => d.length === 0, 'the $ref file to leave the site');
		await vscode.workspace.fs.delete(refFile);
	});
});
