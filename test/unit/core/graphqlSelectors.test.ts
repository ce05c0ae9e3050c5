import * as assert from 'node:assert/strict';
import { parseGraphqlSelector } from '../../../server/src/core/graphql/graphqlSelectors';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

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
