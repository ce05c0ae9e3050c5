import type { Diagnostic, Location, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../diagnostic';
import { classifyEntry } from '../docsConfig/pageEntries';
import { closestMatch } from '../textDistance';
import type { OpenApiOperation, OpenApiSpec } from './openApiSpec';
import { findOperation } from './openApiRules';
import type { SpecRegistry } from './specRegistry';
import { frontmatterValueRange } from '../mdx/frontmatterValueRange';

/** The value of a top-level frontmatter key as written (quotes included), or undefined. */

/**
 * Frontmatter that documents an endpoint, a webhook or a schema (spec rules 11 and 12), checked
 * the way the platform resolves it: a file prefix (from the root or the page's folder) is only a
 * preference, every OpenAPI document of the repository is searched (named in docs.json or not),
 * and a method in any case is accepted. What matches nothing is a warning, not an error: the
 * platform builds the page, without its API section.
 */
export function checkFrontmatterOpenApi(
	document: TextDocument,
	frontmatter: Readonly<Record<string, unknown>> | undefined,
	registry: SpecRegistry,
	navEntryFor?: (operation: OpenApiOperation) => Location | undefined,
): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	const all = registry.allSpecs;
	// A document still being read, or a hosted one not fetched, is judged once it is in.
	if (all.some(spec => spec.loading) || registry.hasUnavailable) return diagnostics;
	const folder = document.uri.slice(0, document.uri.lastIndexOf('/'));
	/** The documents searched, the preferred one first; or why there are none. */
	const specsFor = (file: string | undefined): OpenApiSpec[] | string => {
		const preferred = file ? registry.resolveFrom(file, folder) : undefined;
		const specs = preferred ? [preferred, ...all.filter(s => s !== preferred)] : all;
		return specs.length ? specs : 'No OpenAPI document in this repository: the page is built without its API section.';
	};
	const unmatched = (range: Range, message: string) =>
		diagnostics.push(createDiagnostic(range, `${message} The page is built without its API section.`, 'openapi-page-unmatched'));
	const openapi = frontmatter?.openapi;
	const openapiRange = frontmatterValueRange(document, 'openapi');
	if (typeof openapi === 'string' && openapiRange) {
		const value = openapi.trim();
		const webhook = /^(?:(\S+)\s+)?webhook\s+(\S+)$/i.exec(value);
		const entry = classifyEntry(value);
		if (webhook) {
			const specs = specsFor(webhook[1]);
			if (typeof specs === 'string') diagnostics.push(createDiagnostic(openapiRange, specs, 'openapi-page-unmatched'));
			else if (!specs.some(s => s.webhooks.some(w => w.name === webhook[2]))) {
				const suggestion = closestMatch(
					webhook[2],
					specs.flatMap(s => s.webhooks.map(w => w.name)),
				);
				unmatched(openapiRange, `No OpenAPI document of this repository has a webhook '${webhook[2]}'.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`);
			}
		} else if (entry.kind === 'openapi') {
			const specs = specsFor(entry.file);
			const method = entry.method.toUpperCase();
			if (typeof specs === 'string') diagnostics.push(createDiagnostic(openapiRange, specs, 'openapi-page-unmatched'));
			else {
				const { found, suggestion } = findOperation(specs, method, entry.path);
				if (!found.length)
					unmatched(
						openapiRange,
						`No OpenAPI document of this repository has '${method} ${entry.path}'${entry.file ? ` (looked in ${entry.file} first)` : ''}.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
					);
				const listed = found.length >= 1 ? navEntryFor?.(found[0].operation) : undefined;
				if (listed) {
					diagnostics.push(
						createDiagnostic(
							openapiRange,
							`'${method} ${entry.path}' is also a navigation entry, which generates its own page: the endpoint is documented twice.`,
							'openapi-documented-twice',
							[{ location: listed, message: 'the generated page comes from here' }],
						),
					);
				}
			}
		} else {
			diagnostics.push(createDiagnostic(openapiRange, `"openapi" must be '[file] METHOD /path' or '[file] webhook <name>'.`, 'openapi-page-unmatched'));
		}
	}
	const schema = frontmatter?.['openapi-schema'];
	const schemaRange = frontmatterValueRange(document, 'openapi-schema');
	if (typeof schema === 'string' && schemaRange) {
		const [file, name] = schema.trim().includes(' ') ? schema.trim().split(/\s+/, 2) : [undefined, schema.trim()];
		const specs = specsFor(file);
		if (typeof specs === 'string') diagnostics.push(createDiagnostic(schemaRange, specs, 'openapi-page-unmatched'));
		else if (!specs.some(s => s.schemas.some(x => x.name === name))) {
			const suggestion = closestMatch(
				name,
				specs.flatMap(s => s.schemas.map(x => x.name)),
			);
			unmatched(
				schemaRange,
				`No OpenAPI document of this repository has a schema '${name}' under components.schemas.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
			);
		}
	}
	return diagnostics;
}
