import fc from 'fast-check';
import { anyText, applyTextMutations, oddText, textMutations } from './text';

/** Pages every fuzzed site may hold (test/fuzz/arbitraries/site.ts writes some of them). */
export const pagePool = ['index', 'quickstart', 'guides/setup', 'guides/advanced', 'api/intro', 'snippets/note'] as const;
/** Operations the fuzzed specs usually define, so entries and frontmatter resolve some of the time. */
export const operationPool = ['GET /pets', 'POST /pets', 'GET /pets/{petId}', 'DELETE /pets/{petId}', 'GET /users/{id}'] as const;
export const specFiles = ['openapi.yaml', 'openapi.json', 'specs/v2.yaml'] as const;

const languageCodes = ['en', 'fr', 'de', 'cn', 'zh', 'pt-BR', 'jp', 'es', 'xx', ''];
const themes = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma', 'nope'];

/** A navigation page entry: usually a pool page, sometimes a wrong or odd one, or an endpoint. */
const pageEntry: fc.Arbitrary<string> = fc.oneof(
	{ weight: 6, arbitrary: fc.constantFrom(...pagePool) },
	{ weight: 2, arbitrary: fc.constantFrom(...operationPool) },
	{ weight: 1, arbitrary: fc.tuple(fc.constantFrom(...specFiles, 'missing.yaml'), fc.constantFrom(...operationPool)).map(([f, o]) => `${f} ${o}`) },
	{
		weight: 1,
		arbitrary: fc.constantFrom(
			'/index',
			'index.mdx',
			'guides/setp',
			'get /pets',
			'FETCH /pets',
			'GET /pets/',
			'GET /pets/{id}',
			'webhook paid',
			'',
			' ',
			'../outside',
			'guides/',
		),
	},
	{ weight: 1, arbitrary: anyText },
);

const openapiValue = fc.oneof(
	fc.constantFrom(...specFiles, 'missing.yaml', '/openapi', 'openapi', 'https://127.0.0.1:1/spec.yaml'),
	fc.record(
		{ source: fc.constantFrom(...specFiles, 'missing.yaml'), directory: fc.option(fc.constantFrom('api-reference', 'api', ''), { nil: undefined }) },
		{ requiredKeys: ['source'] },
	),
	fc.array(fc.constantFrom(...specFiles), { maxLength: 3 }),
);

