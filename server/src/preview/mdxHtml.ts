import { maskCustomHeadingIds, RenderedIds } from '../core/mdx/platformSlug';
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { sanitize } from 'hast-util-sanitize';
import type { Code, Heading, Image, Nodes, Paragraph, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { toHast, type Handler, type State } from 'mdast-util-to-hast';
import { toString } from 'mdast-util-to-string';
import { throwIfCancelled, type CancellationToken } from '../core/cancellation';
import { parseMdx } from '../core/mdx/mdxParser';
import { readFrontmatter } from '../core/mdx/frontmatter';
import { dirnameUri, joinUri, relativePath } from '../core/uris';
import type { PreviewProblem } from './previewTypes';
import { renderComponent, unknownComponent, type PropValue } from './components';
import { codeBlock } from './highlight';
import { mermaidBlock } from './mermaidBlock';
import { iconSvg } from './icons';
import { isPreviewHook, previewSanitizeSchema } from './sanitizeSchema';
import { appendAll } from '../core/arrays';

export interface MdxRenderOptions {
	/** The page (or snippet) file; relative images and imports resolve from its folder. */
	readonly uri: string;
	readonly rootUri: string;
	/** Reads another file of the site (snippets). */
	readonly readText: (uri: string) => Promise<string | undefined>;
	/** Maps a site path (`/images/a.png`) to the URL the host serves it at. Default: the path itself. */
	readonly assetUrl?: (sitePath: string) => string;
	readonly token: CancellationToken;
}

/** One heading of the page's "On this page" list. */
export interface TocEntry {
	readonly depth: number;
	readonly text: string;
	readonly slug: string;
}

export interface RenderedMdx {
	/** Sanitized HTML of the page content (no scripts, no inline handlers, no script URLs). */
	readonly html: string;
	readonly toc: readonly TocEntry[];
	readonly frontmatter: Readonly<Record<string, unknown>>;
	/** Why the page (or a snippet it imports) could not be rendered, with where. */
	readonly problems: readonly PreviewProblem[];
	/** False when the page itself does not parse (html is then empty). */
	readonly ok: boolean;
}

/** A snippet file an import or `<Snippet file>` names: its syntax tree, or why it cannot be shown. */
interface Snippet {
	readonly uri: string;
	readonly tree?: Root;
	readonly problem?: string;
	readonly imports: ReadonlyMap<string, Snippet>;
	/** `## Title {#id}` headings of the file: the id, by line (0-based). */
	readonly customIds?: ReadonlyMap<number, string>;
}

/** State shared while one page converts: one set of ids and one TOC across the page and its snippets. */
interface Conversion {
	readonly options: MdxRenderOptions;
	/** The core's ids, so every anchor the link check accepts is an id on the previewed page. */
	readonly ids: RenderedIds;
	readonly toc: TocEntry[];
	readonly problems: PreviewProblem[];
	/** `<Snippet file>` targets, by file URI. */
	readonly files: ReadonlyMap<string, Snippet>;
}

/** Per file being converted (the page, or a snippet inlined in it). */
export interface FileScope {
	readonly uri: string;
	readonly imports: ReadonlyMap<string, Snippet>;
	/** Props the snippet was called with (`<Greeting name="Ada" />` makes `{name}` render "Ada"). */
	readonly props: Readonly<Record<string, PropValue>>;
	readonly depth: number;
	readonly customIds?: ReadonlyMap<number, string>;
}

const maxSnippetDepth = 8;

/** Renders an MDX (or Markdown) page to sanitized HTML; never throws for bad input. */
export async function renderMdx(text: string, options: MdxRenderOptions): Promise<RenderedMdx> {
	const frontmatter = readFrontmatter(text)?.data ?? {};
	const parsed = parsePage(text);
	if (!parsed.tree) {
		const { error } = parsed;
		return {
			html: '',
			toc: [],
			frontmatter,
			ok: false,
			problems: [{ message: error.message, uri: options.uri, line: error.start.line - 1, character: error.start.column - 1 }],
		};
	}
	const loaded = new Map<string, Promise<Snippet>>();
	const imports = await loadImports(parsed.tree, options.uri, options, loaded, [options.uri]);
	const files = new Map<string, Snippet>();
	for (const uri of snippetFiles(parsed.tree, options)) files.set(uri, await loadSnippet(uri, options, loaded, [options.uri]));
	throwIfCancelled(options.token);
	const conversion: Conversion = { options, ids: new RenderedIds(), toc: [], problems: [], files };
	const hast = convert(parsed.tree, conversion, { uri: options.uri, imports, props: {}, depth: 0, customIds: parsed.customIds });
	const clean = sanitize(hast, previewSanitizeSchema) as HastRoot;
	finish(clean, options);
	return { html: toHtml(clean, { allowDangerousHtml: true }), toc: conversion.toc, frontmatter, problems: conversion.problems, ok: true };
}

/**
 * Parses a page or snippet as MDX (`.md` pages are MDX on the platform too: its build parses every
 * page with the MDX parser), with `## Title {#id}` suffixes blanked out as the checker reads them.
 */
function parsePage(text: string): ReturnType<typeof parseMdx> & { customIds?: ReadonlyMap<number, string> } {
	const masked = maskCustomHeadingIds(text);
	const parsed = parseMdx(masked?.text ?? text, true);
	return parsed.tree && masked ? { ...parsed, customIds: masked.ids } : parsed;
}

/** Converts one syntax tree (the page, or a snippet) with the preview's handlers. */
function convert(tree: Root, conversion: Conversion, scope: FileScope): HastRoot {
	const handlers: Record<string, Handler> = {
		yaml: () => undefined,
		toml: () => undefined,
		// `export const` and imports: ESM is never run; imports were resolved beforehand.
		mdxjsEsm: () => undefined,
		mdxFlowExpression: (_state, node: { value: string }) => expression(node.value, scope, true),
		mdxTextExpression: (_state, node: { value: string }) => expression(node.value, scope, false),
		mdxJsxFlowElement: (state, node: MdxJsxFlowElement) => jsxElement(state, node, conversion, scope),
		mdxJsxTextElement: (state, node: MdxJsxTextElement) => jsxElement(state, node, conversion, scope),
		heading: (state, node: Heading) => heading(state, node, conversion, scope),
		paragraph: (state, node: Paragraph) => paragraph(state, node),
		code: (_state, node: Code) => (node.lang?.toLowerCase() === 'mermaid' ? mermaidBlock(node.value) : codeBlock(node.value, node.lang, node.meta)),
		image: (_state, node: Image) => ({
			type: 'element',
			tagName: 'img',
			properties: { src: siteUrl(node.url, scope.uri, conversion.options.rootUri), alt: node.alt ?? '', title: node.title ?? undefined },
			children: [],
		}),
	};
	return toHast(tree, { handlers, allowDangerousHtml: false }) as HastRoot;
}

/** `{expr}`: comments vanish, literals show as text, anything else is a visible chip (never evaluated). */
function expression(value: string, scope: FileScope, flow: boolean): ElementContent | undefined {
	if (/^\s*(\/\*[\s\S]*?\*\/\s*)*$/.test(value)) return undefined;
	const literal = literalValue(value, scope);
	if (literal !== undefined) return { type: 'text', value: String(literal) };
	const shown = value.trim().replace(/\s+/g, ' ');
	const chip: Element = {
		type: 'element',
		tagName: 'code',
		properties: { className: ['md-expression'], title: 'JavaScript expressions are not run in the preview' },
		children: [{ type: 'text', value: `{${shown.length > 60 ? shown.slice(0, 57) + '…' : shown}}` }],
	};
	return flow ? { type: 'element', tagName: 'p', properties: {}, children: [chip] } : chip;
}

/** The value of a simple literal (string, number, boolean) or of a prop the snippet was given; undefined otherwise. */
export function literalValue(source: string, scope?: Pick<FileScope, 'props'>): string | number | boolean | undefined {
	const value = source.trim();
	if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
	if (value === 'true' || value === 'false') return value === 'true';
	const quoted = /^(["'])((?:\\.|(?!\1)[^\\\n])*)\1$/.exec(value) ?? /^(`)((?:\\.|[^`\\$])*)`$/.exec(value);
	// A JavaScript string: `\n` is a line break (a one-line `chart={"graph TD\n A-->B"}`), other escapes their character.
	if (quoted) return quoted[2].replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
	if (scope && /^[A-Za-z_$][\w$]*$/.test(value) && Object.prototype.hasOwnProperty.call(scope.props, value))
		return scope.props[value] as string | number | boolean | undefined;
	return undefined;
}

/**
 * Components written on consecutive lines (`<Card>…</Card>` twice) parse as one paragraph of
 * inline elements; a <p> around block markup would be invalid HTML, so such a paragraph is unwrapped.
 */
function paragraph(state: State, node: Paragraph): Element | ElementContent[] {
	const onlyComponents =
		node.children.some(c => c.type === 'mdxJsxTextElement') &&
		node.children.every(c => (c.type === 'mdxJsxTextElement' && !!c.name && blockComponents.has(c.name)) || (c.type === 'text' && !c.value.trim()));
	if (onlyComponents) return state.all(node).filter(c => c.type !== 'text' || c.value.trim());
	return { type: 'element', tagName: 'p', properties: {}, children: state.all(node) };
}

/** Components that render block markup (never inside a paragraph). */
const blockComponents = new Set([
	'Mermaid',
	'Note',
	'Warning',
	'Info',
	'Tip',
	'Check',
	'Danger',
	'Callout',
	'Card',
	'CardGroup',
	'Columns',
	'Tabs',
	'Tab',
	'AccordionGroup',
	'Accordion',
	'Steps',
	'Step',
	'CodeGroup',
	'Frame',
	'Expandable',
	'ParamField',
	'ResponseField',
	'RequestExample',
	'ResponseExample',
	'Update',
	'Tile',
	'Tree',
	'Panel',
	'Color',
	'Snippet',
]);

function heading(state: State, node: Heading, conversion: Conversion, scope: FileScope): Element {
	const text = toString(node);
	const line = node.position ? node.position.start.line - 1 : -1;
	const slug = conversion.ids.heading(text, scope.customIds?.get(line));
	if (node.depth === 2 || node.depth === 3) conversion.toc.push({ depth: node.depth, text, slug });
	const anchor: Element = {
		type: 'element',
		tagName: 'a',
		properties: { className: ['md-anchor'], href: `#${slug}`, ariaLabel: `Link to ${text}` },
		children: [{ type: 'text', value: '#' }],
	};
	// The page's own headings carry their source line (zero-based): the preview follows the editor's scroll to them.
	const sourceLine = scope.depth === 0 && line >= 0 ? line : undefined;
	return {
		type: 'element',
		tagName: `h${node.depth}`,
		properties: { id: slug, className: ['md-heading'], dataSourceLine: sourceLine },
		children: [...state.all(node), anchor],
	};
}

function jsxElement(
	state: State,
	node: MdxJsxFlowElement | MdxJsxTextElement,
	conversion: Conversion,
	scope: FileScope,
): ElementContent | ElementContent[] | undefined {
	const name = node.name;
	if (!name) return state.all(node); // a fragment
	const props = readProps(node, scope);
	const flow = node.type === 'mdxJsxFlowElement';
	if (/^[a-z]/.test(name)) return htmlElement(state, node, name, props, conversion, scope);
	const snippet = scope.imports.get(name);
	if (snippet) return inlineSnippet(snippet, props, conversion, scope, flow);
	if (name === 'Snippet' && typeof props.file === 'string') {
		const file = conversion.files.get(snippetFileUri(props.file, conversion.options));
		if (file) return inlineSnippet(file, {}, conversion, scope, flow);
	}
	return (
		renderComponent(name, {
			props,
			node,
			state,
			flow,
			scope,
			ids: conversion.ids,
			asset: url => siteUrl(url, scope.uri, conversion.options.rootUri),
		}) ?? unknownComponent(name, state.all(node), flow)
	);
}

/** Lowercase JSX is HTML: kept, then filtered by the sanitizer like everything else. */
function htmlElement(
	state: State,
	node: MdxJsxFlowElement | MdxJsxTextElement,
	tagName: string,
	props: Record<string, PropValue>,
	conversion: Conversion,
	scope: FileScope,
): Element {
	const properties: Record<string, string | number | boolean | string[]> = {};
	for (const [key, value] of Object.entries(props)) {
		if (value === undefined) continue;
		if (key === 'className' || key === 'class') properties.className = String(value).split(/\s+/).filter(Boolean);
		else if (key === 'src' && typeof value === 'string') properties.src = siteUrl(value, scope.uri, conversion.options.rootUri);
		else properties[key === 'htmlFor' ? 'htmlFor' : key] = value;
	}
	return { type: 'element', tagName, properties, children: state.all(node) };
}

function inlineSnippet(
	snippet: Snippet,
	props: Record<string, PropValue>,
	conversion: Conversion,
	scope: FileScope,
	flow: boolean,
): ElementContent | ElementContent[] {
	const label = relativePath(conversion.options.rootUri, snippet.uri) ?? snippet.uri;
	if (!snippet.tree) {
		conversion.problems.push({ message: `Snippet ${label}: ${snippet.problem}`, uri: scope.uri });
		return {
			type: 'element',
			tagName: flow ? 'div' : 'span',
			properties: { className: ['md-snippet-error'] },
			children: [{ type: 'text', value: `Snippet ${label}: ${snippet.problem}` }],
		};
	}
	const root = convert(snippet.tree, conversion, { uri: snippet.uri, imports: snippet.imports, props, depth: scope.depth + 1, customIds: snippet.customIds });
	const children = root.children.filter((c): c is ElementContent => c.type !== 'doctype');
	// A snippet used inline is one paragraph: unwrap it so the text flows in the sentence.
	if (!flow && children.length === 1 && children[0].type === 'element' && children[0].tagName === 'p') return children[0].children;
	return children;
}

function readProps(node: MdxJsxFlowElement | MdxJsxTextElement, scope: FileScope): Record<string, PropValue> {
	const props: Record<string, PropValue> = {};
	for (const attribute of node.attributes) {
		if (attribute.type !== 'mdxJsxAttribute') continue; // {...spread} is JavaScript
		const value = attribute.value;
		if (value === null || value === undefined) props[attribute.name] = true;
		else if (typeof value === 'string') props[attribute.name] = value;
		else props[attribute.name] = literalValue(value.value, scope);
	}
	return props;
}

/**
 * A link or image path as the site serves it: `/images/a.png` stays, `a.png` resolves from the
 * file's folder (`/guides/a.png`); external URLs are left for the sanitizer to judge.
 */
function siteUrl(url: string, fromUri: string, rootUri: string): string {
	if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('/') || url.startsWith('#')) return url;
	const folder = relativePath(rootUri, dirnameUri(fromUri)) ?? '';
	const segments: string[] = folder ? folder.split('/') : [];
	for (const segment of url.split('/')) {
		if (segment === '..') segments.pop();
		else if (segment !== '.') segments.push(segment);
	}
	return '/' + segments.join('/');
}

/** After sanitizing: our own trusted additions (icons, host URLs of images). */
function finish(root: HastRoot, options: MdxRenderOptions): void {
	const visit = (node: HastRoot | Element) => {
		for (let i = 0; i < node.children.length; i++) {
			const child = node.children[i] as RootContent;
			if (child.type !== 'element') continue;
			for (const property of Object.keys(child.properties)) if (isPreviewHook(property)) delete child.properties[property];
			const classes = (child.properties.className as string[] | undefined) ?? [];
			if (classes.includes('md-icon') && typeof child.properties.dataIcon === 'string')
				child.children = [{ type: 'raw', value: iconSvg(child.properties.dataIcon) } as unknown as ElementContent];
			// A protocol-relative source (`//host/x`, `\\host\x`) is what the https site would load: say so, rather
			// than let the page's own scheme (http in `mintdoc preview`) pick one the CSP refuses.
			if (typeof child.properties.src === 'string' && /^[\\/]{2}/.test(child.properties.src))
				child.properties.src = `https://${child.properties.src.slice(2).replace(/\\/g, '/')}`;
			if (
				(child.tagName === 'img' || child.tagName === 'source') &&
				typeof child.properties.src === 'string' &&
				child.properties.src.startsWith('/') &&
				!child.properties.src.startsWith('//')
			) {
				child.properties.src = options.assetUrl ? options.assetUrl(child.properties.src) : child.properties.src;
			}
			visit(child);
		}
	};
	visit(root);
}

/** Resolves the page's imports of `.mdx`/`.md` files (snippets), recursively, with a depth and cycle guard. */
async function loadImports(
	tree: Root,
	fromUri: string,
	options: MdxRenderOptions,
	loaded: Map<string, Promise<Snippet>>,
	chain: readonly string[],
): Promise<Map<string, Snippet>> {
	const imports = new Map<string, Snippet>();
	for (const node of tree.children) {
		if (node.type !== 'mdxjsEsm') continue;
		for (const match of node.value.matchAll(/import\s+([A-Za-z_$][\w$]*)\s*(?:,\s*\{[^}]*\})?\s+from\s+(['"])([^'"]+)\2/g)) {
			const source = match[3];
			if (!/\.(mdx|md)$/i.test(source) || !/^[./]/.test(source)) continue;
			const uri = source.startsWith('/') ? joinUri(options.rootUri, ...source.slice(1).split('/')) : joinUri(dirnameUri(fromUri), ...source.split('/'));
			imports.set(match[1], await loadSnippet(uri, options, loaded, chain));
		}
	}
	return imports;
}

async function loadSnippet(uri: string, options: MdxRenderOptions, loaded: Map<string, Promise<Snippet>>, chain: readonly string[]): Promise<Snippet> {
	if (chain.includes(uri)) return { uri, problem: 'it imports itself (an import cycle)', imports: new Map() };
	if (chain.length > maxSnippetDepth) return { uri, problem: `snippets nest more than ${maxSnippetDepth} deep`, imports: new Map() };
	if (relativePath(options.rootUri, uri) === undefined) return { uri, problem: 'it is outside the docs root', imports: new Map() };
	let snippet = loaded.get(uri);
	if (!snippet) {
		snippet = (async (): Promise<Snippet> => {
			const text = await options.readText(uri);
			if (text === undefined) return { uri, problem: 'the file does not exist', imports: new Map() };
			const parsed = parsePage(text);
			if (!parsed.tree) return { uri, problem: `${parsed.error.message} (line ${parsed.error.start.line})`, imports: new Map() };
			return { uri, tree: parsed.tree, customIds: parsed.customIds, imports: await loadImports(parsed.tree, uri, options, loaded, [...chain, uri]) };
		})();
		loaded.set(uri, snippet);
	}
	return snippet;
}

/** `<Snippet file="x.mdx" />` names a file of the `snippets` folder. */
function snippetFileUri(file: string, options: MdxRenderOptions): string {
	const path = file.replace(/^\/+/, '');
	return joinUri(options.rootUri, ...(path.startsWith('snippets/') ? path : `snippets/${path}`).split('/'));
}

function snippetFiles(tree: Root, options: MdxRenderOptions): string[] {
	const files: string[] = [];
	const stack: Nodes[] = [tree];
	while (stack.length) {
		const node = stack.pop()!;
		if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Snippet') {
			const file = node.attributes.find(a => a.type === 'mdxJsxAttribute' && a.name === 'file')?.value;
			if (typeof file === 'string') files.push(snippetFileUri(file, options));
		}
		if ('children' in node) appendAll(stack, node.children as Nodes[]);
	}
	return files;
}
