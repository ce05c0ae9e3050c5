import type { Node } from 'jsonc-parser';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { throwIfCancelled, type CancellationToken } from '../cancellation';
import { createDiagnostic } from '../diagnostic';
import type { RuleId } from '../rules';
import { dirnameUri, isUnder, joinUri, relativePath } from '../uris';
import { scalarFromJsonc, type ConfigArray, type ConfigNode, type ConfigObject, type ConfigProperty } from './configTree';
import type { ComposedConfig, ConfigFileLoader, ConfigRef, LoadedConfigFile } from './composedConfig';
import { recomposeConfig } from './recompose';
import { exceededRefBudget, measureConfigFile, refBudget } from './refBudget';

export type { ComposedConfig, ConfigFileLoader, ConfigRef, LoadedConfigFile } from './composedConfig';

/** A chain of references longer than this is a mistake, not a configuration. */
const maxRefDepth = 32;
/** Bounds how many files one site may pull in. */
const maxRefFiles = 2000;

/**
 * Composes a site's configuration as the platform does: any value may be `{"$ref": "./file.json"}`
 * (paths relative to the file that holds them, inside the root); an object result takes the
 * `$ref`'s sibling keys on top; references nest; cycles are errors.
 */
export async function composeConfig(
	rootUri: string,
	configUri: string,
	load: ConfigFileLoader,
	token: CancellationToken,
	/** The last composition of the same root: an edit of a lone docs.json is composed from it (see recomposeConfig). */
	previous?: ComposedConfig,
): Promise<ComposedConfig> {
	const loaded = new Map<string, LoadedConfigFile | undefined>();
	const first = await load(configUri);
	// The loader parses a file only when its `parsed` is read: a recomposition reads the text alone.
	const recomposed = first && previous?.rootUri === rootUri && previous.configUri === configUri ? recomposeConfig(previous, first.document) : undefined;
	if (recomposed) return recomposed;
	const queue = [configUri];
	// Each file's size and references, for the budget (refBudget.ts): measured while finding what to load.
	const shapes = new Map<string, ReturnType<typeof measureConfigFile>>();
	const targetOf = (from: string) => (ref: string) => {
		const target = resolveRefTarget(rootUri, from, ref);
		return typeof target === 'string' ? target : undefined;
	};
	// Phase 1 (async): load the whole graph of files, so phase 2 can build the tree synchronously.
	for (let i = 0; i < queue.length && loaded.size < maxRefFiles; i++) {
		throwIfCancelled(token);
		const uri = queue[i];
		if (loaded.has(uri)) continue;
		const file = i === 0 ? first : await load(uri);
		loaded.set(uri, file);
		if (!file?.parsed.root) continue;
		// Without '$ref' (or a \u escape that could spell it) in the text, walking its 100,000 nodes finds nothing.
		const text = file.document.getText();
		if (!text.includes('$ref') && !text.includes('\\u')) continue;
		const shape = measureConfigFile(file.parsed.root, targetOf(uri));
		shapes.set(uri, shape);
		for (const ref of shape.refs) if (!loaded.has(ref.target)) queue.push(ref.target);
	}
	// Counted before anything is composed: over budget, no `$ref` is followed and docs.json gets one finding.
	let overBudget: ReturnType<typeof exceededRefBudget>;
	if ([...shapes.values()].some(shape => shape.refs.length)) {
		for (const [uri, file] of loaded) if (file?.parsed.root && !shapes.has(uri)) shapes.set(uri, measureConfigFile(file.parsed.root, targetOf(uri)));
		overBudget = exceededRefBudget(configUri, shapes);
	}
	let budgetReported = false;
	const diagnostics = new Map<string, Diagnostic[]>();
	const files = new Map<string, TextDocument>();
	const trees = new Map<string, Node>();
	for (const [uri, file] of loaded) {
		if (!file) continue;
		files.set(uri, file.document);
		if (file.parsed.root) trees.set(uri, file.parsed.root);
		diagnostics.set(uri, [...file.parsed.diagnostics]);
	}
	const refs: ConfigRef[] = [];
	const report = (uri: string, range: Range, message: string, rule: RuleId) => {
		if (!diagnostics.has(uri)) diagnostics.set(uri, []);
		diagnostics.get(uri)!.push(createDiagnostic(range, message, rule));
	};
	const rangeIn = (uri: string, offset: number, length: number): Range => {
		const document = files.get(uri)!;
		return { start: document.positionAt(offset), end: document.positionAt(offset + length) };
	};

	function build(node: Node, uri: string, chain: readonly string[]): ConfigNode {
		if (node.type === 'array') {
			const items: ConfigNode[] = [];
			for (const child of node.children ?? []) {
				const item = build(child, uri, chain);
				// A `$ref` item that resolves to an array contributes its items, not a nested array.
				// A loop, not a spread: an array of 200,000 items overflows the call stack as arguments.
				if (item.kind === 'array' && isRefObject(child)) for (const inner of item.items) items.push(inner);
				else items.push(item);
			}
			return { kind: 'array', items, uri, offset: node.offset, length: node.length } satisfies ConfigArray;
		}
		// Copies: an edit composes the next tree from this one (recompose.ts), sharing the values before it, and
		// a value that is a view into this version of the text kept the whole version alive (crewAI: 4.5 MB).
		if (node.type !== 'object') return scalarFromJsonc(node, uri, true);
		const own: ConfigProperty[] = [];
		let refValue: Node | undefined;
		for (const property of node.children ?? []) {
			const [keyNode, valueNode] = property.children ?? [];
			if (!keyNode || !valueNode) continue;
			if (keyNode.value === '$ref') {
				refValue = valueNode;
				continue;
			}
			own.push({ key: String(keyNode.value), keyUri: uri, keyOffset: keyNode.offset, keyLength: keyNode.length, value: build(valueNode, uri, chain) });
		}
		const plain: ConfigObject = { kind: 'object', properties: own, uri, offset: node.offset, length: node.length };
		if (!refValue) return plain;
		const target =
			refValue.type === 'string'
				? resolveRefTarget(rootUri, uri, String(refValue.value))
				: { error: 'A `$ref` must be a string: a relative path to a JSON file.' };
		const range = rangeIn(uri, refValue.offset, refValue.length);
		refs.push({ uri, range, target: typeof target === 'string' ? target : undefined });
		const unresolved: ConfigObject = { ...plain, unresolved: true };
		if (overBudget) {
			if (!budgetReported) {
				budgetReported = true;
				const why =
					overBudget.depth > refBudget.maxExpandedDepth
						? `nest more than ${refBudget.maxExpandedDepth} levels deep`
						: `would copy in more than ${refBudget.maxExpandedValues.toLocaleString('en-US')} values`;
				report(
					uri,
					range,
					`The $ref files of this configuration ${why} (references that multiply): none is followed, so what they hold is not checked.`,
					'ref-too-complex',
				);
			}
			return unresolved;
		}
		if (typeof target !== 'string') {
			report(uri, range, target.error, 'ref-invalid');
			return unresolved;
		}
		const shown = relativePath(dirnameUri(uri), target) ?? target;
		if (chain.includes(target) || chain.length >= maxRefDepth) {
			const cycle = [...chain.slice(chain.indexOf(target)), target].map(u => relativePath(rootUri, u) ?? u).join(' → ');
			report(
				uri,
				range,
				chain.includes(target) ? `Circular $ref: ${cycle}. The platform fails the build on cycles.` : `More than ${maxRefDepth} nested $ref files.`,
				'ref-cycle',
			);
			return unresolved;
		}
		const file = loaded.get(target);
		if (!file) {
			report(uri, range, `$ref target '${shown}' does not exist.`, 'ref-not-found');
			return unresolved;
		}
		if (!file.parsed.root || file.parsed.diagnostics.length > 0) {
			report(
				uri,
				range,
				`$ref target '${shown}' is not valid JSON (${file.parsed.diagnostics.length || 1} problem${file.parsed.diagnostics.length > 1 ? 's' : ''} in that file).`,
				'ref-invalid-json',
			);
			return unresolved;
		}
		const resolved = build(file.parsed.root, target, [...chain, target]);
		if (resolved.kind === 'object') {
			const overridden = new Set(own.map(p => p.key));
			return { ...plain, properties: [...resolved.properties.filter(p => !overridden.has(p.key)), ...own] };
		}
		for (const sibling of own) {
			report(
				uri,
				rangeIn(uri, sibling.keyOffset, sibling.keyLength),
				`'${sibling.key}' is ignored: the $ref beside it resolves to ${resolved.kind === 'array' ? 'an array' : 'a ' + resolved.kind}, not an object.`,
				'ref-siblings-ignored',
			);
		}
		return resolved;
	}

	const rootFile = loaded.get(configUri);
	const root = rootFile?.parsed.root?.type === 'object' ? build(rootFile.parsed.root, configUri, [configUri]) : undefined;
	// A lone docs.json's composed tree mirrors its text (features read it there, see configLocation.ts):
	// its syntax tree is not kept (crewAI: 65,000 nodes, ~10 MB for as long as the model lives).
	if (refs.length === 0 && files.size === 1) trees.clear();
	return { rootUri, configUri, root, files, trees, refs, diagnostics };
}

function isRefObject(node: Node): boolean {
	return node.type === 'object' && (node.children ?? []).some(p => p.children?.[0]?.value === '$ref');
}

/** Resolves a `$ref` path against the file that holds it; an `{error}` explains an unusable path. */
export function resolveRefTarget(rootUri: string, fromUri: string, path: string): string | { error: string } {
	if (path.trim() === '') return { error: 'A `$ref` path is empty.' };
	if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return { error: `A \`$ref\` must be a relative file path; URLs such as '${path}' are not supported.` };
	if (path.startsWith('/')) return { error: `A \`$ref\` must be a relative path (such as './${path.replace(/^\/+/, '')}'), not an absolute one.` };
	if (path.startsWith('#')) return { error: 'A `$ref` must name a JSON file; references inside a file (#/...) are not supported.' };
	const target = joinUri(dirnameUri(fromUri), ...path.split('#')[0].split('/'));
	if (!isUnder(target, rootUri)) return { error: `A \`$ref\` must stay inside the docs root; '${path}' points outside it.` };
	return target;
}
