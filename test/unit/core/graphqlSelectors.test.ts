import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { noCancellation } from '../../../server/src/core/cancellation';
import { parseGraphqlSelector } from '../../../server/src/core/graphql/graphqlSelectors';
import { createLanguageService } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkPages, checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

// @mintlify/prebuild 1.0.1370 generateGraphqlDivisions + @mintlify/common 1.0.1211 parseGraphqlSelector.
const sdl = 'type User { id: ID! }\ntype Query { users: [User!]! }\ntype Mutation { billing: Billing }\ntype Billing { refund: Boolean }\n';

describe('GraphQL selector entries', () => {
	it('parses the selectors the platform parses, and nothing else', () => {
		assert.deepEqual(parseGraphqlSelector('QUERY users'), { kind: 'query', name: 'users' });
		assert.deepEqual(parseGraphqlSelector(' MUTATION billing.refund '), { kind: 'mutation', name: 'billing.refund' });
		assert.deepEqual(parseGraphqlSelector('TYPE User'), { kind: 'type', name: 'User' });
		for (const text of ['TYPE a.b', 'query users', 'QUERY /search', 'QUERY', 'QUERY a b', 'SUBSCRIPTION x', 'QUERY 1x'])
			assert.equal(parseGraphqlSelector(text), undefined, text);
	});

	it('takes selectors under a tab with graphql as generated pages (before: page-not-found), and reports them elsewhere', async () => {
		const text = docsJson({
			tabs: [
				{
					tab: 'GraphQL',
					graphql: 'schema.graphql',
					groups: [{ group: 'Reference', pages: ['QUERY users', 'MUTATION billing.refund', 'TYPE User', 'index'] }],
				},
				{ tab: 'Hosted', graphql: { source: 'https://example.com/schema.graphql' }, groups: [{ group: 'R', pages: ['QUERY viewer'] }] },
				{ tab: 'Guides', groups: [{ group: 'G', pages: ['TYPE Account'] }] },
			],
		});
		const result = await checkSite({ 'docs.json': text, 'schema.graphql': sdl, 'index.mdx': '# Home' });
		assertDiagnostics(result['docs.json'] ?? [], [{ range: rangeOf(text, '"TYPE Account"'), code: 'page-not-found' }]);
	});
});

