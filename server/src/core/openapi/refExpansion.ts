/**
 * How large an OpenAPI document becomes once its internal `$ref`s are replaced by what they point
 * to, counted without building it: each value's expanded size is computed once (memoized), so the
 * count costs one pass over the document however the references multiply. A document of a few KB
 * whose schemas each reference the next twice, 24 levels deep, expands to 2^24 copies: dereferencing
 * and validating it would take minutes (issue 31). A reference back into a value being counted (a
 * recursive schema) counts as one node, as the dereferencer leaves such cycles in place.
 *
 * Returns the expanded node count, or undefined as soon as it passes `limit`.
 */
export function expandedSize(root: unknown, limit: number): number | undefined {
	const sizes = new Map<object, number>();
	const inProgress = new Set<object>();
	const resolve = (ref: string): unknown => {
		let node: unknown = root;
		for (const raw of ref.slice(2).split('/')) {
			if (raw === '' && ref === '#/') break;
			const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
			if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
			node = (node as Record<string, unknown>)[key];
		}
		return node;
	};
	const size = (node: unknown): number => {
		if (!node || typeof node !== 'object') return 1;
		const known = sizes.get(node);
		if (known !== undefined) return known;
		if (inProgress.has(node)) return 1;
		inProgress.add(node);
		let total = 1;
		const ref = (node as { $ref?: unknown }).$ref;
		if (typeof ref === 'string' && ref.startsWith('#')) {
			const target = ref === '#' ? root : ref.startsWith('#/') ? resolve(ref) : undefined;
			total += target === undefined ? 0 : size(target);
		} else {
			for (const value of Array.isArray(node) ? node : Object.values(node as object)) {
				total += size(value);
				// Past the limit the exact number does not matter: stop counting at once.
				if (total > limit) break;
			}
		}
		inProgress.delete(node);
		const capped = Math.min(total, limit + 1);
		sizes.set(node, capped);
		return capped;
	};
	const total = size(root);
	return total > limit ? undefined : total;
}
