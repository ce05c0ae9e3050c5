/** A prop of a built-in component. */
export interface ComponentProp {
	readonly type: 'string' | 'boolean' | 'number' | 'node';
	readonly doc: string;
	readonly required?: boolean;
	readonly values?: readonly string[];
}

/** A built-in component of the platform, as its component docs describe it. */
export interface ComponentSpec {
	readonly doc: string;
	readonly props: Readonly<Record<string, ComponentProp>>;
	/** Props of which at least one is required (ParamField's location). */
	readonly oneOf?: readonly string[];
	/** Whether it usually wraps content (completion inserts a closing tag). */
	readonly container: boolean;
}

const icon: ComponentProp = { type: 'string', doc: 'Icon name (Font Awesome, Lucide or Tabler), a URL, or a path to an icon file.' };
const iconType: ComponentProp = {
	type: 'string',
	doc: 'Font Awesome icon style.',
	values: ['regular', 'solid', 'light', 'thin', 'sharp-solid', 'duotone', 'brands'],
};
const title = (doc: string, required = false): ComponentProp => ({ type: 'string', doc, required });
const callout = (doc: string): ComponentSpec => ({ doc, props: { icon, iconType }, container: true });
const field = {
	type: { type: 'string', doc: 'Type shown beside the name (string, number, object, ...).' },
	required: { type: 'boolean', doc: 'Mark the field as required.' },
	default: { type: 'string', doc: 'Default value.' },
	deprecated: { type: 'boolean', doc: 'Mark the field as deprecated.' },
} satisfies Record<string, ComponentProp>;

