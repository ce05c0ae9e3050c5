import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { CodeActionRequest, type CodeAction, type Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

const codesOf = (diagnostics: readonly Diagnostic[]) => diagnostics.map(d => String(d.code)).filter(c => c.startsWith('page-') || c.startsWith('llms-'));

// Issue 53: the rules that judge every page together run in the editor too, in the background after the pages are checked.
describe('language server over JSON-RPC: page titles and descriptions', function () {
	this.timeout(90_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;
	beforeEach(async () => {
		site = copyFixtures('page-metadata');
		client = await LspClient.start([site.uri]);
		await client.waitForStatus(s => s.state === 'ready');
	});
	afterEach(async () => {
		await client.stop();
		site.dispose();
	});

	it('reports a missing description with a quick fix that writes the first paragraph into the frontmatter', async () => {
		const uri = site.fileUri('page-metadata/index.mdx');
		const diagnostics = await client.waitForDiagnostics(uri, d => d.some(x => x.code === 'page-description-missing'), 'page-description-missing');
		const missing = diagnostics.find(d => d.code === 'page-description-missing')!;
		assert.deepEqual(missing.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 16 } });
		assert.equal(missing.severity, 3);
		const text = readFileSync(site.path('page-metadata/index.mdx'), 'utf8');
		await client.open(uri, text);
		const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
			textDocument: { uri },
			range: missing.range,
			context: { diagnostics: [missing] },
		})) as CodeAction[];
		const fix = actions.find(a => a.diagnostics?.[0]?.code === 'page-description-missing');
		assert.ok(fix, `a quick fix among ${JSON.stringify(actions.map(a => a.title))}`);
		assert.deepEqual(fix.edit?.changes?.[uri], [
			{
				range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } },
				newText: 'description: "Metadata Docs explains how to install the tool and set it up in a few minutes."\n',
			},
		]);
	});

	it('marks two pages sharing a description, and clears both when one is edited to differ', async () => {
		const setup = site.fileUri('page-metadata/setup.mdx');
		const install = site.fileUri('page-metadata/install.mdx');
		const [onSetup] = await Promise.all([
			client.waitForDiagnostics(setup, d => d.some(x => x.code === 'page-description-duplicate'), 'duplicate on setup'),
			client.waitForDiagnostics(install, d => d.some(x => x.code === 'page-description-duplicate'), 'duplicate on install'),
		]);
		const duplicate = onSetup.find(d => d.code === 'page-description-duplicate')!;
		assert.deepEqual(duplicate.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 31 } });
		assert.match(duplicate.message, /The same description as install\.mdx/);
		// Typed, not saved: the buffer is what the rules read.
		const text = readFileSync(site.path('page-metadata/install.mdx'), 'utf8');
		await client.open(install, text);
		client.change(install, 2, [{ text: text.replace('Set the tool up.', 'Install the tool.') }]);
		await Promise.all([
			client.waitForDiagnostics(setup, d => !codesOf(d).includes('page-description-duplicate'), 'setup clear'),
			client.waitForDiagnostics(install, d => !codesOf(d).includes('page-description-duplicate'), 'install clear'),
		]);
	});

	it('follows mintdoc.json: a rule turned off disappears, an off-by-default rule turned on appears', async () => {
		const index = site.fileUri('page-metadata/index.mdx');
		const setup = site.fileUri('page-metadata/setup.mdx');
		await client.waitForDiagnostics(index, d => codesOf(d).includes('page-description-missing'), 'page-description-missing');
		writeFileSync(
			site.path('page-metadata/mintdoc.json'),
			JSON.stringify({ rules: { 'page-description-missing': 'off', 'page-description-length': ['warning', { min: 20, max: 160 }] } }),
		);
		await client.filesChanged([{ uri: site.fileUri('page-metadata/mintdoc.json'), type: 1 }]);
		await client.waitForDiagnostics(index, d => !codesOf(d).includes('page-description-missing'), 'missing turned off');
		// The rule's options are read by the next run of the rules (a second later); until then the team's switch applies to what was found.
		const onSetup = await client.waitForDiagnostics(
			setup,
			d => d.some(x => x.code === 'page-description-length' && /wants 20 to 160/.test(x.message)),
			'length turned on with its options',
		);
		assert.deepEqual(
			onSetup.filter(d => d.code === 'page-description-length').map(d => [d.range, d.severity, d.message]),
			[
				[
					{ start: { line: 2, character: 0 }, end: { line: 2, character: 31 } },
					2,
					'The description has 16 characters; the team wants 20 to 160 (search result snippets).',
				],
			],
		);
	});
});