describe('GraphQL schemas: selectors checked against the SDL, schema errors, completion, one parse per text', () => {
	const tab = (pages: string[], graphql: unknown = 'schema.graphql') =>
		docsJson({ tabs: [{ tab: 'GraphQL', graphql, groups: [{ group: 'Reference', pages }] }] });

	it('reports a selector the schema lacks, by the platform’s resolution (before: silent), with the selector meant', async () => {
		const text = tab([
			'QUERY users',
			'QUERY user',
			'MUTATION billing.refund',
			'MUTATION billing.refnd',
			'TYPE User',
			'TYPE Billing',
			'TYPE Query',
			'TYPE ID',
			'QUERY users.id',
			'QUERY users.name',
		]);
		const result = await checkSite({ 'docs.json': text, 'schema.graphql': sdl });
		assertDiagnostics(result['docs.json'] ?? [], [
			{
				range: rangeOf(text, '"QUERY user"'),
				code: 'graphql-selector-not-found',
				message: /^GraphQL query user not found in schema\.graphql: the platform's build fails\. Did you mean 'QUERY users'\?$/,
				severity: 1,
			},
			{ range: rangeOf(text, '"MUTATION billing.refnd"'), code: 'graphql-selector-not-found', message: /Did you mean 'MUTATION billing\.refund'\?$/ },
			// A root operation type and a built-in scalar get no page (prebuild isDocumentedType).
			{ range: rangeOf(text, '"TYPE Query"'), code: 'graphql-selector-not-found', message: /^GraphQL type Query not found/ },
			{ range: rangeOf(text, '"TYPE ID"'), code: 'graphql-selector-not-found' },
			// Dotted names walk fields through object types (`users.id` is User's `id`, as the platform resolves it); User has no `name`.
			{ range: rangeOf(text, '"QUERY users.name"'), code: 'graphql-selector-not-found', message: /Did you mean 'QUERY users\.id'\?$/ },
		]);
	});

	it('reports a schema that does not parse or build once, on the graphql value, and judges none of its selectors', async () => {
		const syntax = tab(['QUERY users', 'QUERY nope']);
		const broken = await checkSite({ 'docs.json': syntax, 'schema.graphql': 'type Query { users: [User!]! \n' });
		assertDiagnostics(broken['docs.json'] ?? [], [
			{
				range: rangeOf(syntax, '"schema.graphql"'),
				code: 'graphql-schema-invalid',
				message: /^The GraphQL schema schema\.graphql is invalid: Syntax Error: Expected Name, found <EOF>\. \(line 2, column 1\)\./,
			},
		]);
		// Builds but does not validate (validateSchema): no Query type.
		const noQuery = await checkSite({ 'docs.json': syntax, 'schema.graphql': 'type User { id: ID }\n' });
		assertDiagnostics(noQuery['docs.json'] ?? [], [
			{ range: rangeOf(syntax, '"schema.graphql"'), code: 'graphql-schema-invalid', message: /Query root type must be provided/ },
		]);
		// An unknown type (buildSchema's SDL rules).
		const unknown = await checkSite({ 'docs.json': syntax, 'schema.graphql': 'type Query { users: [Person] }\n' });
		assertDiagnostics(unknown['docs.json'] ?? [], [
			{ range: rangeOf(syntax, '"schema.graphql"'), code: 'graphql-schema-invalid', message: /Unknown type "Person"/ },
		]);
	});

	it('reports a schema it cannot load as the platform words it: missing, absolute, escaping the root, plain http; hosted https ones are not read', async () => {
		const text = docsJson({
			tabs: [
				{ tab: 'A', graphql: 'missing.graphql', groups: [{ group: 'R', pages: ['QUERY a'] }] },
				{ tab: 'B', graphql: '/schema.graphql', groups: [{ group: 'R', pages: ['QUERY b'] }] },
				{ tab: 'C', graphql: { source: '../outside.graphql', directory: 'gql' }, groups: [{ group: 'R', pages: ['QUERY c'] }] },
				{ tab: 'D', graphql: 'http://example.com/schema.graphql', groups: [{ group: 'R', pages: ['QUERY d'] }] },
				{ tab: 'E', graphql: 'https://example.com/schema.graphql', groups: [{ group: 'R', pages: ['QUERY anything'] }] },
			],
		});
		const result = await checkSite({ 'docs.json': text, 'schema.graphql': sdl });
		assertDiagnostics(result['docs.json'] ?? [], [
			{
				range: rangeOf(text, '"missing.graphql"'),
				code: 'graphql-schema-invalid',
				message: /^Unable to load GraphQL schema missing\.graphql: no such file under the docs root/,
			},
			{
				range: rangeOf(text, '"/schema.graphql"'),
				code: 'graphql-schema-invalid',
				message: /^Unable to load GraphQL schema \/schema\.graphql: path must be relative/,
			},
			{ range: rangeOf(text, '"../outside.graphql"'), code: 'graphql-schema-invalid', message: /path escapes the content directory/ },
			{ range: rangeOf(text, '"http://example.com/schema.graphql"'), code: 'graphql-schema-invalid', message: /URL must use HTTPS/ },
		]);
	});

	it('completes QUERY, MUTATION and TYPE selectors from the SDL in scope, leaving out those listed', async () => {
		const text = tab(['QUERY users', '']);
		const workspace = new InMemoryWorkspace({ 'docs.json': text, 'schema.graphql': sdl });
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const document = TextDocument.create(workspaceUri('docs.json'), 'json', 1, text);
		const list = await service.doComplete(document, document.positionAt(text.indexOf('""') + 1), noCancellation);
		const graphql = list!.items.filter(i => /^(QUERY|MUTATION|TYPE) /.test(i.label));
		assert.deepEqual(
			graphql.map(i => [i.label, i.detail]),
			[
				['MUTATION billing', 'mutation → Billing'],
				['TYPE Billing', 'object type'],
				['TYPE User', 'object type'],
			],
		);
		const at = document.positionAt(text.indexOf('""'));
		assert.deepEqual(graphql[0].textEdit, { range: { start: at, end: { line: at.line, character: at.character + 2 } }, newText: '"MUTATION billing"' });
	});

	it('parses a schema once per text, and again after the file changed (the editor reports the change)', async () => {
		const text = tab(['QUERY users', 'QUERY accounts']);
		const workspace = new InMemoryWorkspace({ 'docs.json': text, 'schema.graphql': sdl });
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		const codes = async () => (await service.checkSite(workspaceRoot, noCancellation)).flatMap(r => r.diagnostics.map(d => String(d.code)));
		assert.deepEqual(await codes(), ['graphql-selector-not-found']);
		const first = (await service.getSite(workspaceRoot, noCancellation)).graphql.sources.get('schema.graphql');
		// A docs.json edit builds a new model on the same parse.
		const edited = text.replace('"QUERY accounts"', '"TYPE User"');
		workspace.write('docs.json', edited);
		await service.didChangeFiles([{ uri: workspaceUri('docs.json'), type: 'changed' }]);
		assert.deepEqual(await codes(), []);
		const second = (await service.getSite(workspaceRoot, noCancellation)).graphql.sources.get('schema.graphql');
		assert.ok(first?.kind === 'local' && second?.kind === 'local' && first.parse === second.parse, 'one parse per text');
		// The schema changes: the model is rebuilt and the selector judged against the new SDL.
		workspace.write('schema.graphql', sdl.replace('type User { id: ID! }', 'type Person { id: ID! }').replace('[User!]!', '[Person!]!'));
		assert.deepEqual(await service.didChangeFiles([{ uri: workspaceUri('schema.graphql'), type: 'changed' }]), [workspaceRoot]);
		assert.deepEqual(await codes(), ['graphql-selector-not-found']);
	});
});

describe('GraphQL generated pages as link targets', () => {
	it('serves links into the folder the platform generates the pages in (graphql-reference, or graphql.directory)', async () => {
		const text = docsJson({
			tabs: [
				{ tab: 'Guides', groups: [{ group: 'G', pages: ['index'] }] },
				{ tab: 'GraphQL', graphql: 'schema.graphql', groups: [{ group: 'R', pages: ['QUERY users'] }] },
				{ tab: 'Admin', graphql: { source: 'schema.graphql', directory: 'admin-api' }, groups: [{ group: 'R', pages: ['TYPE User'] }] },
			],
		});
		const page = '# Home\n\nSee [users](/graphql-reference/queries/users), [User](/admin-api/types/User) and [nothing](/nowhere).\n';
		const result = await checkPages({ 'docs.json': text, 'schema.graphql': sdl, 'index.mdx': page });
		assertDiagnostics(result['index.mdx'] ?? [], [{ range: rangeOf(page, '/nowhere'), code: 'link-broken' }]);
	});
});
