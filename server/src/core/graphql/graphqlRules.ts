import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ConfigNode } from '../docsConfig/configTree';
import type { DiagnosticSink } from '../docsConfig/diagnosticSink';
import type { Navigation } from '../docsConfig/navigation';
import { closestMatch } from '../textDistance';
import { isReadWhole, oversizedSize, refusedMessage, refusedReason, tooLargeMessage } from '../textGuards';
import { joinUri } from '../uris';
import { graphqlSelectors, resolveGraphqlSelector, type GraphqlReference, type GraphqlSchemaParse } from './graphqlSchema';
import { graphqlScopeOf, parseGraphqlSelector, type GraphqlSelector } from './graphqlSelectors';

/** Reads a schema file and parses it (the site state keeps one parse per text); undefined when there is no such file. */
export type GraphqlLoader = (uri: string) => Promise<{ readonly document: TextDocument; readonly parse: GraphqlSchemaParse } | undefined>;

/** A `graphql` source of docs.json as a model knows it. */
export type GraphqlSource =
	| { readonly kind: 'local'; readonly uri: string; readonly parse: GraphqlSchemaParse }
	/** Hosted (https): fetched by the platform's build, not checked here. */
	| { readonly kind: 'remote' }
	/** Not loaded: why, in the platform's words. */
	| { readonly kind: 'unavailable'; readonly uri?: string; readonly problem: string };

/** What a model read of the GraphQL schemas its navigation names. */
export interface GraphqlSchemas {
	/** By source as written in docs.json. */
	readonly sources: ReadonlyMap<string, GraphqlSource>;
	/** The schema files read, and their texts (a model is current while they are unchanged). */
	readonly files: ReadonlyMap<string, TextDocument>;
	/** Schema files named but missing: a model is not current once one exists. */
	readonly missing: ReadonlySet<string>;
}

export const noGraphqlSchemas: GraphqlSchemas = { sources: new Map(), files: new Map(), missing: new Set() };

/** The platform's build refuses larger schemas (prebuild 1.0.1370 `MAX_GRAPHQL_SCHEMA_BYTES`). */
const maxSchemaBytes = 5 * 1024 * 1024;

/**
 * Loads every GraphQL schema the navigation names (once per source) and checks them and the
 * selector entries under them as prebuild 1.0.1370 `generateGraphqlDivisions` does, whose first
 * failure stops the build: `graphql-schema-invalid` on the `graphql` value of a schema that cannot
 * be loaded, parsed or built (one finding, whatever the number of selectors), and
 * `graphql-selector-not-found` on a `QUERY`/`MUTATION`/`TYPE` entry the schema lacks.
 */
