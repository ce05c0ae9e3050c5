import type { Element, ElementContent, Properties, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { appendAll } from '../../core/arrays';

/**
 * A hastscript-like builder for the generated API pages. Every string from the OpenAPI document
 * becomes a text node or an attribute value, which the serializer escapes, so nothing in a spec
 * can turn into markup. `raw` is only for HTML the caller already sanitized (rendered MDX).
 */
export type Child = ElementContent | string | number | false | null | undefined | readonly Child[];

export function h(tagName: string, properties: Properties = {}, ...children: Child[]): Element {
	const props: Properties = {};
	for (const [key, value] of Object.entries(properties)) if (value !== undefined && value !== null && value !== false) props[key] = value;
	return { type: 'element', tagName, properties: props, children: flatten(children) };
}

function flatten(children: readonly Child[]): ElementContent[] {
	const out: ElementContent[] = [];
	for (const child of children) {
		if (child === undefined || child === null || child === false) continue;
		if (Array.isArray(child)) appendAll(out, flatten(child as readonly Child[]));
		else if (typeof child === 'string' || typeof child === 'number') out.push({ type: 'text', value: String(child) });
		else out.push(child as ElementContent);
	}
	return out;
}

/** Already-sanitized HTML (rendered by the MDX renderer), spliced in as is. */
export function raw(html: string): ElementContent {
	return { type: 'raw', value: html } as unknown as ElementContent;
}

export function serialize(nodes: readonly Child[]): string {
	const root: Root = { type: 'root', children: flatten(nodes) };
	return toHtml(root, { allowDangerousHtml: true });
}

/**
 * Inline Markdown of a spec description without a Markdown renderer: paragraphs and `code` spans,
 * all as text nodes (no links, so no `javascript:` URL can come from a spec).
 */
export function plainMarkdown(text: string): Element[] {
	return text
		.trim()
		.split(/\n\s*\n/)
		.map(paragraph =>
			h(
				'p',
				{},
				paragraph.split(/(`[^`\n]+`)/).map(part => (/^`[^`]+`$/.test(part) ? h('code', {}, part.slice(1, -1)) : part.replace(/\s*\n\s*/g, ' '))),
			),
		);
}
