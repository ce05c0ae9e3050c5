import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
	CodeActionRequest,
	CompletionRequest,
	HoverRequest,
	type Hover,
	FileChangeType,
	PrepareRenameRequest,
	ReferencesRequest,
	WillRenameFilesRequest,
	type Location,
	RenameRequest,
	type WorkspaceEdit,
	DefinitionRequest,
	DocumentLinkRequest,
	DocumentSymbolRequest,
	FoldingRangeRequest,
	type CompletionList,
	type DocumentSymbol,
	type LocationLink,
} from 'vscode-languageserver-protocol';
import { AutoCloseTagRequest } from '../../server/src/protocol';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: MDX pages', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;
	beforeEach(async () => {
		site = copyFixtures('features');
		writeFileSync(site.path('features/broken.mdx'), '---\ntitle: Broken\n---\n\n<Note>\nnever closed\n');
		client = await LspClient.start([site.uri]);
		await client.waitForStatus(s => s.state === 'ready');
	});
	afterEach(async () => {
		await client.stop();
		site.dispose();
	});
	/** Writes a new page under the fixture site, tells the server (as the client's watcher would) and opens it. */
	const openNewPage = async (relative: string, text: string) => {
		const uri = site.fileUri(`features/${relative}`);
		writeFileSync(site.path(`features/${relative}`), text);
		await client.filesChanged([{ uri, type: FileChangeType.Created }]);
		await client.open(uri, text);
		return uri;
	};
	const completionAt = async (uri: string, line: number, character: number) =>
		(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line, character } })) as CompletionList;
	const writeCalloutSnippet = () => {
		mkdirSync(site.path('features/snippets'));
		writeFileSync(site.path('features/snippets/callout-box.jsx'), 'export const CalloutBox = ({ title }) => <div>{title}</div>;\n');
	};

	it('publishes diagnostics of pages nobody opened', async () => {
		const broken = await client.waitForDiagnostics(site.fileUri('features/broken.mdx'), d => d.length > 0);
		assert.deepEqual(
			broken.map(d => [d.code, d.range.start.line, d.range.start.character]),
			[['mdx-syntax', 4, 0]],
		);
	});

	it('follows edits of an open page', async () => {
		const index = site.fileUri('features/index.mdx');
		const text = readFileSync(site.path('features/index.mdx'), 'utf8');
		await client.open(index, text);
		await client.change(index, 2, [{ text: text + '\nSee [setup](/guides/setpu) and <Note>unclosed\n' }]);
		const broken = await client.waitForDiagnostics(index, d => d.some(x => x.code === 'mdx-syntax'));
		assert.deepEqual(
			broken.map(d => d.code),
			['mdx-syntax'],
		);
		await client.change(index, 3, [{ text: text + '\nSee [setup](/guides/setpu).\n' }]);
		const link = await client.waitForDiagnostics(index, d => d.some(x => x.code === 'link-broken'));
		assert.deepEqual(
			link.map(d => [d.code, d.range.start.line, d.range.start.character]),
			[['link-broken', 6, 12]],
		);
		await client.change(index, 4, [{ text }]);
		await client.waitForDiagnostics(index, d => d.length === 0, 'cleared diagnostics');
	});

	it('finds references of a page and of a heading, and renames a heading with every link to it', async () => {
		writeFileSync(site.path('features/index.mdx'), '# Welcome\n\n[Setup](/guides/setup) and [install](guides/setup#setup).\n');
		await client.filesChanged([{ uri: site.fileUri('features/index.mdx'), type: FileChangeType.Changed }]);
		const setup = site.fileUri('features/guides/setup.mdx');
		const text = readFileSync(site.path('features/guides/setup.mdx'), 'utf8');
		await client.open(setup, text);
		const pageRefs = await client.connection.sendRequest(ReferencesRequest.type, {
			textDocument: { uri: setup },
			position: { line: 1, character: 0 },
			context: { includeDeclaration: false },
		});
		const short = (uri: string) => uri.slice(site.uri.length + 1);
		assert.deepEqual(
			pageRefs!.map(r => [short(r.uri), r.range.start.line, r.range.start.character]),
			[
				['features/docs.json', 16, 19],
				['features/index.mdx', 2, 8],
				['features/index.mdx', 2, 37],
			],
		);
		const headingRefs = await client.connection.sendRequest(ReferencesRequest.type, {
			textDocument: { uri: setup },
			position: { line: 5, character: 3 },
			context: { includeDeclaration: false },
		});
		assert.deepEqual(
			headingRefs!.map(r => [short(r.uri), r.range.start.character]),
			[['features/index.mdx', 37]],
		);
		const prepared = await client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri: setup }, position: { line: 5, character: 3 } });
		assert.deepEqual(prepared, { range: { start: { line: 5, character: 2 }, end: { line: 5, character: 7 } }, placeholder: 'Setup' });
		const edit = (await client.connection.sendRequest(RenameRequest.type, {
			textDocument: { uri: setup },
			position: { line: 5, character: 3 },
			newName: 'Install and configure',
		})) as WorkspaceEdit;
		assert.deepEqual(Object.fromEntries(Object.entries(edit.changes!).map(([uri, edits]) => [short(uri), edits.map(e => e.newText)])), {
			'features/guides/setup.mdx': ['Install and configure'],
			'features/index.mdx': ['guides/setup#install-and-configure'],
		});
		assert.equal(await client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri: setup }, position: { line: 1, character: 2 } }), null);
	});

	it('outlines, folds, links and completes in a page', async () => {
		const uri = site.fileUri('features/guides/advanced.mdx');
		const text =
			'---\ntitle: Advanced\n---\n\n# Advanced\n\n## Install\n\nSee [setup](/guides/setup#setup) or [here](#install).\n\n## Configure\n\n```js\nx\n```\n';
		await client.open(uri, text);
		const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
		assert.deepEqual(
			symbols.map(s => [s.name, s.children?.map(c => c.name)]),
			[['Advanced', ['Install', 'Configure']]],
		);
		const folds = await client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } });
		assert.deepEqual(
			folds!.map(f => [f.startLine, f.endLine]).sort((a, b) => a[0] - b[0] || a[1] - b[1]),
			[
				[0, 2],
				[4, 15],
				[6, 9],
				[10, 15],
				[12, 14],
			],
		);
		const links = await client.connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri } });
		assert.deepEqual(
			links!.map(l => l.target!.slice(site.uri.length)),
			['/features/guides/setup.mdx#L6', '/features/guides/advanced.mdx#L7'],
		);
		const definition = (await client.connection.sendRequest(DefinitionRequest.type, {
			textDocument: { uri },
			position: { line: 8, character: 15 },
		})) as LocationLink[];
		assert.deepEqual([definition[0].targetUri, definition[0].targetRange.start.line], [site.fileUri('features/guides/setup.mdx'), 5]);
		await client.change(uri, 2, [{ range: { start: { line: 8, character: 0 }, end: { line: 8, character: 0 } }, text: '[x](/gu' }]);
		const routes = await completionAt(uri, 8, 7);
		assert.deepEqual(routes.items.map(i => i.label).sort(), ['/broken', '/guides/advanced', '/guides/setup', '/index', '/orphan']);
		await client.change(uri, 3, [{ range: { start: { line: 8, character: 7 }, end: { line: 8, character: 7 } }, text: 'ides/setup#' }]);
		const anchors = await completionAt(uri, 8, 18);
		assert.deepEqual(
			anchors.items.map(i => [i.label, i.detail]),
			[['setup', 'Setup']],
		);
	});

	it('completes, explains and fixes frontmatter: grouped keys with docs, values, a misspelt key renamed', async () => {
		const text = '---\ntitle: Meta\nsidebartitle: M\nmode: wide\nnoindex: \nrelated:\n  - /gu\n\n---\n\nBody.\n';
		const uri = await openNewPage('guides/meta.mdx', text);
		const complete = (line: number, character: number) => completionAt(uri, line, character);
		const keys = await complete(7, 0);
		const og = keys.items.find(i => i.label === 'og:title')!;
		assert.equal(og.detail, 'SEO · string');
		assert.deepEqual(og.textEdit, { range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, newText: 'og:title: ' });
		assert.match((og.documentation as { value: string }).value, /\[SEO metadata in the platform docs\]\(https:\/\/mintlify\.com\/docs\/optimize\/seo\)$/);
		assert.ok(!keys.items.some(i => i.label === 'title' || i.label === 'mode'));
		assert.deepEqual(
			(await complete(4, 9)).items.map(i => i.label),
			['true', 'false'],
		);
		assert.deepEqual(
			(await complete(6, 7)).items.filter(i => i.label.startsWith('/gu')).map(i => [i.label, i.textEdit]),
			['/guides/advanced', '/guides/meta', '/guides/setup'].map(p => [
				p,
				{ range: { start: { line: 6, character: 4 }, end: { line: 6, character: 7 } }, newText: p },
			]),
		);
		const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 3, character: 7 } })) as Hover;
		assert.deepEqual(hover.range, { start: { line: 3, character: 6 }, end: { line: 3, character: 10 } });
		assert.match((hover.contents as { value: string }).value, /^`mode: wide` — one of the values the platform lists/);
		const diagnostics = await client.waitForDiagnostics(uri, d => d.some(x => x.code === 'frontmatter-unknown-key'));
		const actions = await client.connection.sendRequest(CodeActionRequest.type, {
			textDocument: { uri },
			range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } },
			context: { diagnostics: diagnostics.filter(d => d.code === 'frontmatter-unknown-key') },
		});
		const rename = actions!.find(a => a.title === "Rename to 'sidebarTitle'") as { edit?: { changes?: Record<string, unknown> } };
		assert.deepEqual(rename.edit!.changes![uri], [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 12 } }, newText: 'sidebarTitle' }]);
	});

	it('completes and explains code fences: languages after the backticks, meta parts in the order mint format writes', async () => {
		const text = '# Code\n\n```ty\n```\n\n```js Example {1-2} \nconst a = 1;\n```\n';
		const uri = await openNewPage('guides/code.mdx', text);
		const complete = (line: number, character: number) => completionAt(uri, line, character);
		const languages = await complete(2, 5);
		assert.deepEqual(languages.items.find(i => i.label === 'typescript')!.textEdit, {
			range: { start: { line: 2, character: 3 }, end: { line: 2, character: 5 } },
			newText: 'typescript',
		});
		const meta = await complete(5, 20);
		assert.deepEqual(
			[...meta.items].sort((a, b) => a.sortText!.localeCompare(b.sortText!)).map(i => i.label),
			['title', 'expandable', 'icon', 'lines', 'wrap', 'focus', 'twoslash', 'nocopy'],
		);
		assert.equal(await complete(7, 3), null);
		const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 5, character: 16 } })) as Hover;
		assert.deepEqual(hover.range, { start: { line: 5, character: 14 }, end: { line: 5, character: 19 } });
		assert.match((hover.contents as { value: string }).value, /^\*\*highlight\*\* — Highlight lines/);
	});

	it('closes the innermost open element after </ (a completion item whose edit writes the closing tag)', async () => {
		const text = '# Tags\n\n<Steps>\n<Step title="First">\n```jsx\n<Note>\n```\nDone.\n</St\n';
		const uri = await openNewPage('guides/tags.mdx', text);
		const list = await completionAt(uri, 8, 4);
		assert.deepEqual(
			list.items.map(i => [i.label, i.textEdit]),
			[['</Step>', { range: { start: { line: 8, character: 0 }, end: { line: 8, character: 4 } }, newText: '</Step>' }]],
		);
	});

	it('completes an import path under /snippets/ from the docs root', async () => {
		writeCalloutSnippet();
		const text = 'import { CalloutBox } from "/snippets/ca\n\n# Imports\n';
		const uri = await openNewPage('guides/imports.mdx', text);
		const list = await completionAt(uri, 0, 40);
		assert.deepEqual(list.items.find(i => i.label === 'callout-box.jsx')!.textEdit, {
			range: { start: { line: 0, character: 38 }, end: { line: 0, character: 40 } },
			newText: 'callout-box.jsx',
		});
	});

	it("completes a snippet's component after <, hovers it with its props and goes to its definition", async () => {
		writeCalloutSnippet();
		const text = 'import { CalloutBox } from "/snippets/callout-box.jsx";\n\n<CalloutBox title="Hi" />\n\n<Cal\n';
		const uri = await openNewPage('guides/boxes.mdx', text);
		const list = await completionAt(uri, 4, 4);
		assert.deepEqual(list.items.find(i => i.label === 'CalloutBox')!.textEdit, {
			range: { start: { line: 4, character: 1 }, end: { line: 4, character: 4 } },
			newText: 'CalloutBox title="$1" />',
		});
		const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 3 } })) as Hover;
		assert.deepEqual(hover.range, { start: { line: 2, character: 1 }, end: { line: 2, character: 11 } });
		assert.match((hover.contents as { value: string }).value, /^\*\*CalloutBox\*\* — snippet component\n\nProps: `title`/);
		const definition = (await client.connection.sendRequest(DefinitionRequest.type, {
			textDocument: { uri },
			position: { line: 2, character: 3 },
		})) as LocationLink[];
		assert.deepEqual(
			definition.map(d => [d.targetUri, d.targetRange]),
			[[site.fileUri('features/snippets/callout-box.jsx'), { start: { line: 0, character: 13 }, end: { line: 0, character: 23 } }]],
		);
	});

	it('finds the references of a snippet component from its export and from a use, and hints at a prop it does not read', async () => {
		writeCalloutSnippet();
		const text = 'import { CalloutBox } from "/snippets/callout-box.jsx";\n\n<CalloutBox title="Hi" tone="warm" />\n';
		const uri = await openNewPage('guides/boxes.mdx', text);
		const other = await openNewPage('other.mdx', 'import { CalloutBox as Box } from "./snippets/callout-box.jsx";\n\n<Box title="x" />\n');
		const snippet = site.fileUri('features/snippets/callout-box.jsx');
		const line = (l: number, from: number, to: number) => ({ start: { line: l, character: from }, end: { line: l, character: to } });
		const expected = [
			{ uri: snippet, range: line(0, 13, 23) },
			{ uri, range: line(0, 9, 19) },
			{ uri, range: line(2, 1, 11) },
			{ uri: other, range: line(0, 9, 19) },
			{ uri: other, range: line(2, 1, 4) },
		];
		const sorted = (l: Location[]) =>
			[...l].sort((a, b) => (a.uri === snippet ? -1 : b.uri === snippet ? 1 : a.uri.localeCompare(b.uri) || a.range.start.line - b.range.start.line));
		const fromUse = (await client.connection.sendRequest(ReferencesRequest.type, {
			textDocument: { uri },
			position: { line: 2, character: 4 },
			context: { includeDeclaration: true },
		})) as Location[];
		assert.deepEqual(sorted(fromUse), expected);
		await client.open(snippet, readFileSync(site.path('features/snippets/callout-box.jsx'), 'utf8'));
		const fromExport = (await client.connection.sendRequest(ReferencesRequest.type, {
			textDocument: { uri: snippet },
			position: { line: 0, character: 16 },
			context: { includeDeclaration: true },
		})) as Location[];
		assert.deepEqual(sorted(fromExport), expected);
		const hints = await client.waitForDiagnostics(uri, d => d.some(x => x.code === 'snippet-unknown-prop'));
		assert.deepEqual(
			hints.map(d => [d.code, d.severity, d.range, d.message]),
			[['snippet-unknown-prop', 4, line(2, 23, 27), '<CalloutBox> does not read a prop "tone": its function in the snippet takes "title".']],
		);
	});

	it('moving a snippet rewrites the imports naming it, each in its own form, in the same edit', async () => {
		writeCalloutSnippet();
		const absolute = await openNewPage('guides/boxes.mdx', 'import { CalloutBox } from "/snippets/callout-box.jsx";\n\n<CalloutBox title="Hi" />\n');
		const relative = await openNewPage('other.mdx', 'import { CalloutBox } from "./snippets/callout-box.jsx";\n');
		const edit = (await client.connection.sendRequest(WillRenameFilesRequest.type, {
			files: [{ oldUri: site.fileUri('features/snippets/callout-box.jsx'), newUri: site.fileUri('features/snippets/ui/box.jsx') }],
		})) as WorkspaceEdit;
		assert.deepEqual(edit.changes, {
			[absolute]: [{ range: { start: { line: 0, character: 28 }, end: { line: 0, character: 53 } }, newText: '/snippets/ui/box.jsx' }],
			[relative]: [{ range: { start: { line: 0, character: 28 }, end: { line: 0, character: 54 } }, newText: './snippets/ui/box.jsx' }],
		});
	});

	it('completes the values a snippet exports, in the import and after {, and hovers them', async () => {
		mkdirSync(site.path('features/snippets'));
		writeFileSync(site.path('features/snippets/values.mdx'), 'export const apiVersion = "v2";\nexport const region = "eu";\n');
		const text = 'import { apiVersion, r } from "/snippets/values.mdx";\n\nVersion {a}\n';
		const uri = await openNewPage('guides/values.mdx', text);
		const names = await completionAt(uri, 0, 22);
		assert.deepEqual(
			names.items.map(i => [i.label, i.textEdit]),
			[['region', { range: { start: { line: 0, character: 21 }, end: { line: 0, character: 22 } }, newText: 'region' }]],
		);
		const values = await completionAt(uri, 2, 10);
		assert.deepEqual(
			values.items.map(i => [i.label, i.detail]),
			[['apiVersion', '"v2";']],
		);
		const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 12 } })) as Hover;
		assert.equal(
			(hover.contents as { value: string }).value,
			'**apiVersion** — exported by `/snippets/values.mdx`\n\n```jsx\nexport const apiVersion = "v2";\n```',
		);
	});

	it('answers mintdoc/autoCloseTag with the closing tag of an opening tag just typed, and null otherwise', async () => {
		const uri = await openNewPage('guides/close.mdx', '# Close\n\n<Steps>\n<Icon icon="x" />\n');
		const ask = (line: number, character: number) =>
			client.connection.sendRequest(AutoCloseTagRequest.type, { textDocument: { uri }, position: { line, character } });
		assert.equal(await ask(2, 7), '</Steps>');
		assert.equal(await ask(3, 17), null);
		assert.equal(await ask(0, 3), null);
		// Asked about another version of the page than the server has: no answer rather than a wrong one.
		assert.equal(
			await client.connection.sendRequest(AutoCloseTagRequest.type, { textDocument: { uri, version: 7 }, position: { line: 2, character: 7 } }),
			null,
		);
	});
});
