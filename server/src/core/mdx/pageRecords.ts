import { componentTitleSlug, headingSlug, HeadingSlugger } from './platformSlug';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { checkElementA11y, checkImageAlt } from './rules/a11yRules';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { PageElement, PageHeading, PageImport, PageLink, PageProp, PageSummary } from './pageTypes';
import { scanTagProps } from './tagProps';
import { ComponentAnchors } from './componentAnchors';

/** What one page yields besides its diagnostics and frontmatter; `localNames` feeds the component check. */
export type Extracted = Pick<PageSummary, 'links' | 'headings' | 'anchors' | 'imports' | 'folds' | 'elements' | 'exportsOnly'> & {
	localNames: Set<string>;
	/** Accessibility findings (`a11y-*`), in document order. */
	accessibility: Diagnostic[];
};

/** An attribute of a JSX element as the tree gives it: a string value, null when bare, an object for `{...}`. */
/** Deepest heading level the platform gives an id to (its table of contents and link check agree). */
export const maxAnchoredHeadingDepth = 4;

export interface ElementAttribute {
	readonly name: string;
	readonly value?: unknown;
}

/** Components the platform renders with an id made from their title (Step and Update titles get none: its link check rejects them). */
const titledComponents = new Set(['Accordion', 'View', 'Tab']);

/** The id a component gets from its title: Accordion and View (`Setup: Advanced` → `setup-advanced`), Tab like a heading. */
function titleAnchor(name: string, title: string): string {
	return name === 'Tab' ? headingSlug(title) : componentTitleSlug(title);
}

/**
 * Collects what a page summary holds, node by node, in document order. Both summarizers use it
 * (the syntax-tree walk and the line scanner of fastPageScan.ts), so both record a node the same
 * way: the scanner only has to find the same nodes at the same offsets.
 */
export class PageRecorder {
	readonly links: PageLink[] = [];
	readonly headings: PageHeading[] = [];
	readonly anchors = new Set<string>();
	readonly imports: PageImport[] = [];
	readonly folds: { startLine: number; endLine: number }[] = [];
	readonly elements: PageElement[] = [];
	readonly localNames = new Set<string>();
	private readonly slugger = new HeadingSlugger();
	private readonly componentAnchors = new ComponentAnchors();

	/** `customIds`: the id of each heading line written `## Title {#id}`, by line number. */
	constructor(
		private readonly document: TextDocument,
		private readonly text: string,
		private readonly customIds?: ReadonlyMap<number, string>,
	) {}

	range(start: number, end: number): Range {
		return { start: this.document.positionAt(start), end: this.document.positionAt(end) };
	}

	line(offset: number): number {
		return this.document.positionAt(offset).line;
	}

	/** A Markdown link or image spanning `start`..`end`: the URL sits between "(" and the closing ")" (or a title); find it in the source. */
	link(url: string, kind: 'link' | 'image', start: number, end: number): void {
		const at = this.text.slice(start, end).lastIndexOf(`(${url}`);
		if (at !== -1 && url) this.links.push({ url, range: this.range(start + at + 1, start + at + 1 + url.length), kind });
		if (kind === 'image' && at !== -1) this.a11y(checkImageAlt(this.text, start, start + at + 1, (s, e) => this.range(s, e)));
	}

	/** Accessibility findings of the page, in document order (after the walk, sorted). */
	readonly accessibility: Diagnostic[] = [];

	private a11y(diagnostic: Diagnostic | undefined): void {
		if (diagnostic) this.accessibility.push(diagnostic);
	}

	heading(title: string, depth: number, start: number, end: number): void {
		const custom = this.customIds?.get(this.line(start));
		const slug = custom ?? this.slugger.slug(title);
		this.headings.push({ text: title, slug, depth, range: this.range(start, end) });
		// The platform gives ids (and link targets) to headings of levels 1 to 4 only.
		if (depth <= maxAnchoredHeadingDepth) this.anchors.add(slug);
	}

