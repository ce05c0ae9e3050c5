import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot } from './screenshots';
import { waitForDiagnostics } from './waits';

/** Completion items at the end of the editor's text, as the suggest widget asks for them. */
async function completionsAtEnd(editor: vscode.TextEditor): Promise<vscode.CompletionItem[]> {
	const end = editor.document.positionAt(editor.document.getText().length);
	editor.selection = new vscode.Selection(end, end);
	const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, end);
	return list.items;
}

/** Opens the suggest widget at the cursor and resolves once the provider answered the same request again (the widget shows by then). */
async function showSuggestions(editor: vscode.TextEditor): Promise<void> {
	await vscode.commands.executeCommand('editor.action.triggerSuggest');
	await completionsAtEnd(editor);
}

const label = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);

describe('Component props and icons in a real VS Code', () => {
	const page = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'quickstart.mdx');
	let original = '';

	before(async () => {
		original = (await vscode.workspace.openTextDocument(page())).getText();
	});

	afterEach(async () => {
		await vscode.commands.executeCommand('hideSuggestWidget');
		const document = await vscode.workspace.openTextDocument(page());
		const editor = await vscode.window.showTextDocument(document);
		await editor.edit(edit => edit.replace(new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), original));
		await document.save();
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
	});

	it('hovers a prop and an icon, and completes the props of a built-in component with their types', async () => {
		const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(page()));
		await editor.edit(edit => edit.insert(editor.document.positionAt(editor.document.getText().length), '\n<Badge color="green" icon="star">New</Badge>\n'));
		const hoverAt = async (needle: string) => {
			const at = editor.document.positionAt(editor.document.getText().lastIndexOf(needle) + 2);
			const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, at);
			return hovers.flatMap(h => h.contents.map(c => (typeof c === 'string' ? c : c.value))).join('\n');
		};
		assert.match(await hoverAt('color='), /`color` \(string\): Color variant\. One of `gray`, `blue`/);
		assert.match(await hoverAt('star"'), /\*\*star\*\* — a Font Awesome icon \(Font Awesome 7\./);
		await editor.edit(edit => edit.insert(editor.document.positionAt(editor.document.getText().length), '\n<Badge color="green" '));
		const items = await completionsAtEnd(editor);
		const labels = items.map(label);
		for (const prop of ['size', 'shape', 'icon', 'stroke']) assert.ok(labels.includes(prop), `props offered: ${labels.join(', ')}`);
		assert.ok(!labels.includes('color'), 'a prop already written is not offered again');
		assert.equal(items.find(i => label(i) === 'size')?.detail, 'string');
		await showSuggestions(editor);
		await screenshot('component-props');
	});

	it('completes icon names of the site’s library and reports an unknown icon and an unknown prop on their lines', async () => {
		const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(page()));
		await editor.edit(edit =>
			edit.insert(editor.document.positionAt(editor.document.getText().length), '\n<Card title="Pay" icon="rockett" tittle="x">\n  Body\n</Card>\n'),
		);
		const diagnostics = await waitForDiagnostics(
			editor.document.uri,
			d => d.some(x => x.code === 'icon-unknown') && d.some(x => x.code === 'component-unknown-prop'),
			'the unknown icon and prop',
		);
		const icon = diagnostics.find(d => d.code === 'icon-unknown')!;
		const cardLine = editor.document.positionAt(editor.document.getText().indexOf('<Card title="Pay"')).line;
		assert.equal(icon.range.start.line, cardLine);
		assert.match(icon.message, /Did you mean "rocket"\?/);
		assert.equal(diagnostics.find(d => d.code === 'component-unknown-prop')!.range.start.line, cardLine);
		await editor.edit(edit => edit.insert(editor.document.positionAt(editor.document.getText().length), '\n<Icon icon="cre'));
		const items = await completionsAtEnd(editor);
		const card = items.find(i => label(i) === 'credit-card');
		assert.equal(card?.detail, 'Font Awesome icon');
		// Names starting with what is typed first; at most 200 of Font Awesome's 5,400 per answer, narrowed as the writer types.
		assert.ok(items.length > 20 && items.length <= 200, `${items.length} icon names`);
		assert.ok(
			items.slice(0, 5).every(i => label(i).startsWith('cre')),
			items.slice(0, 5).map(label).join(', '),
		);
		await showSuggestions(editor);
		await screenshot('icon-completion');
	});
});
