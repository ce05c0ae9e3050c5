import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { isChildKey, type NavElement, type Navigation } from './navigation';

/**
 * Where the platform's build actually rejects a navigation mistake. Its validator checks the
 * root-level element strictly: a root `groups` or `pages` tree all the way down, and of a root
 * division (tabs, anchors, dropdowns, products, versions, languages) each item's own fields (its
 * name, icon, language code, banner). What a division item holds below that (its groups, nested
 * tabs, ...) is not validated: a nameless group in a tab, a group without pages there, or a
 * nested language code outside the list all pass the strict build (checked with `mint validate`).
 * MintDoc still reports those, as warnings that say so.
 */
export interface Strictness {
	/** Whether a finding at this offset of this file is below what the platform's build checks. */
	isLenient(uri: string, offset: number): boolean;
}

/** Codes whose severity follows the platform's strictness at the place they are reported. */
const relaxable = new Set(['schema', 'nav-missing-field', 'nav-language-code', 'nav-banner-shape', 'nav-menu-outside-tab', 'nav-menu-item-children']);

const divisionRoots = new Set(['tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages']);

export function platformStrictness(navigation: Navigation | undefined): Strictness {
	const spans = new Map<string, [number, number][]>();
	for (const item of navigation?.root.children ?? []) {
		// Only the items of a root division have unchecked contents.
		if (!item.via || !divisionRoots.has(item.via.key)) continue;
		for (const property of item.node.properties) {
			if (!isChildKey(property.key)) continue;
			const value = property.value;
			spans.set(value.uri, [...(spans.get(value.uri) ?? []), [value.offset, value.offset + value.length]]);
		}
		// Children brought in by `$ref` live in other files: their elements carry their own spans.
		for (const child of item.children) {
			if (child.node.uri !== item.node.uri)
				spans.set(child.node.uri, [...(spans.get(child.node.uri) ?? []), [child.node.offset, child.node.offset + child.node.length]]);
		}
	}
	return {
		isLenient: (uri, offset) => (spans.get(uri) ?? []).some(([start, end]) => offset >= start && offset < end),
	};
}

/** Lowers an error the platform's build would not raise to a warning that says why. */
export function relaxWhereLenient(diagnostics: Diagnostic[], uri: string, offsetOf: (d: Diagnostic) => number, strictness: Strictness): void {
	for (const diagnostic of diagnostics) {
		if (diagnostic.severity !== DiagnosticSeverity.Error || !relaxable.has(String(diagnostic.code))) continue;
		if (!strictness.isLenient(uri, offsetOf(diagnostic))) continue;
		diagnostic.severity = DiagnosticSeverity.Warning;
		diagnostic.message +=
			" (The platform's build does not check this below the top level of the navigation, so it deploys; the site may not show it as you expect.)";
	}
}

/**
 * A group named "" below a root division (v1 allowed nameless top-level groups, and upgrades keep
 * them inside versions): the platform's validator accepts it there, and its strict build then
 * reports no missing navigation page at all (measured on the upgraded AgentOps docs: the same
 * navigation with names reports each one). A missing page stays a finding, as a warning.
 */
export function relaxMissingPagesWithNamelessGroup(diagnostics: Map<string, Diagnostic[]>, navigation: Navigation | undefined): void {
	// In a root `groups` tree the validator rejects the empty name, and the build fails anyway.
	const belowDivision = (e: NavElement) => {
		for (let p = e.parent; p; p = p.parent) if (p.kind !== 'group' && p.kind !== 'navigation') return true;
		return false;
	};
	if (!navigation?.elements.some(e => e.kind === 'group' && e.name === '' && belowDivision(e))) return;
	for (const found of diagnostics.values())
		for (const d of found)
			if (d.code === 'page-not-found' && d.severity === DiagnosticSeverity.Error) {
				d.severity = DiagnosticSeverity.Warning;
				d.message += ' (A warning: with a group named "" in the navigation, the platform\'s build does not check for missing pages; readers get a 404.)';
			}
}
