import type { Element, ElementContent, Properties } from 'hast';
import type { Code } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { State } from 'mdast-util-to-hast';
import { toString } from 'mdast-util-to-string';
import type { RenderedIds } from '../core/mdx/platformSlug';
import { codeBlock, codeTabTitle } from './highlight';
import { mermaidBlock } from './mermaidBlock';

/** A prop as the preview reads it: literals only (other expressions are JavaScript, not run: undefined). */
export type PropValue = string | number | boolean | undefined;

/** What a component renderer gets: its props, its syntax node and the converter for its children. */
export interface ComponentInput {
	readonly props: Readonly<Record<string, PropValue>>;
	readonly node: MdxJsxFlowElement | MdxJsxTextElement;
	readonly state: State;
	/** Written as a block (own lines) rather than inside a sentence. */
	readonly flow: boolean;
	readonly scope: unknown;
	/** The page's ids as the platform renders them (headings, steps, accordions, parameter fields), from the core. */
	readonly ids: RenderedIds;
	/** Resolves an image path of the page to the site path. */
	readonly asset: (url: string) => string;
}

type Renderer = (input: ComponentInput) => ElementContent | ElementContent[];

const text = (value: string): ElementContent => ({ type: 'text', value });
export function el(
	tagName: string,
	className: string | string[] | undefined,
	children: readonly (ElementContent | undefined | false | '')[] = [],
	properties: Properties = {},
): Element {
	const classes = className === undefined ? [] : (Array.isArray(className) ? className : [className]).flatMap(c => c.split(' '));
	return {
		type: 'element',
		tagName,
		properties: { ...(classes.length ? { className: classes } : {}), ...properties },
		children: children.filter((c): c is ElementContent => !!c),
	};
}
const str = (value: PropValue): string | undefined =>
	typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : undefined;
