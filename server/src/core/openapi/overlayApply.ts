import { jsonpath } from 'json-p3';
import type { OverlayAction, OverlayDocument } from './overlayDocument';
import { plain, type SpecEntry, type SpecNode } from './specTree';

/** Why an overlay could not be applied: the action, and what went wrong. */
export interface OverlayFailure {
	readonly overlay: OverlayDocument;
	readonly action: OverlayAction | undefined;
	readonly message: string;
}

/** The platform's guard against pathological overlays: no more actions than this per document. */
const maxActions = 1000;

type Location = readonly (string | number)[];

class ApplyError extends Error {}

/**
 * Applies overlays in order to a document tree, as the Overlay Specification says: `update` merges
 * into objects (a key absent is added, primitives replaced, arrays appended), appends to arrays and
 * replaces primitives; `remove` deletes what the target selects; a target that selects nothing
 * changes nothing. What an overlay adds keeps its offsets, marked with the overlay's uri, so
 * ranges point into the file the writer edits. The first failing action stops everything (the
 * platform then drops the document).
 */
export function applyOverlays(root: SpecNode, overlays: readonly OverlayDocument[]): { root: SpecNode } | { failure: OverlayFailure } {
	let current = root;
	for (const overlay of overlays) {
		if (overlay.problems.length) return { failure: { overlay, action: undefined, message: overlay.problems[0]!.message } };
		if (overlay.actions.length > maxActions)
			return { failure: { overlay, action: overlay.actions[maxActions], message: `More than ${maxActions} actions: the platform refuses the overlay.` } };
		for (const action of overlay.actions) {
			try {
				current = applyAction(current, action, overlay.uri);
			} catch (e) {
				return { failure: { overlay, action, message: e instanceof Error ? e.message : String(e) } };
			}
		}
	}
	return { root: current };
}

function query(root: SpecNode, expression: string): Location[] {
	let nodes;
	try {
		nodes = jsonpath.query(expression, plain(root) as never).nodes;
	} catch (e) {
		throw new ApplyError(`'${expression}' is not a valid JSONPath expression: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
	}
	const seen = new Set<string>();
	return nodes
		.map(n => n.location as Location)
		.filter(location => {
			const key = JSON.stringify(location);
			if (seen.has(key)) return false;
			seen.add(key);
			return true;
		});
}

function applyAction(root: SpecNode, action: OverlayAction, overlayUri: string): SpecNode {
	const targets = query(root, action.target);
	if (action.remove) {
		// Deepest first, then higher indexes first, so the other locations stay valid.
		const ordered = [...targets].sort((a, b) => b.length - a.length || compareLocations(b, a));
		for (const location of ordered) {
			if (location.length === 0) throw new ApplyError('The document root cannot be removed.');
			root = edit(root, location.slice(0, -1), parent => removeChild(parent, location[location.length - 1]!));
		}
		return root;
	}
	if (targets.length === 0) return root;
	let value: SpecNode | undefined = action.update && tag(action.update, overlayUri);
	if (action.copy !== undefined) {
		const sources = query(root, action.copy);
		if (sources.length !== 1) throw new ApplyError(`The \`copy\` expression '${action.copy}' must select exactly one node; it selects ${sources.length}.`);
		value = nodeAt(root, sources[0]!);
	}
	if (!value) return root;
	const kinds = new Set(targets.map(location => kindOf(nodeAt(root, location))));
	if (kinds.size > 1) throw new ApplyError('The target selects objects, arrays and values together: an update applies to one kind.');
	for (const location of targets) root = edit(root, location, target => updateNode(target, value, []));
	return root;
}

function kindOf(node: SpecNode | undefined): string {
	return node?.kind === 'map' ? 'object' : node?.kind === 'seq' ? 'array' : 'value';
}

