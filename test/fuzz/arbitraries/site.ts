import fc from 'fast-check';
import { docsJsonFiles, pagePool, plainDocsJson } from './docsJson';
import { mdxPage } from './mdx';
import { openApiText } from './openapi';

/** A fuzzed site: its files (paths relative to the workspace root) and the files whose editor features are probed. */
export interface FuzzSite {
	readonly files: Readonly<Record<string, string>>;
	readonly probe: readonly string[];
}

/** A valid spec with the pool's operations, a webhook and a schema: what fuzzed pages and configurations point at. */
export const validSpec = [
	'openapi: 3.1.0',
	'info: { title: Pets, version: "1" }',
	'servers: [{ url: "https://api.example.com" }]',
	'paths:',
	'  /pets:',
	'    get: { summary: List pets, responses: { "200": { description: ok } } }',
	'    post: { summary: Create a pet, responses: { "201": { description: ok } } }',
	'  /pets/{petId}:',
	'    get: { summary: Get a pet, parameters: [{ name: petId, in: path, required: true, schema: { type: string } }], responses: { "200": { description: ok } } }',
	'    delete: { x-hidden: true, parameters: [{ name: petId, in: path, required: true, schema: { type: string } }], responses: { "204": { description: ok } } }',
	'webhooks:',
	'  petAdopted:',
	'    post: { summary: Adopted, responses: { "200": { description: ok } } }',
	'components:',
	'  schemas:',
	'    Pet: { type: object, properties: { id: { type: string }, owner: { $ref: "#/components/schemas/Pet" } } }',
	'',
].join('\n');

const validPage = (path: string) =>
	`---\ntitle: ${path}\ndescription: About ${path}\n---\n\n# Overview\n\n## Install\n\nSee [the quickstart](/quickstart#overview) and <Card title="Setup" href="/guides/setup">x</Card>.\n`;
const validPages = Object.fromEntries(pagePool.map(path => [`${path}.mdx`, validPage(path)]));

/** Fuzzed docs.json (and `$ref` files) over valid pages and a valid spec. */
export const docsJsonSite: fc.Arbitrary<FuzzSite> = docsJsonFiles.map(config => ({
	files: { ...validPages, 'openapi.yaml': validSpec, ...config },
	probe: Object.keys(config),
}));

/** Fuzzed MDX pages (one to three of the pool, maybe a snippet) in a valid site with a valid spec. */
export const mdxSite: fc.Arbitrary<FuzzSite> = fc
	.record({
		pages: fc.uniqueArray(fc.constantFrom(...pagePool), { minLength: 1, maxLength: 3 }),
		texts: fc.array(mdxPage, { minLength: 3, maxLength: 3 }),
		extension: fc.constantFrom('.mdx', '.mdx', '.md'),
	})
	.map(({ pages, texts, extension }) => {
		const fuzzed = Object.fromEntries(pages.map((path, i) => [`${path}${extension}`, texts[i]]));
		const files: Record<string, string> = { 'docs.json': plainDocsJson('openapi.yaml'), 'openapi.yaml': validSpec, ...validPages };
		// A `.md` page replaces its `.mdx` twin rather than sitting beside it.
		for (const path of Object.keys(fuzzed)) delete files[path.replace(/\.md$/, '.mdx')];
		return { files: { ...files, ...fuzzed }, probe: Object.keys(fuzzed) };
	});

/** A fuzzed OpenAPI document that docs.json, a navigation tab and a page's frontmatter all use. */
export const openApiSite: fc.Arbitrary<FuzzSite> = fc.record({ spec: openApiText, second: fc.boolean() }).map(({ spec, second }) => {
	const file = spec.format === 'json' ? 'openapi.json' : 'openapi.yaml';
	const files: Record<string, string> = {
		...validPages,
		'docs.json': plainDocsJson(file),
		[file]: spec.text,
		'api/intro.mdx': `---\ntitle: Intro\nopenapi: "${file} GET /pets"\n---\n\nSee <ParamField path="petId" type="string">x</ParamField>.\n`,
		'guides/advanced.mdx': `---\nopenapi: ${file} webhook petAdopted\nopenapi-schema: Pet\n---\n`,
	};
	// A second document makes entries ambiguous and frontmatter need its file prefix.
	if (second) files['specs/v2.yaml'] = validSpec;
	return { files, probe: [file, 'docs.json', 'api/intro.mdx'] };
});