/** Icon names and colors become attribute values: only plain names pass (an icon URL or odd text draws the neutral dot). */
const token = (value: PropValue): string | undefined => (str(value) && /^[\w.#-]{1,64}$/.test(str(value)!) ? str(value) : undefined);
const icon = (name: PropValue, className = 'md-icon'): Element | undefined =>
	str(name) ? el('span', className, [], { dataIcon: token(name) ?? 'unknown', ariaHidden: 'true' }) : undefined;
const children = (input: ComponentInput) => input.state.all(input.node);

const calloutIcons: Record<string, string> = {
	note: 'circle-info',
	info: 'circle-info',
	warning: 'triangle-exclamation',
	tip: 'lightbulb',
	check: 'circle-check',
	danger: 'octagon-exclamation',
	callout: 'circle-info',
};
const callout =
	(kind: string): Renderer =>
	input =>
		el(
			'div',
			['md-callout', `md-callout-${kind}`],
			[el('span', 'md-callout-icon', [icon(input.props.icon ?? calloutIcons[kind])]), el('div', 'md-callout-body', children(input))],
			{ role: 'note', dataColor: token(input.props.color) },
		);

/** JSX children that are elements named `name` (`<Tab>` inside `<Tabs>`), skipping whitespace. */
function childElements(node: MdxJsxFlowElement | MdxJsxTextElement, name: string): (MdxJsxFlowElement | MdxJsxTextElement)[] {
	const found: (MdxJsxFlowElement | MdxJsxTextElement)[] = [];
	for (const child of node.children) {
		if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && child.name === name) found.push(child);
		else if (child.type === 'paragraph') for (const inner of child.children) if (inner.type === 'mdxJsxTextElement' && inner.name === name) found.push(inner);
	}
	return found;
}

function attr(node: MdxJsxFlowElement | MdxJsxTextElement, name: string): string | undefined {
	const a = node.attributes.find(x => x.type === 'mdxJsxAttribute' && x.name === name);
	return a && typeof a.value === 'string' ? a.value : undefined;
}

/** A tab strip with panels; the preview script switches them (the first is shown without it). */
function tabs(
	className: string,
	panels: readonly { readonly title: string; readonly icon?: string; readonly id?: string; readonly content: ElementContent[] }[],
): Element {
	return el(
		'div',
		['md-tabs', className],
		[
			el(
				'div',
				'md-tablist',
				panels.map((panel, i) =>
					el('button', 'md-tab', [icon(panel.icon), text(panel.title)], {
						type: 'button',
						role: 'tab',
						ariaSelected: i === 0 ? 'true' : 'false',
						dataTabIndex: String(i),
						id: panel.id,
					}),
				),
				{ role: 'tablist' },
			),
			...panels.map((panel, i) => el('div', 'md-tab-panel', panel.content, { role: 'tabpanel', dataTabIndex: String(i), hidden: i !== 0 })),
		],
		{ dataTabs: '' },
	);
}

/** Code blocks of a CodeGroup (or Request/ResponseExample) as tabs titled from each fence. */
function codeTabs(input: ComponentInput, className: string): Element {
	const codes = input.node.children.filter((c): c is Code => c.type === 'code');
	const others = input.node.children.filter(c => c.type !== 'code');
	const panels = codes.map(code => ({
		title: codeTabTitle(code.lang, code.meta),
		content: [codeBlock(code.value, code.lang, code.meta, { header: false }) as ElementContent],
	}));
	const rest = others.length ? input.state.all({ ...input.node, children: others } as MdxJsxFlowElement) : [];
	return el('div', className, [tabs('md-code-group', panels), ...rest]);
}

function field(kind: 'param' | 'response', input: ComponentInput): Element {
	const { props } = input;
	const id = input.ids.param(kind === 'param' ? 'ParamField' : 'ResponseField', p => props[p]);
	const location = (['path', 'query', 'header', 'body', 'cookie'] as const).find(l => str(props[l]));
	const name = str(props.name) ?? (location ? str(props[location]) : undefined) ?? '';
	return el(
		'div',
		['md-field', `md-field-${kind}`],
		[
			el('div', 'md-field-head', [
				el('code', 'md-field-name', [text(name)]),
				str(props.type) && el('span', 'md-field-type', [text(str(props.type)!)]),
				location && kind === 'param' && el('span', 'md-field-location', [text(location)]),
				props.required === true && el('span', 'md-field-required', [text('required')]),
				props.deprecated === true && el('span', 'md-field-deprecated', [text('deprecated')]),
				str(props.default) && el('span', 'md-field-default', [text(`default: ${str(props.default)}`)]),
				str(props.pre) && el('span', 'md-field-label', [text(str(props.pre)!)]),
				str(props.post) && el('span', 'md-field-label', [text(str(props.post)!)]),
			]),
			el('div', 'md-field-body', children(input)),
		],
		{ id },
	);
}

const renderers: Record<string, Renderer> = {
	Note: callout('note'),
	Warning: callout('warning'),
	Info: callout('info'),
	Tip: callout('tip'),
	Check: callout('check'),
	Danger: callout('danger'),
	Callout: callout('callout'),
	Card: input => {
		const { props } = input;
		const href = str(props.href);
		const img = str(props.img);
		const body = [
			img && el('img', 'md-card-img', [], { src: input.asset(img), alt: '' }),
			icon(props.icon, 'md-icon md-card-icon'),
			el('div', 'md-card-text', [
				str(props.title) && el('div', 'md-card-title', [text(str(props.title)!)]),
				el('div', 'md-card-body', children(input)),
				str(props.cta) && el('span', 'md-card-cta', [text(`${str(props.cta)} →`)]),
			]),
		];
		const classes = ['md-card', ...(props.horizontal === true ? ['md-card-horizontal'] : []), ...(href ? ['md-card-link'] : [])];
		return href ? el('a', classes, body, { href }) : el('div', classes, body);
	},
	CardGroup: input => el('div', 'md-columns', children(input), { dataCols: String(Math.min(4, Math.max(1, Number(input.props.cols) || 2))) }),
	Columns: input => el('div', 'md-columns', children(input), { dataCols: String(Math.min(4, Math.max(1, Number(input.props.cols) || 2))) }),
	Tabs: input =>
		tabs(
			'md-tabs-content',
			childElements(input.node, 'Tab').map((tab, i) => ({
				title: attr(tab, 'title') ?? `Tab ${i + 1}`,
				icon: attr(tab, 'icon'),
				id: input.ids.tab(attr(tab, 'title') ?? '', attr(tab, 'id')),
				content: input.state.all(tab),
			})),
		),
	Tab: input => el('div', 'md-tab-panel', children(input)),
	AccordionGroup: input => el('div', 'md-accordion-group', children(input)),
	Accordion: input => {
		const title = str(input.props.title) ?? '';
		return el(
			'details',
			'md-accordion',
			[
				el('summary', 'md-accordion-summary', [
					icon(input.props.icon),
					el('span', 'md-accordion-title', [text(title)]),
					str(input.props.description) && el('span', 'md-accordion-description', [text(str(input.props.description)!)]),
				]),
				el('div', 'md-accordion-body', children(input)),
			],
			{ open: input.props.defaultOpen === true, id: input.ids.component('Accordion', title, str(input.props.id)) },
		);
	},
	Steps: input => {
		let number = 0;
		const steps = childElements(input.node, 'Step').map(step => {
			const explicit = Number(attr(step, 'stepNumber') ?? NaN);
			number = Number.isFinite(explicit) ? explicit : number + 1;
			const title = attr(step, 'title') ?? '';
			const size = attr(step, 'titleSize') ?? attr(input.node, 'titleSize') ?? 'p';
			// The platform gives a step an id only when its title is an h2 or h3 heading (and not `noAnchor`).
			const anchored = ['h2', 'h3'].includes(size) && title.trim() !== '' && !step.attributes.some(a => a.type === 'mdxJsxAttribute' && a.name === 'noAnchor');
			return el('li', 'md-step', [
				el('div', 'md-step-number', [text(String(number))]),
				el('div', 'md-step-content', [
					el(['h2', 'h3'].includes(size) ? size : 'p', 'md-step-title', [text(title)], {
						id: anchored ? input.ids.titled(title, attr(step, 'id')) : undefined,
					}),
					...input.state.all(step),
				]),
			]);
		});
		return el('ol', 'md-steps', steps);
	},
	Step: input => el('div', 'md-step-content', [el('p', 'md-step-title', [text(str(input.props.title) ?? '')]), ...children(input)]),
	CodeGroup: input => codeTabs(input, 'md-codegroup'),
	RequestExample: input => el('div', ['md-example', 'md-request-example'], [el('div', 'md-example-label', [text('Request')]), codeTabs(input, 'md-codegroup')]),
	ResponseExample: input =>
		el('div', ['md-example', 'md-response-example'], [el('div', 'md-example-label', [text('Response')]), codeTabs(input, 'md-codegroup')]),
	Frame: input =>
		el('figure', 'md-frame', [
			str(input.props.hint) && el('p', 'md-frame-hint', [text(str(input.props.hint)!)]),
			el('div', 'md-frame-content', children(input)),
			str(input.props.caption) && el('figcaption', 'md-frame-caption', [text(str(input.props.caption)!)]),
		]),
	Icon: input => icon(input.props.icon, 'md-icon md-icon-inline') ?? text(''),
	Expandable: input =>
		el(
			'details',
			'md-expandable',
			[
				el('summary', 'md-expandable-summary', [text(`${input.props.defaultOpen === true ? 'Hide' : 'Show'} ${str(input.props.title) ?? 'properties'}`)]),
				el('div', 'md-expandable-body', children(input)),
			],
			{ open: input.props.defaultOpen === true },
		),
	ParamField: input => field('param', input),
	ResponseField: input => field('response', input),
	Update: input => {
		const label = str(input.props.label) ?? '';
		return el(
			'div',
			'md-update',
			[
				el('div', 'md-update-meta', [
					el('span', 'md-update-label', [text(label)]),
					str(input.props.description) && el('span', 'md-update-description', [text(str(input.props.description)!)]),
				]),
				el('div', 'md-update-body', children(input)),
			],
			{ id: label ? input.ids.titled(label, str(input.props.id)) : undefined },
		);
	},
	Badge: input =>
		el('span', 'md-badge', [icon(input.props.icon), ...children(input)], {
			dataColor: token(input.props.color) ?? 'gray',
			dataSize: token(input.props.size),
			dataShape: token(input.props.shape),
		}),
	Tooltip: input =>
		el(
			'span',
			'md-tooltip',
			[
				...children(input),
				el(
					'span',
					'md-tooltip-tip',
					[str(input.props.headline) && el('strong', undefined, [text(str(input.props.headline)!)]), text(str(input.props.tip) ?? '')],
					{ role: 'tooltip' },
				),
			],
			{ tabIndex: 0 },
		),
	Tile: input => {
		const href = str(input.props.href);
		const body = [
			el('div', 'md-tile-preview', children(input)),
			str(input.props.title) && el('div', 'md-card-title', [text(str(input.props.title)!)]),
			str(input.props.description) && el('div', 'md-card-body', [text(str(input.props.description)!)]),
		];
		return href ? el('a', ['md-card', 'md-tile'], body, { href }) : el('div', ['md-card', 'md-tile'], body);
	},
	Tree: input => el('ul', 'md-tree', children(input)),
	'Tree.Folder': input =>
		el('li', 'md-tree-folder', [
			el('details', undefined, [el('summary', undefined, [icon('folder'), text(str(input.props.name) ?? '')]), el('ul', undefined, children(input))], {
				open: input.props.defaultOpen === true,
			}),
		]),
	'Tree.File': input => el('li', 'md-tree-file', [icon('file'), text(str(input.props.name) ?? '')]),
	Panel: input => el('aside', 'md-panel', children(input)),
	Color: input => el('div', 'md-colors', children(input)),
	'Color.Row': input =>
		el('div', 'md-color-row', [str(input.props.title) && el('div', 'md-color-row-title', [text(str(input.props.title)!)]), ...children(input)]),
	'Color.Item': input =>
		el('div', 'md-color', [el('span', 'md-color-name', [text(str(input.props.name) ?? '')]), el('code', undefined, [text(str(input.props.value) ?? '')])]),
	// `<Mermaid chart="…">`, which the platform makes of a mermaid fence; children as the chart when there is no prop.
	Mermaid: input => mermaidBlock(str(input.props.chart) ?? toString(input.node)),
	// The preview shows what readers see; content meant for AI agents only is left out.
	Visibility: input => (input.props.for === 'agents' ? [] : children(input)),
};

/** Renders a built-in component, or undefined when `name` is not one. */
export function renderComponent(name: string, input: ComponentInput): ElementContent | ElementContent[] | undefined {
	const renderer = Object.prototype.hasOwnProperty.call(renderers, name) ? renderers[name] : undefined;
	if (!renderer) return undefined;
	return renderer(input);
}

/** A component the platform would need code for: its children, with a subtle marker naming it. */
export function unknownComponent(name: string, content: ElementContent[], flow: boolean): Element {
	const label = el('span', 'md-unknown-label', [text(`<${name}>`)], { title: `<${name}> is not a built-in component; the preview shows its content only` });
	return el(flow ? 'div' : 'span', 'md-unknown', [label, ...content], { dataComponent: name });
}

/** Names of the components the preview renders as real markup. */
export const renderedComponents: readonly string[] = Object.keys(renderers);
