import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { applyOverlays } from '../../../server/src/core/openapi/overlayApply';
import { readOverlayDocument } from '../../../server/src/core/openapi/overlayDocument';
import { parseSpecText, plain } from '../../../server/src/core/openapi/specTree';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

const spec = [
	'openapi: 3.1.0',
	'info: { title: T, version: "1" }',
	'tags:',
	'  - name: users',
	'    x-group: People',
	'paths:',
	'  /users:',
	'    get:',
	'      tags: [users]',
	'      summary: List users',
	'  /internal:',
	'    get:',
	'      summary: Internal',
	'',
].join('\n');

const addOrders = [
	'overlay: 1.0.0',
	'info: { title: Orders, version: "1" }',
	'extends: ./openapi.yaml',
	'actions:',
	'  - target: $.paths',
	'    update:',
	'      /orders:',
	'        post:',
	'          summary: Create an order',
	"  - target: $.paths['/internal']",
	'    remove: true',
	'',
].join('\n');

const nav = (pages: string[], openapi: unknown = 'openapi.yaml') => docsJson({ groups: [{ group: 'API', openapi, pages }] });

function apply(specText: string, overlayText: string): unknown {
	const result = applyOverlays(parseSpecText(specText, 'a.yaml').root!, [readOverlayDocument('o.yaml', overlayText)]);
	return 'root' in result ? plain(result.root) : result.failure.message;
}

