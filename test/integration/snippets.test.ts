import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot } from './screenshots';

describe('surround-with snippets in a real VS Code', () => {
	let page: vscode.Uri;

	before(async () => {
		page = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'guides', 'surround.mdx');
		await vscode.workspace.fs.writeFile(
			page,
			new TextEncoder().encode('---\ntitle: "Surround"\n---\n\nRun the migration before you deploy.\n\nThen restart.\n'),
		);
	});

	after(async () => {
		await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
		await vscode.workspace.fs.delete(page);
	});

	it('are offered in completion inside MDX, and wrap the selection in the component', async () => {
		const document = await vscode.workspace.openTextDocument(page);
		assert.equal(document.languageId, 'mdx');
		const editor = await vscode.window.showTextDocument(document);
		const completions = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', page, new vscode.Position(5, 0));
		const snippets = completions.items
			.filter(i => i.kind === vscode.CompletionItemKind.Snippet)
			.map(i => (typeof i.label === 'string' ? i.label : i.label.label));
		for (const prefix of ['note', 'warning', 'steps', 'codegroup', 'tabs', 'accordion', 'frame'])
			assert.ok(snippets.includes(prefix), `${prefix} in ${snippets.join(', ')}`);

		editor.selection = new vscode.Selection(4, 0, 6, 13);
		await vscode.commands.executeCommand('editor.action.insertSnippet', { langId: 'mdx', name: 'Surround with <Steps>' });
		// VS Code indents every line of the selection to the snippet's indentation, the empty one too.
		assert.equal(
			document.getText(),
			'---\ntitle: "Surround"\n---\n\n<Steps>\n  <Step title="First step">\n    Run the migration before you deploy.\n    \n    Then restart.\n  </Step>\n</Steps>\n',
		);
		// The first placeholder (the step's title) is selected, ready to type over.
		assert.equal(document.getText(editor.selection), 'First step');
		await screenshot('surround-with-steps');
	});
});
