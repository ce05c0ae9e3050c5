import { isLanguageCode, languageCodeNotes, languageCodes, suggestLanguageCode, type LanguageCode } from '../languageCodes';
import { getProperty, getValue, type ConfigNode, type ConfigObject } from './configTree';
import type { DiagnosticSink } from './diagnosticSink';
import { childKeys, isChildKey, isNestedGroup, nameKeyOf, type NavElement, type Navigation } from './navigation';

/** Child keys a menu item may hold. */
const menuItemChildKeys = new Set(['groups', 'pages']);

/** Element kinds whose names must be unique among their siblings (they become URL paths or switcher entries). */
const uniquelyNamed = new Set(['tab', 'version', 'language', 'product', 'dropdown', 'anchor']);

/** Elements that start a separate navigation scope: the same page may appear once per scope. */
const scopeKinds = new Set(['version', 'language', 'product']);

/** Quick-fix data of `nav-language-code`: the code to write instead. */
export interface LanguageCodeFix {
	readonly replacement: string;
}

/**
 * The navigation rules the JSON schema cannot express (spec: "Site configuration: navigation
 * property") that look at the navigation as a whole: a root-level element, and names unique
 * among siblings. Rules of single elements are {@link checkElements}; duplicate pages are
 * judged from page occurrences (duplicatePages.ts), so both can be reused per subtree.
 */
export function checkNavigationWhole(config: ConfigNode | undefined, navigation: Navigation | undefined, sink: DiagnosticSink): void {
	const navigationProperty = getProperty(config, 'navigation');
	if (!navigation || !navigationProperty) return;
	if (!navigation.root.node.properties.some(p => isChildKey(p.key) && p.key !== 'menu')) {
		sink.atKey(
			navigationProperty,
			`navigation needs a root-level element: one of ${Object.keys(childKeys)
				.filter(k => k !== 'menu')
				.join(', ')}.`,
			'nav-root-missing',
		);
	}
	checkDuplicateNames(navigation.elements, sink);
}

/** The rules of each element on its own (its keys, required fields, language code, banner). */
export function checkElements(elements: readonly NavElement[], sink: DiagnosticSink): void {
	for (const element of elements) checkElement(element, sink);
}

function checkElement(element: NavElement, sink: DiagnosticSink): void {
	const { node } = element;
	const children = node.properties.filter(p => isChildKey(p.key));
	for (const extra of children.slice(1)) {
		const first = children[0];
		sink.atKey(
			extra,
			`'${extra.key}' beside '${first.key}': each navigation element holds one type of child per level, so the site shows only one of them (the platform's build does not reject it). Nest one inside the other instead.`,
			'nav-mixed-children',
			{
				related: [sink.related(first.keyUri, sink.keyRange(first), `'${first.key}' is declared here`)],
			},
		);
	}
	for (const property of children) {
		if (property.key === 'menu' && element.kind !== 'tab')
			sink.atKey(
				property,
				'`menu` works only inside a tab: here the platform ignores it (its build accepts it, the site shows no menu).',
				'nav-menu-outside-tab',
			);
		if (element.kind === 'menuItem' && !menuItemChildKeys.has(property.key)) {
			sink.atKey(
				property,
				`A menu item shows only groups, pages and an external link (href), not '${property.key}' (the platform's build accepts it; the site leaves it out).`,
				'nav-menu-item-children',
			);
		}
	}
	if (element.kind !== 'navigation') checkRequiredFields(element, sink);
	const expanded = getProperty(node, 'expanded');
	if (expanded && element.kind === 'group' && !isNestedGroup(element)) {
		sink.atKey(
			expanded,
			'`expanded` has no effect here: top-level groups are always expanded. It only applies to groups nested in another group.',
			'nav-expanded-top-level',
		);
	}
	const icon = getValue(node, 'icon');
	if (icon?.kind === 'string' && (icon.value as string).trim() === '') sink.atNode(icon, '`icon` is empty: name an icon or remove the key.', 'nav-empty-icon');
	if (element.kind === 'language') checkLanguage(node, sink);
}

