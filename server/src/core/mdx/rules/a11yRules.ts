import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { createDiagnostic } from '../../diagnostic';
import { scanTag } from '../tagProps';

/*
 * Accessibility of a page as `mint a11y` judges it: Markdown images with an empty alt text,
 * `<img>` and `<video>` without a non-empty `alt` string (an `alt={expression}` does not count, as
 * for the platform), `<a>` elements with no text inside. Wherever they are: inside a Frame, a Card
 * or any other component. Read from the source by both readers, so they agree.
 */

type RangeOf = (start: number, end: number) => Range;

/** A Markdown image `![alt](url)` spanning from `start`, its URL at `urlAt` (the offset after `(`). */
export function checkImageAlt(text: string, start: number, urlAt: number, range: RangeOf): Diagnostic | undefined {
	if (text[start] !== '!' || text[start + 1] !== '[') return undefined;
	const alt = text.slice(start + 2, urlAt - 2);
	if (!/^\s*$/.test(alt)) return undefined;
	return createDiagnostic(
		range(start, urlAt - 1),
		'This image has no alternative text: screen readers announce nothing (or the file name). Describe it between the brackets.',
		'a11y-missing-alt',
	);
}

/** `<img>`/`<video>` without a non-empty `alt` string, and `<a>` with no text inside, at the tag's `<name`. */
export function checkElementA11y(
	text: string,
	name: string,
	attributes: readonly { readonly name: string; readonly value?: unknown }[],
	start: number,
	range: RangeOf,
): Diagnostic | undefined {
	const at = range(start, start + 1 + name.length);
	if (name === 'img' || name === 'video') {
		const alt = attributes.find(a => a.name === 'alt');
		if (typeof alt?.value === 'string' && alt.value.trim() !== '') return undefined;
		const what = name === 'img' ? 'This image' : 'This video';
		const why = alt && typeof alt.value !== 'string' ? ' (the platform counts only a written string, not an expression)' : '';
		return createDiagnostic(at, `${what} has no alt text${why}: screen readers cannot describe it. Add alt="…" saying what it shows.`, 'a11y-missing-alt');
	}
	if (name === 'a' && !linkHasText(text, start)) {
		return createDiagnostic(
			at,
			'This link has no text: screen readers announce only its address. Put words inside <a>…</a> (an image inside does not count).',
			'a11y-link-text',
		);
	}
	return undefined;
}

/**
 * Whether the `<a>` opened at `start` holds text: what lies before its `</a>` once tags, `{…}`
 * expressions and code spans are taken out (those are no text for the platform's check).
 */
function linkHasText(text: string, start: number): boolean {
	const tag = scanTag(text, start);
	// A tag we cannot read: say nothing rather than guess.
	if (!tag) return true;
	if (tag.selfClosing) return false;
	const close = /<\/a\s*>/g;
	close.lastIndex = tag.end;
	const end = close.exec(text)?.index;
	if (end === undefined) return true;
	const inner = text
		.slice(tag.end, end)
		.replace(/\{[^{}]*\}/g, '')
		.replace(/<[^<>]*>/g, '')
		.replace(/(`+)[^`]*?\1/g, '');
	return /\S/.test(inner);
}
