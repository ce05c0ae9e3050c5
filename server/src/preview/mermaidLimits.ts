/**
 * Limits of the preview's Mermaid diagrams, shared by the renderer (mermaidBlock.ts) and the page
 * script that draws them (browser/preview/mermaidDraw.ts). No imports: the page bundle takes it whole.
 */

/**
 * Longest diagram source the preview draws (mermaid's own default `maxTextSize`). A bigger one is
 * shown as code with a note: laying out a diagram that size can keep the page busy for minutes.
 * The page script checks it again, since a page can write the marker by hand.
 */
export const maxMermaidSource = 50_000;

/** Most edges a flowchart may have before mermaid refuses it (mermaid's default, kept: a directive cannot raise it). */
export const maxMermaidEdges = 500;
