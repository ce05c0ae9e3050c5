import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { NavElement, Navigation, PageEntry } from './navigation';
import { textsMention } from './textMentions';

/**
 * A subtree of the navigation whose rule results depend only on its own text and a few facts
 * from outside (the pages of the site, the OpenAPI documents in scope): a top-level group,
 * written in one file without `$ref`. Its findings can be kept and reused while its text is the same.
 */
export interface NavUnit {
	readonly element: NavElement;
	/** The file the subtree is written in, and where. */
	readonly uri: string;
	readonly offset: number;
	readonly length: number;
	/** The subtree's elements (itself first) and page entries, in navigation order. */
	readonly elements: NavElement[];
	readonly entries: PageEntry[];
}

/** The navigation cut into reusable units and the rest (the elements above them, a handful). */
export interface SplitNavigation {
	readonly units: readonly NavUnit[];
	/** The navigation without the units' elements and entries. */
	readonly rest: Navigation;
	/** Page entries of the rest and units, in navigation order (a unit where its first entry is). */
	readonly order: readonly (PageEntry | NavUnit)[];
}

/** A unit smaller than this is not worth its bookkeeping: its rules run every time. */
const minUnitLength = 64;

/**
 * Cuts the navigation into units. A group qualifies when its parent is not a group (so whether
 * it is nested never changes with its surroundings) and its text holds no `$ref` and no `\u`
 * escape (which could spell one): then every node below it comes from that text.
 */
export function splitNavigation(navigation: Navigation, files: ReadonlyMap<string, TextDocument>): SplitNavigation {
	// Where no file holds either, every subtree is self-contained: 1,600 subtrees of crewAI are not searched one by one.
	const texts = [...files.values()].map(document => document.getText());
	const everyUnitSelfContained = !textsMention(texts, '$ref');
	const unitOf = new Map<NavElement, NavUnit | undefined>();
	const units: NavUnit[] = [];
	const restElements: NavElement[] = [];
	for (const element of navigation.elements) {
		let unit = element.parent ? unitOf.get(element.parent) : undefined;
		if (!unit && isUnitCandidate(element)) {
			const text = files.get(element.node.uri)?.getText();
			const { offset, length } = element.node;
			if (text !== undefined && (everyUnitSelfContained || isSelfContained(text, offset, offset + length))) {
				unit = { element, uri: element.node.uri, offset, length, elements: [], entries: [] };
				units.push(unit);
			}
		}
		unitOf.set(element, unit);
		if (unit) unit.elements.push(element);
		else restElements.push(element);
	}
	const restPages: PageEntry[] = [];
	const order: (PageEntry | NavUnit)[] = [];
	// Entries of one group come in a run: the last parent's unit is tried first.
	let lastParent: NavElement | undefined;
	let lastUnit: NavUnit | undefined;
	for (const entry of navigation.pages) {
		if (entry.parent !== lastParent) {
			lastParent = entry.parent;
			lastUnit = unitOf.get(lastParent);
		}
		const unit = lastUnit;
		if (!unit) {
			restPages.push(entry);
			order.push(entry);
			continue;
		}
		if (unit.entries.length === 0) order.push(unit);
		unit.entries.push(entry);
	}
	return { units, rest: { root: navigation.root, elements: restElements, pages: restPages, global: navigation.global }, order };
}

function isUnitCandidate(element: NavElement): boolean {
	return (
		element.kind === 'group' &&
		element.parent !== undefined &&
		element.parent.kind !== 'group' &&
		element.node.length >= minUnitLength &&
		!element.node.unresolved
	);
}

function isSelfContained(text: string, start: number, end: number): boolean {
	const own = text.slice(start, end);
	return !own.includes('$ref') && !own.includes('\\u');
}
