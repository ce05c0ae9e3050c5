import { isLanguageCode, languageCodeNotes, languageCodes, suggestLanguageCode, type LanguageCode } from '../languageCodes';
import { getProperty, getValue, type ConfigNode, type ConfigObject } from './configTree';
import type { DiagnosticSink } from './diagnosticSink';
import { childKeys, isChildKey, isNestedGroup, nameKeyOf, type NavElement, type Navigation } from './navigation';
import { pagePathOf } from './pageEntries';

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

/** The navigation rules the JSON schema cannot express (spec: "Site configuration: navigation property"). */
export function checkNavigation(config: ConfigNode | undefined, navigation: Navigation | undefined, sink: DiagnosticSink): void {
	const navigationProperty = getProperty(config, 'navigation');
	if (!navigation || !navigationProperty) return;
	if (!navigation.root.node.properties.some(p => isChildKey(p.key) && p.key !== 'menu')) {
		sink.atKey(navigationProperty, `navigation needs a root-level element: one of ${Object.keys(childKeys).filter(k => k !== 'menu').join(', ')}.`, 'nav-root-missing');
	}
	for (const element of navigation.elements) checkElement(element, sink);
	checkDuplicateNames(navigation.elements, sink);
	checkDuplicatePages(navigation, sink);
}

function checkElement(element: NavElement, sink: DiagnosticSink): void {
	const { node } = element;
	const children = node.properties.filter(p => isChildKey(p.key));
	for (const extra of children.slice(1)) {
		const first = children[0];
		sink.atKey(extra, `'${extra.key}' beside '${first.key}': each navigation element holds one type of child per level, so the site shows only one of them (the platform's build does not reject it). Nest one inside the other instead.`, 'nav-mixed-children', {
			related: [sink.related(first.keyUri, sink.keyRange(first), `'${first.key}' is declared here`)],
		});
	}
	for (const property of children) {
		if (property.key === 'menu' && element.kind !== 'tab') sink.atKey(property, '`menu` works only inside a tab: here the platform ignores it (its build accepts it, the site shows no menu).', 'nav-menu-outside-tab');
		if (element.kind === 'menuItem' && !menuItemChildKeys.has(property.key)) {
			sink.atKey(property, `A menu item shows only groups, pages and an external link (href), not '${property.key}' (the platform's build accepts it; the site leaves it out).`, 'nav-menu-item-children');
		}
	}
	if (element.kind !== 'navigation') checkRequiredFields(element, sink);
	const expanded = getProperty(node, 'expanded');
	if (expanded && element.kind === 'group' && !isNestedGroup(element)) {
		sink.atKey(expanded, '`expanded` has no effect here: top-level groups are always expanded. It only applies to groups nested in another group.', 'nav-expanded-top-level');
	}
	const icon = getValue(node, 'icon');
	if (icon?.kind === 'string' && (icon.value as string).trim() === '') sink.atNode(icon, '`icon` is empty: name an icon or remove the key.', 'nav-empty-icon');
	if (element.kind === 'language') checkLanguage(node, sink);
}

function checkRequiredFields(element: NavElement, sink: DiagnosticSink): void {
	const { node, kind } = element;
	const nameKey = nameKeyOf[kind as Exclude<typeof kind, 'navigation'>];
	const label = kind === 'globalAnchor' ? 'global anchor' : kind === 'menuItem' ? 'menu item' : kind;
	if (!getProperty(node, nameKey)) sink.add(node.uri, sink.openingRange(node), `This ${label} needs a "${nameKey}" (its name).`, 'nav-missing-field', { data: { missing: nameKey } });
	if (kind === 'group' && !getProperty(node, 'pages') && !getProperty(node, 'openapi') && !getProperty(node, 'asyncapi')) {
		sink.add(node.uri, sink.openingRange(node), `Group ${element.name ? `'${element.name}' ` : ''}needs "pages" (or an "openapi" source that generates them).`, 'nav-missing-field', { data: { missing: 'pages' } });
	}
	if (kind === 'globalAnchor' && !getProperty(node, 'href')) {
		sink.add(node.uri, sink.openingRange(node), `Global anchor ${element.name ? `'${element.name}' ` : ''}needs an "href" (an external URL or a page path).`, 'nav-missing-field', { data: { missing: 'href' } });
	}
}

function checkLanguage(node: ConfigObject, sink: DiagnosticSink): void {
	const code = getValue(node, 'language');
	if (code?.kind === 'string' && !isLanguageCode(code.value as string)) {
		const suggestion = suggestLanguageCode(code.value as string);
		const hint = suggestion ? `Did you mean '${suggestion}'?` : `Supported: ${languageCodes.join(', ')}.`;
		sink.atNode(code, `'${code.value}' is not a supported language code. ${hint}`, 'nav-language-code', { data: suggestion ? ({ replacement: suggestion } satisfies LanguageCodeFix) : undefined });
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
	for (const element of elements) {
		if (!uniquelyNamed.has(element.kind) || element.name === undefined || !element.via) continue;
		// Siblings: same parent, same array (a tab's anchors and the root's anchors are different levels).
		const key = `${element.parent ? elements.indexOf(element.parent) : 'global'}\u0000${element.via.key}\u0000${element.name}`;
		const first = seen.get(key);
		if (!first) {
			seen.set(key, element);
			continue;
		}
		const nameProperty = getProperty(element.node, nameKeyOf[element.kind as 'tab'])!;
		const firstName = getProperty(first.node, nameKeyOf[first.kind as 'tab'])!;
		sink.atNode(nameProperty.value, `Another ${element.kind} at this level is also named '${element.name}': readers cannot tell them apart (the platform's build accepts it).`, 'nav-duplicate-name', {
			related: [sink.related(firstName.value.uri, sink.nodeRange(firstName.value), 'first declared here')],
		});
	}
}

function checkDuplicatePages(navigation: Navigation, sink: DiagnosticSink): void {
	// Tens of thousands of entries share a few hundred groups: each group's scope (and the pages seen
	// in it) is looked up once per group, not once per entry.
	const seenByScope = new Map<string, Map<string, { entry: Navigation['pages'][number] }>>();
	const seenOfGroup = new Map<NavElement, Map<string, { entry: Navigation['pages'][number] }>>();
	for (const entry of navigation.pages) {
		const path = pagePathOf(entry.value);
		if (path === undefined) continue;
		let seen = seenOfGroup.get(entry.parent);
		if (seen === undefined) {
			const scope = scopeOf(entry.parent);
			seen = seenByScope.get(scope) ?? new Map();
			seenByScope.set(scope, seen);
			seenOfGroup.set(entry.parent, seen);
		}
		const first = seen.get(path);
		if (!first) {
			seen.set(path, { entry });
			continue;
		}
		sink.atNode(entry.node, `'${path}' is already listed in this navigation${scopeLabel(entry.parent)}; readers will only reach it from one place.`, 'nav-duplicate-page', {
			related: [sink.related(first.entry.node.uri, sink.nodeRange(first.entry.node), 'first listed here')],
		});
	}
}

/** A stable id of the version/language/product an element belongs to ('' for the whole site). */
function scopeOf(element: NavElement): string {
	const names: string[] = [];
	for (let e: NavElement | undefined = element; e; e = e.parent) if (scopeKinds.has(e.kind)) names.unshift(`${e.kind}:${e.name ?? '?'}`);
	return names.join('/');
}

function scopeLabel(element: NavElement): string {
	const scope = scopeOf(element);
	return scope ? ` (${scope.replaceAll('/', ', ').replaceAll(':', ' ')})` : '';
}
