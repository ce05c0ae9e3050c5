import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../diagnostic';
import { checkTextIsParsable, limits } from '../textGuards';
import { checkBuildWarnings } from './rules/buildWarningRules';
import { checkComponents } from './rules/componentRules';
import { checkFrontmatter } from './rules/frontmatterRules';
import {
	findExcessiveContainers,
	findExcessiveNesting,
	findManyNestedContainerLines,
	maxContainersPerLine,
	maxMdxNesting,
	maxNestedContainerLines,
} from './nestingScan';
import { parseMdxFast } from './fastMdxParse';
import { lfPage } from './fastMdxLineEndings';
import { parseMdx } from './mdxParser';
import { readFrontmatter } from './frontmatter';
import { fastSummarize } from './fastPageScan';
import { PageRecorder } from './pageRecords';
import { chunkedSummarize } from './pageChunks';
import { exportsOnlyOf, recordTree } from './treeRecords';
import { maskCustomHeadingIds } from './platformSlug';
import { scanAccessibility, scanAnchors, scanLinks } from './largePageScan';

import type { PageElement, PageSummary } from './pageTypes';
import { appendAll } from '../arrays';
import { parseDisableDirectives } from '../config/disableDirectives';
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
	const read = (fast ? readAsLf(document) : undefined) ?? summarizeText(document, fast);
	// A text refused as binary or too large is not searched either.
	if (read.unreadable) return read;
	// The comments come with the summary: a check applies them without reading the page again (most pages have none: one search).
	const directives = parseDisableDirectives(document.getText(), /\.md$/i.test(document.uri) ? 'md' : 'mdx');
	return directives.length ? { ...read, summary: { ...read.summary, directives } } : read;
}

/**
 * The summary of a page whose every line ends with CRLF, read as its LF text: the line scanner
 * declines `\r`, so such a page was read by the parser (0xsequence/docs: 484 of 1,205 pages). A
 * summary holds positions as lines and characters, the same for both texts, and strings cut from
 * the page: where none of them holds a line ending, the two summaries are the same (the corpus:
 * 7,123 such pages, each also compared with the page's own); where one does, it would hold `\n`
 * for the page's `\r\n`, and the page is read as it is. Undefined for that and every other page.
 */
function readAsLf(document: TextDocument): ReturnType<typeof summarizeText> | undefined {
	const text = document.getText();
	// A page over the parser's limit is reported with its own size.
	if (!text.includes('\r') || text.length > limits.maxMdxParseChars) return undefined;
	const lf = lfPage(text);
	if (lf === undefined) return undefined;
	const read = summarizeText(TextDocument.create(document.uri, document.languageId, document.version, lf), true);
	return read.unreadable || holdsLineFeed(read.summary) ? undefined : read;
}

function holdsLineFeed(value: unknown): boolean {
	if (typeof value === 'string') return value.includes('\n');
	if (!value || typeof value !== 'object') return false;
	if (Array.isArray(value)) return value.some(holdsLineFeed);
	for (const key in value) if (holdsLineFeed((value as Record<string, unknown>)[key])) return true;
	return false;
}

