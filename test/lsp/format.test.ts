import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { DocumentFormattingRequest, DocumentRangeFormattingRequest, type TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

const messy = '---\ntitle: Home\n---\n\n# Home\n\n<Card href="/a" title="A">\nBody\ntext\n</Card>\n* one\n* two\n';
const tidy = '---\ntitle: "Home"\n---\n\n# Home\n\n<Card title="A" href="/a">\n  Body text\n</Card>\n\n- one\n- two\n';
const options = { tabSize: 2, insertSpaces: true };

function apply(text: string, edits: readonly TextEdit[] | null): string {
	return TextDocument.applyEdits(TextDocument.create('file:///x.mdx', 'mdx', 1, text), [...(edits ?? [])]);
}

describe('language server over JSON-RPC: formatting MDX pages', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;
	beforeEach(async () => {
		site = copyFixtures('minimal');
		client = await LspClient.start([site.uri]);
		await client.waitForStatus(s => s.state === 'ready');
	});
	afterEach(async () => {
		await client.stop();
		site.dispose();
	});

	it('formats an open page (format document, format on save) with one edit of the part that changes', async () => {
		const uri = site.fileUri('minimal/messy.mdx');
		await client.open(uri, messy);
		const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options });
		assert.equal(apply(messy, edits), tidy);
		assert.equal(edits?.length, 1);
		assert.deepEqual(edits?.[0].range.start, { line: 1, character: 7 }, 'the unchanged head is not part of the edit');
		await client.change(uri, 2, [{ text: tidy }]);
		assert.deepEqual(await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options }), []);
	});

	it('formats the blocks a selection touches and leaves the rest as written', async () => {
		const uri = site.fileUri('minimal/range.mdx');
		await client.open(uri, messy);
		// Lines 6-9 hold the Card; the list after it and the frontmatter stay as they are.
		const edits = await client.connection.sendRequest(DocumentRangeFormattingRequest.type, {
			textDocument: { uri },
			range: { start: { line: 7, character: 0 }, end: { line: 7, character: 4 } },
			options,
		});
		assert.equal(apply(messy, edits), '---\ntitle: Home\n---\n\n# Home\n\n<Card title="A" href="/a">\n  Body text\n</Card>\n* one\n* two\n');
	});

	it('gives no edits for a page that does not parse, a page mintdoc.json ignores, or a file that is not MDX', async () => {
		const broken = site.fileUri('minimal/broken.mdx');
		await client.open(broken, '<Note>\nnever closed\n');
		assert.deepEqual(await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: broken }, options }), []);
		writeFileSync(site.path('minimal/mintdoc.json'), JSON.stringify({ format: { ignore: ['legacy/**'] } }));
		const ignored = site.fileUri('minimal/legacy/old.mdx');
		await client.open(ignored, messy);
		assert.deepEqual(await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: ignored }, options }), []);
		const markdown = site.fileUri('minimal/notes.md');
		await client.open(markdown, '* a\n');
		assert.deepEqual(await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: markdown }, options }), []);
	});
});
