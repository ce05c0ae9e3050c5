import type { Heading, Nodes, Root } from 'mdast';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../diagnostic';
import { checkTextIsParsable, limits } from '../textGuards';
import { checkComponents } from './componentRules';
import { checkFrontmatter } from './frontmatterRules';
import { parseMdx } from './mdxParser';
import { readFrontmatter } from './frontmatter';
import { fastSummarize } from './fastPageScan';
import { PageRecorder, type Extracted } from './pageRecords';
import { maskCustomHeadingIds } from './platformSlug';
import { scanAccessibility, scanAnchors, scanLinks } from './largePageScan';

import type { PageElement, PageSummary } from './pageTypes';
export type { PageElement, PageHeading, PageImport, PageLink, PageSummary } from './pageTypes';

export function summarizePage(document: TextDocument): PageSummary {
	return summarize(document, true).summary;
}

/** Which reader summarized a page: the line scanner, the MDX parser, or neither (unreadable, too large, or a syntax error's early exit counts as the parser). */
export type SummaryTier = 'fast' | 'parser' | 'none';

/** The summary and the tier that produced it (the bench reports how much of a real site each tier reads). */
export function summarizePageWithTier(document: TextDocument): { summary: PageSummary; tier: SummaryTier } {
	return summarize(document, true);
}

/** The same summary read by the MDX parser alone, never by the line scanner: the reference the scanner is tested against. */
export function summarizePageWithParser(document: TextDocument): PageSummary {
	return summarize(document, false).summary;
}

function summarize(document: TextDocument, fast: boolean): { summary: PageSummary; tier: SummaryTier } {
	const unparsable = checkTextIsParsable(document, 'This page');
	const empty: PageSummary = { diagnostics: [], links: [], headings: [], anchors: undefined, imports: [], frontmatter: undefined, folds: [], elements: [] };
	if (unparsable) return { summary: { ...empty, diagnostics: [unparsable] }, tier: 'none' };
	const text = document.getText();
	const frontmatter = readFrontmatter(text);
	const diagnostics: Diagnostic[] = checkFrontmatter(document, frontmatter);
	const tooHard =
		text.length > limits.maxMdxParseChars
			? `This page is ${Math.round(text.length / 1024)} KB: MintDoc checks its frontmatter and links but not its MDX syntax (pages over ${limits.maxMdxParseChars / 1024} KB).`
			: // Deeply nested block quotes make the Markdown parser quadratic: a few KB would block for seconds.
				/^(?:[ \t]*>){100}/m.test(text)
				? 'This page nests block quotes more than 100 deep: MintDoc checks its frontmatter and links but not its MDX syntax.'
				: undefined;
	if (tooHard) {
		diagnostics.push(createDiagnostic({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, tooHard, 'page-too-large'));
		diagnostics.push(...scanAccessibility(document));
		return { summary: { ...empty, diagnostics, frontmatter: frontmatter?.data, links: scanLinks(document), anchors: scanAnchors(text) }, tier: 'none' };
	}
	// `## Title {#id}` is read as the platform reads it: the id set, the rest parsed as MDX.
	const custom = maskCustomHeadingIds(text);
	const source = custom?.text ?? text;
	// Most pages are plain enough for the line scanner (much faster); it declines every other page, and those the parser reads.
	let extracted = fast ? fastSummarize(document, source, frontmatter?.end, custom?.ids) : undefined;
	const tier = extracted ? 'fast' : 'parser';
	if (!extracted) {
		// `.md` pages too: the platform's build and link check read every page with its MDX parser.
		const parsed = parseMdx(source, true);
		if (!parsed.tree) {
			const { error } = parsed;
			// The parser may point past the end of a line (an error at the end of the text): clamp into the document.
			const clamp = (line: number, character: number) => document.positionAt(document.offsetAt({ line, character }));
			const start = clamp(error.start.line - 1, error.start.column - 1);
			const end = error.end ? clamp(error.end.line - 1, error.end.column - 1) : document.positionAt(document.offsetAt(start) + 1);
			diagnostics.push(createDiagnostic({ start, end }, `${error.message} (MDX)`, 'mdx-syntax'));
			return { summary: { ...empty, diagnostics, frontmatter: frontmatter?.data }, tier };
		}
		extracted = extract(parsed.tree, document, source, custom?.ids);
	}
	diagnostics.push(...checkComponents(extracted.elements, extracted.localNames, document.uri), ...extracted.accessibility);
	const { localNames: _names, accessibility: _a11y, ...records } = extracted;
	return { summary: { diagnostics, frontmatter: frontmatter?.data, ...records }, tier };
}

function extract(tree: Root, document: TextDocument, text: string, customIds?: ReadonlyMap<number, string>): Extracted {
	const recorder = new PageRecorder(document, text, customIds);
	const stack: Nodes[] = [tree];
	while (stack.length) {
		const node = stack.pop()!;
		const start = node.position?.start.offset;
		const end = node.position?.end.offset;
		if (start !== undefined && end !== undefined) {
			switch (node.type) {
				case 'link':
				case 'image':
					recorder.link(node.url, node.type, start, end);
					break;
				case 'heading':
					recorder.heading(plainText(node), (node as Heading).depth, start, end);
					break;
				case 'mdxJsxFlowElement':
				case 'mdxJsxTextElement':
					recorder.element(
						node.name,
						node.attributes.flatMap(a => (a.type === 'mdxJsxAttribute' ? [a] : [])),
						start,
						end,
					);
					if (node.type === 'mdxJsxFlowElement') recorder.fold(recorder.line(start), recorder.line(end));
					break;
				case 'mdxjsEsm':
					recorder.esm(node.value, start);
					break;
				case 'code':
				case 'yaml':
					recorder.fold(recorder.line(start), recorder.line(end));
					break;
			}
		}
		if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
	}
	return recorder.result();
}

function plainText(node: Nodes): string {
	if ('value' in node && typeof node.value === 'string' && node.type !== 'mdxjsEsm') return node.value;
	if ('children' in node) return node.children.map(child => plainText(child as Nodes)).join('');
	return '';
}
