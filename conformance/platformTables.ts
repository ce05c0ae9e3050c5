// The platform's tables that MintDoc keeps a copy of — docs.json keys, page keys, component names,
// HTTP methods, OpenAPI versions, icon styles, Visibility audiences, contextual options — as read
// from the platform's published packages, beside MintDoc's own. Pure: publishedTables.ts reads the
// packages; the unit test compares MintDoc with the tables recorded here, the drift alarm
// (`npm run conformance -- --drift`) with the newest published ones.
import docsSchema from '../schemas/docs.schema.json';
import { knownTopLevelKeys } from '../server/src/core/docsConfig/configRules';
import { httpMethods } from '../server/src/core/docsConfig/pageEntries';
import { iconTypes, visibilityAudiences } from '../server/src/core/mdx/componentTable';
import { platformComponentNames } from '../server/src/core/mdx/components';
import { validatorPageKeys } from '../server/src/core/mdx/rules/frontmatterFields';
import { openApiVersions } from '../server/src/core/openapi/openApiSchemas';

export interface PlatformTables {
	/** Top-level keys of docs.json the validator defines (any theme). */
	readonly docsConfigKeys: readonly string[];
	/** Keys of the validator's page schema (frontmatter). */
	readonly pageKeys: readonly string[];
	/** JSX components rendered without an import (capitalized names of `allowedComponents`). */
	readonly components: readonly string[];
	/** Methods of `METHOD /path` entries, upper case. */
	readonly httpMethods: readonly string[];
	/** OpenAPI versions (major.minor) the platform validates. */
	readonly openApiVersions: readonly string[];
	readonly iconTypes: readonly string[];
	/** The text values of `<Visibility for>`. */
	readonly visibilityAudiences: readonly string[];
	/** The built-in actions of `contextual.options`. */
	readonly contextualOptions: readonly string[];
}

export type TableName = keyof PlatformTables;

/** Where each table is read in the platform's packages (publishedTables.ts reads exactly these). */
export const tableSources: Readonly<Record<TableName, string>> = {
	docsConfigKeys: '@mintlify/validation dist/mint-config/schemas/v2/themes/reusable/index.js (standardConfigSchema) + themes/*.js',
	pageKeys: '@mintlify/validation dist/mint-config/schemas/v2/properties/reusable/page.js (decoratedPageSchema)',
	components: '@mintlify/common dist/mdx/utils.js (allowedComponents)',
	httpMethods: '@mintlify/common dist/openapi/parseOpenApiString.js (the eight of OpenAPI 3.0/3.1 and the methods it names)',
	openApiVersions: '@mintlify/common dist/openapi/validate.js (isOpenApi3NVersion)',
	iconTypes: '@mintlify/models dist/mintconfig/iconTypes.js',
	visibilityAudiences: '@mintlify/common dist/mdx/plugins/remark/remarkVisibilityForMarkdown.js (VISIBILITY_AUDIENCES)',
	contextualOptions: '@mintlify/models dist/types/pageMetaTags.js (contextualOptions)',
};

/**
 * Differences MintDoc keeps on purpose, and why: these never count as drift. Anything else that
 * differs is a table to bring up to date (or a new line here, with its reason).
 */
export const intentionalDifferences: Readonly<
	Partial<Record<TableName, { readonly onlyOurs?: readonly string[]; readonly onlyTheirs?: readonly string[]; readonly why: string }>>
> = {
	docsConfigKeys: {
		onlyOurs: ['$ref'],
		why: 'docs.json may be split into files with a top-level $ref, which the platform resolves before validating (prebuild resolveFileRefs)',
	},
	pageKeys: { why: '' },
	components: {
		onlyOurs: ['Snippet'],
		why: '<Snippet file> is how older sites include a snippet; MintDoc knows it so that it is not called unknown',
	},
};

/** MintDoc's copy of each table, read from the modules that use it. */
export function mintdocTables(): PlatformTables {
	const schema = docsSchema as {
		properties: Record<string, unknown>;
		definitions: Record<string, { properties?: Record<string, { items?: { anyOf?: { enum?: string[] }[]; oneOf?: { enum?: string[] }[] } }> }>;
	};
	const contextual = schema.definitions.contextual?.properties?.options?.items;
	return {
		docsConfigKeys: [...new Set([...Object.keys(schema.properties), ...knownTopLevelKeys])],
		pageKeys: validatorPageKeys(),
		components: platformComponentNames(),
		httpMethods: [...httpMethods],
		openApiVersions: [...openApiVersions],
		iconTypes: [...iconTypes],
		visibilityAudiences: [...visibilityAudiences],
		contextualOptions: [...(contextual?.anyOf ?? contextual?.oneOf ?? []).flatMap(branch => branch.enum ?? [])],
	};
}

/**
 * The tables as read from the platform's packages on 2026-12-05: @mintlify/validation 0.1.878,
 * @mintlify/common 1.0.1211, @mintlify/models 0.0.362 (the newest published then). MintDoc's tables
 * must equal these (test/unit/conformance/platformTables.test.ts); refresh them from the drift
 * alarm's output when the platform moves, and MintDoc's tables with them.
 */