/** The update of one target node. */
function updateNode(target: SpecNode, value: SpecNode, path: readonly string[]): SpecNode {
	if (target.kind === 'map') {
		if (value.kind !== 'map') throw new ApplyError('The update of an object must be an object.');
		return merge(target, value, path);
	}
	if (target.kind === 'seq') return { ...target, items: [...target.items, ...(value.kind === 'seq' ? value.items : [value])] };
	if (value.kind !== 'scalar') throw new ApplyError('The update of a value (a string, number, boolean or null) must be a value.');
	return value;
}

/** Merges an update object into an object, key by key, as the Overlay Specification merges. */
function merge(target: Extract<SpecNode, { kind: 'map' }>, update: Extract<SpecNode, { kind: 'map' }>, path: readonly string[]): SpecNode {
	const entries: SpecEntry[] = [...target.entries];
	for (const entry of update.entries) {
		const at = entries.findIndex(e => e.key === entry.key);
		if (at === -1) {
			entries.push(entry);
			continue;
		}
		const existing = entries[at]!.value;
		const here = [...path, entry.key];
		let merged: SpecNode;
		if (existing.kind === 'scalar' && entry.value.kind === 'scalar') merged = entry.value;
		else if (existing.kind === 'seq' && entry.value.kind === 'seq') merged = { ...existing, items: [...existing.items, ...entry.value.items] };
		else if (existing.kind === 'map' && entry.value.kind === 'map') merged = merge(existing, entry.value, here);
		else throw new ApplyError(`Cannot merge '${here.join('.')}': a value replaces a value, a list is appended to a list, an object is merged into an object.`);
		entries[at] = { ...entries[at]!, value: merged };
	}
	return { ...target, entries };
}

function nodeAt(root: SpecNode, location: Location): SpecNode | undefined {
	let node: SpecNode | undefined = root;
	for (const step of location) {
		if (node?.kind === 'map') node = node.entries.find(e => e.key === step)?.value;
		else if (node?.kind === 'seq' && typeof step === 'number') node = node.items[step];
		else return undefined;
	}
	return node;
}

/** A copy of the tree with the node at `location` replaced by `change(node)`; nodes off the path are shared. */
function edit(root: SpecNode, location: Location, change: (node: SpecNode) => SpecNode): SpecNode {
	if (location.length === 0) return change(root);
	const [step, ...rest] = location;
	if (root.kind === 'map') {
		const at = root.entries.findIndex(e => e.key === step);
		if (at === -1) throw new ApplyError("The selected node's location no longer exists.");
		const entries = [...root.entries];
		entries[at] = { ...entries[at]!, value: edit(entries[at]!.value, rest, change) };
		return { ...root, entries };
	}
	if (root.kind === 'seq' && typeof step === 'number' && step < root.items.length) {
		const items = [...root.items];
		items[step] = edit(items[step]!, rest, change);
		return { ...root, items };
	}
	throw new ApplyError("The selected node's location no longer exists.");
}

function removeChild(parent: SpecNode, step: string | number): SpecNode {
	if (parent.kind === 'map') return { ...parent, entries: parent.entries.filter(e => e.key !== step) };
	if (parent.kind === 'seq' && typeof step === 'number') return { ...parent, items: parent.items.filter((_, i) => i !== step) };
	throw new ApplyError('The selected node cannot be removed from its parent.');
}

function compareLocations(a: Location, b: Location): number {
	for (let i = 0; i < Math.min(a.length, b.length); i++) {
		const x = a[i]!;
		const y = b[i]!;
		if (x === y) continue;
		if (typeof x === 'number' && typeof y === 'number') return x - y;
		return String(x) < String(y) ? -1 : 1;
	}
	return a.length - b.length;
}

/** Marks a subtree of an overlay as written in that overlay's file. */
function tag(node: SpecNode, uri: string): SpecNode {
	if (node.kind === 'map') return { ...node, uri, entries: node.entries.map(e => ({ ...e, uri, value: tag(e.value, uri) })) };
	if (node.kind === 'seq') return { ...node, uri, items: node.items.map(item => tag(item, uri)) };
	return { ...node, uri };
}