const common = {
	icon: fc.constantFrom('book', '', 'rocket', 'https://example.com/i.svg'),
	href: fc.constantFrom('https://example.com', '/guides/setup', 'quickstart', 'javascript:alert(1)', ''),
	openapi: openapiValue,
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A navigation element tree shaped like the spec's table, with nesting and the optional fields. */
const navigation = fc.letrec<{ group: Json; children: Json; nav: Json }>(tie => {
	const list = (kind: string, name: fc.Arbitrary<string>) =>
		fc.array(
			fc
				.tuple(name, tie('children'), fc.record({ icon: common.icon, href: common.href, openapi: common.openapi }, { requiredKeys: [] }))
				.map(([n, c, extra]) => ({ [kind]: n, ...(c as object), ...extra })),
			{ minLength: 1, maxLength: 3 },
		);
	return {
		group: fc.record(
			{
				group: fc.oneof(fc.constantFrom('Getting started', 'API', 'Guides'), anyText),
				pages: fc.array(fc.oneof({ weight: 4, arbitrary: pageEntry }, { weight: 1, arbitrary: tie('group') }), { maxLength: 5 }),
				icon: common.icon,
				expanded: fc.boolean(),
				tag: fc.constantFrom('NEW', 'beta'),
				openapi: common.openapi,
				root: fc.constantFrom(...pagePool),
			},
			{ requiredKeys: ['group', 'pages'] },
		) as fc.Arbitrary<Json>,
		// Children of an element: one kind per level (a mixed level is a mutation's job).
		children: fc.oneof(
			{ depthSize: 'small', withCrossShrink: true },
			fc.record({ pages: fc.array(pageEntry, { maxLength: 4 }) }),
			fc.record({ groups: fc.array(tie('group'), { minLength: 1, maxLength: 3 }) }),
			fc.record({ tabs: list('tab', fc.constantFrom('Guides', 'API', 'Guides')) }),
			fc.record({ anchors: list('anchor', fc.constantFrom('Docs', 'Blog')) }),
			fc.record({ dropdowns: list('dropdown', fc.constantFrom('One', 'Two')) }),
			fc.record({ products: list('product', fc.constantFrom('Core', 'Edge')) }),
			fc.record({ versions: list('version', fc.constantFrom('v1', 'v2', 'v1')) }),
			fc.record({
				languages: fc.array(
					fc
						.tuple(
							fc.constantFrom(...languageCodes),
							tie('children'),
							fc.option(fc.record({ content: fc.string(), dismissible: fc.boolean() }), { nil: undefined }),
						)
						.map(([language, c, banner]) => ({ language, ...(c as object), ...(banner ? { banner } : {}) })),
					{ minLength: 1, maxLength: 3 },
				),
			}),
			fc.record({
				tabs: fc.array(
					fc.record({
						tab: fc.constant('Menu'),
						menu: fc.array(fc.record({ item: fc.constantFrom('A', 'B'), pages: fc.array(pageEntry, { maxLength: 3 }) }), { maxLength: 2 }),
					}),
				),
			}),
		) as fc.Arbitrary<Json>,
		nav: fc
			.tuple(
				tie('children'),
				fc.option(
					fc.record({
						anchors: fc.array(fc.record({ anchor: fc.constantFrom('Blog', 'Status'), href: common.href, icon: common.icon }, { requiredKeys: ['anchor'] }), {
							maxLength: 2,
						}),
					}),
					{ nil: undefined },
				),
			)
			.map(([children, global]) => ({ ...(children as object), ...(global ? { global } : {}) })) as fc.Arbitrary<Json>,
	};
}).nav;

/** A docs.json value with the spec's shapes: the valid starting point mutations work from. */
export const docsConfig: fc.Arbitrary<Record<string, Json>> = fc.record(
	{
		$schema: fc.constant('https://mintlify.com/docs.json'),
		name: fc.oneof(fc.constant('Fuzz Docs'), anyText),
		theme: fc.constantFrom(...themes),
		colors: fc.record({ primary: fc.constantFrom('#4F46E5', '#fff', 'red', '') }, { requiredKeys: ['primary'] }),
		logo: fc.oneof(fc.constant('/logo.svg'), fc.record({ light: fc.constant('/logo/light.svg'), dark: fc.constant('/logo/dark.svg') })),
		favicon: fc.constantFrom('/favicon.svg', 'missing.ico'),
		api: fc.record({ openapi: openapiValue, playground: fc.record({ display: fc.constantFrom('interactive', 'simple', 'none') }) }, { requiredKeys: [] }),
		redirects: fc.array(
			fc.record(
				{
					source: fc.constantFrom('/old', '/old/:slug*', '/a', '', 'x'),
					destination: fc.constantFrom('/quickstart', '/guides/setup', '/nowhere', '/new/:slug*'),
					permanent: fc.boolean(),
				},
				{ requiredKeys: ['source', 'destination'] },
			),
			{ maxLength: 4 },
		),
		styling: fc.record({ eyebrows: fc.constantFrom('breadcrumbs', 'section') }),
		interaction: fc.record({ drilldown: fc.boolean() }),
		colours: fc.constant({ primary: '#000' }),
		navigation,
	},
	{ requiredKeys: ['name', 'theme', 'navigation'] },
) as fc.Arbitrary<Record<string, Json>>;

/** A change to the value tree: the wrong type somewhere, a key gone, deep nesting, a huge array, odd Unicode. */
type ValueMutation =
	{ readonly pick: number; readonly kind: 'replace'; readonly value: Json } | { readonly pick: number; readonly kind: 'delete' | 'deep' | 'huge' | 'mixKinds' };

const wrongValue: fc.Arbitrary<Json> = fc.oneof(
	fc.constant(null),
	fc.boolean(),
	fc.integer(),
	fc.double(),
	fc.constant(''),
	anyText,
	fc.constant<Json>([]),
	fc.constant<Json>({}),
	fc.constant({ $ref: './nav.json' }),
	fc.constant({ $ref: '../../etc/passwd' }),
	fc.constant({ $ref: 42 }),
	fc.constant({ $ref: './docs.json' }),
	fc.array(anyText, { maxLength: 3 }),
	fc.dictionary(anyText, fc.constantFrom(1, 'x', null), { maxKeys: 3 }),
);

const valueMutation: fc.Arbitrary<ValueMutation> = fc.oneof(
	{ weight: 5, arbitrary: fc.record({ pick: fc.nat(), kind: fc.constant('replace' as const), value: wrongValue }) },
	{ weight: 3, arbitrary: fc.record({ pick: fc.nat(), kind: fc.constant('delete' as const) }) },
	{ weight: 1, arbitrary: fc.record({ pick: fc.nat(), kind: fc.constantFrom('deep' as const, 'huge' as const, 'mixKinds' as const) }) },
);

/** Deterministic filler for deep and huge mutations (sized by `pick`, so shrinking makes them smaller). */
function deepValue(pick: number): Json {
	const depth = [30, 150, 199, 201, 400, 1000][pick % 6];
	let value: Json = pick % 2 ? 'index' : { group: 'Deep', pages: ['index'] };
	for (let i = 0; i < depth; i++) value = pick % 2 ? [value] : { group: `G${i}`, pages: [value] };
	return value;
}
function hugeValue(pick: number): Json {
	const size = [500, 2000, 10_000][pick % 3];
	return Array.from({ length: size }, (_, i) => (pick % 2 ? pagePool[i % pagePool.length] : `generated/page-${i}`));
}

/** Applies a mutation to the `pick`-th node (pre-order, modulo the node count) of a copy of `root`. */
function mutateValue(root: Json, m: ValueMutation): Json {
	const slots: { parent: Json[] | Record<string, Json>; key: string | number }[] = [];
	const walk = (node: Json) => {
		if (node === null || typeof node !== 'object') return;
		for (const key of Array.isArray(node) ? node.keys() : Object.keys(node)) {
			slots.push({ parent: node, key });
			walk((node as Record<string | number, Json>)[key]);
		}
	};
	const copy = structuredClone(root);
	walk(copy);
	if (!slots.length) return copy;
	const { parent, key } = slots[m.pick % slots.length];
	const target = parent as Record<string | number, Json>;
	switch (m.kind) {
		case 'replace':
			target[key] = m.value;
			break;
		case 'delete':
			if (Array.isArray(parent)) parent.splice(key as number, 1);
			else delete target[key];
			break;
		case 'deep':
			target[key] = deepValue(m.pick);
			break;
		case 'huge':
			target[key] = hugeValue(m.pick);
			break;
		case 'mixKinds':
			if (target[key] && typeof target[key] === 'object' && !Array.isArray(target[key]))
				Object.assign(target[key] as object, { groups: [{ group: 'x', pages: ['index'] }], anchors: [{ anchor: 'y', pages: [] }] });
			break;
	}
	return copy;
}

/** Text-level damage JSON values cannot express: duplicate keys, comments, trailing commas, BOM, garbage after the value. */
const syntaxDamage = fc.constantFrom('none', 'duplicateKey', 'comment', 'trailingComma', 'bom', 'trailingGarbage', 'crlf', 'empty', 'notObject', 'unclosed');

function damage(text: string, kind: string, pick: number): string {
	const braces = [...text.matchAll(/[{[]/g)].map(m => m.index!);
	const at = braces.length ? braces[pick % braces.length] + 1 : 0;
	switch (kind) {
		case 'duplicateKey':
			return text.slice(0, at) + (text[at - 1] === '{' ? '"name": 1, "name": "dup", ' : '"index", "index", ') + text.slice(at);
		case 'comment':
			return text.slice(0, at) + '/* c */ // line\n' + text.slice(at);
		case 'trailingComma':
			return text.replace(/("|\d|true|false|null|\]|\})(\s*)([}\]])/, '$1,$2$3');
		case 'bom':
			return '\uFEFF' + text;
		case 'trailingGarbage':
			return text + '\n}garbage{"x":';
		case 'crlf':
			return text.replace(/\n/g, '\r\n');
		case 'empty':
			return pick % 2 ? '' : ' \n\t ';
		case 'notObject':
			return ['[]', '42', '"docs"', 'null', 'true'][pick % 5];
		case 'unclosed':
			return text.slice(0, Math.max(0, text.lastIndexOf('}')));
		default:
			return text;
	}
}

/** The files of a composable configuration: docs.json, and maybe a `$ref` file the navigation moved into. */
export interface ConfigFiles {
	readonly [path: string]: string;
}

/**
 * docs.json text: a valid configuration, then value mutations, then syntax damage and random text
 * edits; sometimes its navigation lives in nav.json through `$ref` (which may close a cycle).
 */
export const docsJsonFiles: fc.Arbitrary<ConfigFiles> = fc
	.record({
		config: docsConfig,
		valueMutations: fc.oneof(
			{ weight: 2, arbitrary: fc.constant([] as ValueMutation[]) },
			{ weight: 3, arbitrary: fc.array(valueMutation, { minLength: 1, maxLength: 4 }) },
		),
		indent: fc.constantFrom(0, 2, 4, '\t'),
		damage: fc.oneof({ weight: 6, arbitrary: fc.constant('none') }, { weight: 2, arbitrary: syntaxDamage }),
		damagePick: fc.nat(),
		edits: textMutations,
		ref: fc.constantFrom('none', 'none', 'nav', 'cycle', 'missing', 'outside', 'broken'),
		oddKey: fc.option(fc.tuple(oddText, anyText), { nil: undefined }),
	})
	.map(({ config, valueMutations, indent, damage: kind, damagePick, edits, ref, oddKey }) => {
		let value = config as Json;
		for (const m of valueMutations) value = mutateValue(value, m);
		if (oddKey && value && typeof value === 'object' && !Array.isArray(value)) value = { ...value, [oddKey[0]]: oddKey[1] };
		const files: Record<string, string> = {};
		if (ref !== 'none' && value && typeof value === 'object' && !Array.isArray(value)) {
			const nav = value.navigation ?? {};
			value = {
				...value,
				navigation: { $ref: { nav: './nav.json', cycle: './nav.json', missing: './gone.json', outside: '../outside.json', broken: './nav.json' }[ref]! },
			};
			if (ref !== 'missing' && ref !== 'outside') {
				const navValue = ref === 'cycle' ? { $ref: './docs.json', groups: [] } : nav;
				files['nav.json'] = ref === 'broken' ? JSON.stringify(navValue).slice(0, -3) : JSON.stringify(navValue, null, 2);
			}
		}
		files['docs.json'] = applyTextMutations(damage(JSON.stringify(value, null, indent), kind, damagePick), edits);
		return files;
	});

/** A docs.json that is valid and names the pool's pages and (optionally) a spec: the backdrop for page and spec fuzzing. */
export function plainDocsJson(spec?: string): string {
	return JSON.stringify(
		{
			name: 'Fuzz',
			theme: 'mint',
			colors: { primary: '#000000' },
			...(spec ? { api: { openapi: spec } } : {}),
			redirects: [{ source: '/old/:slug*', destination: '/guides/setup' }],
			navigation: {
				tabs: [
					{ tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'quickstart', 'guides/setup', 'guides/advanced'] }] },
					{
						tab: 'API',
						...(spec ? { openapi: spec } : {}),
						groups: [{ group: 'Reference', pages: ['api/intro', ...(spec ? operationPool.slice(0, 3) : [])] }],
					},
				],
			},
		},
		null,
		2,
	);
}
