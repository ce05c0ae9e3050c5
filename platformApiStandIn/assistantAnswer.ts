import { tokenize } from './bm25';
import type { AssistantDocs, DocSection } from './assistantDocs';
import { maxOf } from '../server/src/core/arrays';

/**
 * The stand-in assistant's "model": retrieval with BM25 over the docs' sections, then an
 * extractive answer that quotes the best sections and links their pages. No generation: every
 * sentence of an answer is either fixed wording or a quote from the docs.
 */

export interface RetrievalFilter {
	readonly version?: string;
	readonly language?: string;
}

export interface RetrievedSection {
	readonly section: DocSection;
	readonly score: number;
}

/** A `search` tool result item, as the real service sends it: `{path, content, metadata:{title}}`. */
export interface SearchResultItem {
	readonly path: string;
	readonly content: string;
	readonly metadata: { readonly title: string };
}

/**
 * The best `pageSize` sections for `query`. A `filter.version`/`filter.language` limits the
 * search to the pages of that version/language when the site's navigation has versions/languages
 * (an unknown one matches nothing); a site without them ignores that part of the filter.
 */
export function retrieve(docs: AssistantDocs, query: string, pageSize: number, filter?: RetrievalFilter | null): RetrievedSection[] {
	const allowed: ReadonlySet<string>[] = [];
	if (filter?.version && docs.versions.size) allowed.push(docs.versions.get(filter.version) ?? new Set());
	if (filter?.language && docs.languages.size) allowed.push(docs.languages.get(filter.language) ?? new Set());
	const accept = (index: number) => allowed.every(pages => pages.has(docs.sections[index].page));
	return docs.index.search(query, pageSize, accept).map(hit => ({ section: docs.sections[hit.index], score: hit.score }));
}

/** The link of a section: its page path plus the heading anchor. */
export function sectionHref(section: DocSection): string {
	return section.anchor ? `${section.pagePath}#${section.anchor}` : section.pagePath;
}

export function searchResultItems(hits: readonly RetrievedSection[]): SearchResultItem[] {
	return hits.map(({ section }) => {
		const body = [...section.paragraphs, ...section.code.map(code => `\`\`\`\n${code}\n\`\`\``)].join('\n\n');
		const content = `${section.heading === section.pageTitle ? '' : `## ${section.heading}\n\n`}${body}`;
		return { path: sectionHref(section), content: clip(content, 1500), metadata: { title: section.pageTitle } };
	});
}

/** How many retrieved sections the answer quotes at most, and how close to the best they must score. */
const maxQuoted = 3;
const quoteRatio = 0.5;

/**
 * The answer text: the best sections quoted (the sentences that share the most words with the
 * question), each under a link to its heading, then the pages as sources. Without hits, an honest
 * "the docs do not cover this".
 */
export function composeAnswer(docs: AssistantDocs, question: string, hits: readonly RetrievedSection[]): string {
	if (!hits.length) return notFoundAnswer(docs, question);
	const terms = new Set(tokenize(question));
	const quoted = hits.filter((hit, i) => i < maxQuoted && hit.score >= hits[0].score * quoteRatio);
	const blocks = quoted.map(({ section }) => {
		const label = section.heading === section.pageTitle ? section.pageTitle : `${section.pageTitle} › ${section.heading}`;
		return `**[${escapeLinkText(label)}](${sectionHref(section)})**\n\n${quoteOf(section, terms)}`;
	});
	const pages = new Map<string, string>();
	for (const { section } of quoted) if (!pages.has(section.pagePath)) pages.set(section.pagePath, section.pageTitle);
	const sources = [...pages].map(([href, title]) => `[${escapeLinkText(title)}](${href})`).join(', ');
	const intro = quoted.length === 1 ? `The ${docs.siteName} docs cover this in one place:` : `Here is what the ${docs.siteName} docs say about this:`;
	return `${intro}\n\n${blocks.join('\n\n')}\n\nSources: ${sources}`;
}

export function notFoundAnswer(docs: AssistantDocs, question: string): string {
	const topic = question.replace(/\s+/g, ' ').trim();
	const shown = topic ? ` about “${clip(topic, 80)}”` : '';
	return (
		`I couldn't find anything${shown} in the ${docs.siteName} documentation, so I can't answer this from the docs. ` +
		'Try asking with the words the docs use, or ask about another topic.'
	);
}

/** The best one or two sentences of a section as a Markdown quote; code when the prose does not match. */
function quoteOf(section: DocSection, terms: ReadonlySet<string>): string {
	const sentences = section.paragraphs
		.flatMap(p => p.split(/(?<=[.!?:])\s+(?=[A-Z`*[("])/))
		.map(s => s.trim())
		.filter(Boolean);
	const overlap = (text: string) => new Set(tokenize(text).filter(t => terms.has(t))).size;
	let best = -1;
	let bestScore = 0;
	sentences.forEach((sentence, i) => {
		const score = overlap(sentence);
		if (score > bestScore) [best, bestScore] = [i, score];
	});
	const codeScores = section.code.map(overlap);
	const bestCode = codeScores.indexOf(maxOf(codeScores, 0));
	if (bestScore === 0 && section.code.length && (codeScores[bestCode] > 0 || !sentences.length)) {
		const lines = section.code[bestCode].split('\n');
		const code = lines.length > 12 ? [...lines.slice(0, 12), '…'].join('\n') : lines.join('\n');
		return `\`\`\`\n${code.replace(/```/g, '` ` `')}\n\`\`\``;
	}
	if (!sentences.length) return '> (This section has no text to quote.)';
	const start = best === -1 ? 0 : best;
	let quote = sentences[start];
	if (quote.length < 160 && sentences[start + 1] && quote.length + sentences[start + 1].length < 320) quote += ` ${sentences[start + 1]}`;
	return clip(quote, 400)
		.split('\n')
		.map(line => `> ${line}`)
		.join('\n');
}

/** Small pieces of text, as a model streams them: one to three words each, whitespace kept. */
export function textPieces(text: string, wordsPerPiece = 3): string[] {
	const words = text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
	const pieces: string[] = [];
	for (let i = 0; i < words.length; i += wordsPerPiece) pieces.push(words.slice(i, i + wordsPerPiece).join(''));
	return pieces;
}

/** Rough token counts for the `usage` of a step (4 characters a token), so numbers look plausible. */
export function approxTokens(text: string): number {
	return Math.max(1, Math.ceil(text.length / 4));
}

function escapeLinkText(text: string): string {
	return text.replace(/([[\]\\])/g, '\\$1');
}

function clip(text: string, max: number): string {
	return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
