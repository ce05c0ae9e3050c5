import type { ParameterView, RequestBodyView, ResponseView, SecuritySchemeView, ServerView } from './operationViews';
import { asString, derefObject, isObject, type ApiDocument, type JsonObject } from './specDocument';

/**
 * OpenAPI 2.0 (swagger) mapped onto the 3.x views where it maps simply: typed parameters become
 * schemas, the `body` parameter and `formData` become a request body, `host` + `basePath` +
 * `schemes` a server, `securityDefinitions` the security schemes.
 */

const schemaKeys = [
	'type',
	'format',
	'items',
	'enum',
	'default',
	'minimum',
	'maximum',
	'exclusiveMinimum',
	'exclusiveMaximum',
	'minLength',
	'maxLength',
	'pattern',
	'minItems',
	'maxItems',
	'uniqueItems',
	'multipleOf',
];

function schemaOfTyped(p: JsonObject): JsonObject {
	return Object.fromEntries(schemaKeys.filter(k => p[k] !== undefined).map(k => [k, p[k]]));
}

export function swagger2Parameter(p: JsonObject): ParameterView | undefined {
	const name = asString(p.name);
	if (!name || (p.in !== 'path' && p.in !== 'query' && p.in !== 'header')) return undefined;
	return {
		name,
		in: p.in,
		required: p.in === 'path' || p.required === true,
		deprecated: false,
		description: asString(p.description),
		schema: schemaOfTyped(p),
		example: p['x-example'],
	};
}

function mediaTypes(doc: ApiDocument, op: JsonObject, key: 'consumes' | 'produces', fallback: string): string[] {
	const list = Array.isArray(op[key]) ? op[key] : Array.isArray(doc.root?.[key]) ? doc.root![key] : [fallback];
	const types = (list as unknown[]).filter((t): t is string => typeof t === 'string');
	return types.length ? types : [fallback];
}

export function swagger2Body(doc: ApiDocument, pathItem: JsonObject, op: JsonObject): RequestBodyView | undefined {
	const params = [...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])].map(p =>
		derefObject(doc, p),
	);
	const body = params.find(p => p.in === 'body');
	if (body) {
		return {
			required: body.required === true,
			description: asString(body.description),
			contents: mediaTypes(doc, op, 'consumes', 'application/json').map(mediaType => ({ mediaType, schema: body.schema ?? {}, examples: [] })),
		};
	}
	const form = params.filter(p => p.in === 'formData' && typeof p.name === 'string');
	if (!form.length) return undefined;
	const schema = {
		type: 'object',
		required: form.filter(p => p.required === true).map(p => p.name),
		properties: Object.fromEntries(form.map(p => [p.name as string, { ...schemaOfTyped(p), description: p.description }])),
	};
	const mediaType = form.some(p => p.type === 'file') ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
	return { required: form.some(p => p.required === true), contents: [{ mediaType, schema, examples: [] }] };
}

export function swagger2Response(doc: ApiDocument, status: string, response: JsonObject, op: JsonObject): ResponseView {
	const examples = isObject(response.examples) ? response.examples : {};
	const contents =
		response.schema === undefined && !Object.keys(examples).length
			? []
			: mediaTypes(doc, op, 'produces', 'application/json').map(mediaType => ({
					mediaType,
					schema: response.schema ?? {},
					examples: examples[mediaType] !== undefined ? [{ value: examples[mediaType] }] : [],
				}));
	const headers = isObject(response.headers)
		? Object.entries(response.headers).map(([name, h]) => ({
				name,
				description: isObject(h) ? asString(h.description) : undefined,
				schema: isObject(h) ? schemaOfTyped(h) : {},
			}))
		: [];
	return { status, description: asString(response.description), contents, headers };
}

export function swagger2SecuritySchemes(doc: ApiDocument): Map<string, SecuritySchemeView> {
	const out = new Map<string, SecuritySchemeView>();
	const definitions = doc.root?.securityDefinitions;
	if (!isObject(definitions)) return out;
	for (const [name, raw] of Object.entries(definitions)) {
		if (!isObject(raw)) continue;
		const description = asString(raw.description);
		if (raw.type === 'basic') out.set(name, { name, type: 'http', scheme: 'basic', description });
		else if (raw.type === 'apiKey')
			out.set(name, { name, type: 'apiKey', in: raw.in === 'query' ? 'query' : 'header', parameterName: asString(raw.name), description });
		else out.set(name, { name, type: asString(raw.type) ?? 'unknown', description });
	}
	return out;
}

export function swagger2Servers(doc: ApiDocument): ServerView[] {
	const host = asString(doc.root?.host);
	if (!host) return [];
	const basePath = asString(doc.root?.basePath) ?? '';
	const schemes = Array.isArray(doc.root?.schemes) ? (doc.root.schemes as unknown[]).filter((s): s is string => s === 'https' || s === 'http') : [];
	return (schemes.length ? schemes : ['https']).map(scheme => ({ url: `${scheme}://${host}${basePath === '/' ? '' : basePath}`, variables: [] }));
}
