import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../diagnostic';
import type { ConfigNode } from '../docsConfig/configTree';
import type { DiagnosticSink } from '../docsConfig/diagnosticSink';
import type { NavElement, PageEntry } from '../docsConfig/navigation';
import { classifyEntry, invalidMethodMessage, isCustomMethod, isExternalLink } from '../docsConfig/pageEntries';
import { closestMatch } from '../textDistance';
import { checkTextIsParsable, refusedReason } from '../textGuards';
import type { OpenApiOperation, OpenApiSpec } from './openApiSpec';
import type { SpecReference, SpecRegistry } from './specRegistry';

/** Quick-fix data of OpenAPI entry diagnostics: the entry as it should be written. */
export interface OpenApiEntryFix {
	readonly replacement: string;
}

/** `{id}` and `{userId}` are the same route: compare paths with parameter names blanked. */
const routeShape = (path: string) => path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';

/** Per spec: `METHOD path` → its operations, so thousands of entries do not each scan thousands of operations. */
const operationIndexes = new WeakMap<OpenApiSpec, Map<string, OpenApiOperation[]>>();

function operationIndex(spec: OpenApiSpec): Map<string, OpenApiOperation[]> {
	let index = operationIndexes.get(spec);
	if (!index) {
		index = new Map();
		for (const op of spec.operations) {
			const key = `${op.method} ${op.path}`;
			const list = index.get(key);
			if (list) list.push(op);
			else index.set(key, [op]);
		}
		operationIndexes.set(spec, index);
	}
	return index;
}

/** The operations `method path` names in `specs` (no explanation when there is none: see findOperation). */
export function findOperations(specs: readonly OpenApiSpec[], method: string, path: string): { spec: OpenApiSpec; operation: OpenApiOperation }[] {
	// Called for each of thousands of entries on every keystroke in docs.json: no intermediate arrays.
	const key = `${method} ${path}`;
	const found: { spec: OpenApiSpec; operation: OpenApiOperation }[] = [];
	for (const spec of specs) for (const operation of operationIndex(spec).get(key) ?? []) found.push({ spec, operation });
	return found;
}

/** Finds `method path` in `specs`, or explains why not with the most likely fix. */
export function findOperation(
	specs: readonly OpenApiSpec[],
	method: string,
	path: string,
): { found: { spec: OpenApiSpec; operation: OpenApiOperation }[]; suggestion?: string; reason?: string } {
	const found = findOperations(specs, method, path);
	if (found.length) return { found };
	const all = specs.flatMap(spec => spec.operations);
	const sameShape = all.find(op => op.method === method && routeShape(op.path) === routeShape(path));
	if (sameShape) {
		const reason = path.endsWith('/') && !sameShape.path.endsWith('/') ? 'a trailing slash' : 'different path parameter names';
		return { found, suggestion: `${method} ${sameShape.path}`, reason };
	}
	const otherMethod = all.filter(op => op.path === path).map(op => op.method);
	if (otherMethod.length) return { found, suggestion: `${otherMethod[0]} ${path}`, reason: `no ${method} on this path (it has ${otherMethod.join(', ')})` };
	const closest =
		closestMatch(
			path,
			all.filter(op => op.method === method).map(op => op.path),
		) ??
		closestMatch(
			path,
			all.map(op => op.path),
		);
	const op = closest && (all.find(o => o.path === closest && o.method === method) ?? all.find(o => o.path === closest));
	return { found, suggestion: op ? `${op.method} ${op.path}` : undefined };
}

/** The OpenAPI sources the configuration names (`openapi` keys, entry file prefixes) must be files of the site in a version the platform reads. */
export function checkSpecReferences(references: Iterable<SpecReference>, registry: SpecRegistry, sink: DiagnosticSink): void {
	for (const reference of references) {
		if (isExternalLink(reference.source)) continue; // hosted: reported by the loader when it cannot be fetched
		const spec = registry.resolve(reference.source);
		const isEntry = classifyEntry(reference.node.value as string).kind === 'openapi';
		if (!spec) {
			if (!isEntry) sink.atNode(reference.node, specNotFoundMessage(registry, reference.source), 'openapi-spec-not-found');
		} else if (spec.isSwagger2 && !isEntry) {
			sink.atNode(
				reference.node,
				`'${reference.source}' is Swagger ${spec.version ?? '2.0'}: the platform needs OpenAPI 3.0 or later (convert it, e.g. with swagger2openapi).`,
				'openapi-version',
			);
		}
	}
}

/** Why a file reference names no document: not there, or outside the docs root (where nothing is read). */
function specNotFoundMessage(registry: SpecRegistry, source: string): string {
	return registry.leavesRoot(source)
		? `'${source}' leads outside the docs root: the platform builds only the root, and MintDoc reads no file outside it.`
		: `No OpenAPI file '${source}' (tried .yaml, .yml and .json) in the docs root.`;
}

/**
 * Every `METHOD /path` entry resolved with the platform's rules: an explicit file prefix, else the
 * nearest `openapi` up the navigation, else `api.openapi`. What fails silently on the platform
 * (an entry "treated as a file path", a blank page) becomes a diagnostic with a fix.
 */
