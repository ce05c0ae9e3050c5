import type { DisableDirective } from '../config/disableDirectives';
import type { Diagnostic, Range } from 'vscode-languageserver-types';

/** What a page says, as the summarizer extracts it (both tiers, the caches and the rules share these shapes). */

/** A link written in a page: Markdown link or image, or an `href`/`src` attribute of a JSX element. */
export interface PageLink {
	readonly url: string;
	/** Range of the URL text itself. */
	readonly range: Range;
	readonly kind: 'link' | 'image' | 'attribute';
	/** For an attribute: the element and attribute it is written in (`video`, `src`). */
	readonly element?: string;
	readonly attribute?: 'href' | 'src';
}

export interface PageHeading {
	readonly text: string;
	readonly slug: string;
	readonly depth: number;
	readonly range: Range;
}

/** A JSX element as written: `<Card title="x">` → name Card, attributes [title]. */
export interface PageElement {
	readonly name: string;
	readonly nameRange: Range;
	readonly attributes: readonly string[];
	/** The attributes with their places and values, in order; absent when the opening tag could not be read from the source. */
	readonly props?: readonly PageProp[];
	/**
	 * For an element alone on its lines (a flow element): the name of the element it is directly in,
	 * fragments (`<>`) being transparent, or null at the top level or in Markdown (a list item, a
	 * quote). Absent for an element inside text (`<Badge>` in a sentence).
	 */
	readonly parent?: string | null;
}

/** An attribute of a JSX element: `title="x"` (string), `cols={2}` (expression, its source), `horizontal` (bare). */
export interface PageProp {
	readonly name: string;
	/** Range of the attribute's name. */
	readonly range: Range;
	readonly kind: 'bare' | 'string' | 'expression';
	/** The string's characters, or the expression's source between the braces. */
	readonly value?: string;
	readonly valueRange?: Range;
}

/** An ESM import of the page (snippets, components). */
export interface PageImport {
	readonly source: string;
	readonly range: Range;
	/** The name a default import binds (`import Intro from '…'`, `import Intro, { A } from '…'`). */
	readonly defaultName?: string;
	/** The named imports (`import { A, B as C } from '…'`): the name exported and the name the page uses. */
	readonly names?: readonly { readonly exported: string; readonly local: string }[];
}

/**
 * What the site-wide checks need from one page, extracted from a single parse: problems that
 * depend on the page alone, its links, its anchors and its imports. Small, so thousands can be
 * cached while the syntax trees are dropped.
 */
export interface PageSummary {
	readonly diagnostics: readonly Diagnostic[];
	readonly links: readonly PageLink[];
	readonly headings: readonly PageHeading[];
	/** Every anchor id the page serves: heading slugs plus ids that components generate; undefined when the page does not parse. */
	readonly anchors: ReadonlySet<string> | undefined;
	readonly imports: readonly PageImport[];
	readonly frontmatter: Readonly<Record<string, unknown>> | undefined;
	/** JSX elements of the page with a name: where the name is and which attributes are written. */
	readonly elements: readonly PageElement[];
	/**
	 * When the page holds nothing but frontmatter and ESM and exports something (a snippet of
	 * values): the names it exports, `default` for a default export. Undefined otherwise.
	 */
	readonly exportsOnly?: readonly string[];
	/** Ranges worth folding: frontmatter, JSX blocks, code fences. */
	readonly folds: readonly { readonly startLine: number; readonly endLine: number; readonly kind?: 'comment' | 'region' }[];
	/** The page's disable comments (`mintdoc-disable-next-line` …), when it has any: the team's view of its findings applies them. */
	readonly directives?: readonly DisableDirective[];
}
