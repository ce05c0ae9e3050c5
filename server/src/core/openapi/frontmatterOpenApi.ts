import type { Diagnostic, Location, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../diagnostic';
import { classifyEntry } from '../docsConfig/pageEntries';
import { closestMatch } from '../textDistance';
import type { OpenApiOperation, OpenApiSpec } from './openApiSpec';
import { findOperation } from './openApiRules';
import type { SpecRegistry } from './specRegistry';

/** The value of a top-level frontmatter key as written (quotes included), or undefined. */
function valueRange(document: TextDocument, key: string): Range | undefined {
	const text = document.getText();
	const end = text.indexOf('\n---', 3);
	const block = text.slice(0, end === -1 ? text.length : end);
	const match = new RegExp(`^(["']?)${key}\\1\\s*:[ \\t]*(\\S.*?)\\s*$`, 'm').exec(block);
	if (!match) return undefined;
	const start = match.index + match[0].indexOf(match[2], match[1].length * 2 + key.length + 1);
	return { start: document.positionAt(start), end: document.positionAt(start + match[2].length) };
}

const fileName = (spec: OpenApiSpec) => spec.uri.split('/').pop()!;

/**
 * Frontmatter that documents an endpoint, a webhook or a schema (spec rules 11 and 12), checked
 * against the site's OpenAPI documents with the same engine as docs.json entries. Without a file
 * prefix every document of the site is searched.
 */
export function checkFrontmatterOpenApi(document: TextDocument, frontmatter: Readonly<Record<string, unknown>> | undefined, registry: SpecRegistry, navEntryFor?: (operation: OpenApiOperation) => Location | undefined): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	// A document still being read is judged once it is in (the site is checked again then).
	if (registry.specs.some(spec => spec.loading)) return diagnostics;
	const specsFor = (file: string | undefined): OpenApiSpec[] | string => {
		if (file) return registry.resolve(file) ? [registry.resolve(file)!] : `No OpenAPI file '${file}' in the docs root.`;
		return registry.specs.length ? registry.specs : 'No OpenAPI document is configured for this site (api.openapi or an "openapi" in the navigation).';
	};
	const openapi = frontmatter?.openapi;
	const openapiRange = valueRange(document, 'openapi');
	if (typeof openapi === 'string' && openapiRange) {
		const value = openapi.trim();
		const webhook = /^(?:(\S+)\s+)?webhook\s+(\S+)$/i.exec(value);
		const entry = classifyEntry(value);
		if (webhook) {
			const specs = specsFor(webhook[1]);
			if (typeof specs === 'string') diagnostics.push(createDiagnostic(openapiRange, specs, 'openapi-no-spec'));
			else if (!specs.some(s => s.webhooks.some(w => w.name === webhook[2]))) {
				const suggestion = closestMatch(webhook[2], specs.flatMap(s => s.webhooks.map(w => w.name)));
				diagnostics.push(createDiagnostic(openapiRange, `No webhook '${webhook[2]}' under "webhooks" in ${specs.map(fileName).join(', ')}.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`, 'openapi-operation-not-found'));
			}
		} else if (entry.kind === 'openapi') {
			const specs = specsFor(entry.file);
			const method = entry.method.toUpperCase();
			if (entry.method !== method) diagnostics.push(createDiagnostic(openapiRange, `HTTP methods are written in upper case: '${entry.file ? entry.file + ' ' : ''}${method} ${entry.path}'.`, 'openapi-method-case'));
			if (typeof specs === 'string') diagnostics.push(createDiagnostic(openapiRange, specs, 'openapi-no-spec'));
			else {
				const { found, suggestion } = findOperation(specs, method, entry.path);
				if (!found.length) diagnostics.push(createDiagnostic(openapiRange, `No operation '${method} ${entry.path}' in ${specs.map(fileName).join(', ')}.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`, 'openapi-operation-not-found'));
				const listed = found.length === 1 ? navEntryFor?.(found[0].operation) : undefined;
				if (listed) {
					diagnostics.push(createDiagnostic(openapiRange, `'${method} ${entry.path}' is also a navigation entry, which generates its own page: the endpoint is documented twice.`, 'openapi-documented-twice', [{ location: listed, message: 'the generated page comes from here' }]));
				}
			}
		} else {
			diagnostics.push(createDiagnostic(openapiRange, `"openapi" must be '[file] METHOD /path' or '[file] webhook <name>'.`, 'openapi-operation-not-found'));
		}
	}
	const schema = frontmatter?.['openapi-schema'];
	const schemaRange = valueRange(document, 'openapi-schema');
	if (typeof schema === 'string' && schemaRange) {
		const [file, name] = schema.trim().includes(' ') ? schema.trim().split(/\s+/, 2) : [undefined, schema.trim()];
		const specs = specsFor(file);
		if (typeof specs === 'string') diagnostics.push(createDiagnostic(schemaRange, specs, 'openapi-no-spec'));
		else if (!specs.some(s => s.schemas.some(x => x.name === name))) {
			const suggestion = closestMatch(name, specs.flatMap(s => s.schemas.map(x => x.name)));
			diagnostics.push(createDiagnostic(schemaRange, `No schema '${name}' under components.schemas in ${specs.map(fileName).join(', ')}.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`, 'openapi-schema-not-found'));
		}
	}
	return diagnostics;
}
