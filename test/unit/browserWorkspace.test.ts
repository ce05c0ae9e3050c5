import * as assert from 'node:assert/strict';
import type { Connection } from 'vscode-languageserver/browser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createBrowserWorkspace } from '../../server/src/browser/browserWorkspace';
import { createInlineSummarizer } from '../../server/src/browser/browserRuntime';
import { isCancelledError } from '../../server/src/core/cancellation';
import { checkTextIsParsable } from '../../server/src/core/textGuards';
import { FileQuestionsRequest, type FileQuestion } from '../../server/src/protocol';

const folder = 'file:///ws';

/**
 * A connection whose client answers each question of a batch from `answers` (by op) and records
 * what the server asked (`op uri`), and in how many requests. No handler for an op fails the whole request.
 */
function fakeConnection(answers: Partial<Record<FileQuestion['op'], (params: { uri: string }) => unknown>>) {
	const asked: string[] = [];
	const requests: number[] = [];
	const connection = {
		sendRequest: (type: { method: string }, params: { questions: FileQuestion[] }) => {
			assert.equal(type.method, FileQuestionsRequest.method);
			requests.push(params.questions.length);
			asked.push(...params.questions.map(q => `${q.op} ${q.uri}`));
			if (params.questions.some(q => !answers[q.op])) return Promise.reject(new Error('no handler'));
			return Promise.resolve(params.questions.map(q => answers[q.op]!(q)));
		},
	} as unknown as Connection;
	return { connection, asked, requests };
}

