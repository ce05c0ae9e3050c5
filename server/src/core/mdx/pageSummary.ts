import GithubSlugger, { slug as slugOf } from 'github-slugger';
import type { Heading, Nodes, Root } from 'mdast';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../diagnostic';
import { checkTextIsParsable, limits } from '../textGuards';
import { closestMatch } from '../textDistance';
import { builtinComponent, builtinComponents } from './components';
import { checkFrontmatter } from './frontmatterRules';
import { parseMdx } from './mdxParser';
import { readFrontmatter } from './frontmatter';

/** A link written in a page: Markdown link or image, or an `href`/`src` attribute of a JSX element. */
export interface PageLink {
	readonly url: string;
	/** Range of the URL text itself. */
	readonly range: Range;
	readonly kind: 'link' | 'image' | 'attribute';
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
}

/** An ESM import of the page (snippets, components). */
export interface PageImport {
	readonly source: string;
	readonly range: Range;
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
	/** Ranges worth folding: frontmatter, JSX blocks, code fences. */
	readonly folds: readonly { readonly startLine: number; readonly endLine: number; readonly kind?: 'comment' | 'region' }[];
}

/** Field components whose name becomes an anchor on the rendered page (`#param-limit`); the name is in one of these props. */
const fieldComponents = new Set(['ParamField', 'ResponseField']);
const fieldNameProps = new Set(['name', 'query', 'path', 'body', 'header']);
const titledComponents = new Set(['Step', 'Accordion', 'Tab', 'Update', 'Expandable']);

