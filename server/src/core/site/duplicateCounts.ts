/** A page entry of a cached subtree: its page path, its scope inside the subtree, where it is (relative). */
export interface StoredOccurrence {
	readonly path: string;
	readonly inner: string;
	readonly offset: number;
	readonly length: number;
}

/** One subtree as placed in the navigation: its cache key, the scope around it, its entries. */
export interface PlacedUnit {
	readonly key: string;
	readonly outer: string;
	readonly occurrences: readonly StoredOccurrence[];
}

/** The scope of an entry: the scope around its subtree, then the subtree's own. */
export function joinScope(outer: string, inner: string): string {
	return outer && inner ? `${outer}/${inner}` : outer || inner;
}

/**
 * How often each page path is listed per scope in the cached subtrees, kept up to date from
 * the subtrees that came and went since the last check, and the paths listed more than once.
 * A keystroke changes one subtree: its entries are counted out and in, not all 47,000 again.
 */
export class DuplicateCounts {
	/** scope → page path → times listed */
	readonly #counts = new Map<string, Map<string, number>>();
	/** scope → page paths listed at least twice */
	readonly #duplicated = new Map<string, Set<string>>();
	/** The subtrees of the last check, by key and surrounding scope, with their multiplicity. */
	#placed = new Map<string, { unit: PlacedUnit; times: number }>();

	/** Replaces the set of subtrees with `units` (the navigation as it is now). */
	update(units: readonly PlacedUnit[]): void {
		const next = new Map<string, { unit: PlacedUnit; times: number }>();
		for (const unit of units) {
			const id = `${unit.key}\u0000${unit.outer}`;
			const known = next.get(id);
			if (known) known.times++;
			else next.set(id, { unit, times: 1 });
		}
		for (const [id, { unit, times }] of this.#placed) {
			const now = next.get(id)?.times ?? 0;
			for (let i = now; i < times; i++) this.#add(unit, -1);
		}
		for (const [id, { unit, times }] of next) {
			const before = this.#placed.get(id)?.times ?? 0;
			for (let i = before; i < times; i++) this.#add(unit, 1);
		}
		this.#placed = next;
	}

	/** Times `path` is listed in `scope` by the subtrees. */
	count(scope: string, path: string): number {
		return this.#counts.get(scope)?.get(path) ?? 0;
	}

	/** Whether some path is listed twice in one scope by the subtrees. */
	get hasDuplicates(): boolean {
		return this.#duplicated.size > 0;
	}

	/** The scopes in which some path is listed twice. */
	duplicatedScopes(): IterableIterator<string> {
		return this.#duplicated.keys();
	}

	isDuplicated(scope: string, path: string): boolean {
		return this.#duplicated.get(scope)?.has(path) ?? false;
	}

	#add(unit: PlacedUnit, by: 1 | -1): void {
		for (const occurrence of unit.occurrences) {
			const scope = joinScope(unit.outer, occurrence.inner);
			let paths = this.#counts.get(scope);
			if (!paths) this.#counts.set(scope, (paths = new Map()));
			const count = (paths.get(occurrence.path) ?? 0) + by;
			if (count > 0) paths.set(occurrence.path, count);
			else paths.delete(occurrence.path);
			if (paths.size === 0) this.#counts.delete(scope);
			let duplicated = this.#duplicated.get(scope);
			if (count >= 2) {
				if (!duplicated) this.#duplicated.set(scope, (duplicated = new Set()));
				duplicated.add(occurrence.path);
			} else if (duplicated?.delete(occurrence.path) && duplicated.size === 0) {
				this.#duplicated.delete(scope);
			}
		}
	}
}
