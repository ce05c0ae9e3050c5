import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { detachString } from '../detachString';
import { checkTextIsParsable, limits } from '../textGuards';
import { basenameUri } from '../uris';
import type { ComposedConfig } from './composedConfig';
import { scalarFromJsonc, type ConfigArray, type ConfigNode, type ConfigObject, type ConfigProperty } from './configTree';
import { changedRegion } from './incrementalJson';
import { findExcessiveNesting } from './jsonDepth';

/** The options parseJsonConfig parses with: a region is parsed exactly the same way. */
const strictJson = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false } as const;

/**
 * The composed configuration of `document` (a new version of the one file `previous` was composed
 * from), made from `previous` by parsing again only the value (or key) an edit touched — what
 * {@link composeConfig} would return, without a syntax tree of the file (`trees` is empty: features
 * read the composed tree). Undefined whenever that cannot be shown, and the caller composes in full:
 * the previous file had any problem or pulled in other files, the edit spans the top-level value,
 * the new text of the value is not one error-free value, it could spell a `$ref`, or it nests too deep.
 *
 * Why it is exact: see reparseTree (incrementalJson.ts) — replacing one value's text by one
 * error-free value leaves every token outside it as it was. Values wholly before the edit keep
 * their offsets and are shared with `previous` (composed nodes hold no parent link and are never
 * modified); values after it are copied, moved by the edit. On crewAI's 2.4 MB docs.json this
 * allocates one copy of half the tree on average, where a parse and a composition copied it twice.
 */
export function recomposeConfig(previous: ComposedConfig, document: TextDocument): ComposedConfig | undefined {
	const { configUri } = previous;
	const before = previous.files.get(configUri);
	if (document.uri !== configUri || !before || previous.files.size !== 1 || previous.refs.length || previous.root?.kind !== 'object') return undefined;
	if (previous.diagnostics.get(configUri)?.length) return undefined;
	if (checkTextIsParsable(document, basenameUri(configUri))) return undefined;
	const oldText = before.getText();
	const text = document.getText();
	const result = (root: ConfigNode): ComposedConfig => ({
		...previous,
		root,
		files: new Map([[configUri, document]]),
		trees: new Map(),
		diagnostics: new Map([[configUri, []]]),
	});
	const change = changedRegion(oldText, text);
	if (!change) return result(previous.root);
	const delta = text.length - oldText.length;
	const path = pathTo(previous.root, change.start, change.oldEnd);
	// The deepest value or key holding the edit; then the containers whose brackets lie outside it.
	for (let i = path.length - 1; i >= 1; i--) {
		const step = path[i];
		const isContainer = step.node.kind === 'object' || step.node.kind === 'array';
		if (i < path.length - 1 && !(isContainer && step.offset < change.start && change.oldEnd < step.offset + step.length)) continue;
		const replaced = replace(path, i, text, oldText.length, delta);
		if (replaced === 'full') return undefined;
		if (replaced) return result(replaced);
	}
	return undefined;
}

/** One step down the composed tree: a value, or the key of a property (then `node` is the property's value). */
interface Step {
	readonly node: ConfigNode;
	/** The key of `property` is what this step holds, not its value. */
	readonly isKey: boolean;
	/** Where the step's text is (the key's, for a key). */
	readonly offset: number;
	readonly length: number;
	/** How the parent holds it: the index among its properties or items. */
	readonly index: number;
}

/** The steps from the root down to the deepest value or key whose span holds [start, end] (its edges included). */
function pathTo(root: ConfigNode, start: number, end: number): Step[] {
	const path: Step[] = [{ node: root, isKey: false, offset: root.offset, length: root.length, index: -1 }];
	for (let node = root; ;) {
		const spans = node.kind === 'object' ? node.properties.length : node.kind === 'array' ? node.items.length : 0;
		// Children are in source order and never touch: binary search by where each starts.
		const startOf = (i: number) => (node.kind === 'object' ? (node as ConfigObject).properties[i].keyOffset : (node as ConfigArray).items[i].offset);
		let low = 0;
		let high = spans - 1;
		if (spans === 0) return path;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if (startOf(middle) <= start) low = middle;
			else high = middle - 1;
		}
		if (node.kind === 'object') {
			const property = node.properties[low];
			if (property.keyOffset <= start && end <= property.keyOffset + property.keyLength) {
				path.push({ node: property.value, isKey: true, offset: property.keyOffset, length: property.keyLength, index: low });
				return path;
			}
			const value = property.value;
			if (!(value.offset <= start && end <= value.offset + value.length)) return path;
			path.push({ node: value, isKey: false, offset: value.offset, length: value.length, index: low });
			node = value;
		} else {
			const item = (node as ConfigArray).items[low];
			if (!(item.offset <= start && end <= item.offset + item.length)) return path;
			path.push({ node: item, isKey: false, offset: item.offset, length: item.length, index: low });
			node = item;
		}
	}
}

