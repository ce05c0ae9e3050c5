import type { ComponentProp, ComponentSpec } from './componentTypes';

/*
 * The platform's built-in MDX components and their props, written from its component
 * documentation (the "Properties" section of each component page). Where that documentation is
 * silent, nothing is guessed: a component without a documented prop list is `closed: false`, and
 * its props are never reported as unknown.
 *
 * Follows the docs, not code: the component pages (mintlify.com/docs/components/*, e.g.
 * components/fields, components/cards) are the only witness, since the React components that render
 * these props are not in the platform's published packages. The conformance harness cannot judge
 * the component findings against the platform; they are counted and reviewed by hand (docs/mdx-checks.md).
 */

const prop = (type: ComponentProp['type'], doc: string, extra: Partial<ComponentProp> = {}): ComponentProp => ({ type, doc, ...extra });
const str = (doc: string, extra: Partial<ComponentProp> = {}) => prop('string', doc, extra);
const bool = (doc: string, extra: Partial<ComponentProp> = {}) => prop('boolean', doc, extra);
const required = { required: true } as const;

/**
 * Font Awesome styles: the platform's `iconTypes` (@mintlify/models 0.0.362, which
 * @mintlify/validation 0.1.878 checks `iconType` and `icon.style` against), incl. the four `sharp-*` styles.
 */
export const iconTypes = [
	'brands',
	'duotone',
	'light',
	'regular',
	'sharp-duotone-solid',
	'sharp-light',
	'sharp-regular',
	'sharp-solid',
	'sharp-thin',
	'solid',
	'thin',
] as const;

/** The audiences `<Visibility for>` takes as text (@mintlify/common 1.0.1211 `VISIBILITY_AUDIENCES`); `{{ groups: [...] }}` is the other form. */
export const visibilityAudiences = ['humans', 'agents', 'signed-in', 'signed-out'] as const;

const icon = str('Icon: a name from the library `icons.library` selects (Font Awesome by default, Lucide or Tabler), a URL, or a path to an icon file.', {
	icon: 'name',
});
const iconType = str('Font Awesome icon style (Font Awesome icons only).', { values: iconTypes, icon: 'style' });
const icons = { icon, iconType };
const titleSizes = ['p', 'h2', 'h3', 'h4'];

/** The typed callouts take only their content; the component also reads these (not in their documentation, so never reported). */
const typedCallout = (doc: string): ComponentSpec => ({
	doc: `${doc} Preset icon and color; takes only its content.`,
	props: { ...icons, color: str('Custom color (a hex code).'), title: str('Title (read by the component; not in the documentation).') },
	container: true,
	closed: true,
});

const field = {
	type: str('Type shown beside the name (string, number, object, `string[]`, ...).'),
	required: bool('Show "required" beside the name.'),
	deprecated: bool('Mark the field as deprecated.'),
	default: prop('any', 'Default value.'),
};

const exampleProps = { dropdown: bool('A language dropdown instead of tabs.') };

