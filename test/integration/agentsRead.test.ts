import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot } from './screenshots';
import { waitFor } from './waits';

/** The open text document of the "Show What Agents Read" view whose path ends in `suffix`. */
const agentsDocument = (suffix: string) => vscode.workspace.textDocuments.find(d => d.uri.scheme === 'mintdoc-agents' && d.uri.path.endsWith(suffix));

describe('Show What Agents Read in a real VS Code', () => {
	const quickstart = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'quickstart.mdx');
	after(async () => {
		const document = await vscode.workspace.openTextDocument(quickstart());
		// The edit below is undone, never saved: the example site stays as it is.
		if (document.isDirty) await vscode.commands.executeCommand('workbench.action.files.revert');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it("opens the site's llms.txt and the page's Markdown beside the page, live as you type", async () => {
		const editor = await vscode.window.showTextDocument(quickstart());
		await vscode.commands.executeCommand('mintdoc.showWhatAgentsRead');
		const llms = await waitFor(vscode.workspace.onDidOpenTextDocument, () => agentsDocument('/llms.txt'), 'llms.txt opened');
		const page = await waitFor(vscode.workspace.onDidOpenTextDocument, () => agentsDocument('/quickstart.md'), 'quickstart.md opened');
		assert.match(llms.getText(), /^# Acme Payments\n/);
		assert.match(llms.getText(), /\n- \[Quickstart\]\(https:\/\/example\.com\/docs\/quickstart\.md\): Create your first sandbox payment/);
		assert.match(page.getText(), /^# Quickstart\n\n> Create your first sandbox payment with the Acme Payments API in five minutes\.\n/);
		assert.doesNotMatch(page.getText(), /^import /m);

		// Typing in the page (unsaved) changes both documents.
		await editor.edit(edit => edit.replace(new vscode.Range(1, 0, 1, 19), 'title: "Quickstart in five minutes"'));
		await waitFor(
			vscode.workspace.onDidChangeTextDocument,
			() => (agentsDocument('/quickstart.md')?.getText().startsWith('# Quickstart in five minutes\n') ? true : undefined),
			'the page Markdown updated',
		);
		await waitFor(
			vscode.workspace.onDidChangeTextDocument,
			() => (agentsDocument('/llms.txt')?.getText().includes('- [Quickstart in five minutes](') ? true : undefined),
			'llms.txt updated',
		);
		await screenshot('agents-read');
	});
});
