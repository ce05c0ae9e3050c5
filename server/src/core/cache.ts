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

	delete(uri: string): void {
		this.#entries.delete(uri);
	}
}
