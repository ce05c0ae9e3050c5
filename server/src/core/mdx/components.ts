import { componentTable } from './componentTable';
import type { ComponentProp, ComponentSpec } from './componentTypes';

export type { ComponentProp, ComponentSpec, PropType } from './componentTypes';

/** The platform's built-in MDX components (the one table: componentTable.ts). */
export const builtinComponents: Readonly<Record<string, ComponentSpec>> = componentTable;

/** The built-in component named `name` (`Tree.Folder` included). */
export function builtinComponent(name: string): ComponentSpec | undefined {
	return Object.prototype.hasOwnProperty.call(builtinComponents, name) ? builtinComponents[name] : undefined;
}

/**
 * Components the platform's MDX pipeline keeps on every page although its component docs do not
 * describe them: older names and aliases (`Param`, `Github.Repo`), building blocks of its own pages
 * (`CodeBlock`, `Heading`, `Link`, `ApiPlayground`), and `Latex`, `Mermaid`, `ZoomImage`. Any other
 * unknown JSX the pipeline removes, which is what `component-unknown` warns about. These are never
 * unknown, never offered in completion, and their props are not judged (nothing documents them).
 */
const undocumentedComponents: ReadonlySet<string> = new Set([
	'ApiPlayground',
	'CodeBlock',
	'CustomCode',
	'CustomComponent',
	'DynamicCustomComponent',
	'GitHub',
	'Github',
	'Github.Repo',
	'Heading',
	'Latex',
	'Link',
	'MDX',
	'MDXContentController',
	'Mermaid',
	'OptimizedVideo',
	'Param',
	'SnippetGroup',
	'ZoomImage',
]);

/** Every component name the platform renders without an import, documented or not (the drift alarm compares them with the platform's `allowedComponents`). */
export function platformComponentNames(): string[] {
	return [...Object.keys(builtinComponents), ...undocumentedComponents];
}

/** Whether the platform renders `name` without an import, documented or not. */
export function isPlatformComponent(name: string): boolean {
	return builtinComponent(name) !== undefined || undocumentedComponents.has(name);
}

/** The documented prop `name` of `spec`. */
export function componentProp(spec: ComponentSpec, name: string): ComponentProp | undefined {
	return Object.prototype.hasOwnProperty.call(spec.props, name) ? spec.props[name] : undefined;
}

/** Props React and the platform pass to the rendered HTML element (or reserve): never unknown on any component. */
const htmlProps = new Set(['className', 'style', 'id', 'key', 'ref', 'children', 'role', 'tabIndex', 'hidden', 'lang', 'dir']);

/** Whether `name` is a prop every component takes: `className`, `style`, `id`, `data-*`, `aria-*`, event handlers. */
export function isPassThroughProp(name: string): boolean {
	return htmlProps.has(name) || /^(?:data|aria)-/.test(name) || /^on[A-Z]/.test(name);
}

/** One line of a prop for hover and completion: type, required, values, deprecation. */
export function propSummary(name: string, p: ComponentProp): string {
	const values = p.values ? ` One of ${p.values.map(v => `\`${v}\``).join(', ')}.` : '';
	const deprecated = p.deprecated ? ` **Deprecated**: ${p.deprecated}` : '';
	return `\`${name}\` (${p.type}${p.required ? ', required' : ''}): ${p.doc}${values}${deprecated}`;
}

/** Markdown documentation of a component: what it does and its props. */
export function componentDoc(name: string, spec: ComponentSpec): string {
	const props = Object.entries(spec.props).map(([prop, p]) => `- ${propSummary(prop, p)}`);
	return [
		`**<${name}>** — ${spec.doc}`,
		...(spec.oneOf ? [`One of ${spec.oneOf.map(p => `\`${p}\``).join(', ')} is required.`] : []),
		...(props.length ? ['', ...props] : []),
	].join('\n');
}
