import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getValue, type ConfigNode, type ConfigScalar } from '../docsConfig/configTree';
import type { DiagnosticSink } from '../docsConfig/diagnosticSink';
import { createDiagnostic } from '../diagnostic';
import { textsMention } from '../docsConfig/textMentions';
import { joinUri, relativePath } from '../uris';
import { applyOverlays } from './overlayApply';
import { readOverlayDocument, type OverlayDocument } from './overlayDocument';
import { readOpenApiSpec, type OpenApiSpec } from './openApiSpec';
import { specCandidates } from './specRegistry';
import { parseSpecText, plain, type SpecNode } from './specTree';

/** What applying a site's overlays needs and changes. */
export interface SiteOverlayInputs {
	readonly rootUri: string;
	readonly config: ConfigNode | undefined;
	/** The texts `config` was composed from: without `overlays` (or a `\u` escape that could spell it) in any, no walk of it finds one. */
	readonly configTexts: readonly string[];
	/** Local OpenAPI documents (named and discovered), replaced in place by their overlaid versions. */
	readonly specs: readonly Map<string, OpenApiSpec>[];
	/** The text of every file the site reads; overlay files are added (edits to them rebuild the site). */
	readonly specFiles: Map<string, TextDocument>;
	/** Overlay documents found in the repository (files with a top-level `overlay`). */
	readonly discovered: ReadonlyMap<string, TextDocument>;
	/** Reads a file an `overlays` list names. */
	readonly read: (uri: string) => Promise<TextDocument | undefined>;
	readonly sink: DiagnosticSink;
	readonly diagnostics: Map<string, Diagnostic[]>;
	/** The full OpenAPI validation of a text (the platform validates the document as overlaid). */
	readonly validate?: (uri: string, text: string) => Promise<OpenApiSpec['problems']>;
}

/**
 * Applies OpenAPI Overlays as the platform does, before any reference is resolved: a document
 * named with an `overlays` list in docs.json gets exactly those, in order (an empty list turns
 * overlays off); otherwise every overlay of the repository whose `extends` names the document, in
 * the order of their paths. A broken overlay is one finding in its file, and the document it
 * applies to is returned as not checkable (the platform drops it), so its entries are not judged.
 */
export async function applySiteOverlays(inputs: SiteOverlayInputs): Promise<Map<string, string>> {
	const { rootUri, specFiles, sink, diagnostics } = inputs;
	const failed = new Map<string, string>();
	// A walk of crewAI's 40,000 composed values costs ~3 ms per docs.json edit; where no text names overlays, none.
	const explicit = textsMention(inputs.configTexts, 'overlays')
		? explicitOverlays(rootUri, inputs.config)
		: new Map<string, { uri: string; node: ConfigScalar }[]>();
	const documents = new Map<string, OverlayDocument>();
	const readDocument = (document: TextDocument) => {
		let overlay = documents.get(document.uri);
		if (!overlay) documents.set(document.uri, (overlay = readOverlayDocument(document.uri, document.getText())));
		specFiles.set(document.uri, document);
		if (!diagnostics.has(document.uri)) diagnostics.set(document.uri, []);
		return overlay;
	};
	const discovered = [...inputs.discovered.values()].map(readDocument).sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
	// A discovered overlay the platform cannot read is reported even when it applies to nothing.
	for (const overlay of discovered) if (overlay.problems.length) report(overlay, undefined, overlay.problems[0]!.message, diagnostics, specFiles);
	for (const specs of inputs.specs)
		for (const [uri, spec] of specs) {
			if (/^https?:/i.test(uri)) continue;
			const named = explicit.get(uri);
			let overlays: OverlayDocument[];
			if (named) {
				overlays = [];
				for (const reference of named) {
					if (/^https?:\/\//i.test((reference.node.value as string).trim())) {
						// The platform fetches hosted overlays; offline, the document is not judged rather than judged wrong.
						sink.atNode(reference.node, 'Hosted overlays are not fetched here: entries that use this document are not checked.', 'openapi-remote-unavailable');
						failed.set(uri, 'a hosted overlay is not fetched');
						break;
					}
					const document = await inputs.read(reference.uri);
					if (!document) {
						sink.atNode(
							reference.node,
							`No overlay file '${reference.node.value as string}' in the docs root: the platform cannot apply it.`,
							'openapi-overlay-invalid',
						);
						failed.set(uri, 'an overlay it names does not exist');
						break;
					}
					overlays.push(readDocument(document));
				}
				if (failed.has(uri)) continue;
			} else overlays = discovered.filter(o => o.extends !== undefined && resolveExtends(rootUri, o.uri, o.extends) === uri);
			if (overlays.length === 0) continue;
			const text = specFiles.get(uri)?.getText();
			if (text === undefined) continue;
			const parsed = parseSpecText(text, uri);
			if (!parsed.root) continue;
			const result = applyOverlays(parsed.root, overlays);
			const label = relativePath(rootUri, uri) ?? uri;
			if ('failure' in result) {
				const { overlay, action, message } = result.failure;
				// A document's own problems are reported once, above, for discovered overlays.
				if (action || !discovered.includes(overlay))
					report(overlay, action, `${action ? `Action ${action.index + 1} cannot be applied to ${label}: ` : ''}${message}`, diagnostics, specFiles, label);
				failed.set(uri, `the overlay ${relativePath(rootUri, overlay.uri) ?? overlay.uri} cannot be applied`);
				continue;
			}
			const root = result.root;
			const overlaid = readOpenApiSpec(uri, text, { root, errors: parsed.errors, toData: () => plain(root) });
			const problems = inputs.validate ? await validateOverlaid(uri, root, inputs.validate, diagnostics, specFiles) : spec.problems;
			specs.set(uri, { ...overlaid, problems });
		}
	return failed;
}

