import { parseTree, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';

/**
 * A JSON or YAML document as one tree with offsets, so OpenAPI rules and features work the same
 * on both and every operation, schema and webhook keeps its source range.
 */
export type SpecNode =
	| { readonly kind: 'map'; readonly offset: number; readonly length: number; readonly entries: readonly SpecEntry[]; readonly uri?: string }
	| { readonly kind: 'seq'; readonly offset: number; readonly length: number; readonly items: readonly SpecNode[]; readonly uri?: string }
	| { readonly kind: 'scalar'; readonly offset: number; readonly length: number; readonly value: unknown; readonly uri?: string };

export interface SpecEntry {
	readonly key: string;
	readonly keyOffset: number;
	readonly keyLength: number;
	readonly value: SpecNode;
	/** Set when the entry was written in another file than the document's (an overlay added it). */
	readonly uri?: string;
}

export interface ParsedSpecText {
	readonly root: SpecNode | undefined;
	readonly errors: readonly { readonly message: string; readonly offset: number; readonly length: number }[];
	/**
	 * The document as plain data (aliases and merge keys applied), from the same parse: validation
	 * needs it, and parsing a large YAML document a second time costs as much as the first.
	 * Throws when the document cannot be turned into data (too many aliases).
	 */
	toData(): unknown;
}

/** Parses JSON (by extension or a leading brace) or YAML, never throwing. */
export function parseSpecText(text: string, uri: string): ParsedSpecText {
	const looksJson = /\.json$/i.test(uri) || /^\s*\{/.test(text);
	return looksJson ? parseJson(text) : parseYaml(text);
}

function parseJson(text: string): ParsedSpecText {
	const errors: ParseError[] = [];
	const tree = parseTree(text, errors, { allowTrailingComma: true });
	const convert = (node: JsonNode): SpecNode => {
		if (node.type === 'object') {
			const entries: SpecEntry[] = [];
			for (const property of node.children ?? []) {
				const [key, value] = property.children ?? [];
				if (key && value) entries.push({ key: String(key.value), keyOffset: key.offset, keyLength: key.length, value: convert(value) });
			}
			return { kind: 'map', offset: node.offset, length: node.length, entries };
		}
		if (node.type === 'array') return { kind: 'seq', offset: node.offset, length: node.length, items: (node.children ?? []).map(convert) };
		return { kind: 'scalar', offset: node.offset, length: node.length, value: node.value };
	};
	return {
		root: tree && convert(tree),
		errors: errors.map(e => ({ message: 'Invalid JSON', offset: e.offset, length: Math.max(1, e.length) })),
		toData: () => JSON.parse(text),
	};
}

function parseYaml(text: string): ParsedSpecText {
	const document = parseDocument(text, { lineCounter: new LineCounter(), uniqueKeys: false, prettyErrors: false });
	const convert = (node: YamlNode | null | undefined | unknown): SpecNode | undefined => {
		if (!node || typeof node !== 'object') return undefined;
		const [start, end] = (node as YamlNode).range ?? [0, 0, 0];
		if (isMap(node)) {
			const entries: SpecEntry[] = [];
			for (const pair of node.items) {
				const key = pair.key;
				const value = convert(pair.value) ?? { kind: 'scalar' as const, offset: (key as YamlNode | null)?.range?.[1] ?? start, length: 0, value: null };
				if (isScalar(key))
					entries.push({ key: String(key.value), keyOffset: key.range?.[0] ?? start, keyLength: (key.range?.[1] ?? start) - (key.range?.[0] ?? start), value });
			}
			return { kind: 'map', offset: start, length: end - start, entries };
		}
		if (isSeq(node)) return { kind: 'seq', offset: start, length: end - start, items: node.items.flatMap(item => convert(item) ?? []) };
		if (isScalar(node)) return { kind: 'scalar', offset: start, length: end - start, value: node.value };
		return undefined;
	};
	const errors = document.errors.map(e => ({ message: e.message.split('\n')[0], offset: e.pos[0], length: Math.max(1, e.pos[1] - e.pos[0]) }));
	return { root: convert(document.contents), errors, toData: () => document.toJS({ maxAliasCount: 100 }) };
}

export function child(node: SpecNode | undefined, key: string): SpecNode | undefined {
	return node?.kind === 'map' ? node.entries.find(e => e.key === key)?.value : undefined;
}

export function entryOf(node: SpecNode | undefined, key: string): SpecEntry | undefined {
	return node?.kind === 'map' ? node.entries.find(e => e.key === key) : undefined;
}

export function stringOf(node: SpecNode | undefined): string | undefined {
	return node?.kind === 'scalar' && (typeof node.value === 'string' || typeof node.value === 'number') ? String(node.value) : undefined;
}

/** Plain value of a subtree (for x-mint metadata, servers in hovers). */
export function plain(node: SpecNode | undefined): unknown {
	if (!node) return undefined;
	if (node.kind === 'map') return Object.fromEntries(node.entries.map(e => [e.key, plain(e.value)]));
	if (node.kind === 'seq') return node.items.map(plain);
	return node.value;
}
