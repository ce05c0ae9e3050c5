import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot } from './screenshots';

const messy =
	'---\ntitle: Format on save\n---\n\n# Format on save\n\n<Card href="/quickstart" title="Start here" icon="rocket">\nThis text was typed\non two lines.\n</Card>\n<Steps>\n<Step title="One">\nFirst step.\n</Step>\n\n<Step title="Two">\nSecond step.\n</Step>\n</Steps>\n* one\n* two\n';
const tidy =
	'---\ntitle: "Format on save"\n---\n\n# Format on save\n\n<Card title="Start here" icon="rocket" href="/quickstart">\n  This text was typed on two lines.\n</Card>\n\n<Steps>\n  <Step title="One">\n    First step.\n  </Step>\n  <Step title="Two">\n    Second step.\n  </Step>\n</Steps>\n\n- one\n- two\n';

describe('MDX formatting in a real VS Code', () => {
	const page = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'format-on-save.mdx');
	const editorSettings = () => vscode.workspace.getConfiguration('editor', { languageId: 'mdx' });

	before(async () => {
		await vscode.workspace.fs.writeFile(page(), Buffer.from(messy));
	});

	after(async () => {
		await editorSettings().update('formatOnSave', undefined, vscode.ConfigurationTarget.Workspace, true);
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
		await vscode.workspace.fs.delete(page());
	});

	it('formats an MDX page on save in the web editor form', async () => {
		const document = await vscode.workspace.openTextDocument(page());
		assert.equal(document.languageId, 'mdx');
		await vscode.window.showTextDocument(document);
		// The server registers its MDX formatter once it is initialized: wait until it answers.
		const deadline = Date.now() + 60_000;
		let edits: vscode.TextEdit[] | undefined;
		while (!edits?.length) {
			edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', page(), { tabSize: 2, insertSpaces: true });
			if (!edits?.length && Date.now() > deadline) throw new Error('no MDX formatter answered within 60 s');
			if (!edits?.length) await new Promise(resolve => setTimeout(resolve, 250));
		}
		await editorSettings().update('formatOnSave', true, vscode.ConfigurationTarget.Workspace, true);
		const saved = new Promise<void>(resolve => {
			const listener = vscode.workspace.onDidSaveTextDocument(d => {
				if (d.uri.toString() !== page().toString()) return;
				listener.dispose();
				resolve();
			});
		});
		await vscode.commands.executeCommand('workbench.action.files.save');
		await saved;
		assert.equal(document.getText(), tidy);
		assert.equal(Buffer.from(await vscode.workspace.fs.readFile(page())).toString('utf8'), tidy);
		await screenshot('format-on-save');
	});

	it('formats only the blocks of a selection', async () => {
		const document = await vscode.workspace.openTextDocument(page());
		const editor = await vscode.window.showTextDocument(document);
		await editor.edit(edit => edit.replace(new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), messy));
		const cardLine = document.getText().split('\n').indexOf('This text was typed');
		const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>(
			'vscode.executeFormatRangeProvider',
			page(),
			new vscode.Range(cardLine, 0, cardLine, 4),
			{ tabSize: 2, insertSpaces: true },
		);
		const edit = new vscode.WorkspaceEdit();
		edit.set(page(), edits);
		await vscode.workspace.applyEdit(edit);
		const text = document.getText();
		assert.match(
			text,
			/<Card title="Start here" icon="rocket" href="\/quickstart">\n {2}This text was typed on two lines\.\n<\/Card>\n<Steps>\n<Step title="One">/,
		);
		assert.match(text, /^title: Format on save$/m, 'the frontmatter is not part of the selection');
		await document.save();
	});
});