export async function checkGraphql(rootUri: string, navigation: Navigation | undefined, load: GraphqlLoader, sink: DiagnosticSink): Promise<GraphqlSchemas> {
	const scopes: { readonly source: string; readonly node: ConfigNode }[] = [];
	for (const element of navigation?.elements ?? []) {
		const scope = graphqlScopeOf(element);
		// Each element that writes its own `graphql` (children inherit it; their scope's node is the ancestor's).
		if (scope && !scopes.some(s => s.node === scope.node)) scopes.push(scope);
	}
	if (!scopes.length) return noGraphqlSchemas;
	const sources = new Map<string, GraphqlSource>();
	const files = new Map<string, TextDocument>();
	const missing = new Set<string>();
	await Promise.all(
		[...new Set(scopes.map(s => s.source))].map(async source => {
			const located = locateSource(rootUri, source);
			if ('kind' in located) return void sources.set(source, located);
			const loaded = await load(located.uri);
			if (!loaded) {
				missing.add(located.uri);
				return void sources.set(source, {
					kind: 'unavailable',
					uri: located.uri,
					problem: `Unable to load GraphQL schema ${source}: no such file under the docs root`,
				});
			}
			files.set(located.uri, loaded.document);
			const unread = unreadProblem(source, loaded.document);
			sources.set(source, unread ? { kind: 'unavailable', uri: located.uri, problem: unread } : { kind: 'local', uri: located.uri, parse: loaded.parse });
		}),
	);
	for (const { source, node } of scopes) {
		const known = sources.get(source);
		if (known?.kind === 'unavailable')
			sink.atNode(node, `${known.problem}: the platform's build stops here and generates no GraphQL page.`, 'graphql-schema-invalid');
		else if (known?.kind === 'local' && 'error' in known.parse) {
			const { message, line, column } = known.parse.error;
			sink.atNode(
				node,
				`The GraphQL schema ${source} is invalid: ${message}${line !== undefined ? ` (line ${line}, column ${column ?? 1})` : ''}. The platform's build stops here and generates no GraphQL page.`,
				'graphql-schema-invalid',
			);
		}
	}
	for (const entry of navigation?.pages ?? []) {
		const selector = parseGraphqlSelector(entry.value);
		if (!selector) continue;
		const scope = graphqlScopeOf(entry.parent);
		const known = scope && sources.get(scope.source);
		if (!scope || known?.kind !== 'local' || !('reference' in known.parse)) continue;
		const { reference } = known.parse;
		if (resolveGraphqlSelector(reference, selector)) continue;
		const suggestion = closestMatch(entry.value.trim(), selectorsLike(reference, selector));
		sink.atNode(
			entry.node,
			`GraphQL ${selector.kind} ${selector.name} not found in ${scope.source}: the platform's build fails.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
			'graphql-selector-not-found',
		);
	}
	return { sources, files, missing };
}

/** What a selector that resolves to nothing may have meant: the same kind, and for `a.b` the fields beside `b` (under `a`). */
function selectorsLike(reference: GraphqlReference, selector: GraphqlSelector): string[] {
	const keyword = selector.kind.toUpperCase();
	const dot = selector.name.lastIndexOf('.');
	if (dot === -1) return graphqlSelectors(reference).flatMap(s => (s.selector.startsWith(keyword + ' ') ? [s.selector] : []));
	const prefix = selector.name.slice(0, dot);
	const parent = resolveGraphqlSelector(reference, { kind: selector.kind, name: prefix });
	const type = parent && 'typeName' in parent ? reference.types.get(parent.typeName) : undefined;
	return (type?.fields ?? []).map(field => `${keyword} ${prefix}.${field.name}`);
}

/**
 * Where a source leads, by prebuild 1.0.1370 `loadGraphqlSdlSource`'s rules: a path relative to
 * the docs root that stays inside it, or an https URL.
 */
export function locateSource(rootUri: string, source: string): { readonly uri: string } | Exclude<GraphqlSource, { kind: 'local' }> {
	const unavailable = (why: string) => ({ kind: 'unavailable' as const, problem: `Unable to load GraphQL schema ${source}: ${why}` });
	if (source.startsWith('/') || source.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(source)) return unavailable('path must be relative');
	if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(source) && isUrl(source)) return /^https:/i.test(source) ? { kind: 'remote' } : unavailable('URL must use HTTPS');
	const segments: string[] = [];
	for (const segment of source.split(/[\\/]/)) {
		if (segment === '' || segment === '.') continue;
		if (segment !== '..') segments.push(segment);
		else if (!segments.pop()) return unavailable('path escapes the content directory');
	}
	if (!segments.length) return unavailable('no such file under the docs root');
	return { uri: joinUri(rootUri, ...segments) };
}

function isUrl(text: string): boolean {
	try {
		new URL(text);
		return true;
	} catch {
		return false;
	}
}

function unreadProblem(source: string, document: TextDocument): string | undefined {
	const reason = refusedReason(document);
	if (reason) return refusedMessage(`Unable to load GraphQL schema ${source}: it`, reason).replace(/\.$/, '');
	const size = oversizedSize(document);
	if (size !== undefined && size > maxSchemaBytes) return `Unable to load GraphQL schema ${source}: schema exceeds the ${maxSchemaBytes} byte limit`;
	if (!isReadWhole(document)) return tooLargeMessage(`Unable to load GraphQL schema ${source}: it`, size ?? 0).replace(/\.$/, '');
	const text = document.getText();
	if (text.length * 3 > maxSchemaBytes && new TextEncoder().encode(text).length > maxSchemaBytes)
		return `Unable to load GraphQL schema ${source}: schema exceeds the ${maxSchemaBytes} byte limit`;
	return undefined;
}
