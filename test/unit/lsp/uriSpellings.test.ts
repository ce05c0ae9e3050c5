import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import {
	createMessageConnection,
	DefinitionRequest,
	DidOpenTextDocumentNotification,
	InitializeRequest,
	StreamMessageReader,
	StreamMessageWriter,
	type Location,
	type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { createConnection, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { canonicalUri, speakClientSpellings, UriSpellings } from '../../../server/src/lsp/uriSpellings';

describe('URI spellings at the LSP boundary', () => {
	it('are made canonical as VS Code spells them: `+`, `@`, a drive letter, a space, non-ASCII, `localhost`', () => {
		assert.equal(canonicalUri('file:///tmp/a+b'), 'file:///tmp/a%2Bb');
		assert.equal(canonicalUri('file:///tmp/a%2bb'), 'file:///tmp/a%2Bb');
		assert.equal(canonicalUri("file:///tmp/a@b!$&'(),;=[]"), 'file:///tmp/a%40b%21%24%26%27%28%29%2C%3B%3D%5B%5D');
		assert.equal(canonicalUri('file:///C:/docs'), 'file:///c%3A/docs');
		assert.equal(canonicalUri('file:///c:/docs'), 'file:///c%3A/docs');
		assert.equal(canonicalUri('file:///tmp/x y'), 'file:///tmp/x%20y');
		assert.equal(canonicalUri('file:///tmp/é'), 'file:///tmp/%C3%A9');
		assert.equal(canonicalUri('file://localhost/tmp/x'), 'file:///tmp/x');
		// Already canonical, other schemes, and what is no URI: as they are.
		for (const same of ['file:///tmp/100%25%20%231', 'untitled:Untitled-1', 'vscode-vfs://github/mintlify/docs', 'c:\\docs', 'docs.json', ''])
			assert.equal(canonicalUri(same), same);
	});

	it('go back in the spelling of the document the client opened, else under the spelling of its folder', () => {
		const spellings = new UriSpellings();
		assert.equal(spellings.toClient('file:///tmp/a%2Bb/page.mdx'), 'file:///tmp/a%2Bb/page.mdx', 'nothing learnt: nothing changed');
		spellings.rememberFolder('file:///tmp/a+b');
		spellings.rememberFolder('file:///tmp/a+b/nested+site');
		assert.equal(spellings.toClient('file:///tmp/a%2Bb'), 'file:///tmp/a+b');
		assert.equal(spellings.toClient('file:///tmp/a%2Bb/page.mdx#install'), 'file:///tmp/a+b/page.mdx#install');
		// The longest folder holding the file wins; the rest of the path stays canonical.
		assert.equal(spellings.toClient('file:///tmp/a%2Bb/nested%2Bsite/x%2By.mdx'), 'file:///tmp/a+b/nested+site/x%2By.mdx');
		// Neither below a folder nor opened.
		assert.equal(spellings.toClient('file:///tmp/a%2Bbc/page.mdx'), 'file:///tmp/a%2Bbc/page.mdx');
		// Documents opened: their own spelling, even the canonical one below a folder spelled otherwise.
		spellings.rememberDocument('file:///tmp/a%2Bb/canonical.mdx');
		spellings.rememberDocument('file:///tmp/a+b/x+y.mdx');
		assert.equal(spellings.toClient('file:///tmp/a%2Bb/canonical.mdx'), 'file:///tmp/a%2Bb/canonical.mdx');
		assert.equal(spellings.toClient('file:///tmp/a%2Bb/x%2By.mdx#top'), 'file:///tmp/a+b/x+y.mdx#top');
		assert.equal(spellings.canonical('file:///tmp/a+b/x+y.mdx'), 'file:///tmp/a%2Bb/x%2By.mdx');
	});

	it('change URI properties coming in and URI values and keys going out, copying only what changed', () => {
		const spellings = new UriSpellings();
		const params = {
			textDocument: { uri: 'file:///C:/docs/docs.json', version: 2 },
			contentChanges: [{ text: 'file:///C:/docs/docs.json' }],
			data: { kind: 'page', fileUri: 'file:///C:/docs/a.mdx' },
			position: { line: 1, character: 2 },
		};
		const canonical = spellings.incoming(params);
		assert.deepEqual(canonical, {
			textDocument: { uri: 'file:///c%3A/docs/docs.json', version: 2 },
			contentChanges: [{ text: 'file:///C:/docs/docs.json' }],
			data: { kind: 'page', fileUri: 'file:///c%3A/docs/a.mdx' },
			position: { line: 1, character: 2 },
		});
		assert.equal(canonical.contentChanges, params.contentChanges, 'a part without URIs is shared');
		assert.equal(spellings.incoming(canonical), canonical, 'canonical already: the same object');

		assert.equal(spellings.outgoing(canonical), canonical, 'nothing learnt: nothing walked');
		spellings.rememberFolder('file:///C:/docs');
		const edit = {
			changes: { 'file:///c%3A/docs/a.mdx': [{ range: {}, newText: 'file:///c%3A/docs/a.mdx' }], 'untitled:1': [] },
			documentChanges: [{ kind: 'rename', oldUri: 'file:///c%3A/docs/a.mdx', newUri: 'file:///c%3A/docs/b.mdx' }],
		};
		assert.deepEqual(spellings.outgoing(edit), {
			changes: { 'file:///C:/docs/a.mdx': [{ range: {}, newText: 'file:///c%3A/docs/a.mdx' }], 'untitled:1': [] },
			documentChanges: [{ kind: 'rename', oldUri: 'file:///C:/docs/a.mdx', newUri: 'file:///C:/docs/b.mdx' }],
		});
		const error = new Error('file:///c%3A/docs/a.mdx');
		assert.equal(spellings.outgoing(error), error, 'class instances are left alone');
	});

	it('wrap a real connection: handlers see canonical URIs, the client gets its own spellings back', async () => {
		const toServer = new PassThrough();
		const toClient = new PassThrough();
		const connection = speakClientSpellings(createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)));
		const documents = new TextDocuments(TextDocument);
		const opened: string[] = [];
		documents.onDidOpen(({ document }) => opened.push(document.uri));
		let folders: string[] = [];
		connection.onInitialize(params => ((folders = params.workspaceFolders!.map(f => f.uri)), { capabilities: {} }));
		connection.onDefinition(params => {
			assert.ok(documents.get(params.textDocument.uri), 'the document is found by its canonical URI');
			const location: Location = { uri: 'file:///tmp/a%2Bb/guides/setup.mdx', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
			return [location];
		});
		documents.listen(connection);
		connection.listen();

		const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
		const published = new Promise<PublishDiagnosticsParams>(resolve => client.onNotification('textDocument/publishDiagnostics', resolve));
		client.listen();
		try {
			await client.sendRequest(InitializeRequest.type, {
				processId: null,
				rootUri: null,
				capabilities: {},
				workspaceFolders: [{ uri: 'file:///tmp/a+b', name: 'a+b' }],
			});
			assert.deepEqual(folders, ['file:///tmp/a%2Bb']);
			await client.sendNotification(DidOpenTextDocumentNotification.type, {
				textDocument: { uri: 'file:///tmp/a+b/docs.json', languageId: 'json', version: 1, text: '{}' },
			});
			const definition = (await client.sendRequest(DefinitionRequest.type, {
				textDocument: { uri: 'file:///tmp/a+b/docs.json' },
				position: { line: 0, character: 0 },
			})) as Location[];
			assert.deepEqual(opened, ['file:///tmp/a%2Bb/docs.json']);
			assert.deepEqual(
				definition.map(l => l.uri),
				['file:///tmp/a+b/guides/setup.mdx'],
			);
			await connection.sendDiagnostics({
				uri: 'file:///tmp/a%2Bb/docs.json',
				diagnostics: [
					{
						range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
						message: 'm',
						relatedInformation: [
							{ location: { uri: 'file:///tmp/a%2Bb/x.mdx', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }, message: 'here' },
						],
					},
				],
			});
			const diagnostics = await published;
			assert.deepEqual(
				[diagnostics.uri, diagnostics.diagnostics[0].relatedInformation![0].location.uri],
				['file:///tmp/a+b/docs.json', 'file:///tmp/a+b/x.mdx'],
			);
		} finally {
			client.dispose();
			connection.dispose();
		}
	});
});