/** The platform's built-in MDX components: available on every page without an import. */
export const builtinComponents: Readonly<Record<string, ComponentSpec>> = {
	Note: callout('A callout for extra information.'),
	Warning: callout('A callout for something to be careful about.'),
	Info: callout('A callout for neutral context.'),
	Tip: callout('A callout for a helpful suggestion.'),
	Check: callout('A callout that confirms something succeeded.'),
	Danger: callout('A callout for something dangerous or destructive.'),
	Callout: {
		doc: 'A callout with a custom icon and color.',
		props: { icon, iconType, color: { type: 'string', doc: 'Hex color of the callout.' } },
		container: true,
	},
	Card: {
		doc: 'A card with a title, icon and optional link.',
		props: {
			title: title('Card title.', true),
			icon,
			iconType,
			href: { type: 'string', doc: 'Page or URL the card links to.' },
			horizontal: { type: 'boolean', doc: 'Compact horizontal layout.' },
			img: { type: 'string', doc: 'Image at the top of the card.' },
			cta: { type: 'string', doc: 'Call-to-action text.' },
			arrow: { type: 'boolean', doc: 'Show an arrow (links).' },
			color: { type: 'string', doc: 'Icon color.' },
		},
		container: true,
	},
	CardGroup: { doc: 'Lays cards out in a grid (prefer Columns).', props: { cols: { type: 'number', doc: 'Number of columns.' } }, container: true },
	Columns: { doc: 'Lays children out in columns.', props: { cols: { type: 'number', doc: 'Number of columns (1-4).' } }, container: true },
	Tabs: { doc: 'Tabbed content; children are Tab elements.', props: {}, container: true },
	Tab: { doc: 'One tab of Tabs.', props: { title: title('Tab label.', true), icon }, container: true },
	AccordionGroup: { doc: 'Groups accordions together.', props: {}, container: true },
	Accordion: {
		doc: 'A collapsible section.',
		props: {
			title: title('Accordion title.', true),
			description: { type: 'string', doc: 'Text under the title.' },
			defaultOpen: { type: 'boolean', doc: 'Open by default.' },
			icon,
			iconType,
		},
		container: true,
	},
	Steps: {
		doc: 'A numbered sequence of steps.',
		props: { titleSize: { type: 'string', doc: 'Size of step titles.', values: ['p', 'h2', 'h3'] } },
		container: true,
	},
	Step: {
		doc: 'One step of Steps.',
		props: {
			title: title('Step title.', true),
			icon,
			iconType,
			stepNumber: { type: 'number', doc: 'Override the number.' },
			titleSize: { type: 'string', doc: 'Size of the title.', values: ['p', 'h2', 'h3'] },
		},
		container: true,
	},
	CodeGroup: {
		doc: 'Code blocks shown as tabs (titles from each fence).',
		props: { dropdown: { type: 'boolean', doc: 'Switch with a dropdown instead of tabs.' } },
		container: true,
	},
	Frame: {
		doc: 'A frame around an image or other content.',
		props: { caption: { type: 'string', doc: 'Caption under the frame.' }, hint: { type: 'string', doc: 'Text above the frame.' } },
		container: true,
	},
	Icon: {
		doc: 'An inline icon.',
		props: { icon: { ...icon, required: true }, iconType, color: { type: 'string', doc: 'Icon color.' }, size: { type: 'number', doc: 'Size in pixels.' } },
		container: false,
	},
	Tooltip: {
		doc: 'Shows a tip when hovering the wrapped text.',
		props: {
			tip: title('The tooltip text.', true),
			headline: { type: 'string', doc: 'Bold text above the tip.' },
			cta: { type: 'string', doc: 'Link text.' },
			href: { type: 'string', doc: 'Link target.' },
		},
		container: true,
	},
	Expandable: {
		doc: 'Nested fields that expand (inside ParamField/ResponseField).',
		props: { title: { type: 'string', doc: 'Label of the toggle.' }, defaultOpen: { type: 'boolean', doc: 'Open by default.' } },
		container: true,
	},
	ParamField: {
		doc: 'Documents an API parameter.',
		props: {
			query: { type: 'string', doc: 'Name of a query parameter.' },
			path: { type: 'string', doc: 'Name of a path parameter.' },
			body: { type: 'string', doc: 'Name of a body field.' },
			header: { type: 'string', doc: 'Name of a header.' },
			...field,
			placeholder: { type: 'string', doc: 'Placeholder in the playground.' },
		},
		oneOf: ['query', 'path', 'body', 'header'],
		container: true,
	},
	ResponseField: {
		doc: 'Documents a field of an API response.',
		props: {
			name: title('Field name.', true),
			...field,
			type: { ...field.type, required: true },
			pre: { type: 'string', doc: 'Labels before the name.' },
			post: { type: 'string', doc: 'Labels after the name.' },
		},
		container: true,
	},
	RequestExample: {
		doc: 'Example requests, pinned beside the content (code blocks inside).',
		props: { dropdown: { type: 'boolean', doc: 'Switch with a dropdown.' } },
		container: true,
	},
	ResponseExample: {
		doc: 'Example responses, pinned beside the content (code blocks inside).',
		props: { dropdown: { type: 'boolean', doc: 'Switch with a dropdown.' } },
		container: true,
	},
	Update: {
		doc: 'A changelog entry.',
		props: {
			label: title('Label of the entry (often a date).', true),
			description: { type: 'string', doc: 'Text under the label.' },
			tags: { type: 'string', doc: 'Tags for filtering.' },
			rss: { type: 'string', doc: 'Content for the RSS feed.' },
		},
		container: true,
	},
	Badge: {
		doc: 'A small label.',
		props: {
			color: {
				type: 'string',
				doc: 'Color.',
				values: ['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'white', 'surface', 'white-destructive', 'surface-destructive'],
			},
			size: { type: 'string', doc: 'Size.', values: ['xs', 'sm', 'md', 'lg'] },
			shape: { type: 'string', doc: 'Shape.', values: ['rounded', 'pill'] },
			icon,
			stroke: { type: 'boolean', doc: 'Outlined style.' },
			disabled: { type: 'boolean', doc: 'Dimmed style.' },
		},
		container: true,
	},
	Tile: {
		doc: 'A visual tile with an image and a link.',
		props: {
			href: { type: 'string', doc: 'Link target.' },
			title: { type: 'string', doc: 'Tile title.' },
			description: { type: 'string', doc: 'Tile description.' },
		},
		container: true,
	},
	Tree: { doc: 'A file tree; children are Tree.Folder and Tree.File.', props: {}, container: true },
	'Tree.Folder': {
		doc: 'A folder of a Tree.',
		props: { name: title('Folder name.', true), defaultOpen: { type: 'boolean', doc: 'Open by default.' } },
		container: true,
	},
	'Tree.File': { doc: 'A file of a Tree.', props: { name: title('File name.', true) }, container: false },
	Panel: { doc: 'Content shown in the right-hand panel instead of the table of contents.', props: {}, container: true },
	Color: { doc: 'A palette of color swatches.', props: { variant: { type: 'string', doc: 'Layout.', values: ['compact', 'table'] } }, container: true },
	'Color.Item': { doc: 'One color swatch.', props: { name: title('Color name.', true), value: title('Color value.', true) }, container: false },
	'Color.Row': { doc: 'A row of swatches (table variant).', props: { title: { type: 'string', doc: 'Row title.' } }, container: true },
	Snippet: { doc: 'Reuses a snippet file.', props: { file: title('Snippet file.', true) }, container: false },
	Visibility: {
		doc: 'Content shown only to humans or to AI agents.',
		props: { for: { type: 'string', doc: 'Audience.', values: ['humans', 'agents'], required: true } },
		container: true,
	},
};

/** The built-in component named `name` (`Tree.Folder` included). */
export function builtinComponent(name: string): ComponentSpec | undefined {
	return Object.prototype.hasOwnProperty.call(builtinComponents, name) ? builtinComponents[name] : undefined;
}

/** Markdown documentation of a component: what it does and its props. */
export function componentDoc(name: string, spec: ComponentSpec): string {
	const props = Object.entries(spec.props).map(
		([prop, p]) => `- \`${prop}\`${p.required ? ' (required)' : ''}: ${p.doc}${p.values ? ` One of ${p.values.map(v => `\`${v}\``).join(', ')}.` : ''}`,
	);
	return [
		`**<${name}>** — ${spec.doc}`,
		...(spec.oneOf ? [`One of ${spec.oneOf.map(p => `\`${p}\``).join(', ')} is required.`] : []),
		...(props.length ? ['', ...props] : []),
	].join('\n');
}
