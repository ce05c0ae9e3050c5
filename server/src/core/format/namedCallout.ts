import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';

/** The callouts that have a component of their own (`<Tip>` for `<Callout type="tip">`). */
const namedCallouts = ['Info', 'Check', 'Note', 'Tip', 'Warning', 'Danger'];

/**
 * `<Callout type="tip" …>` as the named callout it stands for (`<Tip …>`), or undefined when it is no
 * such Callout. The platform's web editor reads the `type` of a Callout case-insensitively and
 * writes the named component (what `mint format` writes too); its component library renders each
 * named callout as the Callout of that variant, so the two forms show the same thing. A `type`
 * given as an expression, or naming no such callout, leaves the Callout as it is.
 */
export function asNamedCallout<T extends MdxJsxFlowElement | MdxJsxTextElement>(node: T): T | undefined {
	if (node.name !== 'Callout') return undefined;
	const typeAttributes = node.attributes.filter(a => a.type === 'mdxJsxAttribute' && a.name === 'type');
	if (typeAttributes.length !== 1) return undefined;
	const value = typeAttributes[0].value;
	if (typeof value !== 'string') return undefined;
	const name = namedCallouts.find(n => n.toLowerCase() === value.trim().toLowerCase());
	if (!name) return undefined;
	return { ...node, name, attributes: node.attributes.filter(a => a !== typeAttributes[0]) };
}
