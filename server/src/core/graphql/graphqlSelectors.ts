import { getProperty, getValue, type ConfigNode, type ConfigScalar } from '../docsConfig/configTree';
import type { NavElement } from '../docsConfig/navigation';

/** What a GraphQL selector entry names: one field of the schema's query or mutation type, or one type. */
export interface GraphqlSelector {
	readonly kind: 'query' | 'mutation' | 'type';
	readonly name: string;
}

const kinds = { QUERY: 'query', MUTATION: 'mutation', TYPE: 'type' } as const;
const graphqlName = /^[_A-Za-z][_0-9A-Za-z]*$/;

/**
 * A `pages` entry such as `QUERY users`, `MUTATION billing.refund` or `TYPE User`: under a
 * navigation element with `graphql`, the platform generates one page for it instead of reading a
 * file (@mintlify/prebuild 1.0.1370 `generateGraphqlDivisions`, @mintlify/common 1.0.1211
 * `parseGraphqlSelector`): the kind in upper case, then a GraphQL name, dotted for nested
 * operations but never for a type.
 */
export function parseGraphqlSelector(value: string): GraphqlSelector | undefined {
	const [rawKind, name, ...extra] = value.trim().split(/\s+/);
	if (!rawKind || !name || extra.length) return undefined;
	const kind = (kinds as Record<string, GraphqlSelector['kind'] | undefined>)[rawKind];
	if (!kind || (kind === 'type' && name.includes('.'))) return undefined;
	return name.split('.').every(segment => graphqlName.test(segment)) ? { kind, name } : undefined;
}

/** The GraphQL schema source in scope of an element: its own `graphql` or the nearest ancestor's (a path, a URL, or `{ source }`). */
export function graphqlSourceOf(element: NavElement | undefined): string | undefined {
	return graphqlScopeOf(element)?.source;
}

/** The `graphql` in scope of an element: its source and the string node that names it (where its findings go). */
export function graphqlScopeOf(element: NavElement | undefined): { readonly source: string; readonly node: ConfigScalar } | undefined {
	for (let e = element; e; e = e.parent) {
		const node = sourceNodeOf(getProperty(e.node, 'graphql')?.value);
		if (node) return { source: node.value as string, node };
	}
	return undefined;
}

function sourceNodeOf(value: ConfigNode | undefined): ConfigScalar | undefined {
	if (value?.kind === 'string') return value;
	const source = getValue(value, 'source');
	return source?.kind === 'string' ? source : undefined;
}
