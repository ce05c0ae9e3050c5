import type { Element } from 'hast';
import { codeBlock } from './highlight';
import { maxMermaidSource } from './mermaidLimits';

/**
 * Mermaid diagrams in the preview: the platform turns a ```` ```mermaid ```` fence into its
 * `<Mermaid chart="…">` component and draws it in the reader's browser. The renderer only marks
 * the block and keeps its source as text; the page script (browser/preview/mermaid.ts) draws it
 * with the bundled mermaid library, loaded only on pages that have a diagram. Until it is drawn
 * (or if drawing fails) the source shows as code.
 */

/** The class the page script looks for; the source is the text of its `pre > code`. */
export const mermaidClass = 'md-mermaid';

/** A diagram to draw, or (too large) its source as code with a note saying why it is not drawn. */
export function mermaidBlock(source: string): Element {
	const chart = source.replace(/\n$/, '');
	if (chart.length > maxMermaidSource) {
		const note: Element = {
			type: 'element',
			tagName: 'p',
			properties: { className: ['md-mermaid-note'] },
			children: [
				{
					type: 'text',
					value: `Diagram not drawn: its source is ${chart.length.toLocaleString('en-US')} characters, and the preview draws up to ${maxMermaidSource.toLocaleString('en-US')}.`,
				},
			],
		};
		return {
			type: 'element',
			tagName: 'div',
			properties: { className: [mermaidClass, 'md-mermaid-too-large'] },
			children: [note, codeBlock(chart, 'mermaid', null)],
		};
	}
	const code: Element = { type: 'element', tagName: 'code', properties: { className: ['language-mermaid'] }, children: [{ type: 'text', value: chart }] };
	return {
		type: 'element',
		tagName: 'div',
		properties: { className: [mermaidClass], dataMermaid: '' },
		children: [{ type: 'element', tagName: 'pre', properties: { className: ['md-mermaid-source'] }, children: [code] }],
	};
}