export function checkEndpointEntries(entries: readonly PageEntry[], config: ConfigNode | undefined, registry: SpecRegistry, sink: DiagnosticSink): void {
	const scopes = new Map<NavElement, OpenApiSpec[]>();
	for (const entry of entries) {
		const parsed = classifyEntry(entry.value);
		if (parsed.kind !== 'openapi') continue;
		const method = parsed.method.toUpperCase();
		const prefix = parsed.file ? `${parsed.file} ` : '';
		if (parsed.method !== method) {
			sink.atNode(entry.node, `HTTP methods are written in upper case: '${prefix}${method} ${parsed.path}'.`, 'openapi-method-case', {
				data: { replacement: `${prefix}${method} ${parsed.path}` } satisfies OpenApiEntryFix,
			});
		}
		let specs: OpenApiSpec[];
		if (parsed.file) {
			const spec = registry.resolve(parsed.file);
			if (!spec) {
				sink.atNode(
					entry.node,
					registry.leavesRoot(parsed.file) ? specNotFoundMessage(registry, parsed.file) : `No OpenAPI file '${parsed.file}' in the docs root for this entry.`,
					'openapi-spec-not-found',
				);
				continue;
			}
			specs = [spec];
		} else {
			// Thousands of entries share a few hundred groups: the scope is resolved once per group.
			let scoped = scopes.get(entry.parent);
			if (!scoped) scopes.set(entry.parent, (scoped = registry.inScope(entry.parent, config)));
			specs = scoped;
			if (!specs.length) {
				sink.atNode(
					entry.node,
					`'${entry.value}' looks like an endpoint, but no OpenAPI document is in scope: the platform treats it as a file path. Set "openapi" on this group (or a parent), or write '<file> ${method} ${parsed.path}'.`,
					'openapi-no-spec',
				);
				continue;
			}
		}
		// A document still being read would make every entry look missing: judge it once it is in.
		if (specs.some(spec => spec.loading)) continue;
		const { found, suggestion, reason } = findOperation(specs, method, parsed.path);
		if (found.length > 1) {
			sink.atNode(
				entry.node,
				`'${method} ${parsed.path}' exists in ${found.map(f => f.spec.uri.split('/').pop()).join(' and ')}: name the file ('<file> ${method} ${parsed.path}').`,
				'openapi-ambiguous',
			);
		} else if (found.length === 1) {
			if (found[0].operation.hidden)
				sink.atNode(entry.node, `'${method} ${parsed.path}' has x-hidden: the platform generates no page for it.`, 'openapi-hidden-operation');
		} else if (isCustomMethod(method) && !specs.some(spec => spec.operations.some(op => op.method === method))) {
			// `PURGE /cache` is an endpoint only where a document declares PURGE under `additionalOperations` (OpenAPI 3.2).
			sink.atNode(entry.node, invalidMethodMessage(method), 'openapi-invalid-method');
		} else {
			// Maybe the operation lives in another spec of the site: suggest naming that file.
			const elsewhere = !parsed.file
				? registry.specs.filter(s => !specs.includes(s)).find(s => findOperation([s], method, parsed.path).found.length)
				: undefined;
			const fileHint =
				elsewhere &&
				elsewhere.uri
					.split('/')
					.pop()!
					.replace(/\.(ya?ml|json)$/i, '');
			const replacement = fileHint ? `${fileHint} ${method} ${parsed.path}` : suggestion && `${prefix}${suggestion}`;
			const why = fileHint ? ` It is in ${elsewhere!.uri.split('/').pop()}.` : reason ? ` (${reason})` : '';
			sink.atNode(
				entry.node,
				`No operation '${method} ${parsed.path}' in ${specs.map(s => s.uri.split('/').pop()).join(', ')}.${why}${replacement ? ` Did you mean '${replacement}'?` : ''}`,
				'openapi-operation-not-found',
				{ data: replacement ? ({ replacement } satisfies OpenApiEntryFix) : undefined },
			);
		}
	}
}

/** Problems of a spec file itself: parse errors, external `$ref`s, webhooks before 3.1. */
export function checkSpecFile(spec: OpenApiSpec, document: TextDocument): Diagnostic[] {
	if (spec.loading) return [];
	// A file that was not read has nothing to parse: only why it was not read.
	if (refusedReason(document)) return [checkTextIsParsable(document, 'This OpenAPI document')!];
	const range = (offset: number, length: number) => ({ start: document.positionAt(offset), end: document.positionAt(offset + length) });
	const diagnostics = spec.parseErrors.slice(0, 50).map(e => createDiagnostic(range(e.offset, e.length), e.message, 'openapi-syntax'));
	for (const problem of spec.problems ?? [])
		diagnostics.push(
			problem.tooComplex
				? createDiagnostic(range(problem.span.offset, problem.span.length), problem.message, 'openapi-too-complex')
				: createDiagnostic(range(problem.span.offset, problem.span.length), `OpenAPI: ${problem.message}`, 'openapi-invalid'),
		);
	for (const ref of spec.externalRefs)
		diagnostics.push(
			createDiagnostic(
				range(ref.span.offset, ref.span.length),
				`External $ref '${ref.ref}': the platform supports only references inside this document (#/components/...).`,
				'openapi-external-ref',
			),
		);
	if (spec.webhooks.length && spec.version && /^3\.0/.test(spec.version)) {
		const first = spec.webhooks[0].span;
		diagnostics.push(
			createDiagnostic(range(first.offset, first.length), `webhooks need OpenAPI 3.1 or later; this document is ${spec.version}.`, 'openapi-webhooks-version'),
		);
	}
	return diagnostics;
}
