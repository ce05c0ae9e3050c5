import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot } from './screenshots';
import { waitForDiagnostics } from './waits';

const encoder = new TextEncoder();

describe('A team tunes MintDoc in a real VS Code', () => {
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	const page = () => vscode.Uri.joinPath(folder(), 'guides', 'team-settings.mdx');
	const config = () => vscode.Uri.joinPath(folder(), 'mintdoc.json');
	const isBroken = (d: vscode.Diagnostic) => d.code === 'link-broken' && d.message.includes("'/nowhere'");

	afterEach(async () => {
		await vscode.commands.executeCommand('workbench.action.files.saveAll');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
		for (const uri of [page(), config()]) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
	});

	it('"Disable <code> for this line" inserts the comment above the line and the finding goes; "Turn off" writes mintdoc.json', async () => {
		await vscode.workspace.fs.writeFile(
			page(),
			encoder.encode('---\ntitle: "Team settings"\n---\n\n<Note>\n  Read [the old page](/nowhere) first.\n</Note>\n'),
		);
		const document = await vscode.workspace.openTextDocument(page());
		const editor = await vscode.window.showTextDocument(document);
		const broken = (await waitForDiagnostics(document.uri, d => d.some(isBroken), 'the broken link')).find(isBroken)!;
		assert.deepEqual([broken.range.start.line, broken.range.start.character, broken.range.end.character], [5, 22, 30]);

		const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, broken.range);
		const disable = actions.find(a => a.title === 'Disable link-broken for this line');
		assert.ok(disable?.edit, `actions offered: ${actions.map(a => a.title).join(', ')}`);
		assert.ok(
			actions.some(a => a.title === 'Turn off link-broken in mintdoc.json'),
			`actions offered: ${actions.map(a => a.title).join(', ')}`,
		);
		assert.ok(await vscode.workspace.applyEdit(disable.edit));
		// Indented like the line it silences, inside the <Note>.
		assert.equal(document.lineAt(5).text, '  {/* mintdoc-disable-next-line link-broken */}');
		await waitForDiagnostics(document.uri, d => !d.some(isBroken), 'the finding to go once the comment is there');
		editor.revealRange(new vscode.Range(0, 0, 8, 0));
		await screenshot('disable-next-line');

		// Without the comment the finding is back; turning the rule off in mintdoc.json silences it for the site.
		await vscode.commands.executeCommand('undo');
		const again = (await waitForDiagnostics(document.uri, d => d.some(isBroken), 'the finding back after undo')).find(isBroken)!;
		const turnOff = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, again.range)).find(
			a => a.title === 'Turn off link-broken in mintdoc.json',
		);
		assert.ok(turnOff?.edit);
		assert.ok(await vscode.workspace.applyEdit(turnOff.edit));
		await vscode.commands.executeCommand('workbench.action.files.saveAll');
		const written = JSON.parse((await vscode.workspace.openTextDocument(config())).getText()) as { rules?: Record<string, string> };
		assert.equal(written.rules?.['link-broken'], 'off');
		await waitForDiagnostics(document.uri, d => !d.some(isBroken), 'the finding to go once mintdoc.json turns the rule off');
	});
});
