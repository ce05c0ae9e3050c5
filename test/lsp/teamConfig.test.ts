import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { CodeActionRequest, FileChangeType, type CodeAction } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: mintdoc.json', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;

	beforeEach(() => {
		site = copyFixtures('minimal');
		writeFileSync(site.path('minimal/index.mdx'), '# Home\n\n![](https://x.dev/a.png)\n\n[x](/nowhere)\n');
	});
	afterEach(async () => {
		await client?.stop();
		site.dispose();
	});

	const summary = (d: { code?: string | number; severity?: DiagnosticSeverity }[]) => d.map(x => `${String(x.code)} ${x.severity}`);

	it('applies mintdoc.json from the start and re-publishes when it changes on disk, without a restart', async () => {
		writeFileSync(site.path('minimal/mintdoc.json'), '{ "rules": { "link-broken": "warn" } }');
		client = await LspClient.start([site.uri]);
		const page = site.fileUri('minimal/index.mdx');
		const first = await client.waitForDiagnostics(page, d => d.length === 2, 'the page checked with mintdoc.json applied');
		assert.deepEqual(summary(first), [`a11y-missing-alt ${DiagnosticSeverity.Warning}`, `link-broken ${DiagnosticSeverity.Warning}`]);

		writeFileSync(site.path('minimal/mintdoc.json'), '{ "rules": { "link-broken": "hint", "a11y-*": "off" } }');
		await client.filesChanged([{ uri: site.fileUri('minimal/mintdoc.json'), type: FileChangeType.Changed }]);
		const second = await client.waitForDiagnostics(page, d => d.length === 1, 'the new settings');
		assert.deepEqual(summary(second), [`link-broken ${DiagnosticSeverity.Hint}`]);

		writeFileSync(site.path('minimal/mintdoc.json'), '{ "ignore": ["index.mdx"] }');
		await client.filesChanged([{ uri: site.fileUri('minimal/mintdoc.json'), type: FileChangeType.Changed }]);
		await client.waitForDiagnostics(page, d => d.length === 0, 'the page ignored');
	});

	it('follows an unsaved mintdoc.json buffer and publishes its own findings at their ranges', async () => {
		client = await LspClient.start([site.uri]);
		const page = site.fileUri('minimal/index.mdx');
		const defaults = await client.waitForDiagnostics(page, d => d.length === 2, 'the defaults');
		assert.deepEqual(summary(defaults), [`a11y-missing-alt ${DiagnosticSeverity.Warning}`, `link-broken ${DiagnosticSeverity.Error}`]);
		const config = site.fileUri('minimal/mintdoc.json');
		await client.open(config, '{\n  "rules": {\n    "link-brokn": "off",\n    "a11y-missing-alt": "error"\n  }\n}\n');
		const findings = await client.waitForDiagnostics(config, d => d.length > 0, 'findings on mintdoc.json');
		assert.deepEqual(
			findings.map(d => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character]),
			[['mintdoc-json-unknown-rule', DiagnosticSeverity.Error, 2, 4, 2, 16]],
		);
		assert.match(findings[0].message, /did you mean 'link-broken'\?/);
		const applied = await client.waitForDiagnostics(page, d => d[0]?.severity === DiagnosticSeverity.Error && d.length === 2, 'the valid part applied');
		assert.deepEqual(summary(applied), [`a11y-missing-alt ${DiagnosticSeverity.Error}`, `link-broken ${DiagnosticSeverity.Error}`]);
		// Fixed in the buffer: its finding clears, and the rule it names is turned off.
		await client.change(config, 2, [{ text: '{ "rules": { "link-broken": "off" } }' }]);
		await client.waitForDiagnostics(config, d => d.length === 0, 'mintdoc.json clean');
		const fixed = await client.waitForDiagnostics(page, d => d.length === 1, 'link-broken off');
		assert.deepEqual(summary(fixed), [`a11y-missing-alt ${DiagnosticSeverity.Warning}`]);
	});

	it("applies a page's disable comments as it is edited, and reports one that silences nothing", async () => {
		writeFileSync(site.path('minimal/mintdoc.json'), '{ "rules": { "a11y-*": "off" } }');
		client = await LspClient.start([site.uri]);
		const page = site.fileUri('minimal/index.mdx');
		await client.waitForDiagnostics(page, d => d.length === 1, 'link-broken');
		await client.open(page, '# Home\n\n{/* mintdoc-disable-next-line link-broken */}\n[x](/nowhere)\n');
		await client.waitForDiagnostics(page, d => d.length === 0, 'link-broken silenced');
		// The comment now sits above a clean line: it silences nothing.
		await client.change(page, 2, [{ text: '# Home\n\n{/* mintdoc-disable-next-line link-broken */}\n\n[x](/nowhere)\n' }]);
		const unused = await client.waitForDiagnostics(page, d => d.length === 2, 'the finding back, the comment unused');
		assert.deepEqual(
			unused.map(d => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character]),
			[
				['link-broken', DiagnosticSeverity.Error, 4, 4, 12],
				['unused-disable-directive', DiagnosticSeverity.Warning, 2, 0, 45],
			],
		);
		// Its severity is the team's to set, like any rule's.
		writeFileSync(site.path('minimal/mintdoc.json'), '{ "rules": { "a11y-*": "off", "unused-disable-directive": "off" } }');
		await client.filesChanged([{ uri: site.fileUri('minimal/mintdoc.json'), type: FileChangeType.Changed }]);
		await client.waitForDiagnostics(page, d => d.length === 1, 'the unused comment off');
	});

	it('offers "Disable <code> for this line", inserting the comment above, indented like the line; the edit silences it', async () => {
		client = await LspClient.start([site.uri]);
		const page = site.fileUri('minimal/index.mdx');
		const text = '---\ntitle: Home\n---\n\n<Note>\n  See [x](/nowhere).\n</Note>\n';
		await client.open(page, text);
		const found = await client.waitForDiagnostics(page, d => d.some(x => x.code === 'link-broken'), 'link-broken');
		const broken = found.filter(d => d.code === 'link-broken');
		const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
			textDocument: { uri: page },
			range: broken[0].range,
			context: { diagnostics: broken },
		})) as CodeAction[];
		const disable = actions.find(a => a.title === 'Disable link-broken for this line');
		assert.ok(disable, actions.map(a => a.title).join(', '));
		const edits = disable.edit?.changes?.[page] ?? [];
		assert.deepEqual(edits, [
			{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, newText: '  {/* mintdoc-disable-next-line link-broken */}\n' },
		]);
		const edited = TextDocument.applyEdits(TextDocument.create(page, 'mdx', 1, text), edits);
		await client.change(page, 2, [{ text: edited }]);
		await client.waitForDiagnostics(page, d => !d.some(x => x.code === 'link-broken' || x.code === 'mdx-syntax'), 'silenced, and still valid MDX');
	});

	it('offers "Turn off <code> in mintdoc.json": into the existing file keeping its comments, or a new file beside docs.json', async () => {
		client = await LspClient.start([site.uri]);
		const page = site.fileUri('minimal/index.mdx');
		const found = await client.waitForDiagnostics(page, d => d.length === 2, 'the defaults');
		const broken = found.filter(d => d.code === 'link-broken');
		// Quick fixes are asked for open documents.
		await client.open(page, readFileSync(site.path('minimal/index.mdx'), 'utf8'));
		const ask = async () =>
			(
				(await client.connection.sendRequest(CodeActionRequest.type, {
					textDocument: { uri: page },
					range: broken[0].range,
					context: { diagnostics: broken },
				})) as CodeAction[]
			).find(a => a.title === 'Turn off link-broken in mintdoc.json');
		const create = await ask();
		const config = site.fileUri('minimal/mintdoc.json');
		assert.deepEqual(create?.edit?.documentChanges, [
			{ kind: 'create', uri: config, options: { ignoreIfExists: true } },
			{
				textDocument: { uri: config, version: null },
				edits: [
					{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: '{\n  "rules": {\n    "link-broken": "off"\n  }\n}\n' },
				],
			},
		]);
		const before = '{\n  // ours\n  "rules": { "a11y-missing-alt": "warn" }\n}\n';
		writeFileSync(site.path('minimal/mintdoc.json'), before);
		await client.filesChanged([{ uri: config, type: FileChangeType.Created }]);
		const into = await ask();
		const after = TextDocument.applyEdits(TextDocument.create(config, 'jsonc', 1, before), into?.edit?.changes?.[config] ?? []);
		assert.equal(after, '{\n  // ours\n  "rules": {\n    "a11y-missing-alt": "warn",\n    "link-broken": "off"\n  }\n}\n');
		writeFileSync(site.path('minimal/mintdoc.json'), after);
		await client.filesChanged([{ uri: config, type: FileChangeType.Changed }]);
		await client.waitForDiagnostics(page, d => d.length === 1 && d[0].code === 'a11y-missing-alt', 'link-broken off');
		assert.equal(readFileSync(site.path('minimal/mintdoc.json'), 'utf8'), after);
	});
});
