import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { findExcessiveNesting } from './jsonDepth';
import { detachString } from '../detachString';

/** A text and the tree `parseTree` made of it, remembered to re-parse the next version cheaply. */
export interface PreviousJsonParse {
	readonly text: string;
	readonly root: Node | undefined;
	/**
	 * True only when parsing `text` reported no error at all (strict JSON, no comments, no trailing
	 * commas) and it nests no deeper than the `maxDepth` the new text is held to.
	 */
	readonly errorsFree: boolean;
}

/** jsonc-parser's nodes are read-only to their users; this module builds them. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The options parseJsonConfig parses with: the region is re-parsed exactly the same way. */
const strictJson = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false } as const;

/**
 * The tree `parseTree(text)` would return, when `text` differs from an error-free previous text
 * inside one value (or one property key): only that value is parsed again, the rest of the tree is
 * copied with shifted offsets. Undefined whenever that cannot be shown to give the full parse's
 * result (the previous parse had errors, the edit spans the top-level value, the value's new text
 * is not one error-free value, or a key's not one string, it nests deeper than `maxDepth`); the
 * caller then parses in full, which also reports any error. A tree returned means the full parse
 * would report no error and the nesting guard over the whole text would pass.
 *
 * Why replacing one value is exact: the text before the value is unchanged, so the scanner and the
 * parser reach its first character in the same state as before (expecting a value; the token
 * before it, `:`, `,`, `[`, `{` or whitespace, does not look ahead); the new text of the value scans
 * to the same tokens in place as alone, because what follows it is unchanged and, in valid JSON,
 * is whitespace, `,`, `:`, `]`, `}` or the end, none of which a token can absorb (whitespace at
 * either end of the new text only joins the whitespace around it); after it the parser is again in
 * its old state facing the old tokens. The nesting depth at the value is the number of arrays and
 * objects around it, so the depth guard need only read the value's new text.
 *
 * The previous tree is never modified (a site model built from it may still be in use): the result
 * is a fresh tree, its `parent` links pointing into it.
 */
export function reparseTree(previous: PreviousJsonParse, text: string, maxDepth: number): Node | undefined {
	const { root, text: oldText } = previous;
	if (!previous.errorsFree || !root) return undefined;
	const change = changedRegion(oldText, text);
	const delta = text.length - oldText.length;
	if (!change) return copyTree(root, undefined, 0, 0, 0);
	const path = pathTo(root, change.start, change.oldEnd);
	// The deepest value or key holding the edit (an edit across a key and its value: the object).
	let first = path.length - 1;
	while (path[first].type === 'property') first--;
	const tried = tryRegion(path, first, text, oldText, delta, maxDepth);
	if (tried !== 'mismatch') return tried;
	// The edit touched the value's delimiters (a quote, a bracket) or changed the structure around
	// it (a new element next to it): the nearest array or object whose brackets lie outside the edit.
	for (let i = first - 1; i >= 0; i--) {
		const node = path[i];
		if (node.type !== 'property' && node.offset < change.start && change.oldEnd < node.offset + node.length) {
			const retried = tryRegion(path, i, text, oldText, delta, maxDepth);
			return retried === 'mismatch' ? undefined : retried;
		}
	}
	return undefined;
}

interface Change {
	/** First offset that differs (the same in both texts). */
	readonly start: number;
	/** End of the changed part in the old text (exclusive); in the new text it is `oldEnd + delta`. */
	readonly oldEnd: number;
}

/** The one region that differs, from the common prefix and suffix; undefined when the texts are equal. */
export function changedRegion(oldText: string, text: string): Change | undefined {
	// One edit of docs.json asks three times (the composition, the line starts, the subtree fingerprints): 2.4 MB compared once.
	if (lastRegion?.oldText === oldText && lastRegion.text === text) return lastRegion.change;
	if (oldText === text) return undefined;
	const shorter = Math.min(oldText.length, text.length);
	// An edit the editor reported: the texts agree before its start and after its end, so the
	// comparison starts there (crewAI: 1.2 ms of each keystroke comparing 2.4 MB spent in a few characters).
	const edit = lastEdit?.oldText === oldText && lastEdit.text === text ? lastEdit : undefined;
	const start = commonPrefix(oldText, text, edit ? Math.min(edit.start, shorter) : 0, shorter);
	const suffix = commonSuffix(oldText, text, edit ? Math.min(oldText.length - edit.oldEnd, shorter - start) : 0, shorter - start);
	const change = { start, oldEnd: oldText.length - suffix };
	lastRegion = { oldText, text, change };
	return change;
}

