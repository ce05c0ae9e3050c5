import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { createDiagnostic } from '../diagnostic';
import type { ConfigNode } from '../docsConfig/configTree';
import { getString, getValue } from '../docsConfig/configTree';
import type { DiagnosticSink } from '../docsConfig/diagnosticSink';
import { builtinComponent, componentProp } from '../mdx/components';
import { frontmatterValueRange } from '../mdx/frontmatterValueRange';
import type { PageSummary } from '../mdx/pageTypes';
import { iconLibraryNames, iconSet, isIconName, toIconLibrary, type IconLibrary } from './iconSets';

/** The library `icons.library` of a docs.json selects: Font Awesome unless it names another. */
export function iconLibraryOf(config: ConfigNode | undefined): IconLibrary {
	return toIconLibrary(getString(getValue(config, 'icons'), 'library')) ?? 'fontawesome';
}

/** The message for a name the library does not have, with the closest one; undefined when it has it (or it is no name). */
function unknownIcon(name: string, library: IconLibrary, configured: boolean): { message: string; suggestion?: string } | undefined {
	if (!isIconName(name)) return undefined;
	const set = iconSet(library);
	// Case is not guessed at: a name the library has in lower case is accepted.
	if (set.has(name) || set.has(name.toLowerCase())) return undefined;
	// With Lucide, the platform's own documentation uses Font Awesome brand names (github, slack, python):
	// Lucide dropped its brand icons, and a name Font Awesome has is not called wrong there.
	if (library === 'lucide' && iconSet('fontawesome').has(name.toLowerCase())) return undefined;
	const suggestion = set.closest(name);
	const where = configured ? `the library \`icons.library\` selects` : `the default library (set \`icons.library\` in docs.json for Lucide or Tabler)`;
	return {
		message: `"${name}" is not a ${iconLibraryNames[library]} icon (${where}; ${set.names.length} icons, version ${set.version}).${suggestion ? ` Did you mean "${suggestion}"?` : ''} A URL or a path to an icon file works too.`,
		suggestion,
	};
}

/** Icon names in `icon` props of built-in components (string literals), checked against the site's library. */
export function checkPageIcons(summary: PageSummary, library: IconLibrary, configured: boolean): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const element of summary.elements) {
		const spec = builtinComponent(element.name);
		if (!spec || !element.props) continue;
		for (const prop of element.props) {
			if (prop.kind !== 'string' || componentProp(spec, prop.name)?.icon !== 'name' || prop.value === undefined) continue;
			const problem = unknownIcon(prop.value, library, configured);
			if (!problem) continue;
			const diagnostic = createDiagnostic(prop.valueRange as Range, problem.message, 'icon-unknown');
			if (problem.suggestion) diagnostic.data = { replacement: problem.suggestion };
			diagnostics.push(diagnostic);
		}
	}
	return diagnostics;
}

/** The page's frontmatter `icon` (shown beside its navigation entry), checked like the icons of components. */
export function checkFrontmatterIcon(document: TextDocument, frontmatter: PageSummary['frontmatter'], library: IconLibrary, configured: boolean): Diagnostic[] {
	const icon = frontmatter?.icon;
	if (typeof icon !== 'string') return [];
	const problem = unknownIcon(icon.trim(), library, configured);
	const written = problem && frontmatterValueRange(document, 'icon');
	if (!problem || !written) return [];
	// The name itself, without the quotes YAML may put around it.
	const quoted = /^["']/.test(document.getText(written)) ? 1 : 0;
	const range = {
		start: { ...written.start, character: written.start.character + quoted },
		end: { ...written.end, character: written.end.character - quoted },
	};
	const diagnostic = createDiagnostic(range, problem.message, 'icon-unknown');
	if (problem.suggestion) diagnostic.data = { replacement: problem.suggestion };
	return [diagnostic];
}

/** The icon library of a site, and whether docs.json chose it (the message says which): what icon findings depend on beyond the icon. */
export interface IconContext {
	readonly library: IconLibrary;
	readonly configured: boolean;
}

export function iconContextOf(config: ConfigNode | undefined): IconContext {
	return { library: iconLibraryOf(config), configured: toIconLibrary(getString(getValue(config, 'icons'), 'library')) !== undefined };
}

/** What a page's icons are judged against: the library, and whether docs.json names one at all (the page findings word it so). */
export function pageIconContext(config: ConfigNode | undefined): IconContext {
	return { library: iconLibraryOf(config), configured: getValue(getValue(config, 'icons'), 'library') !== undefined };
}

/**
 * Every `icon` of docs.json (navigation, global anchors, contextual options...): a name, or
 * `{ name, library, style }`. Subtrees in `skip` are left out: the navigation rules check the icons
 * of the subtrees whose findings they keep between edits (see {@link checkIconsIn}).
 */
export function checkConfigIcons(config: ConfigNode | undefined, sink: DiagnosticSink, skip?: ReadonlySet<ConfigNode>): void {
	checkIconsIn(config, iconContextOf(config), sink, skip);
}

/** The icons of one subtree of docs.json, `depth` levels below its root (deeper than 64 levels, nothing is read). */
export function checkIconsIn(root: ConfigNode | undefined, context: IconContext, sink: DiagnosticSink, skip?: ReadonlySet<ConfigNode>, depth = 0): void {
	const { library, configured } = context;
	const visit = (node: ConfigNode | undefined, depth: number): void => {
		if (!node || depth > 64 || skip?.has(node)) return;
		if (node.kind === 'array') for (const item of node.items) visit(item, depth + 1);
		if (node.kind !== 'object') return;
		for (const property of node.properties) {
			if (property.key === 'icon') {
				const value = property.value;
				const named = value.kind === 'object' ? getValue(value, 'name') : value;
				const own = value.kind === 'object' ? toIconLibrary(getString(value, 'library')) : undefined;
				if (named?.kind === 'string') {
					const problem = unknownIcon(named.value as string, own ?? library, own !== undefined || configured);
					if (problem) sink.atNode(named, problem.message, 'icon-unknown', problem.suggestion ? { data: { replacement: problem.suggestion } } : undefined);
				}
			} else visit(property.value, depth + 1);
		}
	};
	visit(root, depth);
}
