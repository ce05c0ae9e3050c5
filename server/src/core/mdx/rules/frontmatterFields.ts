import { iconTypes } from '../componentTable';

/** How a frontmatter value is checked: a plain type, a list of values, or one of the shapes the validator defines. */
export type FieldType =
	| 'string'
	| 'boolean'
	| 'number'
	| 'string[]'
	| 'any'
	| { readonly enum: readonly string[] }
	| { readonly shape: 'icon' | 'groups' | 'related' | 'contextual' | 'graphql' };

export interface FrontmatterField {
	readonly type: FieldType;
	readonly doc: string;
	/**
	 * `validator`: a key of the platform's page schema (`decoratedPageSchema` of @mintlify/validation
	 * 0.1.878, `mint-config/schemas/v2/properties/reusable/page.js`); `docs`: a key only the
	 * platform's documentation names. test/unit/mdx/frontmatterFields.test.ts holds the validator's
	 * keys as recorded and fails when the two sets differ; the drift alarm compares them with the
	 * newest published validator.
	 */
	readonly source: 'validator' | 'docs';
	/** Set by the platform rather than written by hand: not offered in completion. */
	readonly generated?: true;
}

/** Page layouts the documentation lists (`assistant` since 2026-07); the validator takes any string. */
export const pageModes = ['default', 'wide', 'custom', 'frame', 'center', 'assistant'] as const;

/** The built-in actions of `contextual.options` (@mintlify/models 0.0.362 `contextualOptions`). */
export const contextualOptions = [
	'copy',
	'assistant',
	'view',
	'download-pdf',
	'download-spec',
	'chatgpt',
	'claude',
	'perplexity',
	'grok',
	'aistudio',
	'devin',
	'windsurf',
	'mcp',
	'add-mcp',
	'cursor',
	'vscode',
	'devin-mcp',
] as const;

const v = (type: FieldType, doc: string, extra: { generated?: true } = {}): FrontmatterField => ({ type, doc, source: 'validator', ...extra });
const d = (type: FieldType, doc: string): FrontmatterField => ({ type, doc, source: 'docs' });

/** Page metadata: every key of the validator's page schema, then those only the documentation names. */
export const frontmatterFields: Readonly<Record<string, FrontmatterField>> = {
	title: v('string', 'Title of the page, in navigation and the browser tab (default: from the file name).'),
	sidebarTitle: v('string', 'Shorter title for the sidebar.'),
	description: v('string', 'Summary shown under the title; also the SEO description.'),
	icon: v({ shape: 'icon' }, 'Icon beside the sidebar entry: an icon name, a URL or a file path, or `{ name, style, library }`.'),
	iconType: v({ enum: iconTypes }, 'Font Awesome icon style (deprecated: give `icon` as `{ name, style }`).'),
	tag: v('string', 'A label beside the title in the sidebar (for example NEW).'),
	hidden: v('boolean', 'Remove the page from the sidebar (still reachable by URL, not indexed).'),
	noindex: v('boolean', 'Ask search engines not to index the page.'),
	searchable: v('boolean', "`false` keeps the page out of the site's search (and the assistant's sources)."),
	boost: v('number', 'Weight of the page in search results (higher ranks first).'),
	deprecated: v('boolean', 'Show a deprecated label beside the title.'),
	groups: v({ shape: 'groups' }, 'Who may open the page (needs authentication): group names, or `{ includes, excludes }` rules.'),
	public: v('boolean', 'Make the page public when the site requires authentication.'),
	isPublic: v('boolean', 'Same as `public`: make the page public when the site requires authentication.'),
	mode: v({ enum: pageModes }, 'Page layout.'),
	url: v('string', 'Make the sidebar entry an external link.'),
	keywords: v('string[]', 'Extra search keywords (not shown on the page).'),
	timestamp: v('boolean', 'Show or hide the "last modified" timestamp on this page.'),
	lastUpdatedDate: v('string', 'The date shown as "last updated" instead of the one from git.'),
	createdDate: v('string', 'The date the page was first published.'),
	authors: v('any', 'Authors of the page (any shape; shown by themes that display authors).'),
	contentType: v('string', 'What kind of page this is (for example guide, reference, tutorial), for search and analytics.'),
	hideFooterPagination: v('boolean', 'Hide the previous/next links at the bottom of the page.'),
	hideApiMarker: v('boolean', 'Hide the method badge beside an API page in the sidebar.'),
	related: v({ shape: 'related' }, 'Related pages shown at the end: a list of paths or `{ "Title": "/path" }` entries, or `false` for none.'),
	contextual: v({ shape: 'contextual' }, "This page's contextual menu: `{ options: [...], display: header | toc }`."),
	canonical: v('string', 'Canonical URL of the page (SEO).'),
	robots: v('string', 'The robots meta tag of the page (SEO).'),
	'og:title': v('string', 'Open Graph title (SEO).'),
	'og:url': v('string', 'Open Graph URL (SEO).'),
	openapi: v('string', 'Document an endpoint: `[file] METHOD /path`, or a webhook: `[file] webhook <name>`.'),
	'openapi-schema': v('string', 'Document a schema of `components.schemas`: `[file] <SchemaName>`.'),
	asyncapi: v('string', 'Document an AsyncAPI channel: `[file] <channel>`.'),
	api: v('string', 'Document an endpoint without OpenAPI: `METHOD https://base/path`.'),
	version: v('string', 'Version label of an API page.'),
	playground: v({ enum: ['interactive', 'simple', 'none', 'auth'] }, 'API playground display for this page.'),
	authMethod: v('string', 'Authentication method of an `api` page (bearer, basic, key, cobo, none).'),
	auth: v('string', 'Authentication of an `api` page (same values as `authMethod`).'),
	graphql: v({ shape: 'graphql' }, 'The GraphQL operation or type a generated page documents: `{ source, kind, name }`.', { generated: true }),
	href: v('string', 'The route of the page, set by the build.', { generated: true }),
	rss: d('boolean', "Offer an RSS feed of the page's Update components."),
};

