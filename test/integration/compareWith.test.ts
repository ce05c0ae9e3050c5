import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { screenshot } from './screenshots';
import { waitForDiagnostics } from './waits';

/**
 * `mintdoc.compareWith` (merge base with the default branch) in a real VS Code: the workspace made a
 * git repository, a page renamed with `git mv` on a branch without a redirect is an error on its
 * docs.json entry, and the quick fix adds the redirect and clears it. The workspace is put back as
 * it was (the repository removed) for the tests after this one.
 */
/** Out of the workspace (another file system, perhaps): copied, then removed. */
function moveFolder(from: string, to: string) {
	cpSync(from, to, { recursive: true });
	rmSync(from, { recursive: true, force: true });
}

describe('pages moved without a redirect, against the merge base (real VS Code)', () => {
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	let home: string;
	const git = (...args: string[]) =>
		execFileSync('git', args, {
			cwd: folder().fsPath,
			encoding: 'utf8',
			// Never the user's configuration: a home of its own, a fixed author.
			env: {
				...process.env,
				GIT_CONFIG_NOSYSTEM: '1',
				HOME: home,
				XDG_CONFIG_HOME: path.join(home, '.config'),
				GIT_AUTHOR_NAME: 'Test',
				GIT_AUTHOR_EMAIL: 'test@example.com',
				GIT_COMMITTER_NAME: 'Test',
				GIT_COMMITTER_EMAIL: 'test@example.com',
			},
		});

	// A repository an earlier test left in the workspace (its branches, no `main`) is set aside and put back after.
	const dotGit = () => path.join(folder().fsPath, '.git');
	const setAside = () => path.join(home, 'workspace-git');
	before(() => {
		home = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-git-home-'));
		if (existsSync(dotGit())) moveFolder(dotGit(), setAside());
	});
	after(async () => {
		await vscode.commands.executeCommand('workbench.action.files.saveAll');
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
		git('reset', '-q', '--hard');
		git('checkout', '-q', 'main');
		rmSync(dotGit(), { recursive: true, force: true });
		if (existsSync(setAside())) moveFolder(setAside(), dotGit());
		rmSync(home, { recursive: true, force: true });
	});

	it('reports guides/pagination renamed with git mv on its new entry; the quick fix adds the redirect and the error clears', async () => {
		git('init', '-q', '-b', 'main');
		git('add', '-A');
		git('commit', '-q', '-m', 'site');
		git('checkout', '-q', '-b', 'rename-pagination');
		git('mv', 'guides/pagination.mdx', 'guides/paging.mdx');
		const docsJson = vscode.Uri.joinPath(folder(), 'docs.json');
		const document = await vscode.workspace.openTextDocument(docsJson);
		const editor = await vscode.window.showTextDocument(document);
		const line = [...Array(document.lineCount).keys()].find(i => document.lineAt(i).text.includes('"guides/pagination"'))!;
		const start = document.lineAt(line).text.indexOf('"guides/pagination"');
		await editor.edit(edit => edit.replace(new vscode.Range(line, start, line, start + '"guides/pagination"'.length), '"guides/paging"'));
		// The save reads the repository again (as a branch change does): the merge base with main is the first commit.
		await document.save();
		const isOurs = (d: vscode.Diagnostic) => d.code === 'page-removed-without-redirect';
		// Until the edited docs.json is read, the rename may be reported on `redirects` (guides/paging is in no entry yet):
		// the finding this test is about is the one on the new entry.
		const onEntry = (d: vscode.Diagnostic) => isOurs(d) && d.range.start.line === line;
		const found = (await waitForDiagnostics(docsJson, d => d.some(onEntry), 'the rename reported against the merge base on its entry')).find(onEntry)!;
		assert.deepEqual([found.range.start.line, found.range.start.character, found.range.end.character], [line, start, start + '"guides/paging"'.length]);
		assert.equal(found.severity, vscode.DiagnosticSeverity.Error);
		assert.match(
			found.message,
			/^\/guides\/pagination was served at the merge base with main .* renamed to guides\/paging\.mdx\. Add a redirect from \/guides\/pagination to \/guides\/paging\.$/,
		);
		await vscode.commands.executeCommand('notifications.clearAll');
		await vscode.commands.executeCommand('workbench.actions.view.problems');
		await vscode.window.showTextDocument(document, { selection: new vscode.Range(found.range.start.translate(0, 3), found.range.start.translate(0, 3)) });
		editor.revealRange(found.range, vscode.TextEditorRevealType.InCenter);
		await vscode.commands.executeCommand('editor.action.showHover');
		await screenshot('page-removed-without-redirect');
		await vscode.commands.executeCommand('workbench.action.closePanel');

		const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', docsJson, found.range);
		const fix = actions.find(a => a.title === 'Add a redirect from /guides/pagination to /guides/paging');
		assert.ok(fix?.edit, `actions offered: ${actions.map(a => a.title).join(', ')}`);
		assert.ok(await vscode.workspace.applyEdit(fix.edit));
		const redirects = (JSON.parse(document.getText()) as { redirects: { source: string; destination: string }[] }).redirects;
		assert.deepEqual(redirects.at(-1), { source: '/guides/pagination', destination: '/guides/paging' });
		await waitForDiagnostics(docsJson, d => !d.some(isOurs), 'the error to clear once the redirect is there');
		const redirect = [...Array(document.lineCount).keys()].find(i => document.lineAt(i).text.includes('"source": "/guides/pagination"'))!;
		editor.revealRange(new vscode.Range(redirect, 0, redirect, 0), vscode.TextEditorRevealType.InCenter);
		await screenshot('page-removed-redirect-added');
	});
});
