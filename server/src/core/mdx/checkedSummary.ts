import { builtinComponent, componentProp } from './components';
import type { PageSummary } from './pageTypes';

/**
 * A page's summary as a one-shot check of every page keeps it: what the site's checks read of it
 * (findings, links, anchors, imports, frontmatter, the elements with an icon prop and those of imported components), without
 * what only the editor's features read (headings, folds, the other elements). crewAI's 1,723
 * distinct summaries held ~95 MB on the CLI's thread through its whole check, a third of it
 * headings and elements no check reads.
 */
export function checkedSummary(summary: PageSummary): PageSummary {
	// Components imported by name from files of the site: their props are checked against the snippet (snippetPropRules.ts).
	const imported = new Set(summary.imports.flatMap(i => (/^[./]/.test(i.source) ? (i.names ?? []).map(n => n.local) : [])));
	return { ...summary, headings: [], folds: [], elements: summary.elements.filter(e => imported.has(e.name) || mayNameIcon(e)) };
}

/** An element checkPageIcons may report (see iconRules.ts): a built-in component with a prop that names an icon. */
function mayNameIcon(element: PageSummary['elements'][number]): boolean {
	const spec = builtinComponent(element.name);
	return !!spec && !!element.props?.some(prop => componentProp(spec, prop.name)?.icon === 'name');
}
