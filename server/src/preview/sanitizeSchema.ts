import { defaultSchema, type Schema } from 'hast-util-sanitize';

/**
 * What rendered pages may contain: GitHub's allowlist (no scripts, no `on*` handlers, no `style`,
 * only http/https/mailto links and http/https or site-relative images), widened for the markup our
 * components generate: class names, `data-*` attributes, ARIA roles and states, `<details>`,
 * `<button>` (tabs, copy), `<figure>`. Ids are kept as written (`clobberPrefix: ''`) because
 * heading anchors must match the platform's `#slug` links; the preview's script never reads
 * globals that an id could shadow.
 */
export const previewSanitizeSchema: Schema = {
	...defaultSchema,
	clobberPrefix: '',
	clobber: [],
	// Dropped with their content (other unknown elements are unwrapped, keeping their text).
	strip: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'frame', 'frameset', 'link', 'meta', 'base'],
	tagNames: [
		...(defaultSchema.tagNames ?? []),
		'button',
		'figure',
		'figcaption',
		'aside',
		'nav',
		'u',
		'mark',
		'small',
		'abbr',
		'video',
		'audio',
		'caption',
		'colgroup',
		'col',
	],
	attributes: {
		...withAnyClassName(defaultSchema.attributes ?? {}),
		'*': [
			...(defaultSchema.attributes?.['*'] ?? []),
			'className',
			'data*',
			'role',
			'ariaLabel',
			'ariaSelected',
			'ariaControls',
			'ariaExpanded',
			'ariaHidden',
			'hidden',
			'tabIndex',
		],
		a: [...withAnyClassName(defaultSchema.attributes ?? {}).a, 'target', 'rel'],
		button: [['type', 'button']],
		code: ['className'],
		img: [...(defaultSchema.attributes?.img ?? []), 'loading'],
		video: ['src', 'controls', 'loop', 'muted', 'poster', 'playsInline'],
		audio: ['src', 'controls', 'loop'],
		details: ['open'],
	},
	protocols: {
		...defaultSchema.protocols,
		src: ['http', 'https'],
		poster: ['http', 'https'],
	},
	required: { ...defaultSchema.required, button: { type: 'button' } },
};

/**
 * The default schema limits `className` per tag (`li` only `task-list-item`, ...), and a tag's own
 * list wins over `*`: our classes on headings, lists and links would vanish. Allow any class there.
 */
function withAnyClassName(attributes: NonNullable<Schema['attributes']>): Record<string, NonNullable<Schema['attributes']>[string]> {
	const result: Record<string, NonNullable<Schema['attributes']>[string]> = {};
	for (const [tag, list] of Object.entries(attributes))
		result[tag] = tag === '*' ? list : [...list.filter(a => !(Array.isArray(a) && a[0] === 'className')), 'className'];
	return result;
}

/**
 * `data-*` attributes the preview's own chrome and script act on (open a file at a line, navigate,
 * the API playground): never taken from a page's content, where an author could aim them at a file
 * outside the site or at the playground. The components' own ones (tabs, copy, icons) are not here.
 */
export function isPreviewHook(property: string): boolean {
	// Either spelling: `dataOpenUri` (hast) or `data-open-uri` (lowercase JSX keeps its attribute names).
	return /^data(openuri|line|character|route|drilldown|host|base|kind|banner|dismissbanner|togglesidebar|pg|api)/.test(
		property.replace(/-/g, '').toLowerCase(),
	);
}
