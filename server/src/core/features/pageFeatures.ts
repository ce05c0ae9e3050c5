import {
	CompletionItemKind,
	FoldingRangeKind,
	InsertTextFormat,
	MarkupKind,
	SymbolKind,
	type CompletionItem,
	type CompletionList,
	type DocumentLink,
	type DocumentSymbol,
	type FoldingRange,
	type Hover,
	type LocationLink,
	type Position,
	type Range,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { iconLibraryOf } from '../icons/iconRules';
import type { IconLibrary } from '../icons/iconSets';
import { iconCompletion, iconHover } from './iconCompletion';
import { builtinComponent, builtinComponents, componentDoc, componentProp, propSummary } from '../mdx/components';
import { frontmatterApiCompletion, frontmatterApiDefinition } from './frontmatterApiFeatures';
import { frontmatterKeyCompletion, frontmatterKeyHover } from './frontmatterKeyFeatures';
import { codeFenceCompletion, codeFenceHover } from './codeFenceFeatures';
import { closingTagCompletion } from './closingTag';
import { sortedPagePaths } from './completion';
import { resolveLink, type LinkContext } from '../mdx/rules/linkRules';
import type { PageHeading, PageSummary } from '../mdx/pageSummary';

/** The outline of a page: its headings, nested by level. */
export function pageSymbols(summary: PageSummary): DocumentSymbol[] {
	const roots: DocumentSymbol[] = [];
	const open: { depth: number; symbol: DocumentSymbol }[] = [];
	for (const heading of summary.headings) {
		const symbol: DocumentSymbol = {
			name: heading.text || '(empty heading)',
			detail: `#${heading.slug}`,
			kind: SymbolKind.String,
			range: heading.range,
			selectionRange: heading.range,
			children: [],
		};
		while (open.length && open[open.length - 1].depth >= heading.depth) open.pop();
		(open.length ? open[open.length - 1].symbol.children! : roots).push(symbol);
		open.push({ depth: heading.depth, symbol });
	}
	return roots;
}

/** Folding: frontmatter, JSX blocks, code fences, and each heading's section. */
export function pageFoldingRanges(summary: PageSummary, document: TextDocument): FoldingRange[] {
	const ranges: FoldingRange[] = summary.folds.map(f => ({ startLine: f.startLine, endLine: f.endLine }));
	const headings = summary.headings;
	for (let i = 0; i < headings.length; i++) {
		const next = headings.slice(i + 1).find(h => h.depth <= headings[i].depth);
		const endLine = (next ? next.range.start.line : document.lineCount) - 1;
		if (endLine > headings[i].range.start.line) ranges.push({ startLine: headings[i].range.start.line, endLine, kind: FoldingRangeKind.Region });
	}
	return ranges;
}

/** Where a link leads, for document links and go to definition: the page file, at its heading when the link has an anchor. */
async function linkTarget(url: string, fromPath: string, context: LinkContext): Promise<{ uri: string; heading?: PageHeading } | undefined> {
	const target = await resolveLink(url, fromPath, context);
	if (target.kind !== 'page') return undefined;
	const heading = target.anchor ? (await context.summaryOf(target.fileUri))?.headings.find(h => h.slug === target.anchor) : undefined;
	return { uri: target.fileUri, heading };
}

export async function pageDocumentLinks(summary: PageSummary, fromPath: string, context: LinkContext): Promise<DocumentLink[]> {
	const links: DocumentLink[] = [];
	for (const link of summary.links) {
		const target = await linkTarget(link.url, fromPath, context);
		// VS Code opens `file#L12` at that line.
		const empty = link.range.start.line === link.range.end.line && link.range.start.character >= link.range.end.character;
		if (target && !empty) links.push({ range: link.range, target: target.heading ? `${target.uri}#L${target.heading.range.start.line + 1}` : target.uri });
	}
	return links;
}

export async function pageDefinition(
	summary: PageSummary,
	document: TextDocument,
	position: Position,
	fromPath: string,
	context: LinkContext,
): Promise<LocationLink[]> {
	const api = frontmatterApiDefinition(context.site, document, position);
	if (api.length) return api;
	const offset = document.offsetAt(position);
	const link = summary.links.find(l => document.offsetAt(l.range.start) <= offset && offset <= document.offsetAt(l.range.end));
	const target = link && (await linkTarget(link.url, fromPath, context));
	if (!link || !target) return [];
	const range = target.heading?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
	return [{ originSelectionRange: link.range, targetUri: target.uri, targetRange: range, targetSelectionRange: range }];
}

/**
 * Completion in a page: site routes after `](/` or `href="/`, and heading anchors after `#`
 * (of the linked page, or of this page for a bare `#`).
 */
export async function pageCompletion(
	summary: PageSummary,
	document: TextDocument,
	position: Position,
	fromPath: string,
	context: LinkContext,
): Promise<CompletionList | undefined> {
	const api = context?.site && frontmatterApiCompletion(context.site, document, position);
	if (api) return api;
	const fence = codeFenceCompletion(document, position) ?? closingTagCompletion(document, position);
	if (fence) return fence;
	const site = context?.site;
	const metadata = frontmatterKeyCompletion(document, position, {
		library: site ? iconLibraryOf(site.config.root) : 'fontawesome',
		pagePaths: () => (site ? sortedPagePaths(site) : []),
	});
	if (metadata) return metadata;
	const line = document.getText({ start: { line: position.line, character: 0 }, end: position });
	const components = completeComponents(line, position, context?.site ? iconLibraryOf(context.site.config.root) : 'fontawesome');
	if (components) return components;
	const route = /(?:\]\(|\b(?:href|src)=["'])(\/[^\s)"'#]*)(#[^\s)"']*)?$/.exec(line) ?? /(?:\]\(|\b(?:href|src)=["'])(#[^\s)"']*)$/.exec(line);
	if (!route) return undefined;
	const typedPath = route[1].startsWith('#') ? '' : route[1];
	const typedAnchor = route[1].startsWith('#') ? route[1] : route[2];
	if (typedAnchor !== undefined) {
		const start = { line: position.line, character: position.character - typedAnchor.length + 1 };
		const target = typedPath ? await resolveLink(typedPath, fromPath, context) : undefined;
		const headings = target?.kind === 'page' ? (await context.summaryOf(target.fileUri))?.headings : typedPath ? undefined : summary.headings;
		if (!headings) return undefined;
		return {
			isIncomplete: false,
			items: headings.map<CompletionItem>(h => ({
				label: h.slug,
				kind: CompletionItemKind.Reference,
				detail: h.text,
				textEdit: { range: { start, end: position }, newText: h.slug },
			})),
		};
	}
	const start = { line: position.line, character: position.character - typedPath.length + 1 };
	const items: CompletionItem[] = [];
	for (const path of context.site.pages.paths()) {
		if (path === 'snippets' || path.startsWith('snippets/')) continue;
		items.push({
			label: `/${path}`,
			kind: CompletionItemKind.File,
			textEdit: { range: { start, end: position }, newText: path },
			data: { kind: 'page', fileUri: context.site.pages.fileOf(path)! },
		});
	}
	return { isIncomplete: false, items };
}

/** Components after `<`, their props inside a tag, and enumerated prop values inside quotes. */
function completeComponents(line: string, position: Position, library: IconLibrary): CompletionList | undefined {
	const replace = (typed: string) => ({ start: { line: position.line, character: position.character - typed.length }, end: position });
	const value = /<([A-Z][\w.]*)\b[^<>]*\s([\w-]+)=["']([^"']*)$/.exec(line);
	if (value) {
		const spec = builtinComponent(value[1]);
		const prop = spec && componentProp(spec, value[2]);
		if (prop?.icon === 'name') return iconCompletion(library, replace(value[3]), value[3]);
		const values = prop?.values;
		return (
			values && {
				isIncomplete: false,
				items: values.map<CompletionItem>(v => ({ label: v, kind: CompletionItemKind.EnumMember, textEdit: { range: replace(value[3]), newText: v } })),
			}
		);
	}
	const prop = /<([A-Z][\w.]*)\b([^<>]*\s)([\w-]*)$/.exec(line);
	if (prop && !/["'][^"']*$/.test(prop[2].replace(/(["'])[^"']*\1/g, ''))) {
		const spec = builtinComponent(prop[1]);
		if (!spec) return undefined;
		const written = new Set([...prop[2].matchAll(/([\w-]+)(?==|\s|$)/g)].map(m => m[1]));
		const items = Object.entries(spec.props)
			.filter(([name]) => !written.has(name))
			.map<CompletionItem>(([name, p]) => ({
				label: name,
				kind: CompletionItemKind.Property,
				detail: p.required ? `${p.type}, required` : p.type,
				documentation: { kind: MarkupKind.Markdown, value: propSummary(name, p) },
				...(p.deprecated ? { tags: [1 as const] } : {}),
				insertTextFormat: InsertTextFormat.Snippet,
				textEdit: { range: replace(prop[3]), newText: p.type === 'boolean' ? name : p.type === 'number' ? `${name}={$1}` : `${name}="$1"` },
				sortText: (p.required ? '0' : '1') + name,
				// A prop with documented values or icon names opens their list as soon as it is inserted.
				...(p.values || p.icon ? { command: { title: 'Suggest values', command: 'editor.action.triggerSuggest' } } : {}),
			}));
		return { isIncomplete: false, items };
	}
	const tag = /<([A-Z][\w.]*)?$/.exec(line);
	if (!tag) return undefined;
	const typed = tag[1] ?? '';
	const items = Object.entries(builtinComponents).map<CompletionItem>(([name, spec]) => {
		const required = Object.entries(spec.props)
			.filter(([, p]) => p.required)
			.map(([p], i) => `${p}="\${${i + 1}}"`);
		const attrs = required.length ? ' ' + required.join(' ') : '';
		return {
			label: name,
			kind: CompletionItemKind.Class,
			detail: 'MintDoc built-in component',
			documentation: { kind: MarkupKind.Markdown, value: componentDoc(name, spec) },
			insertTextFormat: InsertTextFormat.Snippet,
			textEdit: { range: replace(typed), newText: spec.container ? `${name}${attrs}>\n\t$0\n</${name}>` : `${name}${attrs} />` },
		};
	});
	return { isIncomplete: false, items };
}

/** Hover on a component name (what it does and its props) or on a prop of a built-in component (its type, values, whether required). */
export function pageHover(summary: PageSummary, document: TextDocument, position: Position, library: IconLibrary = 'fontawesome'): Hover | undefined {
	const metadata = frontmatterKeyHover(document, position, { library, pagePaths: () => [] }) ?? codeFenceHover(document, position);
	if (metadata) return metadata;
	const offset = document.offsetAt(position);
	const within = (range: Range) => document.offsetAt(range.start) <= offset && offset <= document.offsetAt(range.end);
	for (const element of summary.elements) {
		const spec = builtinComponent(element.name);
		if (!spec) continue;
		if (within(element.nameRange)) return { range: element.nameRange, contents: { kind: MarkupKind.Markdown, value: componentDoc(element.name, spec) } };
		const icon = element.props?.find(p => p.kind === 'string' && p.valueRange && within(p.valueRange) && componentProp(spec, p.name)?.icon === 'name');
		if (icon?.valueRange && icon.value !== undefined)
			return { range: icon.valueRange, contents: { kind: MarkupKind.Markdown, value: iconHover(icon.value, library) } };
		const prop = element.props?.find(p => within(p.range));
		const documented = prop && componentProp(spec, prop.name);
		if (prop && documented)
			return { range: prop.range, contents: { kind: MarkupKind.Markdown, value: `**<${element.name}>** ${propSummary(prop.name, documented)}` } };
	}
	return undefined;
}
