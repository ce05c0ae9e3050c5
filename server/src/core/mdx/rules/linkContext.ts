import type { SiteModel } from '../../site/siteModel';
import type { DocsWorkspace } from '../../workspace';
import type { LinkContext } from './linkRules';
import type { PageSummary } from '../pageSummary';
import { snippetExports, type SnippetExport } from '../snippetExports';

/**
 * What link checks of one run ask of the rest of the site, each answer computed once per run:
 * thousands of links into one page must not read it thousands of times, nor list a folder as often.
 */
export function createLinkContext(
	site: SiteModel,
	workspace: DocsWorkspace,
	summaryOf: (uri: string) => Promise<PageSummary | undefined>,
	summaries = new Map<string, Promise<PageSummary | undefined>>(),
): LinkContext {
	const known = new Map<string, Promise<boolean>>();
	const listings = new Map<string, Promise<string[]>>();
	const snippets = new Map<string, Promise<readonly SnippetExport[] | undefined>>();
	const stem = (name: string) => (name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name);
	return {
		site,
		resolvedPaths: new Map(),
		summaryOf: uri => {
			if (!summaries.has(uri)) summaries.set(uri, summaryOf(uri));
			return summaries.get(uri)!;
		},
		exists: uri => {
			if (!known.has(uri))
				known.set(
					uri,
					workspace.stat(uri).then(stat => stat !== undefined),
				);
			return known.get(uri)!;
		},
		snippetExports: uri => {
			if (!snippets.has(uri))
				snippets.set(
					uri,
					workspace.readDocument(uri).then(
						document => document && snippetExports(document),
						() => undefined,
					),
				);
			return snippets.get(uri)!;
		},
		fileNamedLike: async uri => {
			const slash = uri.lastIndexOf('/');
			const folder = uri.slice(0, slash);
			const name = uri.slice(slash + 1);
			if (!listings.has(folder))
				listings.set(
					folder,
					workspace.readDirectory(folder).then(
						entries => entries.filter(([, kind]) => kind === 'file').map(([n]) => n),
						() => [],
					),
				);
			return (await listings.get(folder)!).find(file => file !== name && (stem(file) === name || stem(file) === stem(name)));
		},
	};
}
