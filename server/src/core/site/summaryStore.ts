import type { TextDocument } from 'vscode-languageserver-textdocument';
import { contentKey } from '../cache';
import type { PageSummary } from '../mdx/pageSummary';
import { SharedValues } from './sharedValues';

/**
 * Page summaries, by page and by content. A versioned site (crewAI's docs: 24,803 pages, 1,723
 * distinct texts, one copy per release) holds the same page text many times; a summary depends on
 * the text alone (and, in related information, on the page's own URI), so each distinct text is
 * summarized once and its summary shared. Sharing also keeps one summary object per text in memory.
 */
export class SummaryStore {
	/** page URI → the fingerprint of the text its summary was made from, and the summary */
	readonly #byPage = new Map<string, { key: string; summary: PageSummary }>();
	/** fingerprint → a summary made from that text, and the page it was made for */
	readonly #byContent = new Map<string, { uri: string; summary: PageSummary }>();
	/** A document object keeps its text until its version changes (open buffers are updated in place). */
	readonly #keys = new WeakMap<TextDocument, { version: number; key: string }>();
	readonly #shared = new SharedValues();

	constructor(private readonly capacity = 60_000) {}

	/** The content key of a document: its language (`.md` and `.mdx` read alike today, but need not) and a fingerprint of its text. */
	keyOf(document: TextDocument): string {
		const known = this.#keys.get(document);
		if (known && known.version === document.version) return known.key;
		const key = `${document.languageId}:${contentKey(document)}`;
		this.#keys.set(document, { version: document.version, key });
		return key;
	}

	/** The summary of this exact text, computed (here) only when no page with the same text has one. */
	get(document: TextDocument, compute: (document: TextDocument) => PageSummary): PageSummary {
		return this.peek(document) ?? this.set(document, compute(document));
	}

	/** The summary for this exact text, if this page or another with the same text has one (nothing is computed). */
	peek(document: TextDocument): PageSummary | undefined {
		return this.peekKey(document.uri, this.keyOf(document));
	}

	/** The summary for the page `uri` whose text has the content key `key` (see keyOf), if one is known. */
	peekKey(uri: string, key: string): PageSummary | undefined {
		const own = this.#byPage.get(uri);
		if (own && own.key === key) return own.summary;
		const shared = this.#byContent.get(key);
		if (!shared) return undefined;
		return this.#remember(uri, key, rebase(shared.summary, shared.uri, uri));
	}

	/** The summary last made for `uri`, whatever its text. */
	latest(uri: string): PageSummary | undefined {
		return this.#byPage.get(uri)?.summary;
	}

	/** Remembers a summary made elsewhere (a worker thread) for this exact text. */
	set(document: TextDocument, made: PageSummary): PageSummary {
		const key = this.keyOf(document);
		// Positions and short strings equal to another summary's become that one (see sharedValues.ts): the heap marks fewer objects.
		const summary = this.#shared.share(made);
		this.#byContent.delete(key);
		this.#byContent.set(key, { uri: document.uri, summary });
		if (this.#byContent.size > this.capacity) this.#byContent.delete(this.#byContent.keys().next().value!);
		return this.#remember(document.uri, key, summary);
	}

	delete(uri: string): void {
		this.#byPage.delete(uri);
	}

	#remember(uri: string, key: string, summary: PageSummary): PageSummary {
		this.#byPage.delete(uri);
		this.#byPage.set(uri, { key, summary });
		if (this.#byPage.size > this.capacity) this.#byPage.delete(this.#byPage.keys().next().value!);
		return summary;
	}
}

/**
 * A summary made for the page `from`, for the page `to` with the same text: the same object unless
 * a finding relates to a place in its own page (a duplicate attribute's first occurrence).
 */
function rebase(summary: PageSummary, from: string, to: string): PageSummary {
	if (from === to || !summary.diagnostics.some(d => d.relatedInformation?.some(r => r.location.uri === from))) return summary;
	return {
		...summary,
		diagnostics: summary.diagnostics.map(d =>
			d.relatedInformation?.some(r => r.location.uri === from)
				? { ...d, relatedInformation: d.relatedInformation.map(r => (r.location.uri === from ? { ...r, location: { ...r.location, uri: to } } : r)) }
				: d,
		),
	};
}
