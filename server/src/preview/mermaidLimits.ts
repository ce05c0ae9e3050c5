/**
 * Limits of the preview's Mermaid diagrams, shared by the renderer (mermaidBlock.ts) and the page
 * script that draws them (browser/preview/mermaidDraw.ts). No imports: the page bundle takes it whole.
 */

/**
 * Longest diagram source the preview draws. A bigger one is shown as code with a note: mermaid
 * lays out on the page's only thread, and a 42,000-character sequence diagram kept the page busy
 * for 20 s on a loaded machine. Ten times the largest diagram of thirteen real sites (1,894
 * characters, modelcontextprotocol; 766 fences). The page script checks it again, since a page
 * can write the marker by hand.
 */
export const maxMermaidSource = 20_000;

/**
 * Most edges a flowchart may have before mermaid refuses it (a directive cannot raise it): a
 * 490-edge flowchart took 11 s to lay out on the same machine; real ones have a few dozen.
 */
export const maxMermaidEdges = 200;
