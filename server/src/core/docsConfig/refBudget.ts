import type { Node } from 'jsonc-parser';

/**
 * What composing a configuration may cost. `$ref`s multiply: 8 files of 10 references to the next
 * expand to 10^8 values (60 s and 2.3 GB before this budget), 9 levels of `pages` arrays to 10^9
 * pages. Real sites pull in each file once or a few times: crewAI's whole docs.json is 65,000 values.
 */
export const refBudget = {
	/** Values that `$ref`s copy into the composed tree (each file as often as it is referenced). */
	maxExpandedValues: 1_000_000,
	/** Nesting of the composed tree, across files (each file on its own stops at limits.maxJsonDepth). */
	maxExpandedDepth: 200,
};

/** One file's own size, and the references it holds (with the nesting they sit at). */
interface FileShape {
	readonly values: number;
	readonly depth: number;
	readonly refs: readonly { readonly target: string; readonly depth: number }[];
}

/** The size and depth of a file once its references are expanded (references into a cycle count as nothing: a cycle is its own finding). */
interface Expanded {
	readonly values: number;
	readonly depth: number;
}

/**
 * The values and nesting one file contributes, counted without recursion (files may be deep).
 * `resolve` turns a `$ref` string into the file it names (undefined when unusable).
 */
export function measureConfigFile(root: Node, resolve: (ref: string) => string | undefined): FileShape {
	let values = 0;
	let depth = 0;
	const refs: { target: string; depth: number }[] = [];
	const stack: { node: Node; depth: number }[] = [{ node: root, depth: 1 }];
	while (stack.length) {
		const { node, depth: at } = stack.pop()!;
		values++;
		if (at > depth) depth = at;
		if (node.type === 'array') {
			for (const child of node.children ?? []) stack.push({ node: child, depth: at + 1 });
		} else if (node.type === 'object') {
			for (const property of node.children ?? []) {
				const [key, value] = property.children ?? [];
				if (!value) continue;
				if (key?.value === '$ref') {
					const target = value.type === 'string' ? resolve(String(value.value)) : undefined;
					if (target !== undefined) refs.push({ target, depth: at });
				} else stack.push({ node: value, depth: at + 1 });
			}
		}
	}
	return { values, depth, refs };
}

/**
 * Where composing `rootUri`'s file would exceed the budget, or undefined when it fits: the values
 * `$ref`s would copy in and the nesting of the composed tree, computed per file once (a post-order
 * walk of the file graph, without recursion) instead of by expanding anything.
 */
export function exceededRefBudget(rootUri: string, shapes: ReadonlyMap<string, FileShape>): { values: number; depth: number } | undefined {
	const expanded = new Map<string, Expanded>();
	const open = new Set<string>();
	const stack: { uri: string; entered: boolean }[] = [{ uri: rootUri, entered: false }];
	while (stack.length) {
		const top = stack[stack.length - 1];
		const shape = shapes.get(top.uri);
		if (!shape || expanded.has(top.uri)) {
			stack.pop();
			continue;
		}
		if (!top.entered) {
			top.entered = true;
			open.add(top.uri);
			for (const ref of shape.refs) if (!expanded.has(ref.target) && !open.has(ref.target)) stack.push({ uri: ref.target, entered: false });
			continue;
		}
		stack.pop();
		open.delete(top.uri);
		let values = shape.values;
		let depth = shape.depth;
		for (const ref of shape.refs) {
			const target = expanded.get(ref.target);
			if (!target) continue;
			// Saturates at Infinity on a chain of thousands of files: still over budget, never NaN.
			values += target.values;
			depth = Math.max(depth, ref.depth - 1 + target.depth);
		}
		expanded.set(top.uri, { values, depth });
	}
	const root = expanded.get(rootUri);
	const own = shapes.get(rootUri);
	if (!root || !own) return undefined;
	const copied = root.values - own.values;
	return copied > refBudget.maxExpandedValues || root.depth > refBudget.maxExpandedDepth ? { values: copied, depth: root.depth } : undefined;
}
