import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
	CodeActionRequest,
	CodeLensRequest,
	ReferencesRequest,
	CompletionRequest,
	DefinitionRequest,
	HoverRequest,
	type CompletionList,
	type Diagnostic,
	type Hover,
	type LocationLink,
} from 'vscode-languageserver-protocol';
import { LspClient } from '../helpers/lspClient';
import { positionOf } from '../helpers/siteCheck';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: OpenAPI references', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;
	let docsUri: string;
	let text: string;
	const at = (needle: string, delta = 1) => {
		const [line, character] = positionOf(text, needle);
		return { line, character: character + delta };
	};
	beforeEach(async () => {
		site = copyFixtures('api');
		client = await LspClient.start([site.uri]);
		await client.waitForStatus(s => s.state === 'ready');
		docsUri = site.fileUri('api/docs.json');
		text = readFileSync(site.path('api/docs.json'), 'utf8');
		await client.open(docsUri, text);
	});
	afterEach(async () => {
		await client.stop();
		site.dispose();
	});

	it('reports a lower-case method with a quick fix, and frontmatter references in pages nobody opened', async () => {
		const diagnostics = (await client.waitForDiagnostics(docsUri, d => d.length > 0)) as Diagnostic[];
		assert.deepEqual(
			diagnostics.map(d => [d.code, d.range.start.line, d.range.start.character]),
			[['openapi-method-case', 11, 61]],
		);
		const actions = await client.connection.sendRequest(CodeActionRequest.type, {
			textDocument: { uri: docsUri },
			range: diagnostics[0].range,
			context: { diagnostics },
		});
		assert.deepEqual(
			actions!.map(a => a.title),
			["Change to 'POST /pets'"],
		);
		const schema = await client.waitForDiagnostics(site.fileUri('api/pet.mdx'), d => d.length > 0);
		assert.deepEqual(
			schema.map(d => [d.code, d.message, d.range.start.line, d.range.start.character]),
			[
				[
					'openapi-page-unmatched',
					"No OpenAPI document of this repository has a schema 'Pett' under components.schemas. Did you mean 'Pet'? The page is built without its API section.",
					2,
					16,
				],
			],
		);
		assert.equal(client.diagnostics(site.fileUri('api/adopted.mdx')), undefined, 'the webhook page is right');
	});

	it('completes operations of the spec in scope not yet listed, hovers with the generated page metadata, goes to the operation', async () => {
		const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: docsUri }, position: at('"index"') })) as CompletionList;
		assert.deepEqual(
			list.items.filter(i => i.kind === 2).map(i => [i.label, i.detail]),
			[
				['POST /pets', 'Adopt a pet'],
				['GET /pets/{petId}', 'Get a pet'],
			],
		);
		const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: docsUri }, position: at('"GET /pets"', 3) })) as Hover;
		assert.equal(
			(hover.contents as { value: string }).value,
			'**List pets**\n\n`GET /pets`\n\nReturns every pet.\n\nVersion: v1\n\nServers: `https://api.pets.example.com`\n\nAuth: bearerAuth (http bearer)\n\nFrom `api/pets.yaml`',
		);
		const definition = (await client.connection.sendRequest(DefinitionRequest.type, {
			textDocument: { uri: docsUri },
			position: at('"GET /pets"', 3),
		})) as LocationLink[];
		assert.deepEqual([definition[0].targetUri, definition[0].targetRange.start], [site.fileUri('api/api/pets.yaml'), { line: 8, character: 4 }]);
	});

	it('reads a large spec off the main thread: requests are answered while it loads, its checks follow', async function () {
		await client.stop();
		let yaml = 'openapi: 3.1.0\ninfo: { title: Big, version: "1" }\npaths:\n';
		for (let i = 0; yaml.length < 3 * 1024 * 1024; i++)
			yaml += `  /items${i}/{id}:\n    get:\n      summary: Get item ${i}\n      description: Returns item ${i} with every field it has, described at some length.\n      responses:\n        "200":\n          description: ok\n`;
		writeFileSync(site.path('api/api/big.yaml'), yaml);
		const big = text.replace('"api/pets.yaml"', '"api/big.yaml"').replace('"GET /pets", "post /pets"', '"GET /items7/{id}", "GET /nope"');
		writeFileSync(site.path('api/docs.json'), big);
		text = big;
		client = await LspClient.start([site.uri]);
		const events: string[] = [];
		const judged = client
			.waitForDiagnostics(docsUri, d => d.some(x => x.code === 'openapi-operation-not-found'), 'the entry judged once the spec is read', 120_000)
			.then(d => {
				events.push('judged');
				return d;
			});
		await client.waitForStatus(s => s.state === 'ready');
		await client.open(docsUri, text);
		const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: docsUri }, position: at('"index"', 2) });
		events.push('hover answered');
		assert.ok(hover, 'the page entry hover works while the spec loads');
		const diagnostics = await judged;
		assert.deepEqual(events, ['hover answered', 'judged'], 'the server answered before the spec finished loading');
		assert.deepEqual(
			diagnostics.map(d => [d.code, d.range.start.line]),
			[['openapi-operation-not-found', 11]],
		);
	});

	it('fetches a hosted spec in the background and judges its entries once it arrives', async () => {
		const spec = readFileSync(site.path('api/api/pets.yaml'), 'utf8');
		const server = createServer((_, res) => res.writeHead(200, { etag: '"1"' }).end(spec));
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		try {
			const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pets.yaml`;
			await client.change(docsUri, 2, [{ text: text.replace('"api/pets.yaml"', JSON.stringify(url)).replace('"post /pets"', '"GET /pest"') }]);
			const d = await client.waitForDiagnostics(
				docsUri,
				x => x.some(y => y.code === 'openapi-operation-not-found'),
				'the entry judged against the hosted spec',
			);
			assert.deepEqual(
				d.map(x => x.code),
				['openapi-operation-not-found'],
			);
			assert.match(d[0].message, /Did you mean 'GET \/pets'\?/);
		} finally {
			await new Promise(resolve => server.close(resolve));
		}
	});

	it('completes and resolves endpoint, webhook and schema references in page frontmatter', async () => {
		const page = site.fileUri('api/adopted.mdx');
		const pageText = readFileSync(site.path('api/adopted.mdx'), 'utf8');
		await client.open(page, pageText);
		const list = await client.untilSiteProbe(async () => {
			const result = (await client.connection.sendRequest(CompletionRequest.type, {
				textDocument: { uri: page },
				position: { line: 2, character: 10 },
			})) as CompletionList | null;
			return result?.items.length ? result : undefined;
		}, 'frontmatter completions');
		assert.deepEqual(
			list.items.map(i => i.label),
			['GET /pets', 'POST /pets', 'GET /pets/{petId}', 'webhook pet.adopted'],
		);
		const definition = (await client.connection.sendRequest(DefinitionRequest.type, {
			textDocument: { uri: page },
			position: { line: 2, character: 30 },
		})) as LocationLink[];
		assert.deepEqual([definition[0].targetUri, definition[0].targetRange.start], [site.fileUri('api/api/pets.yaml'), { line: 30, character: 2 }]);
	});

	it('validates an edited spec in the background and reports its findings in the spec', async () => {
		const specUri = site.fileUri('api/api/pets.yaml');
		const spec = readFileSync(site.path('api/api/pets.yaml'), 'utf8');
		await client.open(specUri, spec);
		// A response without its required description.
		await client.change(specUri, 2, [{ text: spec.replace('          description: ok\n    post:', '          content: {}\n    post:') }]);
		const findings = await client.waitForDiagnostics(specUri, d => d.some(x => x.code === 'openapi-invalid'), 'the validation finding');
		const invalid = findings.filter(d => d.code === 'openapi-invalid');
		assert.ok(invalid.length >= 1 && invalid.every(d => d.range.start.line === 12), JSON.stringify(invalid));
		assert.ok(invalid.some(d => /description/.test(d.message)));
		await client.change(specUri, 3, [{ text: spec }]);
		await client.waitForDiagnostics(specUri, d => d.length === 0, 'the finding to clear');
	});

	it('shows over each operation of the spec where the site documents it, and finds its references', async () => {
		const specUri = site.fileUri('api/api/pets.yaml');
		await client.open(specUri, readFileSync(site.path('api/api/pets.yaml'), 'utf8'));
		// The spec is read (and validated) in the background: ask again after each re-check until it is in.
		const lenses = await client.untilSiteProbe(async () => {
			const result = await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: specUri } });
			return result?.length ? result : undefined;
		}, 'code lenses');
		assert.deepEqual(
			lenses!.map(l => [l.range.start.line, l.command?.title]),
			[
				[8, 'documented in API › Pets'],
				[14, 'documented in API › Pets'], // written "post /pets": found, and flagged for its case
				[24, 'not in navigation'],
			],
		);
		const refs = await client.connection.sendRequest(ReferencesRequest.type, {
			textDocument: { uri: specUri },
			position: { line: 8, character: 5 },
			context: { includeDeclaration: false },
		});
		assert.deepEqual(
			refs!.map(r => [r.uri, r.range.start]),
			[[docsUri, at('"GET /pets"', 0)]],
		);
	});
});
