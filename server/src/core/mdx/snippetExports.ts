import type { Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** A component a snippet exports: its name, its props (the destructured parameter's names) and where it is defined. */
export interface SnippetExport {
	readonly name: string;
	readonly props: readonly string[];
	/**
	 * The props are not all known: the function takes its props whole (`props => …`) or keeps the
	 * rest (`{ title, ...rest }`), so any prop may be read and none is judged unknown.
	 */
	readonly open?: true;
	readonly range: Range;
}

/** A value a snippet exports that is not a component: `export const apiVersion = "v2"`. */
export interface SnippetVariable {
	readonly name: string;
	/** The first line of its value, as written (`"v2"`, `{`). */
	readonly firstLine: string;
	readonly range: Range;
}

/**
 * The components a snippet exports: `export const Name = ({ a, b = 1 }) => …` and `export function
 * Name({ a, b })`, the two forms the platform's snippet docs show. Read by pattern, not parsed:
 * a snippet being edited is often not valid JSX, and the names and parameters are near the name.
 */
export function snippetExports(snippet: TextDocument): SnippetExport[] {
	const text = snippet.getText();
	const found: SnippetExport[] = [];
	const forms = [/^export\s+const\s+([A-Z][\w$]*)\s*=\s*(?:async\s+)?(?=\(|[\w$]+\s*=>)/gm, /^export\s+(?:default\s+)?function\s+([A-Z][\w$]*)\s*(?=\()/gm];
	for (const form of forms)
		for (const match of text.matchAll(form)) {
			const parameters = parameterList(text, match.index + match[0].length, form === forms[0]);
			if (!parameters) continue;
			const start = match.index + match[0].indexOf(match[1]!);
			const range = { start: snippet.positionAt(start), end: snippet.positionAt(start + match[1]!.length) };
			found.push({ name: match[1]!, props: parameters.props, ...(parameters.open ? { open: true as const } : {}), range });
		}
	return found.sort((a, b) => a.range.start.line - b.range.start.line);
}

/**
 * The first parameter of the function whose parameter list starts at `at` (`(` or, for an arrow,
 * a bare name): the names it destructures, or open when it is taken whole or keeps a rest. An arrow
 * must be followed by `=>`, or `export const X = (1 + 2)` would read as a component.
 */
function parameterList(text: string, at: number, arrow: boolean): { props: string[]; open: boolean } | undefined {
	const bare = /^[\w$]+(?=\s*=>)/.exec(text.slice(at, at + 100));
	if (bare) return arrow ? { props: [], open: true } : undefined;
	if (text[at] !== '(') return undefined;
	const close = matching(text, at);
	if (close === undefined) return undefined;
	if (arrow && !/^\s*(?::[^=]{0,200}?)?=>/.test(text.slice(close + 1, close + 220))) return undefined;
	const inside = text.slice(at + 1, close).trim();
	if (inside === '') return { props: [], open: false };
	if (!inside.startsWith('{')) return { props: [], open: true };
	const end = matching(inside, 0);
	if (end === undefined) return { props: [], open: true };
	const props: string[] = [];
	let open = false;
	for (const part of topLevelParts(inside.slice(1, end))) {
		if (part.startsWith('...')) open = true;
		const name = /^["']?([\w$-]+)/.exec(part)?.[1];
		if (name && !part.startsWith('...')) props.push(name);
	}
	return { props, open };
}

/** The index of the bracket closing the one at `from`, strings and nested brackets of any kind read over. */
function matching(text: string, from: number): number | undefined {
	let depth = 0;
	for (let i = from; i < text.length && i < from + 5000; i++) {
		const c = text[i]!;
		if (c === '"' || c === "'" || c === '`') {
			const end = text.indexOf(c, i + 1);
			if (end === -1) return undefined;
			i = end;
		} else if ('([{'.includes(c)) depth++;
		else if (')]}'.includes(c) && --depth === 0) return i;
	}
	return undefined;
}

/** The comma-separated parts of a destructuring pattern, commas inside nested brackets and strings kept. */
function topLevelParts(pattern: string): string[] {
	const parts: string[] = [];
	let depth = 0;
	let start = 0;
	for (let i = 0; i < pattern.length; i++) {
		const c = pattern[i];
		if (c === '"' || c === "'" || c === '`') {
			const end = pattern.indexOf(c, i + 1);
			i = end === -1 ? pattern.length : end;
		} else if ('{[('.includes(c!)) depth++;
		else if ('}])'.includes(c!)) depth--;
		else if (c === ',' && depth === 0) {
			parts.push(pattern.slice(start, i).trim());
			start = i + 1;
		}
	}
	parts.push(pattern.slice(start).trim());
	return parts.filter(Boolean);
}

/** The values a snippet exports that are not components: `export const name = …` (and `let`/`var`). */
export function snippetVariables(snippet: TextDocument): SnippetVariable[] {
	const text = snippet.getText();
	const components = new Set(snippetExports(snippet).map(e => e.name));
	const found: SnippetVariable[] = [];
	for (const match of text.matchAll(/^export\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]*)?=[ \t]*([^\n]*)/gm)) {
		if (components.has(match[1]!)) continue;
		const start = match.index + match[0].indexOf(match[1]!);
		found.push({
			name: match[1]!,
			firstLine: match[2]!.trim(),
			range: { start: snippet.positionAt(start), end: snippet.positionAt(start + match[1]!.length) },
		});
	}
	return found;
}
