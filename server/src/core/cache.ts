import type { TextDocument } from 'vscode-languageserver-textdocument';

/**
 * Remembers one derived value (a parse) per document, recomputed only when the document's text
 * changes. Keyed by the text itself rather than the version number because documents read from
 * disk have no meaningful version; comparing the same string instance is O(1).
 * Least recently used entries are dropped beyond `capacity`.
 */
export class DocumentCache<T> {
	readonly #entries = new Map<string, { text: string; value: T }>();

	constructor(private readonly capacity: number) {}

	get(document: TextDocument, compute: (document: TextDocument) => T): T {
		const text = document.getText();
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
		return entry && entry.text === document.getText() ? entry.value : undefined;
	}

	/** The value last computed for `uri`, whatever its text. */
	latest(uri: string): T | undefined {
		return this.#entries.get(uri)?.value;
	}

	/** Remembers a value computed elsewhere (a worker thread) for this exact text. */
	set(document: TextDocument, value: T): void {
		this.#entries.delete(document.uri);
		this.#entries.set(document.uri, { text: document.getText(), value });
		if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
	}

	delete(uri: string): void {
		this.#entries.delete(uri);
	}
}