function checkRequiredFields(element: NavElement, sink: DiagnosticSink): void {
	const { node, kind } = element;
	const nameKey = nameKeyOf[kind as Exclude<typeof kind, 'navigation'>];
	const label = kind === 'globalAnchor' ? 'global anchor' : kind === 'menuItem' ? 'menu item' : kind;
	if (!getProperty(node, nameKey))
		sink.add(node.uri, sink.openingRange(node), `This ${label} needs a "${nameKey}" (its name).`, 'nav-missing-field', { data: { missing: nameKey } });
	if (kind === 'group' && !getProperty(node, 'pages') && !getProperty(node, 'openapi') && !getProperty(node, 'asyncapi')) {
		sink.add(
			node.uri,
			sink.openingRange(node),
			`Group ${element.name ? `'${element.name}' ` : ''}needs "pages" (or an "openapi" source that generates them).`,
			'nav-missing-field',
			{ data: { missing: 'pages' } },
		);
	}
	if (kind === 'globalAnchor' && !getProperty(node, 'href')) {
		sink.add(
			node.uri,
			sink.openingRange(node),
			`Global anchor ${element.name ? `'${element.name}' ` : ''}needs an "href" (an external URL or a page path).`,
			'nav-missing-field',
			{ data: { missing: 'href' } },
		);
	}
}

function checkLanguage(node: ConfigObject, sink: DiagnosticSink): void {
	const code = getValue(node, 'language');
	if (code?.kind === 'string' && !isLanguageCode(code.value as string)) {
		const suggestion = suggestLanguageCode(code.value as string);
		const hint = suggestion ? `Did you mean '${suggestion}'?` : `Supported: ${languageCodes.join(', ')}.`;
		sink.atNode(code, `'${code.value}' is not a supported language code. ${hint}`, 'nav-language-code', {
			data: suggestion ? ({ replacement: suggestion } satisfies LanguageCodeFix) : undefined,
		});
	} else if (code?.kind === 'string' && languageCodeNotes[code.value as LanguageCode]) {
		sink.atNode(code, languageCodeNotes[code.value as LanguageCode]!, 'nav-language-note');
	}
	const banner = getProperty(node, 'banner');
	if (!banner) return;
	if (banner.value.kind !== 'object') {
		sink.atNode(banner.value, 'A language banner must be an object: { "content": "...", "dismissible": true }.', 'nav-banner-shape');
		return;
	}
	const content = getValue(banner.value, 'content');
	if (!content) sink.add(banner.value.uri, sink.openingRange(banner.value), 'The banner needs "content" (the text shown, MDX allowed).', 'nav-banner-shape');
	else if (content.kind !== 'string') sink.atNode(content, 'Banner "content" must be a string.', 'nav-banner-shape');
	const dismissible = getValue(banner.value, 'dismissible');
	if (dismissible && dismissible.kind !== 'boolean') sink.atNode(dismissible, 'Banner "dismissible" must be true or false.', 'nav-banner-shape');
}

function checkDuplicateNames(elements: readonly NavElement[], sink: DiagnosticSink): void {
	const seen = new Map<string, NavElement>();
	const position = new Map<NavElement, number>();
	elements.forEach((element, i) => position.set(element, i));
	for (const element of elements) {
		if (!uniquelyNamed.has(element.kind) || element.name === undefined || !element.via) continue;
		// Siblings: same parent, same array (a tab's anchors and the root's anchors are different levels).
		const key = `${element.parent ? (position.get(element.parent) ?? -1) : 'global'}\u0000${element.via.key}\u0000${element.name}`;
		const first = seen.get(key);
		if (!first) {
			seen.set(key, element);
			continue;
		}
		const nameProperty = getProperty(element.node, nameKeyOf[element.kind as 'tab'])!;
		const firstName = getProperty(first.node, nameKeyOf[first.kind as 'tab'])!;
		sink.atNode(
			nameProperty.value,
			`Another ${element.kind} at this level is also named '${element.name}': readers cannot tell them apart (the platform's build accepts it).`,
			'nav-duplicate-name',
			{
				related: [sink.related(firstName.value.uri, sink.nodeRange(firstName.value), 'first declared here')],
			},
		);
	}
}

/** A stable id of the version/language/product an element belongs to ('' for the whole site). */
export function scopeOf(element: NavElement | undefined): string {
	const names: string[] = [];
	for (let e: NavElement | undefined = element; e; e = e.parent) if (scopeKinds.has(e.kind)) names.unshift(`${e.kind}:${e.name ?? '?'}`);
	return names.join('/');
}

/** The scope parts contributed by `element` and its ancestors up to and including `top` (a subtree's own scope). */
export function innerScopeOf(element: NavElement, top: NavElement): string {
	const names: string[] = [];
	for (let e: NavElement | undefined = element; e; e = e.parent) {
		if (scopeKinds.has(e.kind)) names.unshift(`${e.kind}:${e.name ?? '?'}`);
		if (e === top) break;
	}
	return names.join('/');
}
