import fc from 'fast-check';
import { stringify } from 'yaml';
import { anyText, applyTextMutations, textMutations } from './text';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const schemaRef = fc.oneof(
	fc.constantFrom('Pet', 'User', 'A', 'B', 'Self', 'Deep', 'Missing').map(ref),
	fc
		.constantFrom(
			'#/components/schemas',
			'#',
			'#/paths/~1pets',
			'other.yaml#/Pet',
			'https://example.com/s.json',
			'#/components/schemas/Pet/properties/owner',
			'',
			'#/%ZZ',
		)
		.map(r => ({ $ref: r })),
);
const schema: fc.Arbitrary<Json> = fc.letrec<{ schema: Json }>(tie => ({
	schema: fc.oneof(
		{ depthSize: 'small' },
		fc.constantFrom({ type: 'string' }, { type: 'integer', format: 'int64' }, { type: ['string', 'null'] }, { type: 'nonsense' }, {}, true, null),
		schemaRef,
		fc.record(
			{
				type: fc.constant('object'),
				properties: fc.dictionary(fc.constantFrom('id', 'name', 'owner', 'tags', '', '$ref'), tie('schema'), { maxKeys: 3 }),
				required: fc.array(fc.constantFrom('id', 'name', 'ghost'), { maxLength: 2 }),
			},
			{ requiredKeys: ['type'] },
		),
		fc.record({ type: fc.constant('array'), items: tie('schema') }),
		fc.record({ allOf: fc.array(tie('schema'), { maxLength: 2 }) }),
		fc.record({ oneOf: fc.array(tie('schema'), { maxLength: 2 }), discriminator: fc.constant({ propertyName: 'kind' }) }, { requiredKeys: ['oneOf'] }),
	) as fc.Arbitrary<Json>,
})).schema;

/** Schemas nested `depth` levels, by object properties or array items (shrinks toward shallow). */
function deepSchema(depth: number, viaItems: boolean): Json {
	let value: Json = { type: 'string' };
	for (let i = 0; i < depth; i++) value = viaItems ? { type: 'array', items: value } : { type: 'object', properties: { [`level${i}`]: value } };
	return value;
}

const methods = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head', 'trace', 'GET', 'fetch', 'parameters', 'summary', '$ref'];
const operation = fc.record(
	{
		summary: fc.oneof(fc.constantFrom('List pets', 'Create a pet'), anyText),
		description: anyText,
		operationId: fc.constantFrom('listPets', 'createPet', 'listPets', ''),
		deprecated: fc.oneof(fc.boolean(), fc.constant('yes')),
		'x-hidden': fc.boolean(),
		'x-mint': fc.oneof(
			fc.record(
				{ metadata: fc.record({ title: anyText }), href: fc.constantFrom('/custom', 'javascript:x'), content: fc.constantFrom('<Note>hi</Note>', '<Card') },
				{ requiredKeys: [] },
			),
			anyText,
		),
		parameters: fc.array(
			fc.oneof(
				fc.record(
					{ name: fc.constantFrom('petId', 'id', 'limit'), in: fc.constantFrom('path', 'query', 'header', 'nowhere'), required: fc.boolean(), schema },
					{ requiredKeys: ['name', 'in'] },
				),
				fc.constant({ $ref: '#/components/parameters/Missing' }),
			),
			{ maxLength: 2 },
		),
		requestBody: fc.record({ content: fc.record({ 'application/json': fc.record({ schema }) }) }),
		responses: fc.oneof(
			fc.dictionary(
				fc.constantFrom('200', '201', '404', 'default', '2XX', 'abc'),
				fc.record({ description: fc.constant('ok'), content: fc.record({ 'application/json': fc.record({ schema }) }) }, { requiredKeys: ['description'] }),
				{ maxKeys: 2 },
			),
			fc.constant(null),
		),
		servers: fc.array(fc.record({ url: fc.constantFrom('https://api.example.com', '/v2', '', '{scheme}://x') }), { maxLength: 2 }),
		security: fc.array(fc.constant({ bearer: [] }), { maxLength: 1 }),
	},
	{ requiredKeys: ['responses'] },
) as unknown as fc.Arbitrary<Json>;

