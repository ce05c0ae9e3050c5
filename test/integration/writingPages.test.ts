import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot } from './screenshots';
import { waitFor, waitForDiagnostics } from './waits';

const label = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);
const hoverText = (hovers: vscode.Hover[]) => hovers.flatMap(h => h.contents.map(c => (typeof c === 'string' ? c : c.value))).join('\n');

/** Types `text` at the cursor as the keyboard would (one edit per call). */
const type = (text: string) => vscode.commands.executeCommand('type', { text });

describe('Writing a page in a real VS Code: frontmatter, snippets, auto-closed tags', () => {
	const root = () => vscode.workspace.workspaceFolders![0].uri;
	// A page of its own per test: a deleted file's document may live on in the editor with its old text.
	let name = '';
	const page = () => vscode.Uri.joinPath(root(), 'guides', `${name}.mdx`);
	const snippet = () => vscode.Uri.joinPath(root(), 'snippets', 'callout-box.jsx');

	before(async () => {
		await vscode.workspace.fs.writeFile(
			snippet(),
			new TextEncoder().encode(
				'// A callout with a title and a tone.\nexport const CalloutBox = ({ title, tone = "info" }) => (\n  <div className={`callout ${tone}`}>\n    <strong>{title}</strong>\n  </div>\n);\n',
			),
		);
	});

	afterEach(async () => {
		await vscode.commands.executeCommand('hideSuggestWidget');
		await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
		await vscode.workspace.fs.delete(page(), { useTrash: false });
	});

	after(async () => {
		await vscode.workspace.fs.delete(snippet(), { useTrash: false });
		await vscode.workspace.getConfiguration('mintdoc').update('autoClosingTags', undefined, vscode.ConfigurationTarget.Workspace);
	});

	/** Creates the page, shows it and puts the cursor at `cursor` (an offset in `text`). */
	const openPage = async (file: string, text: string, cursor: number) => {
		name = file;
		await vscode.workspace.fs.writeFile(page(), new TextEncoder().encode(text));
		const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(page()));
		const at = editor.document.positionAt(cursor);
		editor.selection = new vscode.Selection(at, at);
		return editor;
	};

	it('completes frontmatter keys on an empty line, with their documentation shown beside the list', async () => {
		const text = '---\ntitle: "Writing"\n\n---\n\n# Writing\n';
		const editor = await openPage('writing-frontmatter', text, text.indexOf('\n\n') + 1);
		const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', page(), editor.selection.active);
		const item = list.items.find(i => label(i) === 'sidebarTitle');
		assert.ok(item, `keys offered: ${list.items.map(label).join(', ')}`);
		const doc = typeof item.documentation === 'string' ? item.documentation : item.documentation?.value;
		assert.match(doc ?? '', /sidebar/i);
		await vscode.commands.executeCommand('editor.action.triggerSuggest');
		// The same request again: the widget shows by the time the provider answered it.
		await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', page(), editor.selection.active);
		await vscode.commands.executeCommand('toggleSuggestionDetails');
		await screenshot('frontmatter-key-completion');
	});

	it("hovers a snippet component with its props and the snippet's first lines", async () => {
		const text = 'import { CalloutBox } from "/snippets/callout-box.jsx";\n\n# Boxes\n\n<CalloutBox title="Before you start" colour="red" />\n';
		const editor = await openPage('writing-snippet', text, text.indexOf('<CalloutBox') + 4);
		// The page checked (the server knows it): a prop the snippet does not read is a hint.
		const [hint] = await waitForDiagnostics(page(), d => d.some(x => x.code === 'snippet-unknown-prop'), 'the snippet prop hint');
		assert.equal(hint!.severity, vscode.DiagnosticSeverity.Hint);
		assert.deepEqual(hint!.range, new vscode.Range(4, 37, 4, 43));
		const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', page(), editor.selection.active);
		assert.match(hoverText(hovers), /\*\*CalloutBox\*\* — snippet component\n\nProps: `title`, `tone`/);
		await vscode.commands.executeCommand('editor.action.showHover');
		await screenshot('snippet-component-hover');
	});

	it('closes an opening tag as its > is typed, and not when mintdoc.autoClosingTags is off', async () => {
		const text = '---\ntitle: "Writing"\n---\n\n';
		const editor = await openPage('writing-tags', text, text.length);
		// `type` goes to the focused editor, as keystrokes do.
		await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
		await type('<Note');
		assert.equal(editor.document.getText(), text + '<Note');
		await vscode.commands.executeCommand('hideSuggestWidget');
		await type('>');
		await waitFor(
			vscode.workspace.onDidChangeTextDocument,
			() => (editor.document.getText().endsWith('</Note>') ? true : undefined),
			'the closing tag',
			30_000,
		).catch(e => assert.fail(`${e}: ${JSON.stringify(editor.document.getText())}`));
		assert.equal(editor.document.getText(), text + '<Note></Note>');
		// The cursor stays between the tags, ready for the content.
		assert.deepEqual(editor.selection.active, editor.document.positionAt(text.length + '<Note>'.length));
		await type('Read this first.');
		assert.equal(editor.document.getText(), text + '<Note>Read this first.</Note>');
		await screenshot('auto-close-tag');

		await vscode.workspace.getConfiguration('mintdoc').update('autoClosingTags', false, vscode.ConfigurationTarget.Workspace);
		const end = editor.document.positionAt(editor.document.getText().length);
		editor.selection = new vscode.Selection(end, end);
		await type('\n\n<Tip');
		await vscode.commands.executeCommand('hideSuggestWidget');
		await type('>');
		// A round trip to the server after the `>`: an insertion asked for would have been answered by now.
		await vscode.commands.executeCommand('vscode.executeHoverProvider', page(), end);
		assert.ok(editor.document.getText().endsWith('\n\n<Tip>'), JSON.stringify(editor.document.getText()));
	});
});
