import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getProperty } from '../docsConfig/configTree';
import { nameKeyOf, type NavElement, type NavKind } from '../docsConfig/navigation';
import type { SiteModel } from '../site/siteModel';

const symbolKinds: Record<NavKind, SymbolKind> = {
	navigation: SymbolKind.Module,
	version: SymbolKind.Package,
	language: SymbolKind.Package,
	product: SymbolKind.Package,
	tab: SymbolKind.Namespace,
	dropdown: SymbolKind.Namespace,
	anchor: SymbolKind.Namespace,
	globalAnchor: SymbolKind.Namespace,
	menuItem: SymbolKind.Namespace,
	group: SymbolKind.Class,
};

const kindLabels: Record<NavKind, string> = {
	navigation: 'navigation',
	version: 'version',
	language: 'language',
	product: 'product',
	tab: 'tab',
	dropdown: 'dropdown',
	anchor: 'anchor',
	globalAnchor: 'global anchor',
	menuItem: 'menu item',
	group: 'group',
};

/**
 * The outline of a configuration file as the site renders it (Version › Tab › Group › Page),
 * not as raw JSON. Elements written in another file (`$ref`) appear in that file's outline.
 */
export function findDocumentSymbols(site: SiteModel, document: TextDocument): DocumentSymbol[] {
	const range = (offset: number, length: number) => ({ start: document.positionAt(offset), end: document.positionAt(offset + length) });

	const symbolsOf = (element: NavElement): DocumentSymbol[] => {
		const children = [
			...element.pages
				.filter(p => p.node.uri === document.uri)
				.map<DocumentSymbol>(p => ({
					name: p.value,
					kind: SymbolKind.File,
					range: range(p.node.offset, p.node.length),
					selectionRange: range(p.node.offset, p.node.length),
				})),
			...element.children.flatMap(symbolsOf),
		];
		// Pages and nested groups interleave in `pages`: keep source order.
		children.sort((a, b) => document.offsetAt(a.range.start) - document.offsetAt(b.range.start));
		if (element.node.uri !== document.uri) return children;
		const nameNode = element.kind === 'navigation' ? undefined : getProperty(element.node, nameKeyOf[element.kind])?.value;
		const whole = range(element.node.offset, element.node.length);
		return [
			{
				name: element.name || `(${kindLabels[element.kind]} without a name)`,
				detail: kindLabels[element.kind],
				kind: symbolKinds[element.kind],
				range: whole,
				selectionRange: nameNode?.uri === document.uri ? range(nameNode.offset, nameNode.length) : { start: whole.start, end: whole.start },
				children,
			},
		];
	};

	if (!site.navigation) return [];
	const globals = site.navigation.global.flatMap(symbolsOf);
	return [...symbolsOf(site.navigation.root), ...globals];
}
