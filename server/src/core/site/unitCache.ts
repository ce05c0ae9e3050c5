import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fingerprint } from '../cache';
import { changedRegion } from '../docsConfig/incrementalJson';
import type { NavUnit } from '../docsConfig/navigationUnits';

/**
 * Remembers what was derived from each navigation subtree (a {@link NavUnit}), keyed by its file
 * and a fingerprint of its text: an edit elsewhere, an undo, a paste or a group moved as a whole finds
 * the subtree's results again. Bounded: what the last two checks did not use is dropped.
 *
 * Fingerprinting every subtree would read the whole file per keystroke, so subtrees outside the
 * region an edit changed take their fingerprint from the previous check, found by offset.
 */
export class UnitCache<T> {
	readonly #byFingerprint = new Map<string, { value: T; usedAt: number }>();
	/** Per file: the text of the last check and its subtrees' fingerprints by offset. */
	readonly #lastLayout = new Map<string, { text: string; units: Map<number, { length: number; key: string }> }>();
	#generation = 0;

	/** Starts a check: entries are marked used from here on. */
	begin(): void {
		this.#generation++;
	}

	/** The fingerprints of `units` (in the texts of `files`), remembered for the next check. */
	keysOf(units: readonly NavUnit[], files: ReadonlyMap<string, TextDocument>): string[] {
		const layouts = new Map<string, { text: string; units: Map<number, { length: number; key: string }> }>();
		const regions = new Map<string, ReturnType<typeof regionMap>>();
		const keys = units.map(unit => {
			const text = files.get(unit.uri)!.getText();
			let layout = layouts.get(unit.uri);
			if (!layout) layouts.set(unit.uri, (layout = { text, units: new Map() }));
			let map = regions.get(unit.uri);
			if (map === undefined) regions.set(unit.uri, (map = regionMap(this.#lastLayout.get(unit.uri), text)));
			const before = map?.(unit.offset, unit.length);
			const key = before ?? `${unit.uri}\u0000${fingerprint(text.slice(unit.offset, unit.offset + unit.length))}`;
			layout.units.set(unit.offset, { length: unit.length, key });
			return key;
		});
		for (const [uri, layout] of layouts) this.#lastLayout.set(uri, layout);
		// Files that no longer hold units: nothing to map from next time.
		for (const uri of [...this.#lastLayout.keys()]) if (!layouts.has(uri)) this.#lastLayout.delete(uri);
		return keys;
	}

	get(key: string): T | undefined {
		const entry = this.#byFingerprint.get(key);
		if (!entry) return undefined;
		entry.usedAt = this.#generation;
		return entry.value;
	}

	set(key: string, value: T): void {
		this.#byFingerprint.set(key, { value, usedAt: this.#generation });
	}

	/** Ends a check: drops entries neither this check nor the one before used (an undo finds the latter). */
	sweep(): void {
		for (const [key, entry] of this.#byFingerprint) if (entry.usedAt < this.#generation - 1) this.#byFingerprint.delete(key);
	}

	get size(): number {
		return this.#byFingerprint.size;
	}
}

/**
 * Maps a subtree of the new text to the fingerprint the last check computed for the same text:
 * a subtree wholly before or after the changed region is the same text, moved by the edit.
 */
function regionMap(last: { text: string; units: Map<number, { length: number; key: string }> } | undefined, text: string) {
	if (!last) return undefined;
	const change = changedRegion(last.text, text);
	const delta = text.length - last.text.length;
	return (offset: number, length: number): string | undefined => {
		let old: number;
		if (!change || offset + length <= change.start) old = offset;
		else if (offset >= change.oldEnd + delta) old = offset - delta;
		else return undefined;
		const known = last.units.get(old);
		return known && known.length === length ? known.key : undefined;
	};
}
