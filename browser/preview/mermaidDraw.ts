/**
 * Drawing the page's diagrams with mermaid (in dist/mermaid.js only). Every source is workspace
 * text: mermaid runs with securityLevel 'strict' (labels are text, no click handlers, its SVG
 * sanitized), HTML labels off, and those settings plus the size limits out of reach of a
 * diagram's own `%%{init}%%` directive.
 */
import type { Mermaid, MermaidConfig } from 'mermaid';
import { maxMermaidEdges, maxMermaidSource } from '../../server/src/preview/mermaidLimits';
import { adoptSvg, withNoncedStyles } from './cspStyles';
import type { DiagramApi } from './diagramApi';

/** Diagrams kept drawn (by theme and source): a page re-rendered while typing shows them again at once. */
const cacheLimit = 64;

/** What a diagram's directive may not change. */
const secureKeys = [
	'secure',
	'securityLevel',
	'startOnLoad',
	'maxTextSize',
	'maxEdges',
	'suppressErrorRendering',
	'htmlLabels',
	'flowchart',
	'dompurifyConfig',
];

export function mermaidConfig(dark: boolean): MermaidConfig {
	return {
		startOnLoad: false,
		securityLevel: 'strict',
		theme: dark ? 'dark' : 'default',
		htmlLabels: false,
		flowchart: { htmlLabels: false },
		maxTextSize: maxMermaidSource,
		maxEdges: maxMermaidEdges,
		suppressErrorRendering: true,
		secure: secureKeys,
	};
}

export function createDiagramApi(mermaid: Mermaid, nonce: string): DiagramApi {
	const cache = new Map<string, string>();
	let queue: Promise<void> = Promise.resolve();
	let theme: boolean | undefined;
	let counter = 0;

	/** Draws one block; whether it now shows a diagram (undefined: the page changed while earlier ones were drawn). */
	const render = async (block: HTMLElement, source: string, dark: boolean, key: string): Promise<boolean | undefined> => {
		if (!block.isConnected) return undefined;
		if (theme !== dark) {
			mermaid.initialize(mermaidConfig(dark));
			theme = dark;
		}
		// Mermaid measures text as it lays out: it draws in the page, in a box kept out of view.
		const work = document.createElement('div');
		work.className = 'md-mermaid-work';
		block.appendChild(work);
		try {
			const { svg } = await withNoncedStyles(nonce, () => mermaid.render(`mp-mermaid-${++counter}`, source, work));
			if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!);
			cache.set(key, svg);
			if (!block.isConnected) return undefined;
			show(block, svg, nonce);
			return true;
		} catch (e) {
			showError(block, e);
			return false;
		} finally {
			work.remove();
		}
	};

	return {
		draw(blocks, { dark }) {
			const outcomes: (boolean | undefined | Promise<boolean | undefined>)[] = [];
			for (const block of blocks) {
				if (block.dataset.drawn !== undefined) continue;
				block.dataset.drawn = '';
				const source = block.querySelector('pre > code')?.textContent ?? '';
				if (source.length > maxMermaidSource) {
					showError(block, `its source is ${source.length} characters, and the preview draws up to ${maxMermaidSource}`);
					outcomes.push(false);
					continue;
				}
				const key = `${dark ? 'dark' : 'light'}\n${source}`;
				const cached = cache.get(key);
				if (cached !== undefined) {
					show(block, cached, nonce);
					outcomes.push(true);
				} else {
					const drawn = queue.then(() => render(block, source, dark, key));
					queue = drawn.then(() => undefined);
					outcomes.push(drawn);
				}
			}
			return Promise.all(outcomes).then(results => ({ drawn: results.filter(r => r === true).length, failed: results.filter(r => r === false).length }));
		},
	};
}

/** Puts the drawing in place of the source (the source stays in the page, hidden, for find and copy). */
function show(block: HTMLElement, svg: string, nonce: string): void {
	const { content, restyle } = adoptSvg(svg, nonce);
	const figure = document.createElement('div');
	figure.className = 'md-mermaid-diagram';
	figure.appendChild(content);
	block.querySelector('.md-mermaid-diagram')?.remove();
	block.appendChild(figure);
	restyle();
	block.classList.add('md-mermaid-drawn');
}

/** Mermaid's message (as text, never markup) above the source. */
function showError(block: HTMLElement, error: unknown): void {
	const message = error instanceof Error ? error.message : typeof error === 'string' ? error : String((error as { str?: unknown })?.str ?? error);
	const box = document.createElement('pre');
	box.className = 'md-mermaid-error';
	box.textContent = `Diagram not drawn: ${message}`;
	block.querySelector('.md-mermaid-error')?.remove();
	block.prepend(box);
	block.classList.add('md-mermaid-failed');
}
