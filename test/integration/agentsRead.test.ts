import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MintDocApi } from '../../client/src/extension';
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

	it("the Site view shows llms.txt's size against the cap, again after frontmatter is typed; its row opens llms.txt", async () => {
		const api = await vscode.extensions.getExtension<MintDocApi>('mintdoc.mintdoc')!.activate();
		await vscode.commands.executeCommand('mintdoc.site.focus');
		const llmsRow = () => api.site.shownItems().find(item => item.label === 'llms.txt');
		/** The row once it shows `characters`: the length of llms.txt as "Show What Agents Read" shows it now. */
		const rowShowing = (characters: () => number | undefined, what: string) =>
			waitFor(
				api.site.onDidChange,
				() => {
					const row = llmsRow();
					const n = characters();
					return row && n !== undefined && row.description === `${n.toLocaleString('en-US')} of 100,000 characters` ? row : undefined;
				},
				what,
			);
		// The page's title was typed longer above (unsaved): the row counts the buffer, as llms.txt does.
		const shown = () => agentsDocument('/llms.txt')?.getText().length;
		const row = await rowShowing(shown, 'the llms.txt row measured');
		assert.ok(shown()! > 1000 && shown()! < 100_000);
		assert.match(String(row.tooltip), /serves it at \/llms\.txt, never past 100,000 characters/);

		// A description typed in the frontmatter: the row follows (debounced), as the document does.
		const editor = await vscode.window.showTextDocument(quickstart());
		const before = shown()!;
		await editor.edit(edit => edit.replace(new vscode.Range(2, 0, 2, 14), 'description: "Longer: '));
		await waitFor(vscode.workspace.onDidChangeTextDocument, () => (shown() === before + 'Longer: '.length ? true : undefined), 'llms.txt longer');
		await rowShowing(() => before + 'Longer: '.length, 'the llms.txt row after the description was typed');

		// The row's command: "Show What Agents Read" for docs.json, which opens llms.txt alone.
		assert.equal(row.command?.command, 'mintdoc.showWhatAgentsRead');
		const [target] = row.command.arguments as [vscode.Uri];
		assert.equal(target.toString(), vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'docs.json').toString());
		await vscode.commands.executeCommand(row.command.command, target);
		const ofSite = await waitFor(
			vscode.workspace.onDidOpenTextDocument,
			() => vscode.workspace.textDocuments.find(d => d.uri.scheme === 'mintdoc-agents' && decodeURIComponent(d.uri.query) === target.toString()),
			'llms.txt of docs.json opened',
		);
		assert.equal(ofSite.getText().length, before + 'Longer: '.length);
		// The picture: the other MintDoc views folded away and only the navigation's first level, so the row (after it) shows.
		const others = ['mintdoc.feedback', 'mintdoc.updateStatus'];
		for (const view of others) await vscode.commands.executeCommand(`${view}.toggleVisibility`);
		await vscode.commands.executeCommand('workbench.actions.treeView.mintdoc.site.collapseAll');
		await vscode.commands.executeCommand('notifications.clearAll');
		try {
			await screenshot('site-view-llms');
		} finally {
			for (const view of others) await vscode.commands.executeCommand(`${view}.toggleVisibility`);
		}
	});
});
