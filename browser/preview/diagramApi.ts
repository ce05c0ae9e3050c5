/**
 * The contract between the page script (dist/preview.js, diagrams.ts) and the diagram library
 * script it loads on demand (dist/mermaid.js, mermaidEntry.ts). Types and a name only.
 */

/** Fired on `document` by dist/mermaid.js once it has loaded; `detail` is the {@link DiagramApi}. */
export const mermaidReadyEvent = 'mintdoc:mermaid-ready';

export interface DiagramApi {
	/**
	 * Draws each `.md-mermaid[data-mermaid]` block from the text of its `pre > code`: a diagram
	 * drawn before appears at once (cached by source and theme), others one after another. A
	 * source mermaid cannot read shows mermaid's message in the block; the page never breaks.
	 * Resolves when all are done, with how many show a diagram and how many a message.
	 */
	draw(blocks: readonly HTMLElement[], options: { readonly dark: boolean }): Promise<DiagramsDrawn>;
}

/** The outcome of drawing a page's diagrams (blocks of a page replaced meanwhile are in neither count). */
export interface DiagramsDrawn {
	readonly drawn: number;
	readonly failed: number;
}
