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
	for (const entry of site.navigation?.pages ?? []) {
		if (entry.node.uri !== uri) continue;
		const page = classifyEntry(entry.value);
		if (page.kind === 'page') targets.push({ kind: 'page', node: entry.node, path: page.path, element: entry.parent, role: 'entry' });
	}
	for (const element of site.navigation?.elements ?? []) {
		for (const role of ['root', 'href'] as const) {
			const node = getValue(element.node, role);
			if (node?.kind !== 'string' || node.uri !== uri) continue;
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
		if (element.kind === 'language' && language?.kind === 'string' && language.uri === uri) targets.push({ kind: 'language', node: language, element });
	}
	return targets;
}

/** The target whose text contains `offset` in file `uri` (quotes included). */
export function targetAt(site: SiteModel, uri: string, offset: number, document: { offsetAt(p: Range['start']): number }): ConfigTarget | undefined {
	return targetsInFile(site, uri).find(target => {
		if (target.kind === 'ref') return document.offsetAt(target.range.start) <= offset && offset <= document.offsetAt(target.range.end);
		return target.node.offset <= offset && offset <= target.node.offset + target.node.length;
	});
}