/** The platform's built-in MDX components: available on every page without an import. */
export const componentTable: Readonly<Record<string, ComponentSpec>> = {
	Note: typedCallout('A callout for extra information.'),
	Warning: typedCallout('A callout for something to be careful about.'),
	Info: typedCallout('A callout for neutral context.'),
	Tip: typedCallout('A callout for a helpful suggestion.'),
	Check: typedCallout('A callout that confirms something succeeded.'),
	Danger: typedCallout('A callout for something dangerous or destructive.'),
	Callout: {
		doc: 'A callout with a custom icon and color.',
		props: { ...icons, color: str('Custom color as a hex code: border, background tint and text.'), title: str('Title (read by the component).') },
		container: true,
		closed: true,
	},
	Card: {
		doc: 'A card with a title, icon and optional link.',
		props: {
			title: str('The title displayed on the card.'),
			...icons,
			color: str('Icon color as a hex code.'),
			href: str('URL to navigate to when the card is clicked.'),
			horizontal: bool('Compact horizontal layout.'),
			img: str('URL or local path of an image at the top of the card.'),
			cta: str('Custom text for the action button.'),
			arrow: bool('Show or hide the link arrow icon.'),
			type: str('A callout-style theme: background, border and default icon.', { values: ['info', 'warning', 'note', 'tip', 'check', 'danger'] }),
			disabled: bool('Dimmed, not clickable (read by the component).'),
		},
		container: true,
		closed: true,
	},
	CardGroup: {
		doc: 'Lays cards out in a grid (Columns is the newer name).',
		props: { cols: prop('number', 'Number of columns.', { numericString: true }) },
		container: true,
		closed: true,
	},
	Columns: {
		doc: 'Lays children out in columns.',
		props: { cols: prop('number', 'Number of columns per row, 1 to 4 (default 2).', { numericString: true }) },
		container: true,
		closed: true,
	},
	Column: { doc: 'One column of Columns, for arbitrary content.', props: {}, container: true, closed: false },
	Tabs: {
		doc: 'Tabbed content; children are Tab elements.',
		props: {
			defaultTabIndex: prop('number', 'Index of the tab shown first (zero-based).'),
			sync: bool('Synchronize with other tabs and code groups with matching titles (default true).'),
			borderBottom: bool('A bottom border and padding below the tabs.'),
		},
		container: true,
		closed: true,
	},
	Tab: {
		doc: 'One tab of Tabs.',
		props: { title: str('The title of the tab.', required), id: str('Custom id for anchor links (default: the title).'), ...icons },
		container: true,
		closed: true,
	},
	AccordionGroup: { doc: 'Groups accordions together.', props: {}, container: true, closed: false },
	Accordion: {
		doc: 'A collapsible section.',
		props: {
			title: str('Title in the Accordion preview.', required),
			description: str('Detail below the title.'),
			defaultOpen: bool('Open by default.'),
			id: str('Custom id for anchor links (default: the title).'),
			...icons,
		},
		container: true,
		closed: true,
	},
	Steps: {
		doc: 'A numbered sequence of steps.',
		props: { titleSize: str('Size of the step titles.', { values: titleSizes }) },
		container: true,
		closed: true,
	},
	Step: {
		doc: 'One step of Steps.',
		props: {
			title: str('Primary text of the step, next to the indicator.', required),
			...icons,
			stepNumber: prop('number', 'The number of the step.', { numericString: true }),
			titleSize: str('Size of the title.', { values: titleSizes }),
			id: str('Custom id for anchor links and the table of contents.'),
			noAnchor: bool('Hide the anchor link of the step.'),
		},
		container: true,
		closed: true,
	},
	CodeGroup: { doc: 'Code blocks shown as tabs (titles from each fence).', props: exampleProps, container: true, closed: true },
	Frame: {
		doc: 'A frame around an image or other content.',
		props: { caption: str('Text centered below the content (Markdown allowed).'), hint: str('Text that precedes the frame.') },
		container: true,
		closed: true,
	},
	Icon: {
		doc: 'An inline icon.',
		props: {
			icon: str('The icon, from the library `icons.library` selects.', { icon: 'name' }),
			src: str('Path or URL of an image used as the icon.'),
			iconType,
			color: str('Icon color as a hex code.'),
			size: prop('number', 'Size in pixels.'),
		},
		oneOf: ['icon', 'src'],
		container: false,
		closed: true,
	},
	Tooltip: {
		doc: 'Shows a tip when hovering the wrapped text.',
		props: {
			tip: str('The text displayed in the tooltip.', required),
			headline: str('Text displayed before the tip.'),
			cta: str('Call-to-action text of a link in the tooltip.'),
			href: str('URL of the call-to-action link.'),
		},
		container: true,
		closed: true,
	},
	Expandable: {
		doc: 'Nested fields that expand (inside ParamField/ResponseField).',
		props: { title: str('The name of the object shown.'), defaultOpen: bool('Open when the page loads.') },
		container: true,
		closed: true,
	},
	ParamField: {
		doc: 'Documents an API parameter.',
		props: {
			query: str('Name of a query parameter.'),
			path: str('Name of a path parameter.'),
			body: str('Name of a body field.'),
			header: str('Name of a header.'),
			...field,
			placeholder: str('Placeholder of the input in the playground.'),
		},
		oneOf: ['query', 'path', 'body', 'header'],
		container: true,
		closed: true,
	},
	ResponseField: {
		doc: 'Documents a field of an API response.',
		props: {
			name: str('The name of the response value.', required),
			...field,
			type: str('Expected type of the value (any string).', required),
			pre: prop('array', 'Labels before the name.'),
			post: prop('array', 'Labels after the name.'),
		},
		container: true,
		closed: true,
	},
	RequestExample: { doc: 'Example requests, pinned beside the content (code blocks inside).', props: exampleProps, container: true, closed: true },
	ResponseExample: { doc: 'Example responses, pinned beside the content (code blocks inside).', props: exampleProps, container: true, closed: true },
	Update: {
		doc: 'A changelog entry.',
		props: {
			label: str('Label of the entry (often a date); also its anchor.', required),
			description: str('Text below the label and tags.'),
			tags: prop('array', 'Tags, shown as filters in the side panel.'),
			rss: prop('object', 'A custom RSS entry: `{ title, description }`.'),
		},
		container: true,
		closed: true,
	},
	Badge: {
		doc: 'A small label.',
		props: {
			color: str('Color variant.', {
				values: ['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'white', 'surface', 'white-destructive', 'surface-destructive'],
			}),
			size: str('Size.', { values: ['xs', 'sm', 'md', 'lg'] }),
			shape: str('Shape.', { values: ['rounded', 'pill'] }),
			...icons,
			stroke: bool('An outline instead of a filled background.'),
			disabled: bool('Disabled look (reduced opacity).'),
		},
		container: true,
		closed: true,
	},
	Tile: {
		doc: 'A visual tile with a preview and a link.',
		props: {
			href: str('URL to navigate to when the tile is clicked.', required),
			title: str('Title below the preview.'),
			description: str('Short description below the title.'),
		},
		container: true,
		closed: true,
	},
	Tree: { doc: 'A file tree; children are Tree.Folder and Tree.File (or a Markdown list).', props: {}, container: true, closed: false },
	FileTree: { doc: 'Alias of Tree.', props: {}, container: true, closed: false },
	'Tree.Folder': {
		doc: 'A folder of a Tree.',
		props: {
			name: str('The folder name.', required),
			defaultOpen: bool('Expanded by default.'),
			openable: bool('Whether readers can open and close it (default true).'),
			highlight: bool('Highlight as the active item.'),
		},
		container: true,
		closed: true,
	},
	'Tree.File': {
		doc: 'A file of a Tree.',
		props: { name: str('The file name.', required), highlight: bool('Highlight as the active item.') },
		container: false,
		closed: true,
	},
	Panel: { doc: 'Content shown in the right-hand panel instead of the table of contents.', props: {}, container: true, closed: false },
	Color: {
		doc: 'A palette of color swatches.',
		props: { variant: str('Display style.', { values: ['compact', 'table'], required: true }) },
		container: true,
		closed: true,
	},
	'Color.Item': {
		doc: 'One color swatch.',
		props: { name: str('Name or label of the color.'), value: prop('any', 'A CSS color, or `{ light, dark }`.', required) },
		container: false,
		closed: true,
	},
	'Color.Row': { doc: 'A row of swatches (table variant).', props: { title: str('Label of the row.') }, container: true, closed: true },
	View: {
		doc: 'Content for one option of the multi-view dropdown.',
		props: { title: str('The view this content belongs to (an option of the dropdown).', required), ...icons },
		container: true,
		closed: true,
	},
	Prompt: {
		doc: 'A prompt readers copy or open in Cursor.',
		props: {
			description: str('Text displayed in the prompt card (Markdown).', required),
			actions: prop('array', 'Available actions: `"copy"`, `"cursor"` (default `["copy"]`).'),
			...icons,
		},
		container: true,
		closed: true,
	},
	'GitHub.Repo': {
		doc: 'A card for a GitHub repository.',
		props: { repo: str('`owner/name` or a GitHub URL.'), variant: str('Card layout.', { values: ['inset', 'flat'] }) },
		container: false,
		closed: true,
	},
	Snippet: { doc: 'Reuses a snippet file.', props: { file: str('Snippet file.', required) }, container: false, closed: false },
	Variation: {
		doc: 'Content shown only for some of the variations docs.json declares (`variations.options`, willow theme): `is="python"` or `is={["python", "js"]}`.',
		props: { is: { type: 'any', doc: 'The variation id, or a list of ids, as `variations.options[].id` in docs.json names them.', required: true } },
		container: true,
		closed: true,
	},
	Visibility: {
		doc: 'Content shown only to one audience: humans or AI agents, signed-in or signed-out readers, or `for={{ groups: [...] }}` the readers in those groups.',
		props: { for: str('Audience: `humans`, `agents`, `signed-in`, `signed-out`, or `{{ groups: [...] }}`.', { values: visibilityAudiences, required: true }) },
		container: true,
		closed: true,
	},
};
