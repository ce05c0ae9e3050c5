import SwaggerParser from '@apidevtools/swagger-parser';
import { expandedSize } from './refExpansion';
import { specBudget, withTooComplex } from './specBudget';
import { openApiSchemaErrors } from './openApiSchemas';
import { parse as parseYaml } from 'yaml';
import type { OpenApiSpec, SourceSpan } from './openApiSpec';
import { parseSpecText, type ParsedSpecText, type SpecNode } from './specTree';

/**
 * Validates an OpenAPI 3.0/3.1/3.2 document with @apidevtools/swagger-parser (JSON Schema of the
 * version plus its spec rules) and attaches the findings to `spec`, each at the range its JSON
 * pointer maps to. References are resolved inside the document only: no file or network access.
 */
export async function validateSpec(uri: string, text: string, spec: OpenApiSpec, parsed?: ParsedSpecText): Promise<OpenApiSpec> {
	if (spec.parseErrors.length || spec.isSwagger2 || !spec.version) return spec;
	let api: unknown;
	try {
		// The parse that read the spec, when the caller has it (the CLI's worker): a large YAML document is parsed once.
		api = parsed ? parsed.toData() : /\.json$/i.test(uri) || /^\s*\{/.test(text) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
	} catch {
		return spec;
	}
	if (!api || typeof api !== 'object') return spec;
	// Dereferencing and validating work on the expanded document: refused before it is built when it is too large.
	if (expandedSize(api, specBudget.maxExpandedNodes) === undefined)
		return withTooComplex(spec, `its $refs expand to more than ${(specBudget.maxExpandedNodes / 1e6).toFixed(0)} million values`);
	try {
		// swagger-parser parses (version checks) and dereferences (broken internal $refs); the schema check
		// is ours, with validators compiled once (see openApiSchemas.ts). For OpenAPI 3.x its "spec" rules do nothing.
		const dereferenced = (await SwaggerParser.dereference(versionShim(api as { openapi?: unknown }) as never, {
			resolve: { external: false },
			dereference: { circular: 'ignore' },
		})) as { openapi?: unknown };
		// Back to the version written, so the 3.2 schema checks a 3.2 document.
		dereferenced.openapi = (api as { openapi?: unknown }).openapi;
		const details = openApiSchemaErrors(dereferenced);
		if (details) throw Object.assign(new SyntaxError('Swagger schema validation failed.'), { details });
		return spec;
	} catch (e) {
		const root = (parsed ?? parseSpecText(text, uri)).root;
		return {
			...spec,
			problems: findings(e)
				.slice(0, 100)
				.map(f => ({ message: f.message, span: spanAt(root, f.pointer) })),
		};
	}
}

interface Finding {
	readonly message: string;
	readonly pointer: string;
}

/** Schema errors carry `details` (ajv: instancePath); spec-rule errors name the pointer in their message. */
function findings(error: unknown): Finding[] {
	const e = error as { details?: { instancePath?: string; message?: string; params?: Record<string, unknown> }[]; message?: string };
	if (Array.isArray(e.details) && e.details.length) {
		return e.details.map(d => ({
			pointer: d.instancePath ?? '',
			message: `${d.instancePath || '/'} ${d.message ?? 'is invalid'}${d.params?.additionalProperty ? `: '${String(d.params.additionalProperty)}'` : ''}`,
		}));
	}
	const message = String(e.message ?? error).replace(/^Validation failed\.\s*/, '');
	const pointer = /(\/(?:paths|components|webhooks|info|servers|security|tags)\/\S*)/.exec(message)?.[1] ?? '';
	return [{ message, pointer }];
}

/** The span of the deepest node a JSON pointer reaches (its key when it has one). */
function spanAt(root: SpecNode | undefined, pointer: string): SourceSpan {
	let node = root;
	let span: SourceSpan = { offset: 0, length: 0 };
	for (const raw of pointer.split('/').slice(1)) {
		const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
		if (node?.kind === 'map') {
			const entry = node.entries.find(e => e.key === token);
			if (!entry) break;
			span = { offset: entry.keyOffset, length: entry.keyLength };
			node = entry.value;
		} else if (node?.kind === 'seq') {
			const item = node.items[Number(token)];
			if (!item) break;
			span = { offset: item.offset, length: Math.min(item.length, 80) };
			node = item;
		} else break;
	}
	return span;
}

/**
 * swagger-parser 12 refuses `openapi: 3.2.x` before dereferencing ("Unsupported OpenAPI version"),
 * although its `$ref` resolution does not depend on the version: a 3.2 document is handed over
 * as 3.1.2 (a shallow copy) and checked against the 3.2 schema afterwards. The platform validates
 * 3.2 since @mintlify/common 1.0.1211 (`openapi/validate.js`).
 */
function versionShim(api: { openapi?: unknown }): object {
	return typeof api.openapi === 'string' && /^3\.2(\.|$)/.test(api.openapi) ? { ...api, openapi: '3.1.2' } : api;
}
