import { SchemaValidator } from '../../../server/src/core/docsConfig/schemaValidation';
import { languageCodes } from '../../../server/src/core/languageCodes';
import { checkSite } from '../../helpers/siteCheck';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { getLanguageService, TextDocument, type Diagnostic, type JSONSchema } from 'vscode-json-languageservice';

// The schema is checked the way VS Code checks docs.json: through vscode-json-languageservice.
// It is registered both for the file name and under the URL that docs.json files name in `$schema`,
// because the service resolves a document's own `$schema` before any file association.
const repo = path.resolve(__dirname, '../../..');
const schemaPath = path.join(repo, 'schemas/docs.schema.json');
const schemaText = readFileSync(schemaPath, 'utf8');
// The service resolves `$ref`s in place, so it gets its own copy; the tests read this one.
const schema = JSON.parse(schemaText) as JSONSchema & { definitions: Record<string, JSONSchema> };
const service = getLanguageService({});
service.configure({
	validate: true,
	allowComments: false,
	schemas: [{ uri: 'https://mintlify.com/docs.json', fileMatch: ['docs.json'], schema: JSON.parse(schemaText) as JSONSchema }],
});

function open(text: string) {
	const document = TextDocument.create('file:///site/docs.json', 'json', 1, text);
	return { document, json: service.parseJSONDocument(document) };
}

async function validate(text: string): Promise<Diagnostic[]> {
	const { document, json } = open(text);
	return service.doValidation(document, json, { comments: 'error', trailingCommas: 'error', schemaValidation: 'error', schemaRequest: 'error' });
}

const show = (diagnostics: Diagnostic[]) =>
	JSON.stringify(diagnostics.map(d => [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.message]));

async function assertValid(text: string): Promise<void> {
	const diagnostics = await validate(text);
	assert.deepEqual(diagnostics, [], `expected no diagnostics, got ${show(diagnostics)}`);
}

/** Exactly one diagnostic, an error, at `[startLine, startChar, endLine, endChar]`, with a message matching `message`. */
async function assertOneError(text: string, range: [number, number, number, number], message: RegExp): Promise<void> {
	const diagnostics = await validate(text);
	assert.equal(diagnostics.length, 1, `expected one diagnostic, got ${show(diagnostics)}`);
	const [d] = diagnostics;
	assert.deepEqual([d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character], range, show(diagnostics));
	assert.equal(d.severity, 1, 'severity is error');
	assert.match(d.message, message);
}

/** A complete, minimal docs.json around a navigation value. */
function site(navigation: unknown, extra: Record<string, unknown> = {}): string {
	return JSON.stringify(
		{ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, ...extra, navigation },
		null,
		2,
	);
}

const lines = (...xs: string[]) => xs.join('\n') + '\n';