/** The keys of the validator's page schema in {@link frontmatterFields}. */
export function validatorPageKeys(): string[] {
	return Object.entries(frontmatterFields)
		.filter(([, field]) => field.source === 'validator')
		.map(([key]) => key);
}

/** The sections completion groups page keys under, in the order it lists them. */
export type FieldGroup = 'page' | 'seo' | 'api' | 'navigation';

/**
 * Each group's name and the platform's documentation page for its keys (mintlify.com/docs, as
 * organised in 2026: page metadata, SEO, the API playground, navigation and access).
 */
export const fieldGroups: Readonly<Record<FieldGroup, { readonly label: string; readonly docs: string }>> = {
	page: { label: 'Page', docs: 'https://mintlify.com/docs/organize/pages' },
	seo: { label: 'SEO', docs: 'https://mintlify.com/docs/optimize/seo' },
	api: { label: 'API', docs: 'https://mintlify.com/docs/api-playground/overview' },
	navigation: { label: 'Navigation', docs: 'https://mintlify.com/docs/organize/navigation' },
};

const groupByKey: Readonly<Record<string, FieldGroup>> = {
	noindex: 'seo',
	searchable: 'seo',
	boost: 'seo',
	keywords: 'seo',
	canonical: 'seo',
	robots: 'seo',
	openapi: 'api',
	'openapi-schema': 'api',
	asyncapi: 'api',
	api: 'api',
	version: 'api',
	playground: 'api',
	authMethod: 'api',
	auth: 'api',
	hideApiMarker: 'api',
	graphql: 'api',
	sidebarTitle: 'navigation',
	tag: 'navigation',
	hidden: 'navigation',
	url: 'navigation',
	groups: 'navigation',
	public: 'navigation',
	isPublic: 'navigation',
	href: 'navigation',
};

/** The group of a page key: `og:*` and the search keys are SEO, the rest as the platform's docs file them (page by default). */
export function fieldGroup(key: string): FieldGroup {
	if (key.startsWith('og:') || key.startsWith('twitter:')) return 'seo';
	return Object.prototype.hasOwnProperty.call(groupByKey, key) ? groupByKey[key]! : 'page';
}