/**
 * Forgets the texts compared and the edit noted: once a check has used them, the older text of the
 * pair is no model's any more, and the memo alone kept it alive (crewAI: 4.5 MB until the next
 * keystroke). A later question compares again.
 */
export function releaseComparedTexts(): void {
	lastRegion = undefined;
	lastEdit = undefined;
}

/** The last pair of texts compared (a pure function's memo; until released, see releaseComparedTexts). */
let lastRegion: { readonly oldText: string; readonly text: string; readonly change: Change } | undefined;

/** The last edit reported by {@link noteTextEdit}. */
let lastEdit: { readonly oldText: string; readonly text: string; readonly start: number; readonly oldEnd: number } | undefined;

/**
 * Tells {@link changedRegion} that `text` is `oldText` with `[start, oldEnd)` replaced by
 * `insertedLength` characters, as the editor's change event that made `text` says (the texts must
 * agree outside that range; `lsp/editedDocuments.ts` reports what it just applied). A report whose
 * lengths do not add up is ignored. The region is still narrowed to the characters that differ, so
 * for a true report the answer is the one a full comparison gives.
 */
export function noteTextEdit(oldText: string, text: string, start: number, oldEnd: number, insertedLength: number): void {
	const fits = 0 <= start && start <= oldEnd && oldEnd <= oldText.length && text.length - oldText.length === insertedLength - (oldEnd - start);
	lastEdit = fits ? { oldText, text, start, oldEnd } : undefined;
}

/** Chunks compared as strings (a native comparison) before the characters of the one that differs. */
const chunk = 1024;

/** Characters the comparisons read since the process started (both texts' count once): for tests. */
export let charactersCompared = 0;

/** The length of the common prefix of `a` and `b`, at most `max`, known to be at least `from`. */
function commonPrefix(a: string, b: string, from: number, max: number): number {
	let i = from;
	while (i + chunk <= max && a.slice(i, i + chunk) === b.slice(i, i + chunk)) i += chunk;
	while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
	charactersCompared += i - from;
	return i;
}

