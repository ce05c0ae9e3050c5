/**
 * Mermaid diagrams on a preview page. The mermaid library is large (megabytes), so it is a script
 * of its own (dist/mermaid.js, entry mermaidEntry.ts) that this page script adds only when a page
 * has a diagram, with the nonce and the folder of this script: nothing is fetched from elsewhere,
 * and pages without diagrams never load it.
 */
import { mermaidReadyEvent, type DiagramApi, type DiagramsDrawn } from './diagramApi';

/** Read while this script runs: `document.currentScript` is null once it has finished. */
const self = document.currentScript as HTMLScriptElement | null;
const libraryUrl = self?.src ? new URL('mermaid.js', self.src).toString() : undefined;
const nonce = self?.nonce ?? '';

let library: Promise<DiagramApi> | undefined;

/**
 * Draws the page's diagrams (`.md-mermaid[data-mermaid]`), loading the library the first time
 * there is one; `done` hears the outcome (not called on a page without diagrams).
 */
export function drawDiagrams(root: ParentNode, done: (result: DiagramsDrawn) => void): void {
	const blocks = [...root.querySelectorAll<HTMLElement>('.md-mermaid[data-mermaid]')];
	if (blocks.length === 0) return;
	library ??= loadLibrary();
	library.then(
		api => api.draw(blocks, { dark: isDark() }).then(done),
		(e: unknown) => {
			// Shown once per block, as text; the source stays visible as code. The next page tries again.
			library = undefined;
			for (const block of blocks) showNote(block, `Diagram not drawn: ${e instanceof Error ? e.message : String(e)}`);
			done({ drawn: 0, failed: blocks.length });
		},
	);
}

function loadLibrary(): Promise<DiagramApi> {
	return new Promise((resolve, reject) => {
		if (!libraryUrl) return reject(new Error('the diagram library has no address'));
		// An event, not a global: a page element's id could shadow a global name.
		document.addEventListener(mermaidReadyEvent, event => resolve((event as CustomEvent<DiagramApi>).detail), { once: true });
		const script = document.createElement('script');
		script.setAttribute('nonce', nonce);
		script.src = libraryUrl;
		script.addEventListener('error', () => reject(new Error('the diagram library could not be loaded')), { once: true });
		document.head.appendChild(script);
	});
}

/** Dark diagrams on a dark page: VS Code's theme class in a webview, the system's scheme in a browser. */
function isDark(): boolean {
	const classes = document.body.classList;
	if (classes.contains('vscode-dark') || classes.contains('vscode-high-contrast')) return !classes.contains('vscode-high-contrast-light');
	if (classes.contains('vscode-light')) return false;
	return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

function showNote(block: HTMLElement, message: string): void {
	if (block.querySelector('.md-mermaid-note')) return;
	const note = document.createElement('p');
	note.className = 'md-mermaid-note';
	note.textContent = message;
	block.prepend(note);
}