describe('OpenAPI overlays', () => {
	it('merges, appends and replaces as the Overlay Specification says, and removes what a target selects', () => {
		const base = 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\ntags: [{ name: a }]\npaths: { /a: { get: { summary: A } }, /b: { get: {} } }\n';
		const overlay = [
			'overlay: 1.0.0',
			'info: { title: O, version: "1" }',
			'actions:',
			'  - { target: "$.info", update: { title: New, x-extra: 1 } }',
			'  - { target: "$.tags", update: { name: b } }',
			'  - { target: "$.paths[\'/a\'].get.summary", update: Changed }',
			'  - { target: "$.paths[\'/b\']", remove: true }',
			'  - { target: "$.nothing", update: { x: 1 } }',
		].join('\n');
		assert.deepEqual(apply(base, overlay), {
			openapi: '3.1.0',
			info: { title: 'New', version: '1', 'x-extra': 1 },
			tags: [{ name: 'a' }, { name: 'b' }],
			paths: { '/a': { get: { summary: 'Changed' } } },
		});
	});

	it('fails on an update that does not fit and on a bad JSONPath, naming the action', () => {
		const base = 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths: {}\n';
		assert.match(
			String(apply(base, 'overlay: 1.0.0\ninfo: { title: O, version: "1" }\nactions:\n  - { target: "$.info", update: [1] }\n')),
			/must be an object/,
		);
		assert.match(
			String(apply(base, 'overlay: 1.0.0\ninfo: { title: O, version: "1" }\nactions:\n  - { target: "$.paths[", update: {} }\n')),
			/not a valid JSONPath/,
		);
		assert.match(
			String(apply(base, 'overlay: 2.0.0\ninfo: { title: O, version: "1" }\nactions:\n  - { target: "$", update: {} }\n')),
			/2\.0\.0 is not supported/,
		);
	});

	it('applies a discovered overlay whose extends names the document: an added operation resolves, a removed one is not found', async () => {
		const text = nav(['POST /orders', 'GET /users', 'GET /internal']);
		const d = await checkSite({ 'docs.json': text, 'openapi.yaml': spec, 'overlays/orders.yaml': addOrders.replace('./openapi.yaml', '../openapi.yaml') });
		assertDiagnostics(d['docs.json'] ?? [], [{ range: rangeOf(text, '"GET /internal"'), code: 'openapi-operation-not-found' }]);
		assert.equal(d['overlays/orders.yaml'], undefined);
	});

	it('an explicit overlays list wins over discovery, in its order; an empty list turns overlays off', async () => {
		const files = { 'openapi.yaml': spec, 'orders.yaml': addOrders };
		const explicit = nav(['POST /orders'], { source: 'openapi.yaml', overlays: [] });
		assertDiagnostics((await checkSite({ ...files, 'docs.json': explicit }))['docs.json'] ?? [], [
			{ range: rangeOf(explicit, '"POST /orders"'), code: 'openapi-operation-not-found' },
		]);
		const listed = nav(['POST /orders'], { source: 'openapi.yaml', overlays: ['/orders.yaml'] });
		assert.deepEqual(
			(await checkSite({ ...files, 'orders.yaml': addOrders.replace('extends: ./openapi.yaml\n', ''), 'docs.json': listed }))['docs.json'],
			undefined,
		);
		const hosted = nav(['POST /nothing'], { source: 'openapi.yaml', overlays: ['https://example.com/o.yaml'] });
		assertDiagnostics((await checkSite({ ...files, 'docs.json': hosted }))['docs.json'] ?? [], [
			{ range: rangeOf(hosted, '"https://example.com/o.yaml"'), code: 'openapi-remote-unavailable' },
		]);
		const missing = nav(['POST /orders'], { source: 'openapi.yaml', overlays: ['nowhere.yaml'] });
		assertDiagnostics((await checkSite({ ...files, 'docs.json': missing }))['docs.json'] ?? [], [
			{ range: rangeOf(missing, '"nowhere.yaml"'), code: 'openapi-overlay-invalid', message: /No overlay file 'nowhere.yaml'/ },
		]);
	});

	it('a broken overlay is one finding on its action, and the entries of its document are not checked rather than wrong', async () => {
		const broken = addOrders.replace("$.paths['/internal']", '$.paths[?@.x ==');
		const text = nav(['POST /orders', 'GET /nothing-at-all']);
		const d = await checkSite({ 'docs.json': text, 'openapi.yaml': spec, 'orders.yaml': broken });
		assert.equal(d['docs.json'], undefined);
		assertDiagnostics(d['orders.yaml'] ?? [], [
			{
				range: rangeOf(broken, '$.paths[?@.x =='),
				code: 'openapi-overlay-invalid',
				message: /^Action 2 cannot be applied to openapi.yaml: .*The platform drops openapi.yaml/,
			},
		]);
	});

	it('go to definition of an operation an overlay added leads into the overlay file; x-group names the group in hover and completion', async () => {
		const text = nav(['POST /orders', 'GET /users']);
		const workspace = new InMemoryWorkspace({ 'docs.json': text, 'openapi.yaml': spec, 'orders.yaml': addOrders });
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const document = (await workspace.readDocument(workspaceUri('docs.json')))!;
		const [line, character] = rangeOf(text, 'POST /orders');
		const definitions = await service.findDefinition(document, { line, character: character + 2 }, noCancellation);
		assert.equal(definitions[0]?.targetUri, workspaceUri('orders.yaml'));
		assert.equal(definitions[0]?.targetRange.start.line, 7);
		const [hoverLine, hoverCharacter] = rangeOf(text, 'GET /users');
		const hover = await service.doHover(document, { line: hoverLine, character: hoverCharacter + 2 }, noCancellation);
		assert.match(JSON.stringify(hover?.contents), /Group: People/);
		void workspaceRoot;
	});

	it('validates the document as overlaid: a problem in what the overlay wrote is shown in the overlay, one in the document stays there', async () => {
		const workspace = new InMemoryWorkspace({ 'docs.json': nav(['POST /orders']), 'openapi.yaml': spec, 'orders.yaml': addOrders });
		const seen: string[] = [];
		const service = createLanguageService({
			workspace,
			// Stands in for the full validation: flags the overlay's summary and the document's `tags`.
			overlaidValidator: async (_uri, text) => {
				seen.push(text);
				return [
					{ message: 'summary is wrong', span: { offset: text.indexOf('"Create an order"'), length: 1 } },
					{ message: 'tags are wrong', span: { offset: text.indexOf('"tags"'), length: 1 } },
				];
			},
		});
		await service.findDocsRoots(noCancellation);
		const results = await service.checkSite(workspaceRoot, noCancellation);
		const of = (file: string) => results.find(r => r.uri === workspaceUri(file))?.diagnostics.map(d => [d.code, d.range.start.line, d.message]);
		assert.deepEqual(of('orders.yaml'), [['openapi-invalid', 8, 'OpenAPI (after this overlay): summary is wrong']]);
		assert.deepEqual(of('openapi.yaml'), [['openapi-invalid', 2, 'OpenAPI: tags are wrong']]);
		assert.equal(JSON.parse(seen[0]!).paths['/internal'], undefined, 'the validated text is the overlaid document');
	});
});
