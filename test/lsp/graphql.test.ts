import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { CompletionRequest, FileChangeType, type CompletionList } from 'vscode-languageserver-protocol';
import { LspClient } from '../helpers/lspClient';
import { positionOf } from '../helpers/siteCheck';
import { copyFixtures } from '../helpers/tempSite';

// GraphQL selector entries (@mintlify/prebuild 1.0.1370 generateGraphqlDivisions): checked and completed from the SDL file.
describe('language server over JSON-RPC: GraphQL selectors', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;
	let docsUri: string;
	let text: string;
	beforeEach(async () => {
		site = copyFixtures('graphql');
		client = await LspClient.start([site.uri]);
		await client.waitForStatus(s => s.state === 'ready');
		docsUri = site.fileUri('graphql/docs.json');
		text = readFileSync(site.path('graphql/docs.json'), 'utf8');
		await client.open(docsUri, text);
	});
	afterEach(async () => {
		await client.stop();
		site.dispose();
	});

	it('reports a selector the schema lacks, and judges it again when the watched schema file changes', async () => {
		const [line, character] = positionOf(text, '"QUERY accounts"');
		const diagnostics = await client.waitForDiagnostics(docsUri, d => d.some(x => x.code === 'graphql-selector-not-found'));
		assert.deepEqual(
			diagnostics.filter(d => String(d.code).startsWith('graphql-')).map(d => [d.code, d.range, d.message]),
			[
				[
					'graphql-selector-not-found',
					{ start: { line, character }, end: { line, character: character + '"QUERY accounts"'.length } },
					"GraphQL query accounts not found in schema.graphql: the platform's build fails.",
				],
			],
		);
		// The schema gains `accounts`: the file watcher's event (.graphql is watched) re-checks the site.
		writeFileSync(
			site.path('graphql/schema.graphql'),
			readFileSync(site.path('graphql/schema.graphql'), 'utf8').replace('users: [User!]!', 'users: [User!]!\n  accounts: [User!]!'),
		);
		await client.filesChanged([{ uri: site.fileUri('graphql/schema.graphql'), type: FileChangeType.Changed }]);
		await client.waitForDiagnostics(docsUri, d => !d.some(x => String(x.code).startsWith('graphql-')), 'no GraphQL finding after the schema changed');
	});

	it('completes the selectors of the schema in scope not yet listed, with their return types and descriptions', async () => {
		const [line, character] = positionOf(text, '""');
		const list = (await client.connection.sendRequest(CompletionRequest.type, {
			textDocument: { uri: docsUri },
			position: { line, character: character + 1 },
		})) as CompletionList;
		assert.deepEqual(
			list.items.filter(i => /^(QUERY|MUTATION|TYPE) /.test(i.label)).map(i => [i.label, i.detail, i.documentation]),
			[['MUTATION createUser', 'mutation → User', 'Creates a user.']],
		);
	});
});
