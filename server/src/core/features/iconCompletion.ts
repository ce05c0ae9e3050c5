import { CompletionItemKind, MarkupKind, type CompletionItem, type CompletionList, type MarkupContent, type Range } from 'vscode-languageserver-types';
import { iconLibraryNames, iconSet, isIconName, type IconLibrary } from '../icons/iconSets';

/** What a completion item of an icon name carries, so its documentation is written when the editor shows it. */
export interface IconCompletionData {
	readonly kind: 'icon';
	readonly library: IconLibrary;
}

/**
 * Names offered at once. Font Awesome has 5,400: every one in every answer was 2 MB a keystroke.
 * Like page paths in docs.json, the best ones for what is typed, the list marked incomplete so the
 * editor asks again as the writer narrows it.
 */
export const maxIconItems = 200;

/**
 * Icon names of the library `icons.library` selects, for an `icon` prop of a component or an
 * `icon` of docs.json, ranked for what is `typed`: names starting with it, then containing it, then
 * containing its letters in order (the editor's own fuzzy match); at most `maxIconItems`. `quote`
 * writes the value as the file needs it (JSON strings in docs.json, the bare name inside MDX
 * quotes). The documentation is the same for every name and comes on resolve.
 */
export function iconCompletion(library: IconLibrary, range: Range, typed: string, quote: (name: string) => string = name => name): CompletionList {
	const set = iconSet(library);
	const needle = typed.toLowerCase();
	const tiers: string[][] = [[], [], []];
	for (const name of set.names) {
		const tier = name.startsWith(needle) ? 0 : name.includes(needle) ? 1 : inOrder(name, needle) ? 2 : -1;
		if (tier >= 0) tiers[tier]!.push(name);
	}
	const ranked = tiers.flat();
	const detail = `${iconLibraryNames[library]} icon`;
	const data: IconCompletionData = { kind: 'icon', library };
	const items = ranked.slice(0, maxIconItems).map<CompletionItem>((name, i) => {
		const text = quote(name);
		return {
			label: name,
			kind: CompletionItemKind.EnumMember,
			detail,
			sortText: String(i).padStart(3, '0'),
			textEdit: { range, newText: text },
			...(text !== name && { filterText: text }),
			data,
		};
	});
	return { isIncomplete: ranked.length > maxIconItems, items };
}

/** Whether `needle`'s characters occur in `name` in order. */
function inOrder(name: string, needle: string): boolean {
	let at = 0;
	for (const char of needle) {
		at = name.indexOf(char, at) + 1;
		if (at === 0) return false;
	}
	return true;
}

/** The documentation of an icon name's completion item (on resolve). */
export function iconItemDocumentation(library: IconLibrary): MarkupContent {
	return {
		kind: MarkupKind.Markdown,
		value: `From ${iconLibraryNames[library]} ${iconSet(library).version} (\`icons.library\` in docs.json selects the library). A URL or a path to an icon file works too.`,
	};
}

/** What an icon value is: a name of the site's library (with its version), or a URL or file. */
export function iconHover(value: string, library: IconLibrary): string {
	if (!isIconName(value)) return `Icon from a URL, a file or SVG: \`${value}\``;
	const set = iconSet(library);
	const known = set.has(value) || set.has(value.toLowerCase());
	return `**${value}** — ${known ? '' : 'not '}a ${iconLibraryNames[library]} icon (${iconLibraryNames[library]} ${set.version}, selected by \`icons.library\` in docs.json)`;
}