const pathKey = fc.oneof(
	fc.constantFrom('/pets', '/pets/{petId}', '/users/{id}', '/pets/', 'pets', '/a/{b}/{b}', '/{', '/'),
	anyText.map(t => `/${t}`),
);
const pathItem = fc.dictionary(
	fc.constantFrom(...methods),
	fc.oneof({ weight: 5, arbitrary: operation }, { weight: 1, arbitrary: fc.constantFrom(null, 'x', [] as Json, 1) }),
	{ minKeys: 0, maxKeys: 4 },
);

/** A document shaped like an OpenAPI 3.0/3.1 one (sometimes Swagger 2.0 or no version), with sections missing at random. */
const document = fc
	.record({
		version: fc.constantFrom('3.0.3', '3.1.0', '3.1.0', '3.0.0', '2.0', 'none', '4.0', 'number'),
		info: fc.oneof(fc.constant({ title: 'Pets', version: '1.0' }), fc.record({ title: anyText }), fc.constant(null)),
		servers: fc.array(fc.record({ url: fc.constantFrom('https://api.example.com', 'http://127.0.0.1:1') }), { maxLength: 2 }),
		paths: fc.oneof(
			{ weight: 6, arbitrary: fc.dictionary(pathKey, pathItem, { maxKeys: 5 }) },
			{ weight: 1, arbitrary: fc.constantFrom(null, [] as Json, 'paths') },
		),
		webhooks: fc.dictionary(fc.constantFrom('petAdopted', 'paid', 'petAdopted ', ''), fc.record({ post: operation }), { maxKeys: 2 }),
		schemas: fc.dictionary(fc.constantFrom('Pet', 'User', 'Error', 'Deep'), schema, { maxKeys: 4 }),
		cycle: fc.constantFrom('none', 'none', 'pair', 'self', 'allOf'),
		deep: fc.oneof(
			{ weight: 8, arbitrary: fc.constant(0) },
			{ weight: 2, arbitrary: fc.constantFrom(20, 200) },
			{ weight: 1, arbitrary: fc.constantFrom(1000) },
		),
		deepViaItems: fc.boolean(),
		securitySchemes: fc.constant({ bearer: { type: 'http', scheme: 'bearer' } }),
		omit: fc.subarray(['info', 'paths', 'components', 'servers', 'webhooks', 'openapi']),
		extraTop: fc.option(fc.tuple(fc.constantFrom('swagger', 'x-mint', 'tags', '$ref', 'jsonSchemaDialect'), fc.oneof(anyText, fc.constant({ $ref: '#' }))), {
			nil: undefined,
		}),
	})
	.map(d => {
		const schemas: Record<string, Json> = { ...d.schemas };
		if (d.cycle === 'pair') Object.assign(schemas, { A: { type: 'object', properties: { b: ref('B') } }, B: { type: 'object', properties: { a: ref('A') } } });
		if (d.cycle === 'self') schemas.Self = { type: 'object', properties: { next: ref('Self') } };
		if (d.cycle === 'allOf') Object.assign(schemas, { A: { allOf: [ref('B')] }, B: { allOf: [ref('A')] } });
		if (d.deep) schemas.Deep = deepSchema(d.deep, d.deepViaItems);
		const version: Json = d.version === 'none' ? null : d.version === 'number' ? 3.1 : d.version;
		const full: Record<string, Json> = {
			...(d.version === '2.0' ? { swagger: '2.0' } : { openapi: version }),
			info: d.info,
			servers: d.servers,
			paths: d.paths,
			webhooks: d.webhooks,
			components: { schemas, securitySchemes: d.securitySchemes },
		};
		for (const key of d.omit) delete full[key];
		if (d.extraTop) full[d.extraTop[0]] = d.extraTop[1];
		return full;
	});

/** An OpenAPI document's text, JSON or YAML, with text damage on top; its file name picks the format the core expects. */
export const openApiText = fc
	.record({ document, format: fc.constantFrom('json', 'yaml', 'yaml-flow'), edits: textMutations })
	.map(({ document, format, edits }) => {
		// Block-style YAML of a 1,000-level schema is megabytes of indentation: deep documents are written as flow YAML (JSON), which is still YAML.
		const deep = JSON.stringify(document).length > 8_000;
		const text =
			format === 'json' || format === 'yaml-flow' || deep
				? JSON.stringify(document, null, format === 'json' && !deep ? 2 : undefined)
				: stringify(document, { aliasDuplicateObjects: false });
		return { text: applyTextMutations(text, edits), format: format === 'json' ? ('json' as const) : ('yaml' as const) };
	});
