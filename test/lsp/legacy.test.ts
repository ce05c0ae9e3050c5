import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { FileChangeType } from 'vscode-languageserver-protocol';
import { UpgradePlanRequest } from '../../server/src/protocol';
import { mintdoc } from '../helpers/cli';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: a site still on mint.json', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;
	beforeEach(() => (site = copyFixtures('legacy-site')));
	afterEach(async () => {
		await client?.stop();
		site.dispose();
	});

	it('is a root with findings on mint.json; the upgrade plan is what the CLI writes; once docs.json exists the findings move there', async () => {
		client = await LspClient.start([site.uri]);
		const status = await client.waitForStatus(s => s.state === 'ready');
		assert.deepEqual(status.roots, [site.fileUri('legacy-site')]);
		const mint = site.fileUri('legacy-site/mint.json');
		const found = await client.waitForDiagnostics(mint, d => d.length >= 2);
		assert.deepEqual(
			found.map(d => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
			[
				['legacy-config', 1, 2, 8],
				['page-not-found', 4, 56, 65],
			],
		);

		const plan = await client.connection.sendRequest(UpgradePlanRequest.type, { uri: mint });
		assert.deepEqual(plan.errors, []);
		assert.equal(plan.text, mintdoc(['upgrade', '--dry-run'], site.path('legacy-site')).stdout);
		assert.match(plan.report, /Defaults added:\n {2}- theme = "mint"/);

		writeFileSync(site.path('legacy-site/docs.json'), plan.text!);
		await client.filesChanged([{ uri: site.fileUri('legacy-site/docs.json'), type: FileChangeType.Created }]);
		const moved = await client.waitForDiagnostics(site.fileUri('legacy-site/docs.json'), d => d.some(x => x.code === 'page-not-found'));
		assert.equal(moved.length, 1);
		const ignored = await client.waitForDiagnostics(mint, d => d.length === 1 && d[0].code === 'legacy-config-ignored');
		assert.equal(ignored[0].severity, 3);
	});

	it('answers an invalid mint.json with its errors and no text', async () => {
		writeFileSync(site.path('legacy-site/mint.json'), '{\n  "name": "x"\n}\n');
		client = await LspClient.start([site.uri]);
		await client.waitForStatus(s => s.state === 'ready');
		const plan = await client.connection.sendRequest(UpgradePlanRequest.type, { uri: site.fileUri('legacy-site/mint.json') });
		assert.equal(plan.text, null);
		assert.deepEqual(plan.errors, ['1:1 Missing property "favicon".', '1:1 Missing property "colors".', '1:1 Missing property "navigation".']);
	});
});
