import { headingSlug } from '../mdx/platformSlug';
import type { Location, Position, Range, TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { resolveLink, type LinkContext } from '../mdx/rules/linkRules';
import type { PageHeading, PageSummary } from '../mdx/pageSummary';
import { findPageReferences } from './links';

/** Every page of a site with its summary (what cross-page features scan). */
export type SitePages = readonly { readonly uri: string; readonly summary: PageSummary }[];

/** The heading whose line holds `position`, if any. */
export function headingAt(summary: PageSummary, position: Position): PageHeading | undefined {
	return summary.headings.find(h => h.range.start.line <= position.line && position.line <= h.range.end.line);
}

/** Links in any page that lead to the page at `pageUri` (and, with `anchor`, to that heading of it). */
async function linksTo(pageUri: string, pages: SitePages, context: LinkContext, anchor?: string): Promise<{ uri: string; range: Range; url: string }[]> {
	const found: { uri: string; range: Range; url: string }[] = [];
	for (const page of pages) {
		const fromPath = context.site.pages.pagePathOfFile(page.uri);
		if (fromPath === undefined) continue;
		for (const link of page.summary.links) {
			const target = await resolveLink(link.url, fromPath, context);
			if (target.kind !== 'page' || target.fileUri !== pageUri) continue;
			if (anchor !== undefined && target.anchor !== anchor) continue;
			found.push({ uri: page.uri, range: link.range, url: link.url });
		}
	}
	return found;
}

/**
 * Find All References in a page: on a heading, the links to that heading; elsewhere, the
 * navigation entries naming the page and every link to it.
 */
export async function pageReferences(
	document: TextDocument,
	summary: PageSummary,
	position: Position,
	pages: SitePages,
	context: LinkContext,
): Promise<Location[]> {
	const heading = headingAt(summary, position);
	if (heading) return (await linksTo(document.uri, pages, context, heading.slug)).map(({ uri, range }) => ({ uri, range }));
	const links = (await linksTo(document.uri, pages, context)).map(({ uri, range }) => ({ uri, range }));
	return [...findPageReferences(context.site, document.uri), ...links];
}

/** Rename is offered on headings: the heading text changes and every `#anchor` link to it follows. */
export function prepareHeadingRename(document: TextDocument, summary: PageSummary, position: Position): { range: Range; placeholder: string } | undefined {
	const heading = headingAt(summary, position);
	if (!heading) return undefined;
	const line = document.getText(heading.range);
	const at = line.lastIndexOf(heading.text);
	if (at === -1 || !heading.text) return undefined;
	// Offsets, not start + length: a setext heading's text spans lines.
	const offset = document.offsetAt(heading.range.start) + at;
	return { range: { start: document.positionAt(offset), end: document.positionAt(offset + heading.text.length) }, placeholder: heading.text };
}

export async function renameHeading(
	document: TextDocument,
	summary: PageSummary,
	position: Position,
	newName: string,
	pages: SitePages,
	context: LinkContext,
): Promise<Map<string, TextEdit[]> | undefined> {
	const prepared = prepareHeadingRename(document, summary, position);
	const heading = headingAt(summary, position);
	if (!prepared || !heading) return undefined;
	const newSlug = headingSlug(newName);
	const edits = new Map<string, TextEdit[]>([[document.uri, [{ range: prepared.range, newText: newName }]]]);
	for (const link of await linksTo(document.uri, pages, context, heading.slug)) {
		const hash = link.url.indexOf('#');
		const newText = link.url.slice(0, hash + 1) + newSlug;
		if (!edits.has(link.uri)) edits.set(link.uri, []);
		edits.get(link.uri)!.push({ range: link.range, newText });
	}
	return edits;
}
