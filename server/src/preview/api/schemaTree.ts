import type { Element } from 'hast';
import { exampleFor, exampleText, type ExampleDirection } from './exampleGen';
import { h, type Child } from './hast';
import { typeLabel, type SchemaNode } from './schemaModel';

/** How descriptions become markup, and which side of the exchange the tree documents. */
export interface TreeContext {
	readonly markdown: (text: string) => Child;
	readonly direction: ExampleDirection;
}

/** One documented field: name, type, markers, description, constraints and its children. */
export function fieldRow(
	ctx: TreeContext,
	name: string,
	node: SchemaNode,
	options: { required?: boolean; deprecated?: boolean; location?: string; description?: string; example?: unknown; depth?: number } = {},
): Element {
	const depth = options.depth ?? 0;
	const description = options.description ?? node.description;
	return h(
		'div',
		{ className: ['md-field'], dataDepth: String(depth) },
		h(
			'div',
			{ className: ['md-field-head'] },
			h('code', { className: ['md-field-name'] }, name),
			h('span', { className: ['md-field-type'] }, typeLabel(node)),
			options.location && h('span', { className: ['md-pill'] }, options.location),
			options.required && h('span', { className: ['md-pill', 'md-pill-required'] }, 'required'),
			(options.deprecated || node.deprecated) && h('span', { className: ['md-pill', 'md-pill-deprecated'] }, 'deprecated'),
			node.readOnly && h('span', { className: ['md-pill'] }, 'read-only'),
			node.writeOnly && h('span', { className: ['md-pill'] }, 'write-only'),
		),
		description && h('div', { className: ['md-field-description'] }, ctx.markdown(description)),
		facts(node, options.example),
		schemaNotes(node),
		children(ctx, node, depth),
	);
}

/** Default, allowed values, constraints and example, as a compact line. */
function facts(node: SchemaNode, example: unknown): Element | undefined {
	const items: Child[] = [];
	const fact = (label: string, ...values: Child[]) =>
		items.push(h('span', { className: ['md-fact'] }, h('span', { className: ['md-fact-label'] }, `${label}: `), ...values));
	const literal = (value: unknown) => h('code', {}, typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
	if (node.default !== undefined) fact('Default', literal(node.default));
	if (node.const !== undefined) fact('Value', literal(node.const));
	if (node.enum?.length) fact('Allowed', ...node.enum.flatMap((v, i) => (i ? [' ', literal(v)] : [literal(v)])));
	if (node.constraints.length) fact('Constraints', node.constraints.join(', '));
	const shown = example !== undefined ? example : node.examples[0];
	if (shown !== undefined && (typeof shown !== 'object' || shown === null)) fact('Example', literal(shown));
	return items.length ? h('div', { className: ['md-field-facts'] }, items) : undefined;
}

function schemaNotes(node: SchemaNode): Element | undefined {
	if (node.circular) return h('div', { className: ['md-field-note', 'md-circular'] }, `circular reference to ${node.circular}`);
	if (node.unresolved)
		return h(
			'div',
			{ className: ['md-field-note', 'md-unresolved'] },
			node.unresolved.why === 'external'
				? `external reference ${node.unresolved.ref} (not resolved: only references inside the document are supported)`
				: `unresolved reference ${node.unresolved.ref}`,
		);
	if (node.truncated) return h('div', { className: ['md-field-note'] }, 'not expanded further (nesting or size limit)');
	return undefined;
}

/** Nested properties, array items and alternatives, collapsed behind a disclosure. */
function children(ctx: TreeContext, node: SchemaNode, depth: number): Element | undefined {
	if (node.items && !node.properties.length && (node.items.circular || node.items.unresolved || node.items.truncated)) return schemaNotes(node.items);
	const target = node.items && !node.properties.length ? node.items : node;
	const visible = target.properties.filter(p => !((ctx.direction === 'request' && p.schema.readOnly) || (ctx.direction === 'response' && p.schema.writeOnly)));
	const parts: Child[] = [];
	if (visible.length) parts.push(visible.map(p => fieldRow(ctx, p.name, p.schema, { required: p.required, depth: depth + 1 })));
	if (target.additionalProperties && !visible.length)
		parts.push(fieldRow(ctx, '{key}', target.additionalProperties, { depth: depth + 1, description: target.additionalProperties.description ?? 'Any key.' }));
	if (target.alternatives) parts.push(alternatives(ctx, target, depth));
	if (!parts.length) return undefined;
	const label =
		target.alternatives && !visible.length
			? target.alternatives.kind === 'oneOf'
				? 'one of'
				: 'any of'
			: target === node
				? 'child attributes'
				: 'item attributes';
	return h('details', { className: ['md-field-children'] }, h('summary', {}, `Show ${label}`), h('div', { className: ['md-field-list'] }, parts));
}

function alternatives(ctx: TreeContext, node: SchemaNode, depth: number): Element {
	const { kind, options } = node.alternatives!;
	return h(
		'div',
		{ className: ['md-alternatives'], dataKind: kind },
		h('div', { className: ['md-alternatives-label'] }, kind === 'oneOf' ? 'Exactly one of:' : 'Any of:'),
		options.map((option, i) => fieldRow(ctx, option.title ?? option.refName ?? `Option ${i + 1}`, option, { depth: depth + 1 })),
	);
}

/** The whole tree of a body or response schema: the top-level object's properties as rows. */
export function schemaTree(ctx: TreeContext, node: SchemaNode): Element {
	const isObject = node.properties.length > 0 && !node.circular;
	if (isObject) {
		const visible = node.properties.filter(p => !((ctx.direction === 'request' && p.schema.readOnly) || (ctx.direction === 'response' && p.schema.writeOnly)));
		return h(
			'div',
			{ className: ['md-field-list', 'md-schema-tree'] },
			node.description && h('div', { className: ['md-schema-description'] }, ctx.markdown(node.description)),
			visible.map(p => fieldRow(ctx, p.name, p.schema, { required: p.required, depth: 0 })),
			node.alternatives && alternatives(ctx, node, 0),
		);
	}
	return h('div', { className: ['md-field-list', 'md-schema-tree'] }, fieldRow(ctx, node.items ? 'items' : (node.refName ?? 'body'), node, { depth: 0 }));
}

/** A code block with an example: the document's own, else one generated from the schema. */
export function exampleBlock(value: unknown, mediaType: string, label?: string): Element {
	return h(
		'div',
		{ className: ['md-code'] },
		label && h('div', { className: ['md-code-title'] }, label),
		h('pre', {}, h('code', { className: ['language-json'] }, exampleText(value, mediaType))),
	);
}

export function exampleOrGenerated(node: SchemaNode, direction: ExampleDirection, given: readonly { readonly value: unknown }[]): unknown {
	return given.length ? given[0].value : exampleFor(node, direction);
}
