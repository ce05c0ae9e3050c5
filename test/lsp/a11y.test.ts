import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { DidChangeConfigurationNotification } from 'vscode-languageserver-protocol';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: mintdoc.a11y.enabled', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient | undefined;
	beforeEach(() => {
		site = copyFixtures('features');
		writeFileSync(site.path('features/pictures.mdx'), '---\ntitle: Pictures\n---\n\n![](https://x.dev/a.png)\n\n<Card title="t" tittle="x">y</Card>\n');
	});
	afterEach(async () => {
		await client?.stop();
		site.dispose();
	});

	const codes = (d: readonly { code?: unknown }[] | undefined) => (d ?? []).map(x => String(x.code)).sort();

	it('shows the a11y family by default, hides and shows it again when the setting changes, the other findings untouched', async () => {
		client = await LspClient.start([site.uri]);
		const uri = site.fileUri('features/pictures.mdx');
		await client.waitForDiagnostics(uri, d => codes(d).includes('a11y-missing-alt'), 'the missing alt text');
		assert.deepEqual(codes(client.diagnostics(uri)), ['a11y-missing-alt', 'component-unknown-prop']);
		await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { mintdoc: { a11y: { enabled: false } } } });
		await client.waitForDiagnostics(uri, d => !codes(d).includes('a11y-missing-alt'), 'the a11y finding to go');
		assert.deepEqual(codes(client.diagnostics(uri)), ['component-unknown-prop']);
		await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { mintdoc: { a11y: { enabled: true } } } });
		await client.waitForDiagnostics(uri, d => codes(d).includes('a11y-missing-alt'), 'the a11y finding to come back');
	});

	it('starts without it when the client says so at initialization', async () => {
		client = await LspClient.start([site.uri], { a11y: false });
		const uri = site.fileUri('features/pictures.mdx');
		await client.waitForDiagnostics(uri, d => codes(d).includes('component-unknown-prop'), 'the page findings');
		assert.deepEqual(codes(client.diagnostics(uri)), ['component-unknown-prop']);
	});
});