/**
 * Validates the document as overlays made it, as the platform does: problems in what the document
 * itself says stay on the document; problems in what an overlay wrote go to the overlay's file.
 */
async function validateOverlaid(
	uri: string,
	root: SpecNode,
	validate: (uri: string, text: string) => Promise<OpenApiSpec['problems']>,
	diagnostics: Map<string, Diagnostic[]>,
	files: ReadonlyMap<string, TextDocument>,
): Promise<OpenApiSpec['problems']> {
	const text = JSON.stringify(plain(root), null, 1);
	const problems = await validate(uri, text);
	if (!problems?.length) return problems;
	const written = parseSpecText(text, 'overlaid.json').root;
	const inDocument: NonNullable<OpenApiSpec['problems']>[number][] = [];
	for (const problem of problems) {
		const node = nodeAtPath(root, pathAt(written, problem.span.offset));
		if (!node?.uri) {
			inDocument.push({ message: problem.message, span: node ? { offset: node.offset, length: Math.min(node.length, 80) } : { offset: 0, length: 0 } });
			continue;
		}
		const document = files.get(node.uri);
		const range = document
			? { start: document.positionAt(node.offset), end: document.positionAt(node.offset + Math.min(node.length, 80)) }
			: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
		const list = diagnostics.get(node.uri) ?? [];
		list.push(createDiagnostic(range, `OpenAPI (after this overlay): ${problem.message}`, 'openapi-invalid'));
		diagnostics.set(node.uri, list);
	}
	return inDocument;
}

/** The keys and indexes leading to the deepest node at `offset`. */
function pathAt(root: SpecNode | undefined, offset: number): (string | number)[] {
	const path: (string | number)[] = [];
	let node = root;
	for (;;) {
		if (node?.kind === 'map') {
			const entry = node.entries.find(e => (e.keyOffset <= offset && offset < e.value.offset + e.value.length) || e.keyOffset === offset);
			if (!entry) return path;
			path.push(entry.key);
			if (offset < entry.keyOffset + entry.keyLength) return path;
			node = entry.value;
		} else if (node?.kind === 'seq') {
			const index = node.items.findIndex(item => item.offset <= offset && offset < item.offset + item.length);
			if (index === -1) return path;
			path.push(index);
			node = node.items[index];
		} else return path;
	}
}

