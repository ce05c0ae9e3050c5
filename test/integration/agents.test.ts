import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'jsonc-parser';
import * as vscode from 'vscode';
import { screenshot } from './screenshots';
import { waitForDiagnostics } from './waits';
import type { MintDocApi } from '../../client/src/extension';

const encoder = new TextEncoder();

/** The text parts of a tool's result, as the model reads them. */
async function invoke(name: string, input: object): Promise<string> {
	const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
	return result.content.map(part => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

describe('Coding agents in a real VS Code: the language-model tools', () => {
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	const page = () => vscode.Uri.joinPath(folder(), 'guides', 'agent-notes.mdx');

	const teamConfig = () => vscode.Uri.joinPath(folder(), 'mintdoc.json');

	// The team's settings are this test's own (an earlier test may leave a mintdoc.json turning link-broken off).
	before(async () => {
		const content = '{ "rules": { "a11y-*": "off" } }\n';
		await vscode.workspace.fs.writeFile(teamConfig(), encoder.encode(content));
		// A buffer of it may still be open from that test (VS Code keeps closed documents a while; the server reads buffers first).
		const document = await vscode.workspace.openTextDocument(teamConfig());
		if (document.getText() !== content) {
			const edit = new vscode.WorkspaceEdit();
			edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), content);
			await vscode.workspace.applyEdit(edit);
			await document.save();
		}
	});
	after(async () => {
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
		for (const uri of [page(), teamConfig()]) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
	});

	it('check, check draft, site map and components answer through vscode.lm.invokeTool from the running server', async () => {
		const ours = vscode.lm.tools.filter(t => t.name.startsWith('mintdoc_')).map(t => t.name);
		assert.deepEqual(ours.sort(), ['mintdoc_check', 'mintdoc_checkDraft', 'mintdoc_components', 'mintdoc_llmsTxt', 'mintdoc_pageMarkdown', 'mintdoc_siteMap']);
		const text = '---\ntitle: "Agent notes"\n---\n\nRead [the quickstart](/quickstart) and [the old page](/retired-page).\n';
		await vscode.workspace.fs.writeFile(page(), encoder.encode(text));
		// Once the editor shows the finding, the server has the page and the team's settings.
		await waitForDiagnostics(page(), d => d.some(x => x.code === 'link-broken'), 'the new page checked');

		// The one file, then the whole site:
		// the broken link with its 1-based place (line 5, column 55).
		const file = await invoke('mintdoc_check', { file: 'guides/agent-notes.mdx' });
		assert.match(file, /^guides\/agent-notes\.mdx:5:55 error \[link-broken\] No page or file '\/retired-page' in this site\.$/m);
		assert.doesNotMatch(file, /^(?!guides\/agent-notes\.mdx)[^:\n]+:\d+:\d+ /m);
		const site = await invoke('mintdoc_check', {});
		assert.match(site, /^guides\/agent-notes\.mdx:5:55 error \[link-broken\] No page or file '\/retired-page' in this site\.$/m);
		assert.match(site, /\d+ errors?, \d+ warnings? in \d+ files?\.$/);

		// A draft: its own findings, nothing written, the saved file unchanged.
		const draft = await invoke('mintdoc_checkDraft', {
			file: 'guides/agent-notes.mdx',
			text: '---\ntitle: "Agent notes"\n---\n\nSee [errors](/guides/errors) and [payments](/payments-v0).\n\n<Card titel="x">y</Card>\n',
		});
		assert.match(draft, /^Findings of the draft \(not saved\):$/m);
		assert.match(draft, /^guides\/agent-notes\.mdx:5:45 error \[link-broken\] No page or file '\/payments-v0' in this site\.$/m);
		assert.match(draft, /^guides\/agent-notes\.mdx:7:7 \w+ \[component-unknown-prop\]/m);
		assert.doesNotMatch(draft, /retired-page/);
		assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(page())), text);
		assert.match(await invoke('mintdoc_check', { file: 'guides/agent-notes.mdx' }), /retired-page/);

		const map = await invoke('mintdoc_siteMap', {});
		assert.match(map, /^Site "Acme Payments" \(this folder\):$/m);
		assert.match(map, /^ {4}- Quickstart — quickstart\.mdx$/m);
		assert.match(map, /^Pages in no navigation entry: .*guides\/agent-notes\.mdx/m);

		const card = await invoke('mintdoc_components', { name: 'Card' });
		assert.match(card, /^<Card>: /);
		assert.match(card, /^- title \(string\): The title displayed on the card\.$/m);
		await assert.rejects(invoke('mintdoc_components', { name: 'Crad' }), /'Crad' is not a built-in component/);
		await assert.rejects(invoke('mintdoc_check', { file: '../outside.mdx' }), /outside the workspace folders/);
		await assert.rejects(invoke('mintdoc_checkDraft', { file: 'guides/never-written.mdx', text: '# x' }), /does not exist/);

		// What the model read, side by side in an editor, for the screenshot.
		const shown = await vscode.workspace.openTextDocument({
			language: 'markdown',
			content: [
				`#mintdocCheck (file)\n${file}`,
				`#mintdocCheckDraft\n${draft}`,
				`#mintdocSiteMap\n${map.split('\n').slice(0, 14).join('\n')}`,
				`#mintdocComponents Card\n${card.split('\n').slice(0, 6).join('\n')}`,
			].join('\n\n'),
		});
		await vscode.window.showTextDocument(shown);
		await screenshot('lm-tools');
		// The untitled document goes without a save prompt.
		await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
	});

	it("llms.txt and a page's Markdown answer through vscode.lm.invokeTool as the platform would serve them", async () => {
		const customLlms = vscode.Uri.joinPath(folder(), 'llms.txt');
		try {
			// Generated: the site's name as H1, each page linked as its .md (no site.url in this mintdoc.json: the placeholder origin).
			const llms = await invoke('mintdoc_llmsTxt', {});
			assert.match(
				llms,
				/^\/llms\.txt of the site in this folder: generated from the pages, [\d,]+ characters; links use the placeholder https:\/\/example\.com\/docs /,
			);
			assert.match(llms, /\n\n# Acme Payments\n/);
			assert.match(llms, /^- \[Quickstart\]\(https:\/\/example\.com\/docs\/quickstart\.md\): Create your first sandbox payment/m);
			const full = await invoke('mintdoc_llmsTxt', { full: true, file: 'docs.json' });
			assert.match(full, /^\/llms-full\.txt of the site in this folder: generated from the pages/);
			assert.match(full, /^# Quickstart\nSource: https:\/\/example\.com\/docs\/quickstart\n/m);

			// A page as served at <route>.md: title heading, description, no ESM.
			const page = await invoke('mintdoc_pageMarkdown', { file: 'quickstart.mdx' });
			assert.match(page, /^# Quickstart\n\n> Create your first sandbox payment with the Acme Payments API in five minutes\.\n/);
			assert.doesNotMatch(page, /^import /m);
			await assert.rejects(invoke('mintdoc_pageMarkdown', { file: 'docs.json' }), /docs\.json is not a page of the site/);
			await assert.rejects(invoke('mintdoc_pageMarkdown', { file: '../outside.mdx' }), /outside the workspace folders/);
			await assert.rejects(invoke('mintdoc_pageMarkdown', { file: 'guides/never-written.mdx' }), /does not exist/);

			// The site's own root file is served as written, and the answer says so.
			const own = '# Acme Payments, by hand\n\n- [Quickstart](https://acme.test/quickstart.md)\n';
			await vscode.workspace.fs.writeFile(customLlms, encoder.encode(own));
			const custom = await invoke('mintdoc_llmsTxt', { file: 'quickstart.mdx' });
			assert.equal(
				custom,
				`/llms.txt of the site in this folder: the site's own llms.txt (committed at its root), served as written instead of a generated one.\n\n${own}`,
			);
		} finally {
			await vscode.workspace.fs.delete(customLlms).then(undefined, () => undefined);
		}
	});
});

describe('Coding agents in a real VS Code: Set Up Coding Agents…', () => {
	const folder = () => vscode.workspace.workspaceFolders![0].uri;
	const file = (name: string) => vscode.Uri.joinPath(folder(), ...name.split('/'));
	const read = (uri: vscode.Uri) => readFileSync(uri.fsPath, 'utf8');
	let home: string;
	before(() => (home = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-home-'))));
	after(async () => {
		await vscode.commands.executeCommand('workbench.action.closeAllEditors');
		for (const name of ['.vscode/mcp.json', '.mcp.json', 'AGENTS.md']) await vscode.workspace.fs.delete(file(name)).then(undefined, () => undefined);
		rmSync(home, { recursive: true, force: true });
	});

	it('shows each file before writing it, writes only the confirmed ones, merges into an existing mcp.json; a second run finds it done', async () => {
		const api = await vscode.extensions.getExtension<MintDocApi>('mintdoc.mintdoc')!.activate();
		await vscode.workspace.fs.writeFile(
			file('.vscode/mcp.json'),
			encoder.encode('{\n  // the team\'s servers\n  "servers": {\n    "github": { "type": "http", "url": "https://example.test/mcp" }\n  }\n}\n'),
		);
		await vscode.workspace.fs.writeFile(file('AGENTS.md'), encoder.encode('# Agents\n\nUse tabs.\n'));
		const asked: { file: string; shownInEditor: boolean }[] = [];
		const result = await api.agents.setUp({
			home,
			pickAgents: async () => ({ agents: ['vscode', 'claude', 'codex'], agentsMd: true }),
			async confirm(name, text) {
				asked.push({ file: name, shownInEditor: vscode.window.activeTextEditor?.document.getText() === text });
				if (name === '.vscode/mcp.json') await screenshot('set-up-agents');
				// Claude Code's file is declined: it must not be written.
				return name !== '.mcp.json';
			},
		});
		assert.deepEqual(asked, [
			{ file: '.vscode/mcp.json', shownInEditor: true },
			{ file: '.mcp.json', shownInEditor: true },
			{ file: '~/.codex/config.toml', shownInEditor: true },
			{ file: 'AGENTS.md', shownInEditor: true },
		]);
		assert.deepEqual(result, { written: ['.vscode/mcp.json', '~/.codex/config.toml', 'AGENTS.md'], skipped: ['.mcp.json: not confirmed'] });

		const cli = path.join(vscode.extensions.getExtension('mintdoc.mintdoc')!.extensionPath, 'dist', 'cli.js');
		const mcpJson = read(file('.vscode/mcp.json'));
		assert.match(mcpJson, /\/\/ the team's servers/);
		assert.deepEqual(parse(mcpJson), {
			servers: { github: { type: 'http', url: 'https://example.test/mcp' }, mintdoc: { type: 'stdio', command: 'node', args: [cli, 'mcp', '.'] } },
		});
		assert.equal(existsSync(file('.mcp.json').fsPath), false);
		assert.equal(
			read(vscode.Uri.file(path.join(home, '.codex', 'config.toml'))),
			`[mcp_servers.mintdoc]\ncommand = "node"\nargs = [${JSON.stringify(cli)}, "mcp", "."]\n`,
		);
		assert.match(read(file('AGENTS.md')), /^# Agents\n\nUse tabs\.\n\n## Checking documentation changes\n/);
		// No preview left open.
		assert.ok(!vscode.window.tabGroups.all.some(g => g.tabs.some(t => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'mintdoc-agent-setup')));

		const again = await api.agents.setUp({
			home,
			pickAgents: async () => ({ agents: ['vscode'], agentsMd: true }),
			confirm: async () => assert.fail('nothing to confirm: both files are set up'),
		});
		assert.deepEqual(again, { written: [], skipped: ['.vscode/mcp.json: already set up', 'AGENTS.md: already set up'] });
		assert.equal(api.agents.mcpRegistered, typeof (vscode.lm as unknown as Record<string, unknown>).registerMcpServerDefinitionProvider === 'function');
	});
});
