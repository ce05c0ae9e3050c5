import { child, parseSpecText, stringOf, type SpecNode } from './specTree';

/**
 * An OpenAPI Overlay document (Overlay Specification 1.0; 1.1's `copy` too), read with offsets so
 * a problem is shown on the action that causes it and what an `update` adds keeps its place in the
 * overlay file.
 */
export interface OverlayDocument {
	readonly uri: string;
	/** `extends`: the document it is written for, as written. */
	readonly extends: string | undefined;
	readonly actions: readonly OverlayAction[];
	/** Why the document is not a valid overlay (the platform rejects it whole); empty when it is. */
	readonly problems: readonly OverlayProblem[];
}

export interface OverlayAction {
	readonly index: number;
	readonly target: string;
	/** The action object and its `target` value, for ranges. */
	readonly node: SpecNode;
	readonly targetNode: SpecNode;
	readonly update: SpecNode | undefined;
	readonly copy: string | undefined;
	readonly remove: boolean;
}

export interface OverlayProblem {
	readonly message: string;
	readonly offset: number;
	readonly length: number;
}

/** Whether a JSON or YAML text may be an overlay: a top-level `overlay` key (the platform's test on the parsed document). */
export function looksLikeOverlay(text: string): boolean {
	return /(^|[{,]\s*)["']?overlay["']?\s*:/m.test(text);
}

/** Whether a parsed document is an overlay: an object with an `overlay` key, as the platform routes files. */
export function isOverlayRoot(root: SpecNode | undefined): boolean {
	return root?.kind === 'map' && root.entries.some(e => e.key === 'overlay');
}

const documentKeys = new Set(['overlay', 'info', 'extends', 'actions']);
const actionKeys = new Set(['target', 'description', 'update', 'copy', 'remove']);
const infoKeys = new Set(['title', 'version', 'description']);

/** Reads and checks an overlay document as the platform validates it; never throws. */
export function readOverlayDocument(uri: string, text: string): OverlayDocument {
	const parsed = parseSpecText(text, uri);
	const problems: OverlayProblem[] = parsed.errors.map(e => ({ ...e, message: `Not valid ${/\.json$/i.test(uri) ? 'JSON' : 'YAML'}: ${e.message}` }));
	const root = parsed.root;
	const at = (node: SpecNode | undefined, message: string) =>
		problems.push({ message, offset: node?.offset ?? 0, length: node ? Math.min(node.length, 200) || 1 : 1 });
	if (root?.kind !== 'map') {
		at(root, 'An overlay document is an object with `overlay`, `info` and `actions`.');
		return { uri, extends: undefined, actions: [], problems };
	}
	const unknownKeys = (node: SpecNode, known: Set<string>) => {
		if (node.kind !== 'map') return;
		for (const entry of node.entries)
			if (!known.has(entry.key) && !entry.key.startsWith('x-'))
				problems.push({
					message: `Unknown field '${entry.key}': besides ${[...known].map(k => `'${k}'`).join(', ')} only extensions ('x-…') are allowed.`,
					offset: entry.keyOffset,
					length: entry.keyLength,
				});
	};
	unknownKeys(root, documentKeys);
	const version = child(root, 'overlay');
	const versionText = version?.kind === 'scalar' && typeof version.value === 'string' ? version.value : undefined;
	if (versionText === undefined) at(version ?? root, "`overlay` must be the version of the Overlay Specification as a string, such as '1.0.0'.");
	else if (!/^1\.[01](\.\d+)?$/.test(versionText)) at(version, `Overlay Specification ${versionText} is not supported: write 1.0.x or 1.1.x.`);
	const info = child(root, 'info');
	if (info?.kind !== 'map') at(info ?? root, '`info` with `title` and `version` is required.');
	else {
		unknownKeys(info, infoKeys);
		for (const key of ['title', 'version'])
			if (stringOf(child(info, key)) === undefined) at(child(info, key) ?? info, `\`info.${key}\` is required (a string).`);
	}
	const extendsNode = child(root, 'extends');
	if (extendsNode && stringOf(extendsNode) === undefined) at(extendsNode, '`extends` is the path or URL of the OpenAPI document (a string).');
	const actionsNode = child(root, 'actions');
	const actions: OverlayAction[] = [];
	if (actionsNode?.kind !== 'seq' || actionsNode.items.length === 0) at(actionsNode ?? root, '`actions` must be a list of at least one action.');
	else
		actionsNode.items.forEach((node, index) => {
			const action = readAction(node, index, versionText, at);
			unknownKeys(node, actionKeys);
			if (action) actions.push(action);
		});
	return { uri, extends: stringOf(extendsNode), actions, problems };
}

function readAction(
	node: SpecNode,
	index: number,
	version: string | undefined,
	at: (node: SpecNode | undefined, message: string) => void,
): OverlayAction | undefined {
	if (node.kind !== 'map') {
		at(node, `Action ${index + 1} must be an object with a \`target\`.`);
		return undefined;
	}
	const targetNode = child(node, 'target');
	const target = stringOf(targetNode)?.trim();
	if (!targetNode || !target) {
		at(targetNode ?? node, `Action ${index + 1} needs a \`target\`: a JSONPath expression such as "$.paths['/users'].get".`);
		return undefined;
	}
	const update = child(node, 'update');
	const copyNode = child(node, 'copy');
	const copy = stringOf(copyNode)?.trim() || undefined;
	const removeNode = child(node, 'remove');
	const remove = removeNode?.kind === 'scalar' && removeNode.value === true;
	if (removeNode && !(removeNode.kind === 'scalar' && typeof removeNode.value === 'boolean')) at(removeNode, '`remove` is true or false.');
	if (update && copyNode) at(copyNode, `Action ${index + 1} sets both \`update\` and \`copy\`: use one.`);
	if (copyNode && version?.startsWith('1.0')) at(copyNode, '`copy` needs Overlay Specification 1.1.0: write `overlay: 1.1.0`.');
	if (!update && !copy && !remove) at(node, `Action ${index + 1} has no effect: give it \`update\`, \`copy\` or \`remove: true\`.`);
	return { index, target, node, targetNode, update, copy, remove };
}