/** The node at a path, with its key's place when the last step is a key (where validation findings are shown). */
function nodeAtPath(root: SpecNode, path: readonly (string | number)[]): { offset: number; length: number; uri?: string } | undefined {
	let node: SpecNode = root;
	let at: { offset: number; length: number; uri?: string } = root;
	for (const step of path) {
		if (node.kind === 'map') {
			const entry = node.entries.find(e => e.key === step);
			if (!entry) return at;
			at = { offset: entry.keyOffset, length: entry.keyLength, uri: entry.uri };
			node = entry.value;
		} else if (node.kind === 'seq' && typeof step === 'number' && node.items[step]) {
			node = node.items[step]!;
			at = node;
		} else return at;
	}
	return at;
}

function report(
	overlay: OverlayDocument,
	action: OverlayDocument['actions'][number] | undefined,
	message: string,
	diagnostics: Map<string, Diagnostic[]>,
	files: ReadonlyMap<string, TextDocument>,
	label?: string,
): void {
	const document = files.get(overlay.uri);
	const problem = action ? undefined : overlay.problems[0];
	const offset = action?.targetNode.offset ?? problem?.offset ?? 0;
	const length = action?.targetNode.length ?? problem?.length ?? 0;
	const range = document
		? { start: document.positionAt(offset), end: document.positionAt(offset + length) }
		: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
	const more = !action && overlay.problems.length > 1 ? ` (and ${overlay.problems.length - 1} more problem${overlay.problems.length > 2 ? 's' : ''})` : '';
	const consequence = label ? ` The platform drops ${label}: entries that use it are not checked.` : ' The platform rejects this overlay.';
	const list = diagnostics.get(overlay.uri) ?? [];
	list.push(createDiagnostic(range, `${message.replace(/[.\s]*$/, '.')}${more}${consequence}`, 'openapi-overlay-invalid'));
	diagnostics.set(overlay.uri, list);
}

/** The `extends` of an overlay as a document URI: a path from the root when it starts with '/', else from the overlay's folder. */
function resolveExtends(rootUri: string, overlayUri: string, value: string): string | undefined {
	if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
	const overlayPath = relativePath(rootUri, overlayUri);
	if (overlayPath === undefined) return undefined;
	const base = value.startsWith('/') ? [] : overlayPath.split('/').slice(0, -1);
	const segments: string[] = [];
	for (const segment of [...base, ...value.split('/')]) {
		if (segment === '' || segment === '.') continue;
		if (segment === '..') segments.pop();
		else segments.push(segment);
	}
	return joinUri(rootUri, ...segments);
}

/** `overlays` lists of docs.json: by each candidate URI of the source they go with. */
function explicitOverlays(rootUri: string, config: ConfigNode | undefined): Map<string, { uri: string; node: ConfigScalar }[]> {
	const found = new Map<string, { uri: string; node: ConfigScalar }[]>();
	const visit = (node: ConfigNode | undefined, depth: number): void => {
		if (!node || depth > 64) return;
		if (node.kind === 'array') for (const item of node.items) visit(item, depth + 1);
		if (node.kind !== 'object') return;
		const openapi = getValue(node, 'openapi');
		for (const entry of openapi?.kind === 'array' ? openapi.items : [openapi]) {
			const source = getValue(entry, 'source');
			const overlays = getValue(entry, 'overlays');
			if (source?.kind !== 'string' || overlays?.kind !== 'array') continue;
			const references = overlays.items.flatMap(item =>
				item.kind === 'string' ? [{ uri: joinUri(rootUri, ...normalize(item.value as string)), node: item }] : [],
			);
			for (const uri of specCandidates(rootUri, (source.value as string).trim())) found.set(uri, references);
		}
		for (const property of node.properties) if (property.key !== 'openapi') visit(property.value, depth + 1);
	};
	visit(config, 0);
	return found;
}

function normalize(reference: string): string[] {
	const segments: string[] = [];
	for (const segment of reference.trim().split('/')) {
		if (segment === '' || segment === '.') continue;
		if (segment === '..') segments.pop();
		else segments.push(segment);
	}
	return segments;
}