export function summarizePage(document: TextDocument): PageSummary {
	const unparsable = checkTextIsParsable(document, 'This page');
	const empty: PageSummary = { diagnostics: [], links: [], headings: [], anchors: undefined, imports: [], frontmatter: undefined, folds: [], elements: [] };
	if (unparsable) return { ...empty, diagnostics: [unparsable] };
	const text = document.getText();
	const frontmatter = readFrontmatter(text);
	const diagnostics: Diagnostic[] = checkFrontmatter(document, frontmatter);
	const tooHard = text.length > limits.maxMdxParseChars
		? `This page is ${Math.round(text.length / 1024)} KB: MintDoc checks its frontmatter and links but not its MDX syntax (pages over ${limits.maxMdxParseChars / 1024} KB).`
		: // Deeply nested block quotes make the Markdown parser quadratic: a few KB would block for seconds.
			/^(?:[ \t]*>){100}/m.test(text) ? 'This page nests block quotes more than 100 deep: MintDoc checks its frontmatter and links but not its MDX syntax.' : undefined;
	if (tooHard) {
		diagnostics.push(createDiagnostic({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, tooHard, 'page-too-large'));
		return { ...empty, diagnostics, frontmatter: frontmatter?.data, links: scanLinks(document) };
	}
	const parsed = parseMdx(text, !document.uri.toLowerCase().endsWith('.md'));
	if (!parsed.tree) {
		const { error } = parsed;
		// The parser may point past the end of a line (an error at the end of the text): clamp into the document.
		const clamp = (line: number, character: number) => document.positionAt(document.offsetAt({ line, character }));
		const start = clamp(error.start.line - 1, error.start.column - 1);
		const end = error.end ? clamp(error.end.line - 1, error.end.column - 1) : document.positionAt(document.offsetAt(start) + 1);
		diagnostics.push(createDiagnostic({ start, end }, `${error.message} (MDX)`, 'mdx-syntax'));
		return { ...empty, diagnostics, frontmatter: frontmatter?.data };
	}
	const extracted = extract(parsed.tree, document);
	diagnostics.push(...checkComponents(extracted.elements, extracted.localNames));
	return { diagnostics, frontmatter: frontmatter?.data, ...extracted };
}

function extract(tree: Root, document: TextDocument): Pick<PageSummary, 'links' | 'headings' | 'anchors' | 'imports' | 'folds' | 'elements'> & { localNames: Set<string> } {
	const text = document.getText();
	const links: PageLink[] = [];
	const headings: PageHeading[] = [];
	const anchors = new Set<string>();
	const imports: PageImport[] = [];
	const folds: { startLine: number; endLine: number }[] = [];
	const elements: PageElement[] = [];
	const localNames = new Set<string>();
	const slugger = new GithubSlugger();
	const range = (start: number, end: number): Range => ({ start: document.positionAt(start), end: document.positionAt(end) });
	const stack: Nodes[] = [tree];
	while (stack.length) {
		const node = stack.pop()!;
		const start = node.position?.start.offset;
		const end = node.position?.end.offset;
		if (start !== undefined && end !== undefined) {
			switch (node.type) {
				case 'link':
				case 'image': {
					// The URL sits between "(" and the closing ")" (or a title); find it in the source.
					const source = text.slice(start, end);
					const at = source.lastIndexOf(`(${node.url}`);
					if (at !== -1 && node.url) links.push({ url: node.url, range: range(start + at + 1, start + at + 1 + node.url.length), kind: node.type });
					break;
				}
				case 'heading': {
					const title = plainText(node);
					const slug = slugger.slug(title);
					headings.push({ text: title, slug, depth: (node as Heading).depth, range: range(start, end) });
					anchors.add(slug);
					break;
				}
				case 'mdxJsxFlowElement':
				case 'mdxJsxTextElement': {
					for (const attribute of node.attributes) {
						if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue;
						if (attribute.name === 'href' || attribute.name === 'src') {
							const at = findAttribute(text, start, end, attribute.name, attribute.value);
							if (at !== undefined) links.push({ url: attribute.value, range: range(at, at + attribute.value.length), kind: 'attribute' });
						}
						if (attribute.name === 'id') anchors.add(attribute.value);
						if (node.name && fieldComponents.has(node.name) && fieldNameProps.has(attribute.name)) {
							anchors.add('param-' + slugOf(attribute.value));
							anchors.add('response-' + slugOf(attribute.value));
						}
						if (attribute.name === 'title' && node.name && titledComponents.has(node.name)) anchors.add(slugOf(attribute.value));
					}
					if (node.name && text.startsWith(node.name, start + 1)) {
						elements.push({ name: node.name, nameRange: range(start + 1, start + 1 + node.name.length), attributes: node.attributes.flatMap(a => (a.type === 'mdxJsxAttribute' ? [a.name] : [])) });
					}
					if (node.type === 'mdxJsxFlowElement') folds.push({ startLine: document.positionAt(start).line, endLine: document.positionAt(end).line });
					break;
				}
				case 'mdxjsEsm':
					for (const name of declaredNames(node.value)) localNames.add(name);
					for (const match of node.value.matchAll(/(?:^|\n)\s*import\s+(?:[^'";]*?\s+from\s+)?(['"])([^'"]+)\1/g)) {
						const at = start + match.index! + match[0].lastIndexOf(match[2]);
						imports.push({ source: match[2], range: range(at, at + match[2].length) });
					}
					break;
				case 'code':
				case 'yaml':
					folds.push({ startLine: document.positionAt(start).line, endLine: document.positionAt(end).line });
					break;
			}
		}
		if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
	}
	headings.sort((a, b) => a.range.start.line - b.range.start.line);
	return { links, headings, anchors, imports, elements, localNames, folds: folds.filter(f => f.endLine > f.startLine) };
}

/** Names an ESM block brings into scope: imports (default, named, namespace) and exported declarations. */
function declaredNames(esm: string): string[] {
	const names: string[] = [];
	for (const m of esm.matchAll(/import\s+([^'";]+?)\s+from\s/g)) {
		for (const part of m[1].split(/[{},]/)) {
			const name = part.trim().split(/\s+as\s+/).pop()!.replace(/^\*\s*as\s+/, '').trim();
			if (/^[A-Za-z_$][\w$]*$/.test(name)) names.push(name);
		}
	}
	for (const m of esm.matchAll(/export\s+(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g)) names.push(m[1]);
	return names;
}

/**
 * Components the page uses: unknown ones (not built in, not imported, not defined in the page)
 * and built-in ones missing a required prop are warnings: the page still builds, but renders wrong.
 */
function checkComponents(elements: readonly PageElement[], localNames: ReadonlySet<string>): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const element of elements) {
		if (!/^[A-Z]/.test(element.name) || localNames.has(element.name.split('.')[0])) continue;
		const spec = builtinComponent(element.name);
		if (!spec) {
			const suggestion = closestMatch(element.name, Object.keys(builtinComponents));
			const diagnostic = createDiagnostic(element.nameRange, `<${element.name}> is not a built-in component and is not imported or defined in this page.${suggestion ? ` Did you mean <${suggestion}>?` : ''}`, 'component-unknown');
			if (suggestion) diagnostic.data = { replacement: suggestion };
			diagnostics.push(diagnostic);
			continue;
		}
		const missing = Object.entries(spec.props).filter(([name, prop]) => prop.required && !element.attributes.includes(name)).map(([name]) => name);
		if (spec.oneOf && !spec.oneOf.some(p => element.attributes.includes(p))) missing.push(spec.oneOf.join(' | '));
		if (missing.length) diagnostics.push(createDiagnostic(element.nameRange, `<${element.name}> needs ${missing.map(m => `"${m}"`).join(' and ')}.`, 'component-missing-prop'));
	}
	return diagnostics;
}

function plainText(node: Nodes): string {
	if ('value' in node && typeof node.value === 'string' && node.type !== 'mdxjsEsm') return node.value;
	if ('children' in node) return node.children.map(child => plainText(child as Nodes)).join('');
	return '';
}

/** Offset of an attribute's string value inside an element's source (attributes carry no positions). */
function findAttribute(text: string, start: number, end: number, name: string, value: string): number | undefined {
	const source = text.slice(start, end);
	const match = new RegExp(`\\b${name}\\s*=\\s*(["'])`).exec(source);
	if (!match) return undefined;
	const at = match.index + match[0].length;
	return source.startsWith(value, at) ? start + at : undefined;
}

/** Links of a page too large to parse, found by pattern: Markdown link targets and href/src attributes. */
function scanLinks(document: TextDocument): PageLink[] {
	const text = document.getText();
	const links: PageLink[] = [];
	const range = (start: number, length: number): Range => ({ start: document.positionAt(start), end: document.positionAt(start + length) });
	for (const match of text.matchAll(/(!?)\[[^\]\n]*\]\(([^)\s]+)/g)) {
		links.push({ url: match[2], range: range(match.index! + match[0].length - match[2].length, match[2].length), kind: match[1] ? 'image' : 'link' });
	}
	for (const match of text.matchAll(/\b(href|src)=(["'])([^"'\n]+)\2/g)) {
		links.push({ url: match[3], range: range(match.index! + match[1].length + 2, match[3].length), kind: 'attribute' });
	}
	return links;
}
