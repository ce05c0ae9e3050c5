import type { JSONPath } from 'jsonc-parser';
import type { ConfigNode } from '../docsConfig/configTree';

/** A string of a configuration file: where it is written (its quotes included). */
export interface StringSpan {
	readonly type: 'string';
	readonly offset: number;
	readonly length: number;
}

/**
 * The string (a value or a property's key) whose quotes hold `offset`, in the composed tree of a
 * file composed without `$ref` (its composed tree mirrors its text node for node), and its JSON
 * path as jsonc-parser's `getNodePath` gives it (a key's path is not needed: empty). Undefined
 * between values. Descends by binary search: a few dozen steps in a 2 MB docs.json.
 */
export function stringAt(root: ConfigNode, offset: number): { readonly node: StringSpan; readonly path: JSONPath; readonly isKey: boolean } | undefined {
	const path: JSONPath = [];
	const inside = (start: number, length: number) => start < offset && offset < start + length;
	for (let node = root; ;) {
		if (node.kind === 'string')
			return inside(node.offset, node.length) ? { node: { type: 'string', offset: node.offset, length: node.length }, path, isKey: false } : undefined;
		if (node.kind === 'object') {
			const properties = node.properties;
			const i = lastStartingBefore(properties.length, k => properties[k].keyOffset, offset);
			const property = properties[i];
			if (!property) return undefined;
			if (inside(property.keyOffset, property.keyLength))
				return { node: { type: 'string', offset: property.keyOffset, length: property.keyLength }, path: [], isKey: true };
			if (!inside(property.value.offset - 1, property.value.length + 1)) return undefined;
			path.push(property.key);
			node = property.value;
		} else if (node.kind === 'array') {
			const items = node.items;
			const i = lastStartingBefore(items.length, k => items[k].offset, offset);
			const item = items[i];
			if (!item || !inside(item.offset - 1, item.length + 1)) return undefined;
			path.push(i);
			node = item;
		} else return undefined;
	}
}

/** The last of `count` children (in source order) that starts before `offset`; -1 when none does. */
function lastStartingBefore(count: number, startOf: (i: number) => number, offset: number): number {
	let low = 0;
	let high = count - 1;
	if (count === 0 || startOf(0) >= offset) return -1;
	while (low < high) {
		const middle = (low + high + 1) >> 1;
		if (startOf(middle) < offset) low = middle;
		else high = middle - 1;
	}
	return low;
}