describe('docs.json schema', () => {
	describe('accepts valid configurations with zero diagnostics', () => {
		it('the example site examples/acme/docs.json', async () => {
			await assertValid(readFileSync(path.join(repo, 'examples/acme/docs.json'), 'utf8'));
		});

		it('the same site without $schema (file-name association)', async () => {
			const config = JSON.parse(readFileSync(path.join(repo, 'examples/acme/docs.json'), 'utf8'));
			delete config.$schema;
			await assertValid(JSON.stringify(config, null, 2));
		});

		it('a configuration that sets every documented top-level property', async () => {
			await assertValid(
				site(
					{ groups: [{ group: 'Home', pages: ['index'] }] },
					{
						description: 'Docs for Acme.',
						logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://acme.example.com' },
						favicon: { light: '/favicon.png', dark: '/favicon-dark.png' },
						thumbnails: { appearance: 'dark', background: '/images/thumb.png', fonts: { family: 'Inter' } },
						styling: {
							eyebrows: 'section',
							latex: true,
							codeblocks: { theme: { light: 'github-light', dark: 'github-dark' }, languages: { custom: ['/grammars/acme.json'] } },
						},
						icons: { library: 'lucide' },
						fonts: { heading: { family: 'Playfair Display', weight: 700 }, body: { family: 'Brand', source: '/fonts/brand.woff2', format: 'woff2' } },
						appearance: { default: 'dark', strict: true },
						background: { decoration: 'gradient', color: { light: '#FFFFFF', dark: '#0A0A0A' }, image: '/images/bg.png' },
						navbar: {
							links: [
								{ type: 'github', href: 'https://github.com/acme/sdk' },
								{ label: 'Community', href: 'https://example.com/community', icon: 'users' },
							],
							primary: { type: 'button', label: 'Get started', href: 'https://example.com/signup' },
						},
						footer: {
							socials: { x: 'https://x.com/acme', 'hacker-news': 'https://news.ycombinator.com/user?id=acme' },
							links: [
								{
									header: 'Company',
									items: [
										{ label: 'Blog', href: 'https://example.com/blog' },
										{ label: 'Docs', href: '/docs' },
									],
								},
							],
						},
						banner: { content: 'Version 2 is out. [Read more](/changelog)', dismissible: true, type: 'warning', color: { light: '#B45309', dark: '#92400E' } },
						redirects: [
							{ source: '/old-page', destination: '/new-page' },
							{ source: '/temp', destination: '/dest', permanent: false },
						],
						api: {
							openapi: ['openapi/v1.yaml', { source: 'https://api.example.com/openapi.json', directory: 'api/v2' }],
							asyncapi: 'asyncapi.yaml',
							params: { expanded: 'all', post: ['x-badge'] },
							playground: { display: 'auth', proxy: false, credentials: true },
							examples: { languages: ['bash', 'python'], defaults: 'required', prefill: true, autogenerate: false },
							url: 'full',
							mdx: { auth: { method: 'bearer', name: 'Authorization' }, server: 'https://api.example.com' },
						},
						seo: {
							indexing: 'all',
							metatags: { 'og:site_name': 'Acme Docs' },
							organization: { name: 'Acme', url: 'https://acme.example.com', sameAs: ['https://x.com/acme'] },
						},
						search: { prompt: 'Search the docs...' },
						interaction: { drilldown: true },
						contextual: {
							options: [
								'copy',
								'view',
								'chatgpt',
								{
									title: 'Ask in Slack',
									description: 'Share this page',
									icon: 'slack',
									href: { base: 'https://slack.com/share', query: [{ key: 'text', value: '$page' }] },
								},
							],
							display: 'toc',
						},
						integrations: {
							ga4: { measurementId: 'G-ABC123' },
							posthog: { apiKey: 'phc_abc', sessionRecording: true },
							plausible: { domain: 'docs.acme.com' },
							telemetry: { enabled: false },
							cookies: { key: 'consent', value: 'yes' },
						},
						errors: { 404: { redirect: false, title: 'Not found', description: 'Try the [home page](/).' } },
						metadata: { timestamp: true },
						variables: { version: '2.0.0', 'api-url': 'https://api.example.com' },
						markdown: { schema: false, instructions: ['Prefer the CLI.', 'Use v2 endpoints.'] },
					},
				),
			);
		});

		const shapes: Array<[string, unknown]> = [
			['a flat list of pages', { pages: ['settings', 'pages', 'navigation'] }],
			[
				'nested groups with expanded, icon and tag',
				{
					groups: [
						{
							group: 'Getting started',
							icon: 'play',
							pages: [
								'quickstart',
								{ group: 'Editing', expanded: false, icon: 'pencil', pages: ['installation', { group: 'Deeper', expanded: true, pages: ['editor'] }] },
							],
						},
						{ group: 'Writing content', icon: 'notebook-text', tag: 'NEW', pages: ['writing-content/page'] },
					],
				},
			],
			[
				'a group with a root page and directory listings',
				{
					groups: [
						{
							group: 'Help Center',
							root: 'help/index',
							directory: 'accordion',
							pages: [{ group: 'API', root: 'help/api/index', directory: 'none', pages: ['help/api/overview'] }],
						},
					],
				},
			],
			[
				'groups with hidden, public, boost, searchable and an icon object',
				{
					groups: [
						{
							group: 'Public',
							public: true,
							boost: 3,
							hidden: true,
							searchable: true,
							icon: { name: 'rocket', style: 'duotone', library: 'fontawesome' },
							pages: ['a'],
						},
					],
				},
			],
			[
				'tabs with pages, groups and an external href',
				{
					tabs: [
						{ tab: 'API reference', icon: 'square-terminal', pages: ['api-reference/get'] },
						{ tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }] },
						{ tab: 'Blog', icon: 'newspaper', href: 'https://external-link.com/blog' },
					],
				},
			],
			[
				'a tab with a menu',
				{
					tabs: [
						{
							tab: 'Developer tools',
							icon: 'square-terminal',
							menu: [
								{ item: 'API reference', icon: 'rocket', groups: [{ group: 'Core endpoints', pages: ['api-reference/get'] }] },
								{ item: 'SDKs', icon: 'code', description: 'SDKs are used to interact with the API.', pages: ['sdk/fetch'] },
								{ item: 'Changelog', href: 'https://example.com/changelog' },
							],
						},
					],
				},
			],
			[
				'tabs containing anchors, and a hidden searchable tab',
				{
					tabs: [
						{ tab: 'Documentation', anchors: [{ anchor: 'Guides', icon: 'book-open', pages: ['quickstart'] }] },
						{ tab: 'Storage', hidden: true, searchable: true, align: 'end', groups: [{ group: 'Buckets', pages: ['storage/create'] }] },
					],
				},
			],
			[
				'anchors with groups, pages, tabs and links',
				{
					anchors: [
						{ anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'Start', pages: ['index'] }] },
						{ anchor: 'API', color: { light: '#FF0000', dark: '#00FF00' }, pages: ['api/overview'] },
						{ anchor: 'Platform', tabs: [{ tab: 'Guides', pages: ['quickstart'] }] },
						{ anchor: 'Community', icon: 'users', href: 'https://community.example.com' },
					],
				},
			],
			[
				'global anchors beside tabs, with external and relative hrefs',
				{
					global: {
						anchors: [
							{ anchor: 'Changelog', icon: 'list', href: '/changelog' },
							{ anchor: 'Blog', icon: 'pencil', href: 'https://mintlify.com/blog' },
						],
					},
					tabs: [{ tab: 'Docs', pages: ['index'] }],
				},
			],
			[
				'every kind of global entry',
				{
					global: {
						anchors: [{ anchor: 'Status', href: 'https://status.example.com' }],
						tabs: [{ tab: 'Blog', href: 'https://example.com/blog' }],
						dropdowns: [{ dropdown: 'Partners', href: 'https://partners.example.com' }],
						languages: [{ language: 'fr', href: 'https://fr.example.com' }],
						versions: [{ version: 'v1', href: 'https://v1.example.com' }],
						products: [{ product: 'Console', description: 'Admin console', icon: 'terminal' }],
					},
					pages: ['index'],
				},
			],
			[
				'dropdowns with pages and a link',
				{
					dropdowns: [
						{ dropdown: 'Documentation', icon: 'book-open', pages: ['quickstart'] },
						{ dropdown: 'Blog', href: 'https://external-link.com/blog' },
					],
				},
			],
			[
				'products with groups, pages, tabs, a menu and a link',
				{
					products: [
						{ product: 'Core API', description: 'Core API description', icon: 'api', groups: [{ group: 'Getting started', pages: ['core-api/quickstart'] }] },
						{ product: 'Analytics', icon: 'chart-bar', pages: ['analytics/overview'] },
						{ product: 'Platform', tabs: [{ tab: 'Documentation', menu: [{ item: 'Setup', groups: [{ group: 'Install', pages: ['platform/install'] }] }] }] },
						{ product: 'Suite', menu: [{ item: 'Guides', pages: ['suite/guide'] }] },
						{ product: 'Mobile SDK', icon: 'smartphone', href: 'https://mobile-sdk-docs.example.com' },
					],
				},
			],
			[
				'versions with default and tag, one holding tabs',
				{
					versions: [
						{ version: '1.0.0', groups: [{ group: 'Getting started', pages: ['v1/overview'] }] },
						{ version: '2.0.0', default: true, tag: 'Latest', tabs: [{ tab: 'Documentation', pages: ['v2/overview'] }] },
					],
				},
			],
			[
				'languages with banner, footer and navbar overrides',
				{
					languages: [
						{
							language: 'en',
							banner: { content: 'Version 2.0 is live! See the [changelog](/en/changelog).', dismissible: true },
							footer: {
								socials: { x: 'https://x.com/mintlify' },
								links: [{ header: 'Resources', items: [{ label: 'Blog', href: 'https://mintlify.com/blog' }] }],
							},
							navbar: { links: [{ label: 'Docs', href: '/en/docs' }], primary: { type: 'button', label: 'Get Started', href: '/en/quickstart' } },
							groups: [{ group: 'Getting started', pages: ['en/overview'] }],
						},
						{ language: 'zh-Hant', default: false, groups: [{ group: '開始', pages: ['zh/overview'] }] },
						{ language: 'pt-BR', hidden: true, pages: ['pt/overview'] },
					],
				},
			],
			[
				'openapi as a string or an object on tabs, anchors and groups',
				{
					tabs: [
						{
							tab: 'API',
							openapi: 'openapi.json',
							groups: [
								{
									group: 'Users',
									openapi: { source: 'https://api.example.com/openapi.yaml', directory: 'api-reference' },
									pages: ['GET /users', 'POST /users'],
								},
							],
						},
						{ tab: 'More', anchors: [{ anchor: 'Webhooks', openapi: '/specs/webhooks.json', pages: ['webhooks/overview'] }] },
					],
				},
			],
			['a group with openapi and no pages (every endpoint is generated)', { groups: [{ group: 'API reference', openapi: 'openapi.yaml' }] }],
			['pages that reference endpoints of named documents', { groups: [{ group: 'Mixed', pages: ['api/v1.json GET /users', 'api/v2.json POST /orders'] }] }],
			[
				'graphql and sdk tabs',
				{
					tabs: [
						{ tab: 'GraphQL API', graphql: { source: 'schema.graphql', directory: 'api/graphql' } },
						{ tab: 'TypeScript SDK', sdk: { format: 'typedoc', source: 'sdk-artifacts/typedoc.json', directory: 'sdk/typescript' } },
					],
				},
			],
			[
				'$ref in place of the navigation, a container, array items and a page entry',
				{
					tabs: [
						{ $ref: './nav/guides-tab.json' },
						{ tab: 'API', groups: { $ref: './nav/api-groups.json' } },
						{ tab: 'SDKs', groups: [{ $ref: './nav/sdk-group.json' }, { group: 'Extra', pages: ['a', { $ref: './nav/nested.json' }] }] },
						{ $ref: './nav/merged-tab.json', icon: 'code' },
					],
				},
			],
		];
		for (const [name, navigation] of shapes) {
			it(name, async () => {
				await assertValid(site(navigation));
			});
		}

		it('$ref objects for top-level values, with merged sibling keys', async () => {
			await assertValid(
				JSON.stringify(
					{
						theme: 'maple',
						name: 'Acme',
						colors: { primary: '#fff' },
						navigation: { $ref: './config/navigation.json' },
						appearance: { $ref: './config/appearance.json', strict: true },
						navbar: { $ref: './config/navbar.json' },
						footer: { $ref: './config/footer.json' },
						redirects: { $ref: './config/redirects.json' },
					},
					null,
					2,
				),
			);
		});
	});

	describe('reports invalid values at the exact range', () => {
		const head = ['{', '  "theme": "mint",', '  "name": "Acme",', '  "colors": { "primary": "#0D9373" },'];

		it('colors.primary that is not a hex color', async () => {
			const text = lines('{', '  "theme": "mint",', '  "name": "Acme",', '  "colors": { "primary": "red" },', '  "navigation": { "pages": ["index"] }', '}');
			await assertOneError(text, [3, 25, 3, 30], /hex color/);
		});

		it('colors.primary with an alpha channel (only 3 or 6 hex digits are accepted)', async () => {
			const text = lines(
				'{',
				'  "theme": "mint",',
				'  "name": "Acme",',
				'  "colors": { "primary": "#0D9373AA" },',
				'  "navigation": { "pages": ["index"] }',
				'}',
			);
			await assertOneError(text, [3, 25, 3, 36], /hex color/);
		});

		it('colors.primary of the wrong type', async () => {
			const text = lines('{', '  "theme": "mint",', '  "name": "Acme",', '  "colors": { "primary": 255 },', '  "navigation": { "pages": ["index"] }', '}');
			await assertOneError(text, [3, 25, 3, 28], /Incorrect type. Expected "string"/);
		});

		it('a theme that does not exist', async () => {
			const text = lines(
				'{',
				'  "theme": "mintt",',
				'  "name": "Acme",',
				'  "colors": { "primary": "#0D9373" },',
				'  "navigation": { "pages": ["index"] }',
				'}',
			);
			await assertOneError(text, [1, 11, 1, 18], /Valid values: "mint", "maple"/);
		});

		it('expanded that is not a boolean, in a nested group', async () => {
			const text = lines(
				...head,
				'  "navigation": {',
				'    "groups": [',
				'      { "group": "Guides", "pages": ["index", { "group": "Nested", "expanded": "yes", "pages": ["a"] }] }',
				'    ]',
				'  }',
				'}',
			);
			await assertOneError(text, [6, 79, 6, 84], /Incorrect type. Expected "boolean"/);
		});

		it('styling.eyebrows outside section | breadcrumbs', async () => {
			const text = lines(...head, '  "styling": { "eyebrows": "crumbs" },', '  "navigation": { "pages": ["index"] }', '}');
			await assertOneError(text, [4, 27, 4, 35], /Valid values: "section", "breadcrumbs"/);
		});

		it('interaction.drilldown given as the string "true"', async () => {
			const text = lines(...head, '  "interaction": { "drilldown": "true" },', '  "navigation": { "pages": ["index"] }', '}');
			await assertOneError(text, [4, 32, 4, 38], /Incorrect type. Expected "boolean"/);
		});

		it('an unknown key inside a navigation element: a warning, since the platform strips keys it does not know', async () => {
			const text = lines(...head, '  "navigation": {', '    "tabs": [{ "tab": "Docs", "pages": ["index"], "colour": "red" }]', '  }', '}');
			// As `mintdoc check` reports it (the editor shows VS Code's own schema validation).
			const diagnostics = await new SchemaValidator().validate(TextDocument.create('file:///site/docs.json', 'json', 1, text));
			assert.deepEqual(
				diagnostics.map(d => [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.severity]),
				[[5, 50, 5, 58, 2]],
			);
			assert.match(diagnostics[0].message, /Property colour is not allowed\. The platform ignores it\./);
		});

		it("a $schema that is not a URL (the platform's validator rejects it; the JSON service takes $schema as a schema reference)", async () => {
			const text = lines('{', '  "$schema": "docs",', ...head.slice(1), '  "navigation": { "pages": ["index"] }', '}');
			const diagnostics = await new SchemaValidator().validate(TextDocument.create('file:///site/docs.json', 'json', 1, text));
			assert.deepEqual(
				diagnostics.map(d => [d.range.start.line, d.range.start.character, d.severity, d.code]),
				[[1, 13, 1, 'schema']],
			);
		});

		it('a navbar link of a type other than github or discord, with a label (the platform accepts it)', async () => {
			const text = lines(
				...head,
				'  "navbar": { "links": [{ "type": "button", "label": "Sign up", "href": "https://example.com" }] },',
				'  "navigation": { "pages": ["index"] }',
				'}',
			);
			assert.deepEqual(await validate(text), []);
		});

		it('a missing required top-level field', async () => {
			const text = lines('{', '  "theme": "mint",', '  "colors": { "primary": "#0D9373" },', '  "navigation": { "pages": ["index"] }', '}');
			await assertOneError(text, [0, 0, 0, 1], /Missing property "name"/);
		});
	});

	describe('leaves to the language server what it reports with a better range, message and quick fix', () => {
		const head = ['{', '  "theme": "mint",', '  "name": "Acme",', '  "colors": { "primary": "#0D9373" },'];
		const cases: [string, string[], string][] = [
			[
				'a language code outside the supported list ("zh-SG")',
				['  "navigation": {', '    "languages": [', '      { "language": "zh-SG", "pages": ["index"] }', '    ]', '  }', '}'],
				'nav-language-code',
			],
			[
				'a group without pages',
				['  "navigation": {', '    "groups": [', '      { "group": "Guides", "icon": "book" }', '    ]', '  }', '}'],
				'nav-missing-field',
			],
			[
				'a nested group without pages',
				['  "navigation": {', '    "groups": [', '      { "group": "Guides", "pages": ["index", { "group": "Nested" }] }', '    ]', '  }', '}'],
				'nav-missing-field',
			],
			['a tab without tab', ['  "navigation": {', '    "tabs": [', '      { "icon": "code", "pages": ["index"] }', '    ]', '  }', '}'], 'nav-missing-field'],
			[
				'a global anchor without href',
				['  "navigation": {', '    "global": { "anchors": [{ "anchor": "Blog" }] },', '    "pages": ["index"]', '  }', '}'],
				'nav-missing-field',
			],
			['a $ref that is not a relative path', ['  "navigation": { "$ref": "https://example.com/nav.yaml" }', '}'], 'ref-invalid'],
		];
		for (const [name, rest, code] of cases) {
			it(name, async () => {
				const text = lines(...head, ...rest);
				await assertValid(text);
				const server = await checkSite({ 'docs.json': text, 'index.mdx': '# Home' });
				// #0D9373 on white fails WCAG AA (a11y-contrast, tested on its own): only the navigation finding counts here.
				assert.deepEqual(
					server['docs.json'].map(d => d.code).filter(c => !String(c).startsWith('a11y-')),
					[code],
				);
			});
		}
	});

	it('does not flag unknown top-level keys (the server reports them as warnings itself)', async () => {
		await assertValid(
			lines(
				'{',
				'  "theme": "mint",',
				'  "name": "Acme",',
				'  "colors": { "primary": "#0D9373" },',
				'  "customThing": { "any": [1, 2] },',
				'  "navigation": { "pages": ["index"] }',
				'}',
			),
		);
	});

	describe('hover', () => {
		async function hoverText(text: string, line: number, character: number): Promise<string> {
			const { document, json } = open(text);
			const hover = await service.doHover(document, { line, character }, json);
			assert.ok(hover, 'a hover is returned');
			const contents = hover.contents;
			return (Array.isArray(contents) ? contents : [contents]).map(c => (typeof c === 'string' ? c : c.value)).join('\n');
		}
		const text = lines(
			'{',
			'  "theme": "mint",',
			'  "name": "Acme",',
			'  "colors": { "primary": "#0D9373" },',
			'  "interaction": { "drilldown": false },',
			'  "navigation": { "pages": ["index"] }',
			'}',
		);

		it('on "theme" shows the theme description', async () => {
			const shown = await hoverText(text, 1, 5);
			const expected = schema.definitions.theme.markdownDescription as string;
			assert.ok(expected.length > 40);
			assert.ok(shown.includes(expected), shown);
		});

		it('on "drilldown" shows the drilldown description', async () => {
			const shown = await hoverText(text, 4, 22);
			const interaction = schema.definitions.interaction as { properties: Record<string, JSONSchema> };
			const expected = interaction.properties.drilldown.markdownDescription as string;
			assert.match(expected, /first page/);
			assert.ok(shown.includes(expected), shown);
		});
	});

	describe('completion', () => {
		async function labelsAt(text: string, line: number, character: number): Promise<string[]> {
			const { document, json } = open(text);
			const list = await service.doComplete(document, { line, character }, json);
			assert.ok(list, 'a completion list is returned');
			return list.items.map(item => item.label);
		}

		it('leaves navigation child keys to the server (it offers only those valid at the position), and offers global', async () => {
			const text = lines('{', '  "theme": "mint",', '  "name": "Acme",', '  "colors": { "primary": "#0D9373" },', '  "navigation": {  }', '}');
			const labels = await labelsAt(text, 4, 17);
			for (const key of ['groups', 'tabs', 'anchors', 'pages', 'dropdowns', 'products', 'versions', 'languages']) {
				assert.ok(!labels.includes(key), `${key} is proposed by the schema too: ${labels.join(', ')}`);
			}
			assert.ok(labels.includes('global'), labels.join(', '));
			assert.ok(!labels.includes('$ref'), '$ref is accepted but not proposed');
		});

		it('offers a new-group snippet inside "groups": [ ]', async () => {
			const text = lines('{', '  "theme": "mint",', '  "name": "Acme",', '  "colors": { "primary": "#0D9373" },', '  "navigation": { "groups": [  ] }', '}');
			const labels = await labelsAt(text, 4, 29);
			assert.ok(labels.includes('New group'), labels.join(', '));
		});

		it('offers the themes as values of "theme"', async () => {
			const text = lines('{', '  "theme": ,', '  "name": "Acme"', '}');
			const labels = await labelsAt(text, 1, 11);
			for (const theme of ['"mint"', '"maple"', '"luma"']) assert.ok(labels.includes(theme), labels.join(', '));
		});
	});

	describe('the schema itself', () => {
		type Node = Record<string, unknown>;
		const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && !Array.isArray(x);
		const root = schema as unknown as Node;
		const definitions = schema.definitions as Record<string, Node>;
		const described = (node: Node) =>
			typeof node.markdownDescription === 'string' &&
			node.markdownDescription.length > 0 &&
			typeof node.description === 'string' &&
			node.description.length > 0;
		const refTarget = (ref: string) => definitions[ref.replace('#/definitions/', '')];

		/** Visits every schema reachable from `node`, with its JSON path. */
		function walk(node: Node, at: string, visit: (node: Node, at: string) => void): void {
			visit(node, at);
			for (const key of ['properties', 'patternProperties', 'definitions']) {
				const map = node[key];
				if (isNode(map)) for (const [name, child] of Object.entries(map)) if (isNode(child)) walk(child, `${at}/${key}/${name}`, visit);
			}
			// `if` schemas are conditions (their properties only test values), not places where properties are declared.
			for (const key of ['items', 'additionalProperties', 'propertyNames', 'not', 'then', 'else']) {
				if (isNode(node[key])) walk(node[key] as Node, `${at}/${key}`, visit);
			}
			for (const key of ['anyOf', 'oneOf', 'allOf']) {
				const list = node[key];
				if (Array.isArray(list)) list.forEach((child, i) => isNode(child) && walk(child, `${at}/${key}/${i}`, visit));
			}
		}

		it('gives every property and definition a description and a markdownDescription', () => {
			const missing: string[] = [];
			walk(root, '#', (node, at) => {
				const isProperty = /\/(properties|definitions)\/[^/]+$/.test(at);
				if (!isProperty) return;
				// A property that only points at a definition takes that definition's text (the service merges it in).
				const target = typeof node.$ref === 'string' ? refTarget(node.$ref) : undefined;
				if (!described(node) && !(target && described(target))) missing.push(at);
			});
			assert.deepEqual(missing, []);
		});

		it('resolves every $ref and uses every definition', () => {
			const used = new Set<string>();
			const broken: string[] = [];
			walk(root, '#', (node, at) => {
				if (typeof node.$ref !== 'string') return;
				const name = node.$ref.replace('#/definitions/', '');
				used.add(name);
				if (!node.$ref.startsWith('#/definitions/') || !definitions[name]) broken.push(`${at} -> ${node.$ref}`);
			});
			assert.deepEqual(broken, []);
			assert.deepEqual(
				Object.keys(definitions).filter(name => !used.has(name)),
				[],
			);
		});

		it('allows unknown keys at the top level only, and lists the spec language codes', () => {
			assert.equal(schema.additionalProperties, true);
			for (const code of languageCodes) assert.ok(String(definitions.languageCode.markdownDescription).includes(`\`${code}\``), code);
			for (const name of ['group', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'menuItem', 'navigation']) {
				assert.equal(definitions[name].additionalProperties, false, `${name} is closed`);
			}
		});
	});
});