/** The length of the common suffix of `a` and `b`, at most `max`, known to be at least `from`. */
function commonSuffix(a: string, b: string, from: number, max: number): number {
	let n = from;
	while (n + chunk <= max && a.slice(a.length - n - chunk, a.length - n) === b.slice(b.length - n - chunk, b.length - n)) n += chunk;
	while (n < max && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
	charactersCompared += n - from;
	return n;
}

/** The nodes from the root down to the deepest one whose span holds [start, end] (its edges included). */
function pathTo(root: Node, start: number, end: number): Node[] {
	const path = [root];
	for (let node = root; node.children?.length;) {
		const child = childHolding(node.children, start, end);
		if (!child) break;
		path.push(child);
		node = child;
	}
	return path;
}

/** Children never touch (a `,` or `:` lies between), so at most one holds the region; binary search by offset. */
function childHolding(children: readonly Node[], start: number, end: number): Node | undefined {
	let low = 0;
	let high = children.length - 1;
	while (low < high) {
		const middle = (low + high + 1) >> 1;
		if (children[middle].offset <= start) low = middle;
		else high = middle - 1;
	}
	const child = children[low];
	return child.offset <= start && end <= child.offset + child.length ? child : undefined;
}

/**
 * Re-parses `path[index]` (a value, or a property's key) in the new text. 'mismatch' when its new
 * text is not one error-free value (a larger region may still be); undefined when the full parse
 * must decide (the top-level value, a region about as large, too deep).
 */
function tryRegion(path: readonly Node[], index: number, text: string, oldText: string, delta: number, maxDepth: number): Node | undefined | 'mismatch' {
	const target = path[index];
	// Re-parsing the top-level value is the full parse; more than half the file costs about as much with the copy.
	if (index === 0 || target.length * 2 > oldText.length) return undefined;
	const from = target.offset;
	const to = target.offset + target.length + delta;
	if (to <= from) return 'mismatch';
	let depth = 0;
	for (let i = 0; i < index; i++) if (path[i].type === 'array' || path[i].type === 'object') depth++;
	if (findExcessiveNesting(text, maxDepth, from, to, depth) !== undefined) return undefined;
	// A copy: the values parsed from it are carried into every later tree (copyTree), and a slice
	// would keep this whole version of the file alive with them (crewAI: 4.7 MB per edited entry).
	const region = detachString(text.slice(from, to));
	const errors: ParseError[] = [];
	const replacement = parseTree(region, errors, strictJson);
	// Whitespace typed at either end of the value is fine: it only joins the whitespace around it.
	if (errors.length || !replacement) return 'mismatch';
	const isKey = path[index - 1].type === 'property' && path[index - 1].children![0] === target;
	if (isKey && replacement.type !== 'string') return 'mismatch';
	shift(replacement, from);
	return copyTree(path[0], { target, replacement }, target.offset, target.offset + target.length, delta);
}

/** Moves a freshly parsed subtree (nobody else holds it) to where its text starts. */
function shift(node: Mutable<Node>, by: number): void {
	node.offset += by;
	if (node.colonOffset !== undefined) node.colonOffset += by;
	if (node.children) for (const child of node.children) shift(child, by);
}

/**
 * A copy of the old tree with `target` replaced: nodes from `end` on move by `delta`, the nodes
 * around the target grow by it. Everything is copied, since shared nodes would keep `parent`
 * links into the old tree (65,000 nodes, a 2 MB configuration, copy in a few milliseconds).
 */
function copyTree(root: Node, swap: { target: Node; replacement: Node } | undefined, start: number, end: number, delta: number): Node {
	const copy = (node: Node, parent: Node | undefined): Node => {
		if (node.offset + node.length <= start) return clone(node, parent, 0);
		if (node.offset >= end) return clone(node, parent, delta);
		if (swap && node === swap.target) {
			(swap.replacement as Mutable<Node>).parent = parent;
			return swap.replacement;
		}
		// Around the edit: same start, longer or shorter; a property's colon may follow an edited key.
		const children: Node[] = [];
		const around: Mutable<Node> =
			node.colonOffset === undefined
				? { type: node.type, offset: node.offset, length: node.length + delta, parent, children }
				: {
						type: node.type,
						offset: node.offset,
						length: node.length + delta,
						parent,
						children,
						colonOffset: node.colonOffset >= end ? node.colonOffset + delta : node.colonOffset,
					};
		for (const child of node.children!) children.push(copy(child, around));
		if (around.type === 'property') {
			// A property spans its key to its value: whitespace typed at the edge of either is outside it.
			const value = children[children.length - 1];
			around.offset = children[0].offset;
			around.length = value.offset + value.length - around.offset;
		}
		return around;
	};
	const result: Mutable<Node> = copy(root, undefined);
	// As parseTree returns it: the root has no `parent` property at all.
	delete result.parent;
	return result;
}

/** A copy of a subtree that lies wholly before or wholly after the edit, moved by `by`. */
function clone(node: Node, parent: Node | undefined, by: number): Node {
	if (!node.children) return { type: node.type, offset: node.offset + by, length: node.length, parent, value: node.value };
	const children: Node[] = [];
	const copy: Node =
		node.colonOffset === undefined
			? { type: node.type, offset: node.offset + by, length: node.length, parent, children }
			: { type: node.type, offset: node.offset + by, length: node.length, parent, children, colonOffset: node.colonOffset + by };
	for (const child of node.children) children.push(clone(child, copy, by));
	return copy;
}
