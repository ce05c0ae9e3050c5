import type { Range } from 'vscode-languageserver-types';
import { getValue, type ConfigScalar } from '../docsConfig/configTree';
import type { NavElement } from '../docsConfig/navigation';
import { classifyEntry, isExternalLink } from '../docsConfig/pageEntries';
import type { SiteModel } from '../site/siteModel';

/** Something in a configuration file that points elsewhere: a page, a `$ref` file, a language code. */
export type ConfigTarget =
	| { readonly kind: 'page'; readonly node: ConfigScalar; readonly path: string; readonly element: NavElement; readonly role: 'entry' | 'root' | 'href' }
	| { readonly kind: 'ref'; readonly uri: string; readonly range: Range; readonly target: string | undefined }
	| { readonly kind: 'language'; readonly node: ConfigScalar; readonly element: NavElement };

/** Every target written in the file `uri` of the site, in no particular order. */
export function targetsInFile(site: SiteModel, uri: string): ConfigTarget[] {
	const targets: ConfigTarget[] = [];
	for (const ref of site.config.refs) if (ref.uri === uri) targets.push({ kind: 'ref', ...ref });
	return scalarTargets(site, uri, () => true, targets);
}

/**
 * The page and language targets among the scalars of `uri` that `keep` accepts, added to `targets`.
 * `keep` is asked before an entry is classified: a hover on crewAI's docs.json looks at 23,000
 * entries, and classifying each of them was nearly all of the request's 5 ms.
 */
function scalarTargets(site: SiteModel, uri: string, keep: (node: ConfigScalar) => boolean, targets: ConfigTarget[]): ConfigTarget[] {
	for (const entry of site.navigation?.pages ?? []) {
		if (entry.node.uri !== uri || !keep(entry.node)) continue;
		const page = classifyEntry(entry.value);
		if (page.kind === 'page') targets.push({ kind: 'page', node: entry.node, path: page.path, element: entry.parent, role: 'entry' });
	}
	for (const element of site.navigation?.elements ?? []) {
		for (const role of ['root', 'href'] as const) {
			const node = getValue(element.node, role);
			if (node?.kind !== 'string' || node.uri !== uri || !keep(node)) continue;
			const value = node.value as string;
			if (role === 'href' && (isExternalLink(value) || value.startsWith('#'))) continue;
			targets.push({
				kind: 'page',
				node,
				path: value
					.replace(/^\/+/, '')
					.replace(/[#?].*$/, '')
					.replace(/\.(mdx|md)$/i, ''),
				element,
				role,
			});
		}
		const language = getValue(element.node, 'language');
		if (element.kind === 'language' && language?.kind === 'string' && language.uri === uri && keep(language))
			targets.push({ kind: 'language', node: language, element });
	}
	return targets;
}

/** The target whose text contains `offset` in file `uri` (quotes included). */
export function targetAt(site: SiteModel, uri: string, offset: number, document: { offsetAt(p: Range['start']): number }): ConfigTarget | undefined {
	const ref = site.config.refs.find(r => r.uri === uri && document.offsetAt(r.range.start) <= offset && offset <= document.offsetAt(r.range.end));
	if (ref) return { kind: 'ref', ...ref };
	return scalarTargets(site, uri, node => node.offset <= offset && offset <= node.offset + node.length, [])[0];
}
