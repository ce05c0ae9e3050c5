import { editDistance } from '../textDistance';
import { builtinComponent, builtinComponents, type ComponentSpec } from '../mdx/components';

/** A prop of a built-in component as an agent reads it. */
export interface AgentComponentProp {
	readonly name: string;
	readonly type: string;
	readonly required: boolean;
	/** The documented values; any other literal is reported by the checks. */
	readonly values?: readonly string[];
	readonly description: string;
	readonly deprecated?: string;
}

/** A built-in component: what it does and its props (from the one table the checks read: componentTable.ts). */
export interface AgentComponent {
	readonly name: string;
	readonly description: string;
	/** Whether it wraps content (`<Note>…</Note>`) rather than standing alone. */
	readonly wrapsContent: boolean;
	/** Whether the checks report props outside this list as unknown. */
	readonly propsChecked: boolean;
	/** At least one of these props is required. */
	readonly oneOf?: readonly string[];
	readonly props: readonly AgentComponentProp[];
}

export function agentComponent(name: string, spec: ComponentSpec): AgentComponent {
	return {
		name,
		description: spec.doc,
		wrapsContent: spec.container,
		propsChecked: spec.closed,
		...(spec.oneOf ? { oneOf: spec.oneOf } : {}),
		props: Object.entries(spec.props).map(([prop, p]) => ({
			name: prop,
			type: p.type,
			required: !!p.required,
			...(p.values ? { values: p.values } : {}),
			description: p.doc,
			...(p.deprecated ? { deprecated: p.deprecated } : {}),
		})),
	};
}

/**
 * The built-in components, or the one named (case-insensitive when no exact match). Throws a
 * message with the closest names when there is none.
 */
export function agentComponents(name?: string): AgentComponent[] {
	if (name === undefined) return Object.entries(builtinComponents).map(([n, spec]) => agentComponent(n, spec));
	const exact = builtinComponent(name.replace(/^<|\/?>$/g, ''));
	if (exact) return [agentComponent(name.replace(/^<|\/?>$/g, ''), exact)];
	const folded = Object.keys(builtinComponents).find(n => n.toLowerCase() === name.toLowerCase());
	if (folded) return [agentComponent(folded, builtinComponents[folded])];
	// The closest names by edit distance (a typo), then those sharing its start.
	const lower = name.toLowerCase();
	const near = Object.keys(builtinComponents)
		.map(n => ({ n, d: editDistance(n.toLowerCase(), lower, 3) }))
		.filter(({ n, d }) => d <= 2 || n.toLowerCase().startsWith(lower.slice(0, 3)))
		.sort((a, b) => a.d - b.d)
		.map(({ n }) => n);
	throw new Error(
		`'${name}' is not a built-in component${near.length ? `; similar: ${near.slice(0, 8).join(', ')}` : ''}. Call components without a name for the list.`,
	);
}

/** Components as text: with one component, every prop; with all of them, one line each (ask for one to see its props). */
export function componentsText(components: readonly AgentComponent[]): string {
	if (components.length !== 1)
		return [
			`${components.length} built-in components (use them without an import; ask for one by name to see its props):`,
			...components.map(c => `- <${c.name}>: ${c.description}`),
		].join('\n');
	const [c] = components;
	const props = c.props.map(p => {
		const values = p.values ? ` One of: ${p.values.join(', ')}.` : '';
		const deprecated = p.deprecated ? ` Deprecated: ${p.deprecated}` : '';
		return `- ${p.name} (${p.type}${p.required ? ', required' : ''}): ${p.description}${values}${deprecated}`;
	});
	return [
		`<${c.name}>: ${c.description}`,
		c.wrapsContent ? 'Wraps content: <' + c.name + '>…</' + c.name + '>.' : 'Stands alone: <' + c.name + ' />.',
		...(c.oneOf ? [`At least one of ${c.oneOf.join(', ')} is required.`] : []),
		...(props.length ? ['Props:', ...props] : ['No documented props.']),
		...(c.propsChecked ? ['Other props (besides className, style, id, data-*, aria-*) are reported as unknown.'] : []),
	].join('\n');
}