function summarizeText(document: TextDocument, fast: boolean): { summary: PageSummary; tier: SummaryTier; unreadable?: true } {
	const unparsable = checkTextIsParsable(document, 'This page');
	const empty: PageSummary = { diagnostics: [], links: [], headings: [], anchors: undefined, imports: [], frontmatter: undefined, folds: [], elements: [] };
	if (unparsable) return { summary: { ...empty, diagnostics: [unparsable] }, tier: 'none', unreadable: true };
	const text = document.getText();
	const frontmatter = readFrontmatter(text);
	const diagnostics: Diagnostic[] = checkFrontmatter(document, frontmatter);
	const tooHard =
		text.length > limits.maxMdxParseChars
			? `This page is ${Math.round(text.length / 1024)} KB: MintDoc checks its frontmatter and links but not its MDX syntax (pages over ${limits.maxMdxParseChars / 1024} KB).`
			: // Deeply nested block quotes, braces or elements make the parser quadratic (or overflow its stack): a few KB would block for seconds.
				/^(?:[ \t]*>){100}/m.test(text)
				? 'This page nests block quotes more than 100 deep: MintDoc checks its frontmatter and links but not its MDX syntax.'
				: findExcessiveContainers(text, frontmatter?.end ?? 0) !== undefined
					? `This page opens more than ${maxContainersPerLine} block quotes or list items on one line: MintDoc checks its frontmatter and links but not its MDX syntax.`
					: findManyNestedContainerLines(text, frontmatter?.end ?? 0) !== undefined
						? `This page has more than ${maxNestedContainerLines} lines that each open two or more block quotes or list items: MintDoc checks its frontmatter and links but not its MDX syntax.`
						: findExcessiveNesting(text, frontmatter?.end ?? 0) !== undefined
							? `This page nests braces and elements more than ${maxMdxNesting} deep: MintDoc checks its frontmatter and links but not its MDX syntax.`
							: undefined;
	if (tooHard) {
		diagnostics.push(createDiagnostic({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, tooHard, 'page-too-large'));
		appendAll(diagnostics, scanAccessibility(document));
		return { summary: { ...empty, diagnostics, frontmatter: frontmatter?.data, links: scanLinks(document), anchors: scanAnchors(text) }, tier: 'none' };
	}
	// `## Title {#id}` is read as the platform reads it: the id set, the rest parsed as MDX.
	const custom = maskCustomHeadingIds(text);
	const source = custom?.text ?? text;
	// Most pages are plain enough for the line scanner (much faster); it declines every other page, and those the parser reads.
	// A long page the scanner declines for a few of its parts (a changelog of 200 releases, two with a
	// tab) is read in chunks at its top level: the scanner reads most of them, the parser the rest.
	let extracted = fast
		? (fastSummarize(document, source, frontmatter?.end, custom?.ids) ?? chunkedSummarize(document, source, frontmatter?.end, custom?.ids))
		: undefined;
	const tier = extracted ? 'fast' : 'parser';
	if (!extracted) {
		// `.md` pages too: the platform's build and link check read every page with its MDX parser. Its tree,
		// built faster where the page allows (fastMdxParse.ts: the same tree); the reference reads micromark's own.
		const parsed = fast ? parseMdxFast(source) : parseMdx(source, true);
		if (!parsed.tree) {
			const { error } = parsed;
			// The parser may point past the end of a line (an error at the end of the text): clamp into the document.
			const clamp = (line: number, character: number) => document.positionAt(document.offsetAt({ line, character }));
			const start = clamp(error.start.line - 1, error.start.column - 1);
			const end = error.end ? clamp(error.end.line - 1, error.end.column - 1) : document.positionAt(document.offsetAt(start) + 1);
			diagnostics.push(createDiagnostic({ start, end }, `${error.message} (MDX)`, 'mdx-syntax'));
			return { summary: { ...empty, diagnostics, frontmatter: frontmatter?.data }, tier };
		}
		const recorder = new PageRecorder(document, source, custom?.ids);
		recordTree(parsed.tree, recorder, 0);
		extracted = recorder.result();
		// Only the parser reads ESM exports (the line scanner declines them; a chunked page has elements at its top level).
		const exportsOnly = exportsOnlyOf(parsed.tree);
		if (exportsOnly) extracted = { ...extracted, exportsOnly };
	}
	appendAll(diagnostics, [
		...checkComponents(extracted.elements, extracted.localNames, document.uri),
		...checkBuildWarnings(extracted.elements),
		...extracted.accessibility,
	]);
	const { localNames: _names, accessibility: _a11y, ...records } = extracted;
	return { summary: { diagnostics, frontmatter: frontmatter?.data, ...records }, tier };
}
