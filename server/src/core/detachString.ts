/**
 * A copy of `text` that does not keep alive the string it was cut from. JavaScript engines (V8)
 * make a substring of a long string a view into it: a page path read from a 2.4 MB docs.json,
 * kept in a cache that outlives the edit (duplicate counts, a subtree's facts, a suggestion), kept
 * that whole version of docs.json alive. A cycle of 20 renames held 20 versions (+96 MB on crewAI,
 * the soak's RSS jump). Concatenation then slicing makes the engine build a fresh string of its
 * own. For what long-lived caches keep; values used only within one check need none.
 */
export function detachString(text: string): string {
	return (' ' + text).slice(1);
}
