/**
 * dist/mermaid.js: the diagram library, a script of its own that the page script (diagrams.ts)
 * adds only to pages with a diagram. It hands its drawing functions over with an event on
 * `document` (no global a page element's id could shadow).
 */
import mermaid from 'mermaid';
import { mermaidReadyEvent } from './diagramApi';
import { createDiagramApi } from './mermaidDraw';

// The nonce this script was loaded with: mermaid's style elements carry it (cspStyles.ts).
const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';
document.dispatchEvent(new CustomEvent(mermaidReadyEvent, { detail: createDiagramApi(mermaid, nonce) }));