/**
 * The composed root with `path[index]` parsed again from the new text; undefined when its new text
 * is not one usable value (a larger container may be), 'full' when only a full composition can decide.
 */
function replace(path: readonly Step[], index: number, text: string, oldLength: number, delta: number): ConfigNode | undefined | 'full' {
	const target = path[index];
	// More than half the file costs about as much as composing it in full.
	if (target.length * 2 > oldLength) return 'full';
	const from = target.offset;
	const to = target.offset + target.length + delta;
	if (to <= from) return undefined;
	let depth = 0;
	for (let i = 0; i < index; i++) if (!path[i].isKey && (path[i].node.kind === 'array' || path[i].node.kind === 'object')) depth++;
	if (findExcessiveNesting(text, limits.maxJsonDepth, from, to, depth) !== undefined) return 'full';
	// A copy: what is parsed from it is carried into later versions, and a slice would keep this whole text alive.
	const region = detachString(text.slice(from, to));
	// Composition resolves `$ref` objects (a `\u` escape could spell one): those edits compose in full.
	if (region.includes('$ref') || region.includes('\\u')) return 'full';
	const errors: ParseError[] = [];
	const parsed = parseTree(region, errors, strictJson);
	if (errors.length || !parsed || (target.isKey && parsed.type !== 'string')) return undefined;
	const uri = path[0].node.uri;
	// Rebuilds the steps above the target, bottom up: each container takes the new child, shares the
	// children before it and moves those after it.
	let built: ConfigNode | ConfigProperty = target.isKey ? ({} as ConfigProperty) : configNodeOf(parsed, uri, from);
	for (let i = index; i >= 1; i--) {
		const step = path[i];
		const parent = path[i - 1].node;
		if (parent.kind === 'object') {
			const properties = parent.properties.slice(0, step.index);
			const own = parent.properties[step.index];
			properties.push(
				i === index && step.isKey
					? { key: String(parsed.value), keyUri: uri, keyOffset: from + parsed.offset, keyLength: parsed.length, value: moved(own.value, delta) }
					: { ...own, value: built as ConfigNode },
			);
			for (let k = step.index + 1; k < parent.properties.length; k++) properties.push(movedProperty(parent.properties[k], delta));
			built = { kind: 'object', properties, uri: parent.uri, offset: parent.offset, length: parent.length + delta } satisfies ConfigObject;
		} else if (parent.kind === 'array') {
			const items = parent.items.slice(0, step.index);
			items.push(built as ConfigNode);
			for (let k = step.index + 1; k < parent.items.length; k++) items.push(moved(parent.items[k], delta));
			built = { kind: 'array', items, uri: parent.uri, offset: parent.offset, length: parent.length + delta } satisfies ConfigArray;
		}
	}
	return built as ConfigNode;
}

/** A composed node of a freshly parsed value (no `$ref` in it), its offsets moved by `by`. */
function configNodeOf(node: Node, uri: string, by: number): ConfigNode {
	if (node.type === 'array') {
		const items: ConfigNode[] = [];
		for (const child of node.children ?? []) items.push(configNodeOf(child, uri, by));
		return { kind: 'array', items, uri, offset: node.offset + by, length: node.length };
	}
	if (node.type === 'object') {
		const properties: ConfigProperty[] = [];
		for (const property of node.children ?? []) {
			const [key, value] = property.children ?? [];
			if (!key || !value) continue;
			properties.push({ key: String(key.value), keyUri: uri, keyOffset: key.offset + by, keyLength: key.length, value: configNodeOf(value, uri, by) });
		}
		return { kind: 'object', properties, uri, offset: node.offset + by, length: node.length };
	}
	const scalar = scalarFromJsonc(node, uri);
	return by ? { ...scalar, offset: scalar.offset + by } : scalar;
}

/** A copy of a composed node wholly after the edit, moved by `by` (the node itself when the edit kept the length). */
function moved(node: ConfigNode, by: number): ConfigNode {
	if (by === 0) return node;
	switch (node.kind) {
		case 'object':
			return { kind: 'object', properties: node.properties.map(p => movedProperty(p, by)), uri: node.uri, offset: node.offset + by, length: node.length };
		case 'array':
			return { kind: 'array', items: node.items.map(item => moved(item, by)), uri: node.uri, offset: node.offset + by, length: node.length };
		default:
			return { kind: node.kind, value: node.value, uri: node.uri, offset: node.offset + by, length: node.length };
	}
}

function movedProperty(property: ConfigProperty, by: number): ConfigProperty {
	if (by === 0) return property;
	return { key: property.key, keyUri: property.keyUri, keyOffset: property.keyOffset + by, keyLength: property.keyLength, value: moved(property.value, by) };
}
