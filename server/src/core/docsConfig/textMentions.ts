import { changedRegion } from './incrementalJson';

/**
 * Whether configuration texts may hold a word (a key such as `openapi` or `overlays`), as a text
 * search: without the word, and without a `\u` escape that could spell it, no value composed
 * from the texts has it. Rules that only matter where a key is written ask this before walking
 * crewAI's 40,000 composed values; a search of its 2.4 MB docs.json is itself 1–2 ms, so the last
 * answer per word is kept and, when only one region of the text changed since, only that region
 * (with the word's length around it) is searched again.
 */
export function textsMention(texts: readonly string[], word: string): boolean {
	return texts.some(text => mentions(text, word));
}

const escape = '\\u';
/** Per word, the last text asked about that does not mention it (a pure function's memo). */
const lastWithout = new Map<string, string>();

function mentions(text: string, word: string): boolean {
	const last = lastWithout.get(word);
	let found: boolean;
	if (last !== undefined && last.length > 0) {
		const change = changedRegion(last, text);
		if (!change) return false;
		const margin = Math.max(word.length, escape.length) - 1;
		const from = Math.max(0, change.start - margin);
		const to = Math.min(text.length, change.oldEnd + (text.length - last.length) + margin);
		const region = text.slice(from, to);
		found = region.includes(word) || region.includes(escape);
	} else found = text.includes(word) || text.includes(escape);
	if (found) lastWithout.delete(word);
	else lastWithout.set(word, text);
	return found;
}
