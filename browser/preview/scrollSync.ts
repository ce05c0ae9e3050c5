/**
 * The preview following the editor's scroll: which heading to scroll to for an editor line, and
 * whether to scroll at all. Pure (no DOM), so the decisions are unit-tested; main.ts reads the
 * headings' `data-source-line` (set by the renderer on the page's own headings) and scrolls.
 */

/** A heading of the page as rendered: its element id and the zero-based line of the page file it comes from. */
export interface HeadingLine {
	readonly id: string;
	readonly line: number;
}

/** What the page last scrolled to on the editor's behalf. */
export interface FollowState {
	readonly route: string;
	/** The heading id scrolled to; `''` is the top of the page; undefined: nothing yet on this route. */
	readonly heading: string | undefined;
}

export const initialFollowState: FollowState = { route: '', heading: undefined };

/**
 * The heading at or above `line`: the last one, in page order, whose source line is not past it.
 * Undefined when the line is above every heading (the page's title and introduction).
 */
export function headingAtLine(headings: readonly HeadingLine[], line: number): HeadingLine | undefined {
	let found: HeadingLine | undefined;
	for (const heading of headings) {
		if (heading.line > line) continue;
		// Headings of a snippet or component carry no line; of the page's own, the nearest above wins.
		if (!found || heading.line >= found.line) found = heading;
	}
	return found;
}

/**
 * A `reveal` for `line` on `route`. The page scrolls only when the heading changes: moving the
 * cursor inside one section, or typing, leaves alone a preview the reader scrolled by hand.
 * `scrollTo` is the heading id, `''` for the top of the page, undefined for "stay".
 */
export function revealLine(
	state: FollowState,
	route: string,
	headings: readonly HeadingLine[],
	line: number,
): { readonly state: FollowState; readonly scrollTo: string | undefined } {
	const heading = headingAtLine(headings, line)?.id ?? '';
	const known = state.route === route ? state.heading : undefined;
	if (known === heading) return { state, scrollTo: undefined };
	return { state: { route, heading }, scrollTo: heading };
}