export const recordedTables: { readonly versions: Readonly<Record<string, string>>; readonly tables: PlatformTables } = {
	versions: { '@mintlify/validation': '0.1.878', '@mintlify/common': '1.0.1211', '@mintlify/models': '0.0.362' },
	tables: {
		docsConfigKeys: [
			'$schema',
			'theme',
			'name',
			'public',
			'description',
			'colors',
			'logo',
			'favicon',
			'api',
			'appearance',
			'background',
			'navbar',
			'navigation',
			'footer',
			'search',
			'seo',
			'fonts',
			'icons',
			'styling',
			'redirects',
			'integrations',
			'banner',
			'errors',
			'contextual',
			'thumbnails',
			'interaction',
			'metadata',
			'variables',
			'markdown',
			'variations',
		],
		pageKeys: [
			'href',
			'title',
			'sidebarTitle',
			'description',
			'canonical',
			'og:title',
			'og:url',
			'api',
			'openapi',
			'asyncapi',
			'graphql',
			'contentType',
			'authMethod',
			'auth',
			'version',
			'mode',
			'hideFooterPagination',
			'authors',
			'lastUpdatedDate',
			'createdDate',
			'openapi-schema',
			'icon',
			'iconType',
			'tag',
			'url',
			'hideApiMarker',
			'noindex',
			'searchable',
			'isPublic',
			'public',
			'boost',
			'deprecated',
			'hidden',
			'groups',
			'robots',
			'playground',
			'keywords',
			'timestamp',
			'related',
			'contextual',
		],
		components: (
			'ApiPlayground Accordion AccordionGroup Badge Callout CodeGroup CodeBlock Color Color.Row Color.Item CustomCode CustomComponent ' +
			'DynamicCustomComponent Danger Tile Tree Tree.Folder Tree.File FileTree SnippetGroup Panel RequestExample ResponseExample Param ' +
			'ParamField Prompt Card CardGroup Columns Column Expandable Frame GitHub GitHub.Repo Github Github.Repo Heading Info Icon MDX Link ' +
			'MDXContentController ResponseField Warning Note Tip Check Tabs Tab Tooltip Latex Step Steps Update ZoomImage OptimizedVideo Mermaid ' +
			'Variation Visibility View'
		).split(' '),
		httpMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'QUERY'],
		openApiVersions: ['3.0', '3.1', '3.2'],
		iconTypes: ['brands', 'duotone', 'light', 'regular', 'sharp-duotone-solid', 'sharp-light', 'sharp-regular', 'sharp-solid', 'sharp-thin', 'solid', 'thin'],
		visibilityAudiences: ['humans', 'agents', 'signed-in', 'signed-out'],
		contextualOptions: [
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
		],
	},
};

export interface TableDifference {
	readonly table: TableName;
	readonly onlyOurs: readonly string[];
	readonly onlyTheirs: readonly string[];
}

/** Per table, what each side has that the other lacks (as sets), less the intentional differences; tables that agree are left out. */
export function compareTables(ours: PlatformTables, theirs: Partial<PlatformTables>): TableDifference[] {
	const differences: TableDifference[] = [];
	for (const table of Object.keys(tableSources) as TableName[]) {
		const their = theirs[table];
		if (!their) continue;
		const known = intentionalDifferences[table];
		const a = new Set(ours[table]);
		const b = new Set(their);
		const onlyOurs = [...a].filter(x => !b.has(x) && !known?.onlyOurs?.includes(x));
		const onlyTheirs = [...b].filter(x => !a.has(x) && !known?.onlyTheirs?.includes(x));
		if (onlyOurs.length || onlyTheirs.length) differences.push({ table, onlyOurs, onlyTheirs });
	}
	return differences;
}

/** The drift alarm's report: one line per table, each difference named. */
export function formatTableDrift(
	differences: readonly TableDifference[],
	versions: Readonly<Record<string, string>>,
	unread: Readonly<Partial<Record<TableName, string>>> = {},
): string {
	const lines = [
		`Platform tables: MintDoc against ${Object.entries(versions)
			.map(([n, v]) => `${n}@${v}`)
			.join(', ')}`,
	];
	for (const table of Object.keys(tableSources) as TableName[]) {
		const d = differences.find(x => x.table === table);
		if (unread[table]) lines.push(`  ${table}: NOT READ (${unread[table]}) — ${tableSources[table]}`);
		else if (!d) lines.push(`  ${table}: same`);
		else {
			const parts = [
				d.onlyTheirs.length ? `the platform has ${d.onlyTheirs.join(', ')} that MintDoc lacks` : '',
				d.onlyOurs.length ? `MintDoc has ${d.onlyOurs.join(', ')} that the platform lacks` : '',
			].filter(Boolean);
			lines.push(`  ${table}: DRIFT — ${parts.join('; ')} (${tableSources[table]})`);
		}
	}
	return lines.join('\n');
}