	/**
	 * A JSX element spanning `start`..`end` (its opening tag suffices: attributes are searched from the start);
	 * `parent`: for a flow element, what it is directly in (see PageElement.parent), undefined inside text.
	 */
	element(name: string | null | undefined, attributes: readonly ElementAttribute[], start: number, end: number, parent?: string | null): void {
		for (const attribute of attributes) {
			if (typeof attribute.value !== 'string') continue;
			const value = attribute.value;
			if (attribute.name === 'href' || attribute.name === 'src') {
				const at = findAttribute(this.text, start, end, attribute.name, value);
				if (at !== undefined)
					this.links.push({ url: value, range: this.range(at, at + value.length), kind: 'attribute', element: name ?? undefined, attribute: attribute.name });
			}
			if (attribute.name === 'title' && name && titledComponents.has(name)) this.anchors.add(titleAnchor(name, value));
		}
		for (const id of this.componentAnchors.idsOf(name, attributes)) this.anchors.add(id);
		// An <Update label> is an entry of the page's table of contents: its id is the label slugged
		// like a heading (numbered with the headings), unless it has an id of its own.
		const label = name === 'Update' ? attributes.find(a => a.name === 'label')?.value : undefined;
		if (typeof label === 'string' && !attributes.some(a => a.name === 'id' && typeof a.value === 'string' && a.value)) {
			const slug = this.slugger.slug(label);
			if (slug) this.anchors.add(slug);
		}
		if (name) this.a11y(checkElementA11y(this.text, name, attributes, start, (s, e) => this.range(s, e)));
		if (name && this.text.startsWith(name, start + 1)) {
			const names = attributes.map(a => a.name);
			const element: PageElement = { name, nameRange: this.range(start + 1, start + 1 + name.length), attributes: names, props: this.props(start, names) };
			this.elements.push(parent === undefined ? element : { ...element, parent });
		}
	}

	/** The attributes of the opening tag at `start`, read from the source; only when they are the ones the reader found (same names, same order). */
	private props(start: number, names: readonly string[]): PageProp[] | undefined {
		const scanned = scanTagProps(this.text, start);
		if (!scanned || scanned.length !== names.length || scanned.some((p, i) => p.name !== names[i])) return undefined;
		return scanned.map(p => ({
			name: p.name,
			range: this.range(p.nameStart, p.nameStart + p.name.length),
			kind: p.kind,
			...(p.value !== undefined && p.valueStart !== undefined ? { value: p.value, valueRange: this.range(p.valueStart, p.valueStart + p.value.length) } : {}),
		}));
	}

	/** An ESM block (`import`/`export` lines) starting at `start`. */
	esm(value: string, start: number): void {
		for (const name of declaredNames(value)) this.localNames.add(name);
		for (const match of value.matchAll(/(?:^|\n)\s*import\s+(?:([^'";]*?)\s+from\s+)?(['"])([^'"]+)\2/g)) {
			const at = start + match.index! + match[0].lastIndexOf(match[3]);
			// `import Intro from`, `import Intro, { A } from`; not `import * as X` or `import { A }`.
			const defaultName = /^([A-Za-z_$][\w$]*)\s*(?:,|$)/.exec(match[1] ?? '')?.[1];
			const names = importedNamesOf(match[1] ?? '');
			this.imports.push({
				source: match[3],
				range: this.range(at, at + match[3].length),
				...(defaultName ? { defaultName } : {}),
				...(names.length ? { names } : {}),
			});
		}
	}

	/** A foldable block; the object is returned so a scanner can set the end line once it reaches it. */
	fold(startLine: number, endLine: number): { startLine: number; endLine: number } {
		const fold = { startLine, endLine };
		this.folds.push(fold);
		return fold;
	}

	result(): Extracted {
		const { links, headings, anchors, imports, elements, localNames, accessibility } = this;
		headings.sort((a, b) => a.range.start.line - b.range.start.line);
		accessibility.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
		return { links, headings, anchors, imports, elements, localNames, accessibility, folds: this.folds.filter(f => f.endLine > f.startLine) };
	}
}

/** The named imports of an import clause (`A, { B, C as D }` → B as B, C as D). */
function importedNamesOf(clause: string): { exported: string; local: string }[] {
	const braces = /\{([^}]*)\}/.exec(clause)?.[1];
	if (!braces) return [];
	return braces
		.split(',')
		.map(part => /^\s*([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part))
		.flatMap(m => (m ? [{ exported: m[1]!, local: m[2] ?? m[1]! }] : []));
}

/** Names an ESM block brings into scope: imports (default, named, namespace) and exported declarations. */
function declaredNames(esm: string): string[] {
	const names: string[] = [];
	for (const m of esm.matchAll(/import\s+([^'";]+?)\s+from\s/g)) {
		for (const part of m[1].split(/[{},]/)) {
			const name = part
				.trim()
				.split(/\s+as\s+/)
				.pop()!
				.replace(/^\*\s*as\s+/, '')
				.trim();
			if (/^[A-Za-z_$][\w$]*$/.test(name)) names.push(name);
		}
	}
	for (const m of esm.matchAll(/export\s+(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g)) names.push(m[1]);
	return names;
}

/** Offset of an attribute's string value inside an element's source (attributes carry no positions). */
function findAttribute(text: string, start: number, end: number, name: string, value: string): number | undefined {
	const source = text.slice(start, end);
	const match = new RegExp(`\\b${name}\\s*=\\s*(["'])`).exec(source);
	if (!match) return undefined;
	const at = match.index + match[0].length;
	return source.startsWith(value, at) ? start + at : undefined;
}
