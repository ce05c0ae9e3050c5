import { CompletionItemKind, MarkupKind, type CompletionItem, type CompletionList, type Range } from 'vscode-languageserver-types';
import { iconLibraryNames, iconSet, isIconName, type IconLibrary } from '../icons/iconSets';

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

/** What an icon value is: a name of the site's library (with its version), or a URL or file. */
export function iconHover(value: string, library: IconLibrary): string {
	if (!isIconName(value)) return `Icon from a URL, a file or SVG: \`${value}\``;
	const set = iconSet(library);
	const known = set.has(value) || set.has(value.toLowerCase());
	return `**${value}** — ${known ? '' : 'not '}a ${iconLibraryNames[library]} icon (${iconLibraryNames[library]} ${set.version}, selected by \`icons.library\` in docs.json)`;
}
