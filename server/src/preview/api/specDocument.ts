import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCache } from '../../core/cache';
import { parseSpecText, plain } from '../../core/openapi/specTree';

/** Plain JSON-like value of a spec node. */
export type Json = unknown;
export type JsonObject = Record<string, unknown>;

/** An OpenAPI document as plain values, for rendering: parsed once per text. */
export interface ApiDocument {
	readonly uri: string;
	readonly root: JsonObject | undefined;
	readonly isSwagger2: boolean;
	readonly parseErrors: readonly { readonly message: string; readonly offset: number; readonly length: number }[];
	readonly text: string;
}

const documents = new DocumentCache<ApiDocument>(8);

/** Reads (or takes from the cache) the plain value of an OpenAPI document; never throws. */
export function loadApiDocument(document: TextDocument): ApiDocument {
	return documents.get(document, doc => {
		const text = doc.getText();
		const { root, errors } = parseSpecText(text, doc.uri);
		const value = plain(root);
		const object = isObject(value) ? value : undefined;
		return {
			uri: doc.uri,
			root: object,
			isSwagger2: typeof object?.swagger === 'string' || /^2\./.test(String(object?.swagger ?? '')),
			parseErrors: errors,
			text,
		};
	});
}

export function isObject(value: unknown): value is JsonObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asString(value: unknown): string | undefined {
	return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** What following a `$ref` gave. */
export type Resolved =
	| { readonly kind: 'value'; readonly value: JsonObject; readonly ref?: string }
	| { readonly kind: 'circular'; readonly ref: string }
	| { readonly kind: 'unresolved'; readonly ref: string; readonly why: 'external' | 'missing' };

/** The value at an internal JSON pointer (`#/components/schemas/Pet`), or undefined. */
export function resolvePointer(root: JsonObject | undefined, ref: string): unknown {
	if (!ref.startsWith('#')) return undefined;
	let value: unknown = root;
	for (const raw of ref.slice(1).split('/').slice(1)) {
		const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
		if (Array.isArray(value)) value = value[Number(key)];
		else if (isObject(value) && Object.prototype.hasOwnProperty.call(value, key)) value = value[key];
		else return undefined;
	}
	return value;
}

/**
 * Follows `$ref`s (chains included) from `value`. `stack` holds the references already open on the
 * way here, so a schema that contains itself stops as `circular` instead of recursing forever.
 */
export function deref(doc: ApiDocument, value: unknown, stack: readonly string[] = []): Resolved & { readonly stack: readonly string[] } {
	let current = value;
	let lastRef: string | undefined;
	const opened = [...stack];
	for (let hops = 0; hops < 32; hops++) {
		if (!isObject(current)) return { kind: 'value', value: {}, ref: lastRef, stack: opened };
		const ref = current.$ref;
		if (typeof ref !== 'string') return { kind: 'value', value: current, ref: lastRef, stack: opened };
		if (!ref.startsWith('#')) return { kind: 'unresolved', ref, why: 'external', stack: opened };
		if (opened.includes(ref)) return { kind: 'circular', ref, stack: opened };
		opened.push(ref);
		lastRef = ref;
		const target = resolvePointer(doc.root, ref);
		if (target === undefined) return { kind: 'unresolved', ref, why: 'missing', stack: opened };
		current = target;
	}
	return { kind: 'circular', ref: lastRef ?? '', stack: opened };
}

/** A plain object through its `$ref`s, or an empty object when it cannot be followed (for parameters, responses). */
export function derefObject(doc: ApiDocument, value: unknown): JsonObject {
	const resolved = deref(doc, value);
	return resolved.kind === 'value' ? resolved.value : {};
}

/** The last segment of a reference: `#/components/schemas/Pet` → `Pet`. */
export function refName(ref: string): string {
	const last = ref.split('/').pop() ?? ref;
	return decodeURIComponent(last).replace(/~1/g, '/').replace(/~0/g, '~') || ref;
}

/** Zero-based line and character of an offset, for problems shown in the preview. */
export function positionOf(text: string, offset: number): { line: number; character: number } {
	let line = 0;
	let lineStart = 0;
	for (let i = 0; i < offset && i < text.length; i++)
		if (text.charCodeAt(i) === 10) {
			line++;
			lineStart = i + 1;
		}
	return { line, character: offset - lineStart };
}
