import { CompletionItemKind, MarkupKind, type CompletionItem, type CompletionList, type Range } from 'vscode-languageserver-types';
import { iconLibraryNames, iconSet, type IconLibrary } from '../icons/iconSets';

/**
 * Every icon name of the library `icons.library` selects, for an `icon` prop of a component or an
 * `icon` of docs.json: the name, and the library and its version as the detail. `quote` writes
 * the value as the file needs it (JSON strings in docs.json, the bare name inside MDX quotes).
 */
export function iconCompletion(library: IconLibrary, range: Range, quote: (name: string) => string = name => name): CompletionList {
	const set = iconSet(library);
	const detail = `${iconLibraryNames[library]} icon`;
	const documentation = {
		kind: MarkupKind.Markdown,
		value: `From ${iconLibraryNames[library]} ${set.version} (\`icons.library\` in docs.json selects the library). A URL or a path to an icon file works too.`,
	};
	const items = set.names.map<CompletionItem>(name => ({
		label: name,
		kind: CompletionItemKind.EnumMember,
		detail,
		documentation,
		textEdit: { range, newText: quote(name) },
		filterText: quote(name),
	}));
	return { isIncomplete: false, items };
}
