import Ajv, { type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The platform's published OpenAPI documents (test/fixtures/platform-openapi, copied from the
 * public mintlify/docs repository; see its README) as operations with JSON Schema validators for
 * their responses. The documents mix OpenAPI 3.0 (`nullable`) and 3.1 (type arrays); both become
 * plain JSON Schema here, with `$ref`s inlined.
 */

export const platformDocuments = ['analytics.openapi.json', 'openapi.json', 'discovery-openapi.json'] as const;
const fixtureDir = path.resolve(__dirname, '../fixtures/platform-openapi');

type Json = Record<string, unknown>;

export interface PlatformOperation {
	readonly document: (typeof platformDocuments)[number];
	readonly method: 'GET' | 'POST';
	/** The path as the document writes it, e.g. `/v1/analytics/{projectId}/views`. */
	readonly documentPath: string;
	/** The path under the API's host: the server URL's path prefix + the document path, e.g. `/discovery/v1/search/{domain}`. */
	readonly path: string;
	readonly summary: string;
	readonly deprecated: boolean;
	/** Documented statuses with a JSON body schema. */
	readonly responses: ReadonlyMap<number, ValidateFunction>;
}

const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addFormat('ulid', /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);

export function loadPlatformOperations(): PlatformOperation[] {
	const operations: PlatformOperation[] = [];
	for (const document of platformDocuments) {
		const doc = JSON.parse(readFileSync(path.join(fixtureDir, document), 'utf8')) as Json;
		const servers = (doc.servers as { url: string }[] | undefined) ?? [];
		const prefix = servers.length ? new URL(servers[0].url).pathname.replace(/\/+$/, '') : '';
		for (const [documentPath, item] of Object.entries(doc.paths as Record<string, Json>)) {
			for (const [method, op] of Object.entries(item)) {
				if (!['get', 'post'].includes(method)) continue;
				const operation = op as Json;
				const responses = new Map<number, ValidateFunction>();
				for (const [code, response] of Object.entries((operation.responses as Record<string, Json>) ?? {})) {
					const schema = ((response.content as Record<string, Json> | undefined)?.['application/json'] as Json | undefined)?.schema;
					if (schema) responses.set(Number(code), ajv.compile(toJsonSchema(schema, doc, new Set()) as object));
				}
				operations.push({
					document,
					method: method.toUpperCase() as 'GET' | 'POST',
					documentPath,
					path: prefix + documentPath,
					summary: String(operation.summary ?? ''),
					deprecated: operation.deprecated === true,
					responses,
				});
			}
		}
	}
	return operations;
}

/** `/v1/analytics/{projectId}/views` with `{projectId: 'demo'}` → `/v1/analytics/demo/views`. */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
	return template.replace(/\{(\w+)\}/g, (_, name: string) => {
		if (!(name in params)) throw new Error(`no value for {${name}} in ${template}`);
		return encodeURIComponent(params[name]);
	});
}

/** A document schema as JSON Schema: `$ref`s inlined, `nullable: true` as a `null` type, examples dropped. */
function toJsonSchema(schema: unknown, doc: Json, seen: ReadonlySet<string>): unknown {
	if (Array.isArray(schema)) return schema.map(s => toJsonSchema(s, doc, seen));
	if (!schema || typeof schema !== 'object') return schema;
	const s = schema as Json;
	if (typeof s.$ref === 'string') {
		if (seen.has(s.$ref)) throw new Error(`recursive $ref ${s.$ref}`);
		const target = s.$ref
			.replace(/^#\//, '')
			.split('/')
			.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
		if (target === undefined) throw new Error(`unresolved $ref ${s.$ref}`);
		const { $ref: _ref, ...rest } = s;
		return { ...(toJsonSchema(target, doc, new Set([...seen, s.$ref])) as Json), ...(toJsonSchema(rest, doc, seen) as Json) };
	}
	const out: Json = {};
	for (const [key, value] of Object.entries(s)) {
		if (key === 'example' || key === 'examples' || key === 'nullable' || key.startsWith('x-')) continue;
		out[key] =
			key === 'properties'
				? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, toJsonSchema(v, doc, seen)]))
				: toJsonSchema(value, doc, seen);
	}
	if (s.nullable === true) {
		if (typeof out.type === 'string') out.type = [out.type, 'null'];
		else if (out.type === undefined) return { anyOf: [out, { type: 'null' }] };
	}
	return out;
}
