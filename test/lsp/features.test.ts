import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import {
	CodeActionRequest,
	FileChangeType,
	CompletionRequest,
	CompletionResolveRequest,
	DefinitionRequest,
	DocumentLinkRequest,
	DocumentSymbolRequest,
	HoverRequest,
	ReferencesRequest,
	WillRenameFilesRequest,
	type CompletionItem,
	type CompletionList,
	type Diagnostic,
	type DocumentSymbol,
	type Hover,
	type LocationLink,
	type WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { URI } from 'vscode-uri';
import { LspClient } from '../helpers/lspClient';
import { positionOf } from '../helpers/siteCheck';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: docs.json editor features', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;
	let docsUri: string;
	let text: string;
	const at = (needle: string, delta = 1, occurrence = 0) => {
		const [line, character] = positionOf(text, needle, occurrence);
		return { line, character: character + delta };
	};

	beforeEach(async () => {
		site = copyFixtures('features');
		client = await LspClient.start([site.uri]);
		await client.waitForStatus(s => s.state === 'ready');
		docsUri = site.fileUri('features/docs.json');
		text = readFileSync(site.path('features/docs.json'), 'utf8');
		await client.open(docsUri, text);
	});
	afterEach(async () => {
		await client.stop();
		site.dispose();
	});

	it('completes page paths not yet listed in the group, unlisted pages first, with titles on resolve', async () => {
		const list = (await client.connection.sendRequest(CompletionRequest.type, {
			textDocument: { uri: docsUri },
			position: at('"guides/setup"', 1),
		})) as CompletionList;
		const labels = list.items.map(i => i.label);
		// index and guides/setup are already in this group; guides/mising has no file.
		assert.deepEqual(labels.sort(), ['guides/advanced', 'orphan']);
		const orphan = list.items.find(i => i.label === 'orphan')!;
		const advanced = list.items.find(i => i.label === 'guides/advanced')!;
		assert.ok(orphan.sortText! < advanced.sortText!, 'a page not in the navigation yet sorts first');
		assert.deepEqual(orphan.textEdit, { range: { start: at('"guides/setup"', 0), end: at('"guides/setup"', '"guides/setup"'.length) }, newText: '"orphan"' });
		const resolved = (await client.connection.sendRequest(CompletionResolveRequest.type, orphan)) as CompletionItem;
		assert.equal(resolved.detail, 'An orphan page');
	});

	it('completes the navigation keys valid at the position: none beside existing children, all for an empty element', async () => {
		const keysAt = async (position: { line: number; character: number }) =>
			((await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: docsUri }, position })) as CompletionList | null)?.items.map(
				i => i.label,
			) ?? [];
		// Inside the language element, which already holds "tabs": no other kind of child may be added.
		assert.deepEqual(await keysAt(at('"language": "en",', '"language": "en",'.length)), []);
		// A tab without children yet: every kind a tab may hold, menu included.
		const emptyTab = text.replace('"tab": "Guides",', '"tab": "Guides", ,');
		await client.change(docsUri, 2, [{ text: emptyTab.replace(/"groups": \[[\s\S]*?\n {12}\]\n/, '') }]);
		text = emptyTab.replace(/"groups": \[[\s\S]*?\n {12}\]\n/, '');
		const items = (await client.connection.sendRequest(CompletionRequest.type, {
			textDocument: { uri: docsUri },
			position: at('"tab": "Guides", ', '"tab": "Guides", '.length),
		})) as CompletionList;
		assert.deepEqual(
			items.items.map(i => i.label),
			['pages', 'groups', 'menu', 'anchors', 'dropdowns', 'products', 'versions', 'languages'],
		);
		assert.deepEqual(items.items[1].textEdit?.newText, '"groups": [$0]');
	});

	it('completes language codes with their names', async () => {
		const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: docsUri }, position: at('"en"', 1) })) as CompletionList;
		// Every code the platform's validator accepts, and the specification's ua.
		assert.equal(list.items.length, 41);
		assert.deepEqual(list.items.find(i => i.label === 'pt-BR')?.detail, 'Portuguese (Brazil)');
		assert.deepEqual(list.items.find(i => i.label === 'ja')?.detail, 'Japanese');
	});

	it('hovers a page entry with its frontmatter title and description', async () => {
		const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: docsUri }, position: at('"guides/setup"', 3) })) as Hover;
		assert.deepEqual(hover.contents, { kind: 'markdown', value: '**Set up the SDK**\n\nInstall and configure it\\.\n\n`guides/setup.mdx`' });
		assert.deepEqual(hover.range, { start: at('"guides/setup"', 0), end: at('"guides/setup"', '"guides/setup"'.length) });
	});

	it('goes to the page file from an entry, and links every entry', async () => {
		const definition = (await client.connection.sendRequest(DefinitionRequest.type, {
			textDocument: { uri: docsUri },
			position: at('"guides/setup"', 2),
		})) as LocationLink[];
		assert.deepEqual(
			definition.map(d => d.targetUri),
			[site.fileUri('features/guides/setup.mdx')],
		);
		const links = await client.connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri: docsUri } });
		assert.deepEqual(links!.map(l => URI.parse(l.target!).fsPath.slice(site.dir.length + 1)).sort(), [
			'features/guides/advanced.mdx',
			'features/guides/setup.mdx',
			'features/index.mdx',
		]);
	});

	it('finds the entries that name a page, from the page file', async () => {
		const pageUri = site.fileUri('features/guides/setup.mdx');
		await client.open(pageUri, readFileSync(site.path('features/guides/setup.mdx'), 'utf8'));
		const refs = await client.connection.sendRequest(ReferencesRequest.type, {
			textDocument: { uri: pageUri },
			position: { line: 0, character: 0 },
			context: { includeDeclaration: false },
		});
		assert.deepEqual(refs, [{ uri: docsUri, range: { start: at('"guides/setup"', 1), end: at('"guides/setup"', '"guides/setup'.length) } }]);
	});

	it('outlines the site as it renders: language › tab › group › page', async () => {
		const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: docsUri } })) as DocumentSymbol[];
		const shape = (s: DocumentSymbol): unknown => (s.children?.length ? { [s.name]: s.children.map(shape) } : s.name);
		assert.deepEqual(symbols.map(shape), [
			{ '(navigation without a name)': [{ en: [{ Guides: [{ Start: ['index', 'guides/setup', { Advanced: ['guides/advanced', 'guides/mising'] }] }] }] }] },
		]);
	});

	it('offers "Create page" and "Change to" for a missing page; creating it clears the error', async () => {
		const diagnostics = await client.waitForDiagnostics(docsUri, d => d.some(x => x.code === 'page-not-found'));
		const missing = diagnostics.filter(d => d.code === 'page-not-found') as Diagnostic[];
		const actions = await client.connection.sendRequest(CodeActionRequest.type, {
			textDocument: { uri: docsUri },
			range: missing[0].range,
			context: { diagnostics: missing },
		});
		assert.deepEqual(
			actions!.map(a => a.title),
			["Create page 'guides/mising.mdx'"],
		);
		const create = actions![0] as { edit: WorkspaceEdit };
		const changes = create.edit.documentChanges!;
		const newFile = site.fileUri('features/guides/mising.mdx');
		assert.deepEqual(changes[0], { kind: 'create', uri: newFile, options: { ignoreIfExists: true } });
		const content = (changes[1] as { edits: { newText: string }[] }).edits[0].newText;
		assert.equal(content, '---\ntitle: "Mising"\ndescription: ""\n---\n\n');
		// Apply it as the editor would: the file appears and the watcher reports it.
		writeFileSync(URI.parse(newFile).fsPath, content);
		await client.filesChanged([{ uri: newFile, type: FileChangeType.Created }]);
		await client.waitForDiagnostics(docsUri, d => !d.some(x => x.code === 'page-not-found'), 'the missing-page error to clear');
	});

	it('suggests the closest page for a typo', async () => {
		await client.change(docsUri, 2, [
			{ range: { start: at('"guides/mising"', 1), end: at('"guides/mising"', '"guides/mising'.length) }, text: 'guides/advnced' },
		]);
		const diagnostics = await client.waitForDiagnostics(docsUri, d => d.some(x => x.code === 'page-not-found' && /advnced/.test(x.message)));
		const missing = diagnostics.filter(d => d.code === 'page-not-found') as Diagnostic[];
		const actions = await client.connection.sendRequest(CodeActionRequest.type, {
			textDocument: { uri: docsUri },
			range: missing[0].range,
			context: { diagnostics: missing },
		});
		assert.deepEqual(
			actions!.map(a => [a.title, (a as { isPreferred?: boolean }).isPreferred]),
			[
				["Change to 'guides/advanced'", true],
				["Create page 'guides/advnced.mdx'", undefined],
			],
		);
	});

	it('renaming a page rewrites its entries in docs.json', async () => {
		client.settings['mintdoc.pages'] = { addRedirectOnMove: false };
		const edit = (await client.connection.sendRequest(WillRenameFilesRequest.type, {
			files: [{ oldUri: site.fileUri('features/guides/setup.mdx'), newUri: site.fileUri('features/start/install.mdx') }],
		})) as WorkspaceEdit;
		assert.deepEqual(edit, {
			changes: { [docsUri]: [{ range: { start: at('"guides/setup"', 0), end: at('"guides/setup"', '"guides/setup"'.length) }, newText: '"start/install"' }] },
		});
		const folder = (await client.connection.sendRequest(WillRenameFilesRequest.type, {
			files: [{ oldUri: site.fileUri('features/guides'), newUri: site.fileUri('features/docs') }],
		})) as WorkspaceEdit;
		assert.deepEqual(
			folder.changes![docsUri].map(e => e.newText),
			['"docs/setup"', '"docs/advanced"'],
		);
		assert.ok(existsSync(site.path('features/guides/setup.mdx')), 'the server only proposes edits');
	});

	it('moving a page also rewrites links to it in every page and adds a redirect', async () => {
		writeFileSync(site.path('features/index.mdx'), '# Welcome\n\n[Setup](/guides/setup#setup) and [again](guides/setup).\n');
		writeFileSync(site.path('features/guides/advanced.mdx'), '# Advanced\n\nBack to [setup](setup) or [home](../index).\n');
		await client.filesChanged([
			{ uri: site.fileUri('features/index.mdx'), type: FileChangeType.Changed },
			{ uri: site.fileUri('features/guides/advanced.mdx'), type: FileChangeType.Changed },
		]);
		const edit = (await client.connection.sendRequest(WillRenameFilesRequest.type, {
			files: [{ oldUri: site.fileUri('features/guides/setup.mdx'), newUri: site.fileUri('features/start/install.mdx') }],
		})) as WorkspaceEdit;
		const changes = edit.changes!;
		assert.deepEqual(
			changes[site.fileUri('features/index.mdx')].map(e => e.newText),
			['/start/install#setup', 'start/install'],
		);
		assert.deepEqual(
			changes[site.fileUri('features/guides/advanced.mdx')].map(e => e.newText),
			['../start/install'],
		);
		const docs = JSON.parse(changes[docsUri][0].newText);
		assert.deepEqual(docs.redirects, [{ source: '/guides/setup', destination: '/start/install' }]);
		assert.equal(docs.navigation.languages[0].tabs[0].groups[0].pages[1], 'start/install');
		// Moving it back drops the redirect that would now shadow (and loop on) the page.
		writeFileSync(site.path('features/docs.json'), changes[docsUri][0].newText);
		await client.change(docsUri, 2, [{ text: changes[docsUri][0].newText }]);
		mkdirSync(site.path('features/start'));
		renameSync(site.path('features/guides/setup.mdx'), site.path('features/start/install.mdx'));
		await client.filesChanged([
			{ uri: site.fileUri('features/guides/setup.mdx'), type: FileChangeType.Deleted },
			{ uri: site.fileUri('features/start/install.mdx'), type: FileChangeType.Created },
		]);
		const back = (await client.connection.sendRequest(WillRenameFilesRequest.type, {
			files: [{ oldUri: site.fileUri('features/start/install.mdx'), newUri: site.fileUri('features/guides/setup.mdx') }],
		})) as WorkspaceEdit;
		assert.deepEqual(JSON.parse(back.changes![docsUri][0].newText).redirects, [{ source: '/start/install', destination: '/guides/setup' }]);
	});
});
