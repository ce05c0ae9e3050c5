import type { TextDocument } from 'vscode-languageserver-textdocument';

/**
 * Remembers one derived value (a parse) per document, recomputed only when the document's text
 * changes. Keyed by the text itself rather than the version number because documents read from
 * disk have no meaningful version; comparing the same string instance is O(1).
 * Least recently used entries are dropped beyond `capacity`.
 */
export class DocumentCache<T> {
	readonly #entries = new Map<string, { text: string; value: T }>();

	/**
	 * `keepText: false` remembers a 64-bit fingerprint of the text instead of the text: a cache of
	 * the summaries of 25,000 pages would otherwise hold the whole site's text (70 MB) just to
	 * compare. Costs a pass over the text per lookup.
	 */
	constructor(
		private readonly capacity: number,
		private readonly options: { readonly keepText?: boolean } = {},
	) {}

	#key(document: TextDocument): string {
		if (this.options.keepText !== false) return document.getText();
		// A background check asks again for the same 25,000 documents after every keystroke that
		// restarts it: hashing 70 MB of text each time held up edits. A document object keeps its
		// text until its version changes (the server's open buffers are updated in place, with a new version).
		const known = this.#fingerprints.get(document);
		if (known && known.version === document.version) return known.key;
		const key = fingerprint(document.getText());
		this.#fingerprints.set(document, { version: document.version, key });
		return key;
	}

	readonly #fingerprints = new WeakMap<TextDocument, { version: number; key: string }>();

	get(document: TextDocument, compute: (document: TextDocument) => T): T {
		const text = this.#key(document);
		const entry = this.#entries.get(document.uri);
		if (entry && entry.text === text) {
			this.#entries.delete(document.uri);
			this.#entries.set(document.uri, entry);
			return entry.value;
		}
		const value = compute(document);
		this.#entries.delete(document.uri);
		this.#entries.set(document.uri, { text, value });
		if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
		return value;
	}

	/** The value for this exact text, if one is remembered (nothing is computed). */
	peek(document: TextDocument): T | undefined {
		const entry = this.#entries.get(document.uri);
		return entry && entry.text === this.#key(document) ? entry.value : undefined;
	}

	/** The value last computed for `uri`, whatever its text. */
	latest(uri: string): T | undefined {
		return this.#entries.get(uri)?.value;
	}

	/** Remembers a value computed elsewhere (a worker thread) for this exact text. */
	set(document: TextDocument, value: T): void {
		this.#entries.delete(document.uri);
		this.#entries.set(document.uri, { text: this.#key(document), value });
		if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
	}

	delete(uri: string): void {
		this.#entries.delete(uri);
	}
}

/** Keys of documents' texts given by whoever read them (see noteContentKey). */
const givenKeys = new WeakMap<TextDocument, string>();

/**
 * Records a key of `document`'s text computed where it was read: the CLI hashes each file's bytes
 * natively (crewAI's 200 MB of pages: ~0.3 s against ~2 s for {@link fingerprint} over the text, on
 * the thread that feeds the workers, cold and warm). Keys need only be equal for equal texts within
 * one process; a given key starts with a name (`sha1:`), a fingerprint with a length, so the two never meet.
 */
export function noteContentKey(document: TextDocument, key: string): void {
	givenKeys.set(document, key);
}

/** The key of a document's text: the one given where it was read, else its fingerprint. */
export function contentKey(document: TextDocument): string {
	return givenKeys.get(document) ?? fingerprint(document.getText());
}

/** Length and two independent 32-bit hashes (FNV-1a and a multiplicative one) of a text: a collision is a 1-in-2^64 event. */
export function fingerprint(text: string): string {
	let a = 0x811c9dc5;
	let b = 0x12345678;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		a = Math.imul(a ^ c, 0x01000193);
		b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
	}
	return `${text.length}:${(a >>> 0).toString(36)}:${(b >>> 0).toString(36)}`;
}

/**
 * What whoever read a document knows of its text without holding it: the CLI answers an unchanged
 * file (same size and times as at the last run) with a document that loads its text only when asked
 * (node/caches/unchangedFiles.ts), and these facts, kept from the last run, spare most pages that load.
 */
export interface TextFacts {
	/** The text up to its frontmatter's closing fence (see {@link pageHead}). */
	readonly head: string;
	/** Whether the text holds `mintdoc-` (a disable comment may be there; see mayHoldDirectives). */
	readonly mayHoldDirectives: boolean;
}

const givenFacts = new WeakMap<TextDocument, TextFacts>();

export function noteTextFacts(document: TextDocument, facts: TextFacts): void {
	givenFacts.set(document, facts);
}

/** The facts given for a document where it was read, if any (nothing is computed). */
export function textFacts(document: TextDocument): TextFacts | undefined {
	return givenFacts.get(document);
}

/** The key given for a document where it was read, if any (never computed from its text). */
export function givenContentKey(document: TextDocument): string | undefined {
	return givenKeys.get(document);
}

/**
 * A page's text up to its frontmatter's closing fence (all the frontmatter rules read; see
 * frontmatterValueRange): '' without frontmatter, undefined when the frontmatter is never closed
 * (then the whole text is the head). A copy, so a page's text is not kept alive by a slice of it.
 */
export function pageHead(text: string): string | undefined {
	const end = text.startsWith('---') ? text.indexOf('\n---', 3) : 0;
	if (end === -1) return undefined;
	return text.slice(0, end).split('\n').join('\n');
}
