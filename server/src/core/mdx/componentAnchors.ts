import { cleanAnchor, paramFieldComponents, paramFieldId, renderedParamName } from './platformSlug';

/**
 * The ids components give the rendered page, as the platform's link check collects them (its
 * `mint broken-links --check-anchors`) and its renderer writes them, as observed by running its
 * published packages (the conformance harness) on test pages:
 * - a parameter field (`ParamField`, `Param`, `ResponseField`) gets `param-` + its name, slugified
 *   with camelCase split (`onError` → `param-on-error`); the n-th repeat of a name gets `_n` before
 *   slugging (`param-limit-1`). The link check takes the first of `query`, `path`, `body`,
 *   `header`, `name` in the order written; the renderer prefers `query`, `path`, `body`, `header`
 *   (and `name` on `ResponseField`), and keeps an explicit `id`. Both are accepted: the two agree
 *   on every field of the development corpus but where a field has two name props;
 * - components that do not pass `id` to an element (callouts, `Card`, `Tabs`, `Frame`, …) have no id;
 * - `Heading`, `Step` and `Update` clean their `id` like a heading id (percent-decoded, punctuation
 *   and emoji dropped); every other element keeps its `id` as written.
 */
export class ComponentAnchors {
	/** Link-check numbering: repeats per name as written. */
	readonly #checkCounts = new Map<string, number>();
	/** Renderer numbering: repeats per base id. */
	readonly #renderCounts = new Map<string, number>();

	/** The ids an element with these (string-valued) attributes adds, in no particular order. */
	idsOf(name: string | null | undefined, attributes: readonly { readonly name: string; readonly value?: unknown }[]): string[] {
		if (name && paramFieldComponents.has(name)) return this.#paramIds(name, attributes);
		const id = idOf(attributes);
		if (id === undefined || (name && withoutId.has(name))) return [];
		return name && withCleanedId.has(name) ? [cleanAnchor(id)] : [id];
	}

	#paramIds(name: string, attributes: readonly { readonly name: string; readonly value?: unknown }[]): string[] {
		const ids: string[] = [];
		const written = attributes.find(a => linkCheckNameProps.has(a.name) && typeof a.value === 'string' && a.value);
		if (written) {
			const value = written.value as string;
			const count = this.#checkCounts.get(value) ?? 0;
			this.#checkCounts.set(value, count + 1);
			ids.push(paramFieldId(value, count));
		}
		const explicit = idOf(attributes);
		if (explicit !== undefined) return [...ids, explicit];
		const fieldName = renderedParamName(name, p => attributes.find(a => a.name === p && typeof a.value === 'string' && a.value)?.value);
		if (fieldName) {
			const base = paramFieldId(fieldName, 0);
			const count = this.#renderCounts.get(base) ?? 0;
			this.#renderCounts.set(base, count + 1);
			ids.push(paramFieldId(fieldName, count));
		}
		return ids;
	}
}

const linkCheckNameProps = new Set(['query', 'path', 'body', 'header', 'name']);
const withCleanedId = new Set(['Heading', 'Step', 'Update']);
/** Components whose `id` prop never reaches the page (the platform's link check rejects anchors to them). */
const withoutId = new Set([
	'Info',
	'Warning',
	'Note',
	'Tip',
	'Check',
	'Danger',
	'Callout',
	'AccordionGroup',
	'Card',
	'CardGroup',
	'Tabs',
	'CodeGroup',
	'Column',
	'Columns',
	'CustomCode',
	'CustomComponent',
	'DynamicCustomComponent',
	'Expandable',
	'Frame',
	'GitHub',
	'Github',
	'Icon',
	'Latex',
	'Mermaid',
	'Panel',
	'Popup',
	'Prompt',
	'RequestExample',
	'ResponseExample',
	'SnippetGroup',
	'Steps',
	'Tile',
	'Tooltip',
	'Tree',
	'FileTree',
	'Variation',
	'Visibility',
	'MDX',
	'Badge',
	'Color',
	'ZoomImage',
]);

function idOf(attributes: readonly { readonly name: string; readonly value?: unknown }[]): string | undefined {
	const id = attributes.find(a => a.name === 'id')?.value;
	return typeof id === 'string' && id ? id : undefined;
}
