import { CompletionItemKind, type CompletionItem, type Range } from 'vscode-languageserver-types';
import type { NavElement } from '../docsConfig/navigation';
import { graphqlSelectors } from '../graphql/graphqlSchema';
import { graphqlScopeOf } from '../graphql/graphqlSelectors';
import type { SiteModel } from '../site/siteModel';

/**
 * `QUERY name`, `MUTATION name` and `TYPE Name` completions in a `pages` array under a `graphql`
 * element: the fields of the schema's query and mutation types and its documented types, read from
 * the SDL file the model loaded, not yet listed there. Nothing when no schema is in scope or it
 * does not build.
 */
export function graphqlCompletions(site: SiteModel, element: NavElement | undefined, listed: ReadonlySet<string>, replace: Range): CompletionItem[] {
	const scope = graphqlScopeOf(element);
	const source = scope && site.graphql.sources.get(scope.source);
	if (source?.kind !== 'local' || !('reference' in source.parse)) return [];
	return graphqlSelectors(source.parse.reference)
		.filter(({ selector }) => !listed.has(selector))
		.map(({ selector, detail, description }, i) => ({
			label: selector,
			kind: selector.startsWith('TYPE ') ? CompletionItemKind.Class : CompletionItemKind.Method,
			detail,
			...(description ? { documentation: description } : {}),
			textEdit: { range: replace, newText: JSON.stringify(selector) },
			filterText: JSON.stringify(selector),
			// After the pages not yet in the navigation, in the order the platform's generated groups list them.
			sortText: `2${String(i).padStart(6, '0')}`,
		}));
}
