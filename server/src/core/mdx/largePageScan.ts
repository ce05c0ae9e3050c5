import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { checkElementA11y, checkImageAlt } from './rules/a11yRules';
import { HeadingSlugger } from './platformSlug';
import { scanTagProps } from './tagProps';
import type { PageLink } from './pageTypes';

// Pages too large for the MDX parser (over `limits.maxMdxParseChars`) are still read by pattern,
// so that links, their anchors and the accessibility findings `mint a11y` gives on such a page
// (often an `.md` page with an image inlined as a data URI) are not lost.

/**
 * Anchors of a page too large to parse, found by pattern: ATX headings of levels 1-4 outside code
 * fences (their text without code and emphasis marks, links and tags, slugged as the platform does, or their `{#id}`) and
 * `id` attributes. Enough for links to them to be judged (a changelog of 600 KB links its own releases).
 */
export function scanAnchors(text: string): Set<string> {
	const anchors = new Set<string>();
	const slugger = new HeadingSlugger();
	let fence: string | undefined;
	for (const line of text.split('\n')) {
		const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
			fence = fence ? undefined : marker;
			continue;
		}
		if (fence) continue;
		const heading = /^ {0,3}(#{1,4})[ \t]+(.*?)[ \t#]*\r?$/.exec(line);
		if (heading) {
			const custom = /[ \t]*\{#([^\s{}]+)\}$/.exec(heading[2]);
			const title = (custom ? heading[2].slice(0, custom.index) : heading[2])
				.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
				.replace(/<[^>]+>/g, '')
				.replace(/[`*~]/g, '');
			anchors.add(custom ? custom[1] : slugger.slug(title));
		}
	}
	for (const match of text.matchAll(/\bid=(["'])([^"'\n]+)\1/g)) anchors.add(match[2]);
	// <Update label="…"> entries are in the table of contents, with the label slugged like a heading.
	for (const match of text.matchAll(/<Update\s[^>]*?\blabel=(["'])([^"'\n]+)\1/g)) anchors.add(slugger.slug(match[2]!));
	return anchors;
}

/** Links of a page too large to parse, found by pattern: Markdown link targets and href/src attributes. */
export function scanLinks(document: TextDocument): PageLink[] {
	const text = document.getText();
	const links: PageLink[] = [];
	const range = (start: number, length: number): Range => ({ start: document.positionAt(start), end: document.positionAt(start + length) });
	for (const match of text.matchAll(/(!?)\[[^\]\n]*\]\(([^)\s]+)/g)) {
		links.push({ url: match[2], range: range(match.index! + match[0].length - match[2].length, match[2].length), kind: match[1] ? 'image' : 'link' });
	}
	for (const match of text.matchAll(/\b(href|src)=(["'])([^"'\n]+)\2/g)) {
		const element = /<([A-Za-z][\w.-]*)[^<>]*$/.exec(text.slice(Math.max(0, match.index! - 2000), match.index!))?.[1];
		links.push({
			url: match[3],
			range: range(match.index! + match[1].length + 2, match[3].length),
			kind: 'attribute',
			element,
			attribute: match[1] as 'href' | 'src',
		});
	}
	return links;
}

/**
 * Accessibility findings of a page too large to parse, found by pattern outside code fences:
 * Markdown images with empty alt text, `<img>`/`<video>` tags without `alt`, `<a>` without text.
 * Tags are read with the same attribute scanner the parsed tiers use, so a data URI of any size
 * in `src` is one attribute value.
 */
export function scanAccessibility(document: TextDocument): Diagnostic[] {
	const text = document.getText();
	const range = (start: number, end: number): Range => ({ start: document.positionAt(start), end: document.positionAt(end) });
	const found: Diagnostic[] = [];
	const fenced = fencedSpans(text);
	const inFence = (offset: number) => fenced.some(([from, to]) => offset >= from && offset < to);
	for (const match of text.matchAll(/!\[[^\]\n]*\]\(/g)) {
		if (inFence(match.index!)) continue;
		const diagnostic = checkImageAlt(text, match.index!, match.index! + match[0].length, range);
		if (diagnostic) found.push(diagnostic);
	}
	for (const match of text.matchAll(/<(img|video|a)(?=[\s/>])/g)) {
		if (inFence(match.index!)) continue;
		const attributes = scanTagProps(text, match.index!)?.map(p => ({ name: p.name, value: p.kind === 'string' ? p.value : p.kind === 'bare' ? null : {} }));
		if (!attributes && !/^<(img|video)/.test(match[0])) continue;
		const diagnostic = checkElementA11y(text, match[1]!, attributes ?? longTagAttributes(text, match.index!), match.index!, range);
		if (diagnostic) found.push(diagnostic);
	}
	return found.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

/** Offsets of the code fences of a text (start of the opening line to the end of the closing one). */
function fencedSpans(text: string): [number, number][] {
	const spans: [number, number][] = [];
	let fence: { marker: string; from: number } | undefined;
	let offset = 0;
	for (const line of text.split('\n')) {
		const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (marker && (!fence || (marker[0] === fence.marker[0] && marker.length >= fence.marker.length))) {
			if (fence) {
				spans.push([fence.from, offset + line.length]);
				fence = undefined;
			} else fence = { marker, from: offset };
		}
		offset += line.length + 1;
	}
	if (fence) spans.push([fence.from, text.length]);
	return spans;
}

/**
 * The attributes of an opening tag too long for the attribute scanner (a data URI in `src` is
 * hundreds of KB): names with their quoted string values, read quote to quote; an expression
 * value counts as "not a string". Enough to tell whether `alt` is there.
 */
function longTagAttributes(text: string, start: number): { name: string; value: unknown }[] {
	const attributes: { name: string; value: unknown }[] = [];
	const attribute = /\s*([A-Za-z_:][\w:.-]*)(\s*=\s*(["'{]))?|\s*(\/?>)/y;
	// Just after the tag's name (`<img`).
	attribute.lastIndex = start + (/^<[\w.:-]*/.exec(text.slice(start, start + 100))?.[0].length ?? 1);
	for (let match = attribute.exec(text); match && !match[4]; match = attribute.exec(text)) {
		const quote = match[3];
		if (!quote) {
			attributes.push({ name: match[1]!, value: null });
			continue;
		}
		const close = text.indexOf(quote === '{' ? '}' : quote, attribute.lastIndex);
		if (close < 0) break;
		attributes.push({ name: match[1]!, value: quote === '{' ? {} : text.slice(attribute.lastIndex, close) });
		attribute.lastIndex = close + 1;
	}
	return attributes;
}
