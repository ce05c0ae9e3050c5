import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DefinitionRequest, FileChangeType, RenameRequest, type LocationLink, type WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LspClient } from '../helpers/lspClient';
import { positionOf } from '../helpers/siteCheck';
import { copyFixturesNamed } from '../helpers/tempSite';

/*
 * Editors spell the same file URI in several ways: Node's pathToFileURL (and so many editors' own
 * encoders) leaves `+` as it is, VS Code's vscode-uri writes `%2B`. The server must see one spelling
 * (a folder spelled one way and its files the other made every docs.json entry "No page") and answer
 * on the spelling the client used, which editors match by exact string.
 */
describe('language server over JSON-RPC: URIs as the client spells them', function () {
	this.timeout(120_000);
	let site: ReturnType<typeof copyFixturesNamed>;
	let client: LspClient | undefined;
	/** A path of the copy as Node's pathToFileURL spells it (`+` kept, a space as `%20`). */
	const spelled = (relative: string) => pathToFileURL(site.path(relative)).href;
	beforeEach(() => {
		site = copyFixturesNamed('docs+site v2', 'features');
		writeFileSync(site.path('features/broken.mdx'), '---\ntitle: Broken\n---\n\nSee [nowhere](/nowhere).\n');
		writeFileSync(site.path('features/index.mdx'), '---\ntitle: Welcome\n---\n\n# Welcome\n\n[Install](/guides/setup#setup)\n');
	});
	afterEach(async () => {
		await client?.stop();
		client = undefined;
		site.dispose();
	});

	it('checks a folder spelled with an unencoded `+` without false findings, and publishes on the client’s spelling', async () => {
		const folder = pathToFileURL(site.dir).href;
		// The premise: the two spellings of the folder differ.
		assert.notEqual(folder, site.uri);
		assert.match(folder, /docs\+site%20v2$/);
		client = await LspClient.start([folder]);
		const docsUri = spelled('features/docs.json');
		const text = readFileSync(site.path('features/docs.json'), 'utf8');
		await client.open(docsUri, text);
		const docsFindings = await client.waitForDiagnostics(docsUri, d => d.length > 0, 'the missing page of docs.json', 60_000);
		// Only the entry that names no file ("guides/mising"), not index, guides/setup, guides/advanced.
		assert.deepEqual(
			docsFindings.map(d => [d.code, d.range.start.line]),
			[['page-not-found', positionOf(text, '"guides/mising"')[0]]],
		);
		// A page nobody opened: published in the folder's spelling.
		const broken = await client.waitForDiagnostics(spelled('features/broken.mdx'), d => d.length > 0, 'the broken link', 60_000);
		assert.deepEqual(
			broken.map(d => d.code),
			['link-broken'],
		);
		assert.deepEqual(
			client.published.filter(p => !p.uri.startsWith(`${folder}/`)).map(p => p.uri),
			[],
			'every publish uses the spelling of the folder the client sent',
		);

		// Go to definition from the docs.json entry: the target in the client's spelling.
		const [line, character] = positionOf(text, '"guides/setup"');
		const definition = (await client.connection.sendRequest(DefinitionRequest.type, {
			textDocument: { uri: docsUri },
			position: { line, character: character + 2 },
		})) as LocationLink[];
		assert.deepEqual(
			definition.map(d => d.targetUri),
			[spelled('features/guides/setup.mdx')],
		);

		// A heading renamed: the edit names both files in the client's spelling.
		const setupUri = spelled('features/guides/setup.mdx');
		await client.open(setupUri, readFileSync(site.path('features/guides/setup.mdx'), 'utf8'));
		const edit = (await client.connection.sendRequest(RenameRequest.type, {
			textDocument: { uri: setupUri },
			position: { line: 5, character: 3 },
			newName: 'Install',
		})) as WorkspaceEdit;
		assert.deepEqual(Object.keys(edit.changes ?? {}).sort(), [spelled('features/guides/setup.mdx'), spelled('features/index.mdx')].sort());

		// A file created, reported by the client's watcher in its spelling: the missing page is found.
		mkdirSync(site.path('features/guides'), { recursive: true });
		writeFileSync(site.path('features/guides/mising.mdx'), '---\ntitle: Found\n---\n\n# Found\n');
		await client.filesChanged([{ uri: spelled('features/guides/mising.mdx'), type: FileChangeType.Created }]);
		await client.waitForDiagnostics(docsUri, d => d.length === 0, 'docs.json cleared once the page exists', 60_000);
	});

	it('answers on the spelling each document was opened with, when it differs from the folder’s', async () => {
		const folder = pathToFileURL(site.dir).href;
		client = await LspClient.start([folder]);
		await client.waitForStatus(s => s.state === 'ready' && s.roots.length === 1);
		// Opened in vscode-uri's spelling (`%2B`) while the folder came in Node's (`+`).
		const pageUri = site.fileUri('features/guides/advanced.mdx');
		assert.notEqual(pageUri, spelled('features/guides/advanced.mdx'));
		await client.open(pageUri, '---\ntitle: Advanced\n---\n\nSee [gone](/guides/gone).\n');
		const found = await client.waitForDiagnostics(pageUri, d => d.some(x => x.code === 'link-broken'), 'the broken link on the opened spelling', 60_000);
		assert.deepEqual(
			found.map(d => d.code),
			['link-broken'],
		);
		assert.equal(client.diagnostics(spelled('features/guides/advanced.mdx')), undefined, 'nothing published on the other spelling');
	});
});
