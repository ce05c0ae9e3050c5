import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot } from './screenshots';
import { waitForDiagnostics } from './waits';

const encoder = new TextEncoder();
const mintJson = `{
  "name": "Legacy",
  "favicon": "/favicon.svg",
  "colors": { "primary": "#0A5C43" },
  "tabs": [{ "name": "API", "url": "api" }],
  "navigation": [
    { "group": "Start", "pages": ["intro", "missing"] },
    { "group": "Reference", "pages": ["api/users"] }
  ],
  "feedback": { "thumbsRating": true }
}
`;

describe('a site still on mint.json, in a real VS Code', () => {
	const site = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'legacy-site');
	const file = (name: string) => vscode.Uri.joinPath(site(), name);
	const exists = (uri: vscode.Uri) =>
		vscode.workspace.fs.stat(uri).then(
			() => true,
			() => false,
		);

	before(async () => {
		await vscode.workspace.fs.writeFile(file('favicon.svg'), encoder.encode('<svg xmlns="http://www.w3.org/2000/svg"/>'));
		await vscode.workspace.fs.writeFile(
			file('intro.mdx'),
			encoder.encode('---\ntitle: Intro\ndescription: Where to start.\n---\n\nSee [users](/api/users).\n'),
		);
		await vscode.workspace.fs.writeFile(file('api/users.mdx'), encoder.encode('---\ntitle: Users\n---\n\nUsers.\n'));
		await vscode.workspace.fs.writeFile(file('mint.json'), encoder.encode(mintJson));
	});

	after(async () => {
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
		if (await exists(site())) await vscode.workspace.fs.delete(site(), { recursive: true, useTrash: false });
	});

	it('finding → quick fix → preview → docs.json written → findings now on docs.json', async function () {
		this.timeout(180_000);
		const mint = file('mint.json');
		await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(mint));
		// The site is checked through its upgrade: the missing page is reported on mint.json's entry.
		const found = await waitForDiagnostics(
			mint,
			d => d.some(x => x.code === 'legacy-config') && d.some(x => x.code === 'page-not-found'),
			'the legacy finding and the missing page on mint.json',
		);
		const legacy = found.find(d => d.code === 'legacy-config')!;
		const missing = found.find(d => d.code === 'page-not-found')!;
		assert.equal(legacy.severity, vscode.DiagnosticSeverity.Warning);
		assert.deepEqual([legacy.range.start.line, legacy.range.start.character, legacy.range.end.character], [1, 2, 8]);
		assert.deepEqual([missing.range.start.line, missing.range.start.character, missing.range.end.character], [6, 43, 52]);

		const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', mint, legacy.range);
		const fix = actions.find(a => a.title === 'Upgrade mint.json to docs.json (preview first)');
		assert.ok(fix?.command, `actions offered: ${actions.map(a => a.title).join(', ')}`);

		// The preview: a diff of the proposed docs.json, nothing written yet.
		const preview = await vscode.commands.executeCommand<{ written: boolean }>(fix.command.command, ...(fix.command.arguments ?? []), { confirm: false });
		assert.equal(preview.written, false);
		assert.equal(await exists(file('docs.json')), false, 'nothing written before the confirmation');
		const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
		assert.ok(tab instanceof vscode.TabInputTextDiff, 'the preview is a diff');
		assert.equal(tab.modified.scheme, 'mintdoc-upgrade');
		const proposed = (await vscode.workspace.openTextDocument(tab.modified)).getText();
		assert.match(proposed, /^\{\n {2}"\$schema": "https:\/\/mintlify\.com\/docs\.json",\n {2}"theme": "mint",/);
		await screenshot('legacy-upgrade-preview');

		// Confirmed: docs.json is written as proposed, mint.json stays.
		const done = await vscode.commands.executeCommand<{ written: boolean }>(fix.command.command, ...(fix.command.arguments ?? []), { confirm: true });
		assert.equal(done.written, true);
		const docs = file('docs.json');
		assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(docs)), proposed);
		assert.equal(await exists(mint), true, 'mint.json is never deleted without asking');
		const tabs = (JSON.parse(proposed) as { navigation: { tabs: { tab: string }[] } }).navigation.tabs.map(t => t.tab);
		assert.deepEqual(tabs, ['Documentation', 'API']);

		// The findings move to docs.json; mint.json is now only the ignored file.
		await waitForDiagnostics(docs, d => d.some(x => x.code === 'page-not-found' && x.message.includes("'missing'")), 'the missing page on docs.json');
		const after = await waitForDiagnostics(
			mint,
			d => d.some(x => x.code === 'legacy-config-ignored') && !d.some(x => x.code === 'legacy-config'),
			'mint.json ignored',
		);
		assert.equal(after.length, 1);
		// The page links to api/users, which exists: the site's pages are clean once the new configuration is read.
		const intro = file('intro.mdx');
		await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(intro), { preview: false, preserveFocus: true });
		const introFindings = await waitForDiagnostics(intro, d => d.length === 0, 'intro.mdx clean').catch((e: Error) => {
			throw new Error(`${e.message}: ${JSON.stringify(vscode.languages.getDiagnostics(intro).map(d => d.message))}`);
		});
		assert.deepEqual(introFindings, []);
		await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(docs), { preview: false });
		await vscode.commands.executeCommand('workbench.actions.view.problems');
		await screenshot('legacy-upgrade-written');
	});

	it("deleting the site's folder (one watcher event, for the folder) ends the site and clears its findings", async () => {
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
		await vscode.workspace.fs.delete(site(), { recursive: true, useTrash: false });
		for (const name of ['docs.json', 'mint.json', 'intro.mdx'])
			await waitForDiagnostics(file(name), d => d.length === 0, `the findings of legacy-site/${name} cleared`).catch((e: Error) => {
				throw new Error(`${e.message}: ${JSON.stringify(vscode.languages.getDiagnostics(file(name)).map(d => d.message))}`);
			});
	});
});
