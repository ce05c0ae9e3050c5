import type { Position, Range } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { pageHead, type TextFacts } from '../../core/cache';
import { directiveMark, mayHoldDirectives } from '../../core/config/disableDirectives';

/**
 * A page whose text is made only when something asks for it (its text, a position, its line count),
 * once; until then it holds what `load` closes over. The CLI's checks key pages by their bytes and
 * answer most of them from what is remembered, so most pages are never decoded or read at all.
 */
export class LazyDocument implements TextDocument {
	#load: (() => TextDocument) | undefined;
	#loaded: TextDocument | undefined;

	constructor(
		readonly uri: string,
		readonly languageId: string,
		load: () => TextDocument,
	) {
		this.#load = load;
	}

	get version(): number {
		return 0;
	}

	get lineCount(): number {
		return this.#document().lineCount;
	}

	getText(range?: Range): string {
		return this.#document().getText(range);
	}

	positionAt(offset: number): Position {
		return this.#document().positionAt(offset);
	}

	offsetAt(position: Position): number {
		return this.#document().offsetAt(position);
	}

	#document(): TextDocument {
		if (!this.#loaded) {
			this.#loaded = this.#load!();
			// What the loader held (a page's bytes) is let go with it.
			this.#load = undefined;
		}
		return this.#loaded;
	}
}

/** Pages from {@link bytesDocument} not decoded yet, and their bytes. */
const undecoded = new WeakMap<TextDocument, Buffer>();

/**
 * A page read whole, decoded from UTF-8 only when its text is asked for (then the bytes are let go).
 * Of a page whose text another page already has, a check only takes the head that page shared
 * (SiteChecks.summarizeAll): crewAI's 24,803 pages are 1,723 texts, and decoding all 215 MB was ~1 s
 * of the thread that feeds the page workers.
 */
export function bytesDocument(uri: string, languageId: string, bytes: Buffer): LazyDocument {
	const document = new LazyDocument(uri, languageId, () => {
		undecoded.delete(document);
		return TextDocument.create(uri, languageId, 0, bytes.toString('utf8'));
	});
	undecoded.set(document, bytes);
	return document;
}

/** The bytes of a page made by {@link bytesDocument} and not decoded yet (what a byte search can answer), else undefined. */
export function undecodedBytes(document: TextDocument): Buffer | undefined {
	return undecoded.get(document);
}

/**
 * What a reader can note of a page's text (core/cache.ts TextFacts: its frontmatter head, whether it may
 * hold a disable comment); undefined when its frontmatter never closes. A page still in bytes is searched as bytes
 * and only its head decoded (the same answers: every byte sought is ASCII, and a UTF-8 decoder keeps
 * ASCII bytes where they are): the run that writes the unchanged-files record decoded all of crewAI's 215 MB of pages, and the
 * check decoded each text once only to cut its head.
 */
export function headFacts(document: TextDocument): TextFacts | undefined {
	const bytes = undecodedBytes(document);
	if (!bytes) {
		const text = document.getText();
		const head = pageHead(text);
		return head === undefined ? undefined : { head, mayHoldDirectives: mayHoldDirectives(text) };
	}
	const end = bytes.subarray(0, 3).toString('latin1') === '---' ? bytes.indexOf('\n---', 3) : 0;
	if (end === -1) return undefined;
	return { head: bytes.subarray(0, end).toString('utf8'), mayHoldDirectives: bytes.includes(directiveMark) };
}
