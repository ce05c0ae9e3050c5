import type { Node } from 'jsonc-parser';
import { detachString } from '../detachString';

/**
 * The composed configuration: `docs.json` with every `{"$ref": ...}` replaced by the referenced
 * file's content, as the platform builds it. Every node remembers the file and offsets where it
 * is written, so a rule that finds a problem in the composed value reports it in the right file
 * at the right range.
 */
export type ConfigNode = ConfigObject | ConfigArray | ConfigScalar;

interface ConfigNodeBase {
	/** URI of the file this value is written in. */
	readonly uri: string;
	readonly offset: number;
	readonly length: number;
}

export interface ConfigObject extends ConfigNodeBase {
	readonly kind: 'object';
	/** In source order; with `$ref` siblings, the referenced file's keys first and the overriding siblings last. */
	readonly properties: readonly ConfigProperty[];
	/** Set on a `$ref` object whose target could not be used; rules skip it (its error is already reported). */
	readonly unresolved?: true;
}

export interface ConfigArray extends ConfigNodeBase {
	readonly kind: 'array';
	/** Items; an item that is a `$ref` to an array is spliced in place, item by item. */
	readonly items: readonly ConfigNode[];
}

export interface ConfigScalar extends ConfigNodeBase {
	readonly kind: 'string' | 'number' | 'boolean' | 'null';
	readonly value: string | number | boolean | null;
}

export interface ConfigProperty {
	readonly key: string;
	/** Where the key (with its quotes) is written: the file of the object that holds it. */
	readonly keyUri: string;
	readonly keyOffset: number;
	readonly keyLength: number;
	readonly value: ConfigNode;
}

/** The value of `key` on an object (the last one wins, as in JSON.parse). */
export function getProperty(node: ConfigNode | undefined, key: string): ConfigProperty | undefined {
	if (node?.kind !== 'object') return undefined;
	for (let i = node.properties.length - 1; i >= 0; i--) if (node.properties[i].key === key) return node.properties[i];
	return undefined;
}

export function getValue(node: ConfigNode | undefined, key: string): ConfigNode | undefined {
	return getProperty(node, key)?.value;
}

export function getString(node: ConfigNode | undefined, key: string): string | undefined {
	const value = getValue(node, key);
	return value?.kind === 'string' ? (value.value as string) : undefined;
}

/**
 * Converts a jsonc-parser node of one file, without `$ref` handling (used for leaf values).
 * `detach`: a string value is copied rather than kept as a view into the file's text (see
 * detachString.ts), for a tree whose values outlive that text.
 */
export function scalarFromJsonc(node: Node, uri: string, detach = false): ConfigScalar {
	const kind = node.type === 'string' || node.type === 'number' || node.type === 'boolean' || node.type === 'null' ? node.type : 'null';
	// V8 copies substrings shorter than 13 characters anyway.
	const value = node.type === 'null' ? null : detach && typeof node.value === 'string' && node.value.length >= 13 ? detachString(node.value) : node.value;
	return { kind, value, uri, offset: node.offset, length: node.length };
}

/** Plain JavaScript value of a composed node (for hover text, rendering). */
export function toPlainValue(node: ConfigNode): unknown {
	switch (node.kind) {
		case 'object':
			return Object.fromEntries(node.properties.map(p => [p.key, toPlainValue(p.value)]));
		case 'array':
			return node.items.map(toPlainValue);
		default:
			return node.value;
	}
}
