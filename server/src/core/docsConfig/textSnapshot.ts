import type { Position, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { changedRegion } from './incrementalJson';

/**
 * A read-only copy of a configuration file's text, as a site model keeps it (open buffers change
 * in place). Answers positions exactly as vscode-languageserver-textdocument does, but takes its
 * line starts from the previous copy of the same file when it can: a docs.json edit made
 * `TextDocument.create` scan 2.4 MB for line breaks again (crewAI: 60,000 lines, 8–18 ms of each
 * edit on a busy machine) as soon as one finding needed a position. Lines before the edit keep
 * their starts, lines after it move by its length, and only the edited text is scanned.
 */
export class TextSnapshot implements TextDocument {
	/** Characters scanned for line breaks, all copies together: for tests (an edit scans its line, not the file). */
	static scannedChars = 0;

	#lineOffsets: Uint32Array | undefined;
	/** The copy this one was made after, until this one's line starts are known (then dropped: no chain of old texts is kept). */
	#previous: TextSnapshot | undefined;

	constructor(
		readonly uri: string,
		readonly languageId: string,
		readonly version: number,
		private readonly text: string,
		previous?: TextSnapshot,
	) {
		// Only a copy whose line starts are known is worth keeping (and it keeps no copy before it).
		this.#previous = previous?.uri === uri && previous.#lineOffsets ? previous : undefined;
	}

	get lineCount(): number {
		return this.#lines().length;
	}

	getText(range?: Range): string {
		return range ? this.text.substring(this.offsetAt(range.start), this.offsetAt(range.end)) : this.text;
	}

	positionAt(offset: number): Position {
		offset = Math.max(Math.min(offset, this.text.length), 0);
		const lines = this.#lines();
		let low = 0;
		let high = lines.length;
		if (high === 0) return { line: 0, character: offset };
		while (low < high) {
			const middle = Math.floor((low + high) / 2);
			if (lines[middle] > offset) high = middle;
			else low = middle + 1;
		}
		const line = low - 1;
		return { line, character: this.#beforeLineBreak(offset, lines[line]) - lines[line] };
	}

	offsetAt(position: Position): number {
		const lines = this.#lines();
		if (position.line >= lines.length) return this.text.length;
		if (position.line < 0) return 0;
		const lineOffset = lines[position.line];
		if (position.character <= 0) return lineOffset;
		const next = position.line + 1 < lines.length ? lines[position.line + 1] : this.text.length;
		return this.#beforeLineBreak(Math.min(lineOffset + position.character, next), lineOffset);
	}

	#beforeLineBreak(offset: number, lineOffset: number): number {
		while (offset > lineOffset && isLineBreak(this.text.charCodeAt(offset - 1))) offset--;
		return offset;
	}

	#lines(): Uint32Array {
		if (!this.#lineOffsets) {
			const previous = this.#previous;
			this.#lineOffsets = previous
				? shiftedLines(previous.#lines(), previous.text, this.text)
				: Uint32Array.from(lineStarts(this.text, 0, this.text.length, [0]));
			this.#previous = undefined;
		}
		return this.#lineOffsets;
	}
}

const isLineBreak = (c: number) => c === 13 || c === 10;

/** Starts of the lines that begin after a line break in `text[from, to)`, appended to `into`. */
function lineStarts(text: string, from: number, to: number, into: number[]): number[] {
	TextSnapshot.scannedChars += Math.max(0, to - from);
	for (let i = from; i < to; i++) {
		const c = text.charCodeAt(i);
		if (!isLineBreak(c)) continue;
		if (c === 13 && i + 1 < text.length && text.charCodeAt(i + 1) === 10) i++;
		into.push(i + 1);
	}
	return into;
}

/**
 * The line starts of `text` from those of `oldText`: kept up to the line of the first change,
 * scanned over the changed region (from the start of that line, so a `\r\n` split or joined by
 * the edit is seen), shifted after it. A typed array: crewAI's 90,000 starts as a JS array were a
 * new 0.7 MB object per keystroke in V8's large-object space, whose pages the kernel hands out
 * afresh (~230 page faults, 1.2 ms with the copy); the typed array's memory is the allocator's,
 * reused from one keystroke to the next, and the shift is one tight loop.
 */
function shiftedLines(old: Uint32Array, oldText: string, text: string): Uint32Array {
	const change = changedRegion(oldText, text);
	if (!change) return old.slice();
	const delta = text.length - oldText.length;
	// Lines starting at or before the change's start, less one: a break just before the change may pair with an inserted \n.
	let keep = 0;
	while (keep < old.length && old[keep] <= change.start) keep++;
	keep = Math.max(1, keep - 1);
	const scanFrom = old[keep - 1];
	// Past the edit, the first old line start that no \r\n joined with the edited text: from there on, shift.
	let resume = keep;
	while (resume < old.length && old[resume] <= change.oldEnd + 1) resume++;
	const scanTo = resume < old.length ? old[resume] + delta - 1 : text.length;
	const scanned = lineStarts(text, scanFrom, scanTo, []);
	// A \r\n whose \r ends the scanned part was counted by the scan already.
	const last = scanned.length ? scanned[scanned.length - 1] : scanFrom;
	let tail = resume;
	while (tail < old.length && old[tail] + delta <= last) tail++;
	const result = new Uint32Array(keep + scanned.length + old.length - tail);
	result.set(old.subarray(0, keep));
	result.set(scanned, keep);
	for (let i = tail, j = keep + scanned.length; i < old.length; i++, j++) result[j] = old[i] + delta;
	return result;
}
