// The editor features of the language server for the browser (dist/browserServer.js, in a Web
// Worker of headless Chromium) against the Node server (dist/server.js) on the same site: every
// request below gets the same answer from both (items, labels, ranges, edits), and the answer is
// the one the Node server's own tests expect.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import {
	CompletionRequest,
	CompletionResolveRequest,
	DefinitionRequest,
	DocumentSymbolRequest,
	HoverRequest,
	PrepareRenameRequest,
	ReferencesRequest,
	RenameRequest,
	type CompletionItem,
	type CompletionList,
	type Hover,
	type LocationLink,
	type Position,
	type WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { PreviewPageRequest, SiteTreeRequest } from '../../server/src/protocol';
import { startBrowserServer } from '../helpers/browserServer';
import { launchChromium, type Browser } from '../helpers/chromium';
import { LspClient } from '../helpers/lspClient';
import { positionOf } from '../helpers/siteCheck';
import { copyFixtures } from '../helpers/tempSite';

/** A page with a snippet's component and a built-in one being typed. */
const boxes = 'import { CalloutBox } from "/snippets/callout-box.jsx";\n\n# Boxes\n\n<CalloutBox title="Hi" />\n\n<Car\n';

describe('language server in a browser worker: the same editor features as the Node server', function () {
	this.timeout(240_000);
	let browser: Browser;
	let site: ReturnType<typeof copyFixtures>;
	let servers: { node: LspClient; web: LspClient };
	let docsText: string;

	before(async () => {
		site = copyFixtures('features');
		mkdirSync(site.path('features/snippets'));
		writeFileSync(site.path('features/snippets/callout-box.jsx'), 'export const CalloutBox = ({ title }) => <div>{title}</div>;\n');
		writeFileSync(site.path('features/guides/boxes.mdx'), boxes);
		// A link to the heading of guides/setup, for its references and rename.
		writeFileSync(site.path('features/index.mdx'), '# Welcome\n\n[Setup](/guides/setup) and [install](guides/setup#setup).\n');
		docsText = readFileSync(site.path('features/docs.json'), 'utf8');
		browser = await launchChromium();
		const [node, web] = await Promise.all([LspClient.start([site.uri]), startBrowserServer(browser, [site.uri])]);
		servers = { node, web };
		// Both have found the site and judged its pages (the last step of the first check, logged): the indexes are complete.
		const judged = (client: LspClient) => client.waitForLog(/^page titles, descriptions and llms\.txt of .*\/features judged/);
		await Promise.all([judged(node), judged(web)]);
		for (const client of [node, web]) {
			await client.open(site.fileUri('features/docs.json'), docsText);
			await client.open(site.fileUri('features/guides/boxes.mdx'), boxes);
			await client.open(site.fileUri('features/guides/setup.mdx'), readFileSync(site.path('features/guides/setup.mdx'), 'utf8'));
		}
	});
	after(async () => {
		await Promise.all([servers?.node.stop(), servers?.web.stop()]);
		await browser?.close();
		site?.dispose();
	});

	/**
	 * The same request to both servers, in parallel; both answers, the Node server's first, as JSON
	 * (a worker's message keeps a property set to undefined, the Node server's stdio drops it).
	 */
	async function ask<P, R>(type: { method: string }, params: P): Promise<[R, R]> {
		const send = async (client: LspClient) => JSON.parse(JSON.stringify(await client.connection.sendRequest(type.method, params))) as R;
		return Promise.all([send(servers.node), send(servers.web)]);
	}
	const docs = () => ({ uri: site.fileUri('features/docs.json') });
	const page = (relative: string) => ({ uri: site.fileUri(`features/${relative}`) });
	const inDocs = (needle: string, delta = 1): Position => {
		const [line, character] = positionOf(docsText, needle);
		return { line, character: character + delta };
	};

	it('completes a page path inside a docs.json `pages` entry, and resolves an item', async () => {
		const [node, web] = await ask<unknown, CompletionList>(CompletionRequest.type, { textDocument: docs(), position: inDocs('"guides/setup"') });
		assert.deepEqual(node.items.map(i => i.label).sort(), ['guides/advanced', 'guides/boxes', 'orphan']);
		assert.deepEqual(web, node);
		const orphan = node.items.find(i => i.label === 'orphan')!;
		const [resolvedNode, resolvedWeb] = await ask<CompletionItem, CompletionItem>(CompletionResolveRequest.type, orphan);
		assert.equal(resolvedNode.detail, 'An orphan page');
		assert.deepEqual(resolvedWeb, resolvedNode);
	});

	it('completes a component name in a page: built-in components and a snippet’s', async () => {
		const [node, web] = await ask<unknown, CompletionList>(CompletionRequest.type, {
			textDocument: page('guides/boxes.mdx'),
			position: { line: 6, character: 4 },
		});
		const labels = node.items.map(i => i.label);
		assert.ok(labels.includes('Card') && labels.includes('CardGroup'), labels.join(', '));
		assert.deepEqual(web, node);
		const [snippetNode, snippetWeb] = await ask<unknown, CompletionList>(CompletionRequest.type, {
			textDocument: page('guides/boxes.mdx'),
			position: { line: 4, character: 4 },
		});
		assert.ok(
			snippetNode.items.some(i => i.label === 'CalloutBox'),
			snippetNode.items.map(i => i.label).join(', '),
		);
		assert.deepEqual(snippetWeb, snippetNode);
	});

	it('hovers a docs.json entry and a component', async () => {
		const [node, web] = await ask<unknown, Hover>(HoverRequest.type, { textDocument: docs(), position: inDocs('"guides/setup"', 3) });
		assert.deepEqual(node.contents, { kind: 'markdown', value: '**Set up the SDK**\n\nInstall and configure it\\.\n\n`guides/setup.mdx`' });
		assert.deepEqual(web, node);
		const [componentNode, componentWeb] = await ask<unknown, Hover>(HoverRequest.type, {
			textDocument: page('guides/boxes.mdx'),
			position: { line: 4, character: 3 },
		});
		assert.match((componentNode.contents as { value: string }).value, /^\*\*CalloutBox\*\* — snippet component/);
		assert.deepEqual(componentWeb, componentNode);
	});

	it('goes from a docs.json entry to the page file, and from a component to its snippet', async () => {
		const [node, web] = await ask<unknown, LocationLink[]>(DefinitionRequest.type, { textDocument: docs(), position: inDocs('"guides/setup"', 2) });
		assert.deepEqual(
			node.map(d => d.targetUri),
			[site.fileUri('features/guides/setup.mdx')],
		);
		assert.deepEqual(web, node);
		const [snippetNode, snippetWeb] = await ask<unknown, LocationLink[]>(DefinitionRequest.type, {
			textDocument: page('guides/boxes.mdx'),
			position: { line: 4, character: 3 },
		});
		assert.deepEqual(
			snippetNode.map(d => d.targetUri),
			[site.fileUri('features/snippets/callout-box.jsx')],
		);
		assert.deepEqual(snippetWeb, snippetNode);
	});

	it('finds the references of a heading, prepares its rename and renames it with the links to it', async () => {
		const at = { textDocument: page('guides/setup.mdx'), position: { line: 5, character: 3 } };
		const [refsNode, refsWeb] = await ask<unknown, unknown[]>(ReferencesRequest.type, { ...at, context: { includeDeclaration: false } });
		assert.equal(refsNode.length, 1);
		assert.deepEqual(refsWeb, refsNode);
		const [preparedNode, preparedWeb] = await ask(PrepareRenameRequest.type, at);
		assert.deepEqual(preparedNode, { range: { start: { line: 5, character: 2 }, end: { line: 5, character: 7 } }, placeholder: 'Setup' });
		assert.deepEqual(preparedWeb, preparedNode);
		const [renamedNode, renamedWeb] = await ask<unknown, WorkspaceEdit>(RenameRequest.type, { ...at, newName: 'Install and configure' });
		const short = (uri: string) => uri.slice(site.uri.length + 1);
		assert.deepEqual(Object.fromEntries(Object.entries(renamedNode.changes!).map(([uri, edits]) => [short(uri), edits.map(e => e.newText)])), {
			'features/guides/setup.mdx': ['Install and configure'],
			'features/index.mdx': ['guides/setup#install-and-configure'],
		});
		assert.deepEqual(renamedWeb, renamedNode);
	});

	it('outlines docs.json and a page', async () => {
		const [node, web] = await ask<unknown, unknown[]>(DocumentSymbolRequest.type, { textDocument: docs() });
		assert.equal(node.length, 1);
		assert.deepEqual(web, node);
		const [pageNode, pageWeb] = await ask<unknown, { name: string }[]>(DocumentSymbolRequest.type, { textDocument: page('guides/setup.mdx') });
		assert.deepEqual(
			pageNode.map(s => s.name),
			['Setup'],
		);
		assert.deepEqual(pageWeb, pageNode);
	});

	it('gives the Site view the same tree and the preview the same page', async () => {
		const [treeNode, treeWeb] = await ask<unknown, unknown[]>(SiteTreeRequest.type, {});
		assert.equal(treeNode.length, 1);
		assert.deepEqual(treeWeb, treeNode);
		const [previewNode, previewWeb] = await ask<unknown, { kind: string; html?: string }>(PreviewPageRequest.type, { target: page('guides/setup.mdx') });
		assert.equal(previewNode.kind, 'page', JSON.stringify(previewNode).slice(0, 500));
		assert.deepEqual(previewWeb, previewNode);
	});
});
