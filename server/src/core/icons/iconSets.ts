import { closestMatch } from '../textDistance';
import { fontAwesomeNames, fontAwesomeStyles, iconSetVersions, lucideAliases, lucideNames, tablerFilled, tablerNames } from './iconNames.generated';

/** The icon libraries `icons.library` in docs.json selects (Font Awesome by default). */
export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';
export const iconLibraries: readonly IconLibrary[] = ['fontawesome', 'lucide', 'tabler'];
export const iconLibraryNames: Readonly<Record<IconLibrary, string>> = { fontawesome: 'Font Awesome', lucide: 'Lucide', tabler: 'Tabler' };

/** Decodes a front-coded list (scripts/icon-names.mjs): each line is a base-36 shared-prefix length, then the rest. */
export function decodeNames(coded: string): string[] {
	const names: string[] = [];
	let previous = '';
	for (const line of coded ? coded.split('\n') : []) {
		previous = previous.slice(0, parseInt(line[0], 36)) + line.slice(1);
		names.push(previous);
	}
	return names;
}

/** One library's names, decoded on first use. */
export interface IconSet {
	readonly library: IconLibrary;
	readonly version: string;
	readonly names: readonly string[];
	has(name: string): boolean;
	/** The name closest to a wrong one, for did-you-mean. */
	closest(name: string): string | undefined;
}

const sets = new Map<IconLibrary, IconSet>();

export function iconSet(library: IconLibrary): IconSet {
	let set = sets.get(library);
	if (!set) {
		const names = decodeNames(library === 'fontawesome' ? fontAwesomeNames : library === 'lucide' ? lucideNames : tablerNames);
		const known = new Set(names);
		// Lucide keeps renamed icons under their old names; those are compared without hyphens.
		const aliases = library === 'lucide' ? new Set(decodeNames(lucideAliases)) : undefined;
		// A versioned site repeats its wrong names on every copy of a page (crewAI: 1.8 s of the cold
		// check's last phase went to the same few suggestions); bounded, a server lives long.
		const suggestions = new Map<string, string | undefined>();
		const closest = (name: string) => {
			if (suggestions.has(name)) return suggestions.get(name);
			if (suggestions.size >= 4096) suggestions.clear();
			const suggestion = closestMatch(name, names);
			suggestions.set(name, suggestion);
			return suggestion;
		};
		set = {
			library,
			version: iconSetVersions[library],
			names,
			has: name => known.has(name) || (aliases?.has(name.replace(/-/g, '').toLowerCase()) ?? false),
			closest,
		};
		sets.set(library, set);
	}
	return set;
}

let filled: Set<string> | undefined;
/** Whether a Tabler icon has a filled style. */
export function tablerHasFilled(name: string): boolean {
	filled ??= new Set(decodeNames(tablerFilled));
	return filled.has(name);
}

/**
 * Whether an icon value is a name from a library (and so can be checked) rather than a URL, a path
 * to an icon file or SVG code, which stay valid whatever the library.
 */
export function isIconName(value: string): boolean {
	return /^[a-z0-9][a-z0-9-]*$/i.test(value.trim()) && !/\.(svg|png|jpe?g|gif|webp|ico|avif)$/i.test(value);
}

/** The library a value of `icons.library` names, or undefined when it names none. */
export function toIconLibrary(value: unknown): IconLibrary | undefined {
	return typeof value === 'string' && (iconLibraries as readonly string[]).includes(value) ? (value as IconLibrary) : undefined;
}

let styles: Set<string> | undefined;
/** Whether Font Awesome has this style or family-style pair (`solid`, `sharp-solid`), from its own types. */
export function isFontAwesomeStyle(value: string): boolean {
	styles ??= new Set(decodeNames(fontAwesomeStyles));
	return styles.has(value);
}
