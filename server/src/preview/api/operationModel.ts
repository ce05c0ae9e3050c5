import { asString, derefObject, isObject, type ApiDocument, type JsonObject } from './specDocument';
import { swagger2Body, swagger2Parameter, swagger2Response, swagger2SecuritySchemes, swagger2Servers } from './swagger2';

import type { MediaView, ParameterLocation, ParameterView, RequestBodyView, ResponseView, SecuritySchemeView, ServerView } from './operationViews';
export type { MediaView, ParameterLocation, ParameterView, RequestBodyView, ResponseView, SecuritySchemeView, ServerView } from './operationViews';

export interface OperationView {
	readonly kind: 'operation' | 'webhook';
	readonly method: string;
	/** The path, or the webhook's name. */
	readonly path: string;
	readonly operationId?: string;
	readonly summary?: string;
	readonly description?: string;
	readonly deprecated: boolean;
	readonly xMint?: JsonObject;
	readonly parameters: readonly ParameterView[];
	readonly requestBody?: RequestBodyView;
	readonly responses: readonly ResponseView[];
	/** Alternatives (any one suffices); each lists schemes that apply together. `[]` when no auth is needed. */
	readonly security: readonly (readonly SecuritySchemeView[])[];
	readonly servers: readonly ServerView[];
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/** The operation `METHOD path` (method in any case), or the webhook `name`, of a document. */
export function findOperationView(
	doc: ApiDocument,
	target: { kind: 'operation'; method: string; path: string } | { kind: 'webhook'; name: string; method?: string },
): OperationView | undefined {
	const root = doc.root;
	const container = target.kind === 'operation' ? root?.paths : root?.webhooks;
	const key = target.kind === 'operation' ? target.path : target.name;
	if (!isObject(container) || !Object.prototype.hasOwnProperty.call(container, key)) return undefined;
	const pathItem = derefObject(doc, container[key]);
	const wanted = target.method?.toLowerCase();
	// OpenAPI 3.2: a method outside the fixed ones is a key of `additionalOperations`, written as declared (`PURGE`).
	const additional = isObject(pathItem.additionalOperations) ? pathItem.additionalOperations : {};
	const custom = target.method !== undefined && isObject(additional[target.method]) ? target.method : undefined;
	const method = custom ?? (wanted ? (methods.includes(wanted) && isObject(pathItem[wanted]) ? wanted : undefined) : methods.find(m => isObject(pathItem[m])));
	if (!method) return undefined;
	const op = (custom ? additional[custom] : pathItem[method]) as JsonObject;
	return {
		kind: target.kind,
		method: method.toUpperCase(),
		path: key,
		operationId: asString(op.operationId),
		summary: asString(op.summary),
		description: asString(op.description),
		deprecated: op.deprecated === true,
		xMint: isObject(op['x-mint']) ? op['x-mint'] : undefined,
		parameters: parametersOf(doc, pathItem, op),
		requestBody: doc.isSwagger2 ? swagger2Body(doc, pathItem, op) : requestBodyOf(doc, op),
		responses: responsesOf(doc, op),
		security: securityOf(doc, op),
		servers: serversOf(doc, pathItem, op),
	};
}

/** Path-level parameters, overridden by operation-level ones with the same name and location. */
function parametersOf(doc: ApiDocument, pathItem: JsonObject, op: JsonObject): ParameterView[] {
	const byKey = new Map<string, ParameterView>();
	for (const list of [pathItem.parameters, op.parameters]) {
		if (!Array.isArray(list)) continue;
		for (const raw of list) {
			const p = derefObject(doc, raw);
			const name = asString(p.name);
			const location = p.in;
			if (!name) continue;
			if (doc.isSwagger2) {
				const view = swagger2Parameter(p);
				if (view) byKey.set(`${view.in}:${name}`, view);
				continue;
			}
			if (location !== 'path' && location !== 'query' && location !== 'header' && location !== 'cookie') continue;
			const example = p.example !== undefined ? p.example : isObject(p.examples) ? firstExampleValue(doc, p.examples) : undefined;
			const schema = p.schema ?? (isObject(p.content) ? Object.values(p.content).map(m => (isObject(m) ? m.schema : undefined))[0] : undefined);
			byKey.set(`${location}:${name}`, {
				name,
				in: location,
				required: location === 'path' || p.required === true,
				deprecated: p.deprecated === true,
				description: asString(p.description),
				schema: schema ?? {},
				example,
			});
		}
	}
	return [...byKey.values()];
}

function firstExampleValue(doc: ApiDocument, examples: JsonObject): unknown {
	for (const example of Object.values(examples)) {
		const value = derefObject(doc, example);
		if ('value' in value) return value.value;
	}
	return undefined;
}

export function mediaViews(doc: ApiDocument, content: unknown): MediaView[] {
	if (!isObject(content)) return [];
	return Object.entries(content).map(([mediaType, raw]) => {
		const media = isObject(raw) ? raw : {};
		const examples: { name?: string; value: unknown }[] = [];
		if (media.example !== undefined) examples.push({ value: media.example });
		if (isObject(media.examples)) {
			for (const [name, example] of Object.entries(media.examples)) {
				const value = derefObject(doc, example);
				if ('value' in value) examples.push({ name: asString(value.summary) ?? name, value: value.value });
			}
		}
		return { mediaType, schema: media.schema, examples };
	});
}

function requestBodyOf(doc: ApiDocument, op: JsonObject): RequestBodyView | undefined {
	if (op.requestBody === undefined) return undefined;
	const body = derefObject(doc, op.requestBody);
	return { required: body.required === true, description: asString(body.description), contents: mediaViews(doc, body.content) };
}

function responsesOf(doc: ApiDocument, op: JsonObject): ResponseView[] {
	if (!isObject(op.responses)) return [];
	return Object.entries(op.responses).map(([status, raw]) => {
		const response = derefObject(doc, raw);
		if (doc.isSwagger2) return swagger2Response(doc, status, response, op);
		const headers = isObject(response.headers)
			? Object.entries(response.headers).map(([name, h]) => {
					const header = derefObject(doc, h);
					return { name, description: asString(header.description), schema: header.schema ?? {} };
				})
			: [];
		return { status, description: asString(response.description), contents: mediaViews(doc, response.content), headers };
	});
}

/** `components.securitySchemes` (3.x) or `securityDefinitions` (2.0), by name. */
export function securitySchemes(doc: ApiDocument): Map<string, SecuritySchemeView> {
	if (doc.isSwagger2) return swagger2SecuritySchemes(doc);
	const out = new Map<string, SecuritySchemeView>();
	const schemes = isObject(doc.root?.components) ? doc.root.components.securitySchemes : undefined;
	if (!isObject(schemes)) return out;
	for (const [name, raw] of Object.entries(schemes)) {
		const s = derefObject(doc, raw);
		const location = s.in === 'header' || s.in === 'query' || s.in === 'cookie' ? s.in : undefined;
		out.set(name, {
			name,
			type: asString(s.type) ?? 'unknown',
			scheme: asString(s.scheme)?.toLowerCase(),
			bearerFormat: asString(s.bearerFormat),
			in: location,
			parameterName: asString(s.name),
			description: asString(s.description),
		});
	}
	return out;
}

/** The operation's `security`, else the document's (an operation's `security: []` means none). */
function securityOf(doc: ApiDocument, op: JsonObject): SecuritySchemeView[][] {
	const requirements = Array.isArray(op.security) ? op.security : Array.isArray(doc.root?.security) ? doc.root.security : [];
	const schemes = securitySchemes(doc);
	return requirements
		.filter(isObject)
		.map(requirement => Object.keys(requirement).map(name => schemes.get(name) ?? { name, type: 'unknown', undefinedScheme: true }));
}

/** Operation servers, else the path item's, else the document's (spec rule 13). */
function serversOf(doc: ApiDocument, pathItem: JsonObject, op: JsonObject): ServerView[] {
	if (doc.isSwagger2) return swagger2Servers(doc);
	for (const list of [op.servers, pathItem.servers, doc.root?.servers]) {
		if (!Array.isArray(list) || list.length === 0) continue;
		return list.filter(isObject).flatMap(server => {
			const url = asString(server.url);
			if (!url) return [];
			const variables = isObject(server.variables)
				? Object.entries(server.variables)
						.filter(([, v]) => isObject(v))
						.map(([name, v]) => {
							const variable = v as JsonObject;
							const values = Array.isArray(variable.enum) ? variable.enum.map(e => String(e)) : undefined;
							return { name, default: asString(variable.default) ?? values?.[0] ?? '', enum: values, description: asString(variable.description) };
						})
				: [];
			return [{ url: resolveServerUrl(doc.uri, url), description: asString(server.description), variables }];
		});
	}
	return [];
}

/** A relative server URL (`/v1`) is relative to where a hosted document lives; local documents keep it as is. */
function resolveServerUrl(specUri: string, url: string): string {
	if (/^[a-z][a-z0-9+.-]*:/i.test(url) || !/^https?:/i.test(specUri)) return url;
	try {
		return decodeURI(new URL(url, specUri).toString());
	} catch {
		return url;
	}
}

/** Whether a server URL (variables filled with their defaults) can be sent to: http(s) and absolute. */
export function isSendableServer(server: ServerView): boolean {
	let url = server.url;
	for (const v of server.variables) url = url.split(`{${v.name}}`).join(v.default);
	return /^https?:\/\/[^/{}\s]+/i.test(url);
}
