import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { FileChangeType } from 'vscode-languageserver-protocol';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

const rangeOf = (d: { range: { start: { line: number; character: number }; end: { line: number; character: number } } }) => [
	d.range.start.line,
	d.range.start.character,
	d.range.end.line,
	d.range.end.character,
];

describe('language server over JSON-RPC: docs.json diagnostics', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;

	beforeEach(() => {
		site = copyFixtures('minimal', 'broken');
	});
	afterEach(async () => {
		await client?.stop();
		site.dispose();
	});

	it('finds every docs root and publishes diagnostics of files nobody opened', async () => {
		client = await LspClient.start([site.uri]);
		const status = await client.waitForStatus(s => s.state === 'ready');
		assert.deepEqual(status.roots, [site.fileUri('broken'), site.fileUri('minimal')]);
		const diagnostics = await client.waitForDiagnostics(site.fileUri('broken/docs.json'), d => d.length > 0);
		assert.deepEqual(
			diagnostics.map(d => [d.code, d.source, ...rangeOf(d)]),
			[['json-syntax', 'mintdoc', 3, 2, 3, 14]],
		);
		assert.equal(client.diagnostics(site.fileUri('minimal/docs.json')), undefined, 'a clean file gets no publish at all');
	});

	it('follows incremental edits: an error appears at its exact range and disappears when fixed', async () => {
		client = await LspClient.start([site.fileUri('minimal')]);
		await client.waitForStatus(s => s.state === 'ready');
		const uri = site.fileUri('minimal/docs.json');
		const text = '{\n  "name": "Minimal",\n  "theme": "mint"\n}\n';
		await client.open(uri, text);
		// Delete the comma after "Minimal" (line 1, character 19).
		await client.change(uri, 2, [{ range: { start: { line: 1, character: 19 }, end: { line: 1, character: 20 } }, text: '' }]);
		const broken = await client.waitForDiagnostics(uri, d => d.length > 0);
		assert.deepEqual(
			broken.map(d => [d.code, ...rangeOf(d)]),
			[['json-syntax', 2, 2, 2, 9]],
		);
		assert.match(broken[0].message, /Expected ','/);
		await client.change(uri, 3, [{ range: { start: { line: 1, character: 19 }, end: { line: 1, character: 19 } }, text: ',' }]);
		await client.waitForDiagnostics(uri, d => d.length === 0, 'cleared diagnostics');
	});

	it('reports a top-level array and recovers when the file becomes an object', async () => {
		client = await LspClient.start([site.fileUri('minimal')]);
		await client.waitForStatus(s => s.state === 'ready');
		const uri = site.fileUri('minimal/docs.json');
		await client.open(uri, '[\n  "index"\n]');
		const d = await client.waitForDiagnostics(uri, d => d.length > 0);
		assert.deepEqual(
			d.map(x => [x.code, ...rangeOf(x)]),
			[['json-not-object', 0, 0, 2, 1]],
		);
		await client.change(uri, 2, [{ text: '{ "name": "ok" }' }]);
		await client.waitForDiagnostics(uri, d => d.length === 0, 'cleared diagnostics');
	});

	it('survives hostile input (binary, 100,000 levels of nesting, 17 MB) and recovers when the file is fixed', async () => {
		client = await LspClient.start([site.fileUri('minimal')]);
		await client.waitForStatus(s => s.state === 'ready');
		const uri = site.fileUri('minimal/docs.json');
		await client.open(uri, '\u0000\u0001binary');
		await client.waitForDiagnostics(uri, d => d[0]?.code === 'file-binary');
		await client.change(uri, 2, [{ text: '['.repeat(100_000) }]);
		await client.waitForDiagnostics(uri, d => d[0]?.code === 'json-too-deep');
		await client.change(uri, 3, [{ text: '{"name": "' + 'x'.repeat(17 * 1024 * 1024) + '"}' }]);
		await client.waitForDiagnostics(uri, d => d[0]?.code === 'file-too-large');
		await client.change(uri, 4, [{ text: '{ "name": "fixed" }' }]);
		await client.waitForDiagnostics(uri, d => d.length === 0, 'cleared diagnostics');
		assert.ok(client.alive);
	});

	it('re-validates from disk when an unsaved broken buffer is closed', async () => {
		client = await LspClient.start([site.fileUri('minimal')]);
		await client.waitForStatus(s => s.state === 'ready');
		const uri = site.fileUri('minimal/docs.json');
		await client.open(uri, '{');
		await client.waitForDiagnostics(uri, d => d.length > 0);
		await client.close(uri);
		await client.waitForDiagnostics(uri, d => d.length === 0, 'disk content (valid) diagnostics');
	});

	it('picks up a docs.json created later and checks it', async () => {
		client = await LspClient.start([site.fileUri('minimal')]);
		await client.waitForStatus(s => s.state === 'ready' && s.roots.length === 1);
		mkdirSync(site.path('minimal/v2'));
		writeFileSync(site.path('minimal/v2/docs.json'), '{ "name": }');
		const created = site.fileUri('minimal/v2/docs.json');
		await client.filesChanged([{ uri: created, type: FileChangeType.Created }]);
		const status = await client.waitForStatus(s => s.state === 'ready' && s.roots.length === 2);
		assert.deepEqual(status.roots, [site.fileUri('minimal'), site.fileUri('minimal/v2')]);
		const d = await client.waitForDiagnostics(created, d => d.length > 0);
		assert.deepEqual(
			d.map(x => [x.code, ...rangeOf(x)]),
			[['json-syntax', 0, 10, 0, 11]],
		);
	});

	it('finds a docs.json the file watcher missed when it is opened or reported changed', async () => {
		client = await LspClient.start([site.fileUri('minimal')]);
		await client.waitForStatus(s => s.state === 'ready' && s.roots.length === 1);
		// Created right after its folder: an inotify watcher can miss it, so no "created" event is sent.
		mkdirSync(site.path('minimal/v3'));
		writeFileSync(site.path('minimal/v3/docs.json'), '{ "name": }');
		const missed = site.fileUri('minimal/v3/docs.json');
		await client.open(missed, '{ "name": }');
		const status = await client.waitForStatus(s => s.state === 'ready' && s.roots.length === 2);
		assert.deepEqual(status.roots, [site.fileUri('minimal'), site.fileUri('minimal/v3')]);
		const d = await client.waitForDiagnostics(missed, d => d.length > 0);
		assert.deepEqual(
			d.map(x => [x.code, ...rangeOf(x)]),
			[['json-syntax', 0, 10, 0, 11]],
		);
		// A "changed" event for an unknown docs.json (the creation coalesced away) is also a reason to look again.
		mkdirSync(site.path('minimal/v4'));
		writeFileSync(site.path('minimal/v4/docs.json'), '{}');
		await client.filesChanged([{ uri: site.fileUri('minimal/v4/docs.json'), type: FileChangeType.Changed }]);
		await client.waitForStatus(s => s.state === 'ready' && s.roots.length === 3);
	});
});
