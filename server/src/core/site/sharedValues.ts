import type { Position, Range } from 'vscode-languageserver-types';

/** Strings longer than this are not shared: what repeats between pages is short (names, kinds, headings, messages). */
const maxSharedStringLength = 256;

/**
 * One object per position and per range, and one string per short text, shared by every page
 * summary that holds them.
 *
 * Positions: a loaded crewAI server kept 463,000 `{ line, character }` objects (25 MB, 40 % of the
 * objects on its heap) in the summaries' headings, links, components and findings, most of them
 * equal to another page's (`line 12, character 0`). Once those were shared, 213,000 ranges (11 MB)
 * remained, most of them again another release's of the same page.
 *
 * Strings: summaries made in a worker thread arrive as copies, every string its own. crewAI's server
 * then held 826,000 strings (48 MB) of which 152,000 were distinct: `label` 42,000 times, `Update`
 * 21,000 times, the headings and findings each release of a page repeats.
 *
 * Every collection of the old generation marks each of them, and a docs.json edit makes one every few
 * keystrokes: fewer objects, shorter marking and a smaller heap. Positions and strings are never
 * modified after a summary is made (findings are copied to change them), so sharing them is safe.
 * The tables are bounded: past their size, values are kept as they are.
 */
export class SharedValues {
	readonly #positions = new Map<number, Position>();
	/** Short ranges by a number (see #sharedRange); the others by their positions' keys, `start:end`. */
	readonly #shortRanges = new Map<number, Range>();
	readonly #ranges = new Map<string, Range>();
	readonly #strings = new Map<string, string>();

	constructor(
		private readonly capacity = 200_000,
		private readonly stringCapacity = 300_000,
	) {}

	/**
	 * Replaces, in place, every position and range object and every short string reachable from
	 * `value` through plain objects and arrays with the shared one equal to it. For a summary just
	 * made: nothing else holds it yet.
	 */
	share<T>(value: T): T {
		this.#walk(value, 0);
		return value;
	}

	/** The shared string equal to `text` (itself when it is the first, long, or the table is full). */
	string(text: string): string {
		if (text.length > maxSharedStringLength) return text;
		const known = this.#strings.get(text);
		if (known !== undefined) return known;
		if (this.#strings.size < this.stringCapacity) this.#strings.set(text, text);
		return text;
	}

	/** Positions held. */
	get size(): number {
		return this.#positions.size;
	}

	/** Ranges held. */
	get ranges(): number {
		return this.#shortRanges.size + this.#ranges.size;
	}

	/** Distinct strings held. */
	get strings(): number {
		return this.#strings.size;
	}

	#walk(value: unknown, depth: number): void {
		// Summaries are shallow (a finding's range's position is four levels down): a bound, not a limit met.
		if (depth > 16 || value === null || typeof value !== 'object') return;
		if (Array.isArray(value)) {
			for (let i = 0; i < value.length; i++) {
				const item: unknown = value[i];
				if (typeof item === 'string') {
					value[i] = this.string(item);
					continue;
				}
				const shared = this.#sharedObject(item, depth);
				if (shared) value[i] = shared;
			}
			return;
		}
		if (Object.getPrototypeOf(value) !== Object.prototype) return;
		const record = value as Record<string, unknown>;
		for (const key of Object.keys(record)) {
			const item = record[key];
			if (typeof item === 'string') {
				record[key] = this.string(item);
				continue;
			}
			const shared = this.#sharedObject(item, depth);
			if (shared) record[key] = shared;
		}
	}

	/** The shared position or range equal to `value`; else undefined, once what `value` holds is shared. */
	#sharedObject(value: unknown, depth: number): object | undefined {
		const position = this.#sharedPosition(value);
		if (position) return position;
		if (value === null || typeof value !== 'object') return undefined;
		this.#walk(value, depth + 1);
		return this.#sharedRange(value);
	}

	/** The shared position equal to `value` when it is a position (exactly `line` and `character`, whole numbers). */
	#sharedPosition(value: unknown): Position | undefined {
		const key = positionKey(value);
		if (key === undefined) return undefined;
		const known = this.#positions.get(key);
		if (known) return known;
		if (this.#positions.size >= this.capacity) return undefined;
		this.#positions.set(key, value as Position);
		return value as Position;
	}

	/** The shared range equal to `value` when it is a range (exactly `start` and `end`, positions), its positions shared already. */
	#sharedRange(value: object): Range | undefined {
		if (Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
		const { start, end } = value as Partial<Range>;
		const startKey = positionKey(start);
		const endKey = positionKey(end);
		if (startKey === undefined || endKey === undefined || Object.keys(value).length !== 2) return undefined;
		// Most ranges are short: a number names them (the start's key and the distance to the end's, exact below
		// line 9,000), not a string for each range held.
		const short = startKey < 9e9 && endKey - startKey >= 0 && endKey - startKey < 1_000_000;
		const table: Map<number | string, Range> = short ? this.#shortRanges : this.#ranges;
		const key = short ? startKey * 1_000_000 + (endKey - startKey) : `${startKey}:${endKey}`;
		const known = table.get(key);
		if (known) return known;
		if (this.ranges >= this.capacity) return undefined;
		table.set(key, value as Range);
		return value as Range;
	}
}

/** A number naming a position (exactly `line` and `character`, whole numbers in range), undefined for anything else. */
function positionKey(value: unknown): number | undefined {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
	const { line, character } = value as Partial<Position>;
	if (!Number.isInteger(line) || !Number.isInteger(character) || Object.keys(value).length !== 2) return undefined;
	if (line! < 0 || character! < 0 || character! >= 1_000_000) return undefined;
	return line! * 1_000_000 + character!;
}
