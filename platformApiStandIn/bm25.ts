/**
 * Okapi BM25 over a small in-memory corpus, for the stand-in assistant's retrieval.
 *
 *   score(q, d) = Σ_t∈q idf(t) · tf(t,d)·(k1+1) / (tf(t,d) + k1·(1 − b + b·|d|/avgdl))
 *   idf(t)      = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))      (never negative)
 *
 * Tokens: lowercase runs of letters and digits, stop words dropped, plurals folded
 * (`refunds` → `refund`, `retries` → `retry`). A query term counts once however often it is typed.
 */

export interface Bm25Options {
	/** Term-frequency saturation. Default 1.2. */
	readonly k1?: number;
	/** Length normalisation (0 none, 1 full). Default 0.75. */
	readonly b?: number;
}

export interface Bm25Hit {
	/** Index of the document in the array given to the constructor. */
	readonly index: number;
	readonly score: number;
}

const stopWords = new Set(
	(
		'a an and are as at be but by can do does for from has have how i if in into is it its my no not of on or our so that the their them then there these ' +
		'they this to up us was we what when where which who why will with you your yours me am been being did had he she his her him than too very just ' +
		'about after all any also before both each few more most other over same should some such only own out off again further once here s t don now ' +
		'would could shall may might must need tell show explain please'
	).split(/\s+/),
);

/** The index terms of a text. */
export function tokenize(text: string): string[] {
	const tokens: string[] = [];
	for (const match of text
		.toLowerCase()
		.normalize('NFKC')
		.matchAll(/[\p{L}\p{N}]+/gu)) {
		const word = match[0];
		if (stopWords.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
		tokens.push(fold(word));
	}
	return tokens;
}

/** A light plural folding: enough for `refunds`/`refund`, `retries`/`retry`, not a stemmer. */
function fold(word: string): string {
	if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
	if (word.length > 4 && /(?:sses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
	if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
	return word;
}

export class Bm25Index {
	readonly #k1: number;
	readonly #b: number;
	readonly #termFrequencies: Map<string, number>[];
	readonly #lengths: number[];
	readonly #documentFrequency = new Map<string, number>();
	readonly #averageLength: number;

	/** `documents` are the texts to rank, already combined from their fields (repeat a field to weight it). */
	constructor(documents: readonly string[], options: Bm25Options = {}) {
		this.#k1 = options.k1 ?? 1.2;
		this.#b = options.b ?? 0.75;
		this.#termFrequencies = documents.map(text => {
			const counts = new Map<string, number>();
			for (const token of tokenize(text)) counts.set(token, (counts.get(token) ?? 0) + 1);
			return counts;
		});
		this.#lengths = this.#termFrequencies.map(counts => [...counts.values()].reduce((sum, n) => sum + n, 0));
		for (const counts of this.#termFrequencies)
			for (const term of counts.keys()) this.#documentFrequency.set(term, (this.#documentFrequency.get(term) ?? 0) + 1);
		const total = this.#lengths.reduce((sum, n) => sum + n, 0);
		this.#averageLength = documents.length ? total / documents.length || 1 : 1;
	}

	get size(): number {
		return this.#lengths.length;
	}

	idf(term: string): number {
		const n = this.#documentFrequency.get(term) ?? 0;
		return Math.log(1 + (this.size - n + 0.5) / (n + 0.5));
	}

	/** The BM25 score of document `index` for `query`. */
	score(query: string | readonly string[], index: number): number {
		const terms = new Set(typeof query === 'string' ? tokenize(query) : query);
		const counts = this.#termFrequencies[index];
		const norm = this.#k1 * (1 - this.#b + (this.#b * this.#lengths[index]) / this.#averageLength);
		let score = 0;
		for (const term of terms) {
			const tf = counts.get(term) ?? 0;
			if (tf) score += (this.idf(term) * tf * (this.#k1 + 1)) / (tf + norm);
		}
		return score;
	}

	/** Documents with a positive score, best first (ties in corpus order), at most `limit`, passing `accept`. */
	search(query: string, limit: number, accept: (index: number) => boolean = () => true): Bm25Hit[] {
		const terms = [...new Set(tokenize(query))];
		if (!terms.length || limit < 1) return [];
		const hits: Bm25Hit[] = [];
		for (let index = 0; index < this.size; index++) {
			if (!accept(index)) continue;
			const score = this.score(terms, index);
			if (score > 0) hits.push({ index, score });
		}
		return hits.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, limit);
	}
}