describe('browser workspace (files through the client, server/src/browser/browserWorkspace.ts)', () => {
	it('reads a file through the client, as a document with the language of its name', async () => {
		const { connection, asked } = fakeConnection({ read: () => ({ kind: 'read', text: '# Hi\n' }) });
		const document = await createBrowserWorkspace(connection, () => [folder]).readDocument(`${folder}/a.mdx`);
		assert.equal(document?.getText(), '# Hi\n');
		assert.equal(document?.languageId, 'mdx');
		assert.deepEqual(asked, ['read file:///ws/a.mdx']);
	});

	it('never asks for what lies outside the workspace folders, `..` parts included (written or encoded)', async () => {
		const { connection, asked } = fakeConnection({ read: () => ({ kind: 'read', text: 'secret' }) });
		const workspace = createBrowserWorkspace(connection, () => [folder]);
		for (const uri of ['file:///etc/passwd', 'file:///ws/../etc/passwd', 'file:///ws/%2E%2E/etc/passwd', 'file:///wsx/a.mdx'])
			assert.equal(await workspace.readDocument(uri), undefined, uri);
		assert.equal(await workspace.stat('file:///ws/../etc'), undefined);
		assert.deepEqual(await workspace.readDirectory('file:///ws/..'), []);
		assert.deepEqual(asked, []);
	});

	it('an open buffer wins over the client', async () => {
		const { connection, asked } = fakeConnection({});
		const open = TextDocument.create(`${folder}/a.mdx`, 'mdx', 3, 'unsaved');
		const workspace = createBrowserWorkspace(
			connection,
			() => [folder],
			uri => (uri === open.uri ? open : undefined),
		);
		assert.equal(await workspace.readDocument(open.uri), open);
		assert.deepEqual(asked, []);
	});

	it('a file too large, refused or unreadable is one finding or missing, never a crash', async () => {
		const answers: Record<string, unknown> = {
			'big.mdx': { kind: 'oversized', size: 200 * 1024 * 1024 },
			'bad-size.mdx': { kind: 'oversized', size: 'lots' },
			'link.mdx': { kind: 'refused', reason: 'outside' },
			'fifo.mdx': { kind: 'refused', reason: 'not-a-file' },
			'odd.mdx': { kind: 'read', text: 42 },
			'gone.mdx': null,
		};
		const { connection } = fakeConnection({ read: ({ uri }) => answers[uri.slice(folder.length + 1)] });
		const workspace = createBrowserWorkspace(connection, () => [folder]);
		const finding = async (name: string) => {
			const document = await workspace.readDocument(`${folder}/${name}`);
			return document && checkTextIsParsable(document, name)?.code;
		};
		assert.equal(await finding('big.mdx'), 'file-too-large');
		assert.equal(await finding('bad-size.mdx'), 'file-too-large');
		assert.equal(await finding('link.mdx'), 'file-outside-workspace');
		assert.equal(await finding('fifo.mdx'), 'file-not-regular');
		assert.equal(await workspace.readDocument(`${folder}/odd.mdx`), undefined);
		assert.equal(await workspace.readDocument(`${folder}/gone.mdx`), undefined);
		// A client that fails the request: missing, not a rejection.
		const failing = createBrowserWorkspace(fakeConnection({}).connection, () => [folder]);
		assert.equal(await failing.readDocument(`${folder}/a.mdx`), undefined);
		assert.equal(await failing.stat(`${folder}/a.mdx`), undefined);
		assert.deepEqual(await failing.readDirectory(folder), []);
	});

	it('asks the questions of one turn in one request, each answered in order', async () => {
		const { connection, asked, requests } = fakeConnection({
			read: ({ uri }) => ({ kind: 'read', text: uri.slice(folder.length + 1) }),
			readDirectory: () => [['a.mdx', 'file']],
			stat: () => ({ kind: 'file', size: 3 }),
		});
		const workspace = createBrowserWorkspace(connection, () => [folder]);
		const names = Array.from({ length: 600 }, (_, i) => `p${i}.mdx`);
		const [documents, listing, stat] = await Promise.all([
			Promise.all(names.map(name => workspace.readDocument(`${folder}/${name}`))),
			workspace.readDirectory(folder),
			workspace.stat(`${folder}/p0.mdx`),
		]);
		assert.deepEqual(
			documents.map(d => d?.getText()),
			names,
		);
		assert.deepEqual(listing, [['a.mdx', 'file']]);
		assert.deepEqual(stat, { kind: 'file', size: 3 });
		// 602 questions asked in one turn: two requests (at most 512 questions each), not 602.
		assert.deepEqual(requests, [512, 90]);
		assert.equal(asked.length, 602);
		// The next turn's questions make a request of their own.
		await workspace.readDocument(`${folder}/late.mdx`);
		assert.deepEqual(requests, [512, 90, 1]);
	});

	it("keeps only well-formed entries of the client's folder listing, and only files or folders from stat", async () => {
		const { connection } = fakeConnection({
			readDirectory: () => [['a.mdx', 'file'], ['docs', 'directory'], ['..', 'directory'], ['x/y', 'file'], ['', 'file'], ['s', 'socket'], 'junk', [7, 'file']],
			stat: ({ uri }) =>
				uri.endsWith('/dir') ? { kind: 'directory', size: 0 } : uri.endsWith('/f') ? { kind: 'file', size: 12 } : { kind: 'device', size: 1 },
		});
		const workspace = createBrowserWorkspace(connection, () => [folder]);
		assert.deepEqual(await workspace.readDirectory(folder), [
			['a.mdx', 'file'],
			['docs', 'directory'],
		]);
		assert.deepEqual(await workspace.stat(`${folder}/dir`), { kind: 'directory', size: 0 });
		assert.deepEqual(await workspace.stat(`${folder}/f`), { kind: 'file', size: 12 });
		assert.equal(await workspace.stat(`${folder}/dev`), undefined);
	});
});

describe('browser runtime: page summaries on the worker thread', () => {
	it('summarizes in order, and stops with a cancellation between pages', async () => {
		const summarize = createInlineSummarizer();
		const pages = ['# One\n', '# Two\n'].map((text, i) => TextDocument.create(`${folder}/p${i}.mdx`, 'mdx', 1, text));
		const summaries = await summarize(pages, { isCancellationRequested: false });
		assert.deepEqual(
			summaries.map(s => s.headings.map(h => h.text)),
			[['One'], ['Two']],
		);
		await assert.rejects(summarize(pages, { isCancellationRequested: true }), isCancelledError);
	});
});
