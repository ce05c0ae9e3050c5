import { Parser } from 'acorn';
import acornJsx from 'acorn-jsx';
import type { RootContent } from 'mdast';
import type { Chunk } from './fastMdxChunks';
import type { PageLines } from './fastMdxTable';

/*
 * The part of the fast MDX parser (fastMdxParse.ts) that reads a top-level ESM block (`import …` /
 * `export …`) as micromark-extension-mdxjs-esm reads it: the same extent, the same acorn judgement.
 * A block it is not sure of gives the whole page to micromark, which then reports the error.
 */

/** micromark-extension-mdxjs's acorn: JSX, ES2024 modules. */
const parser = Parser.extend(acornJsx());

/** The word must be followed by a space (`import{` or `import\t` is a paragraph). */
export const esmLine = /^(?:import|export) /;

const allowed = new Set(['ExportAllDeclaration', 'ExportDefaultDeclaration', 'ExportNamedDeclaration', 'ImportDeclaration']);

/**
 * The ESM block starting at line `k` (at column 1, where no paragraph is open), or undefined when the
 * page must go to micromark.
 *
 * micromark's rule: the block runs to a line followed by a blank line or the end of the page, and
 * acorn parses it; an error raised at the end of the block's text (or an unterminated comment), with
 * more of the page to come, takes in the next lines up to the next such line and tries again. Any
 * other error, or a statement that is not an import or export, is a syntax error. The local names of
 * the page's earlier imports are declared first (`var a,b\n`), so importing a name twice is an error
 * too: `defined` holds them, in page order, and gets this block's.
 */
export function readEsm(page: PageLines, k: number, defined: string[]): { node: RootContent; next: number } | undefined {
	const { text, starts, ends } = page;
	const n = starts.length;
	const prefix = defined.length > 0 ? `var ${defined.join(',')}\n` : '';
	for (let last = k; last < n; last++) {
		const eof = ends[last] === text.length;
		if (!eof && !/^[ \t]*$/.test(text.slice(starts[last + 1], ends[last + 1]))) continue;
		const source = text.slice(starts[k], ends[last]);
		let body: { type: string; specifiers?: { local: { name: string } }[] }[];
		try {
			body = (
				parser.parse(prefix + source, { ecmaVersion: 2024, sourceType: 'module', locations: true, preserveParens: true, onComment: [] }) as unknown as {
					body: typeof body;
				}
			).body;
		} catch (e) {
			const error = e as { raisedAt?: number; message?: string };
			const swallow = (error.raisedAt ?? 0) >= prefix.length + source.length || /^Unterminated comment\b/.test(String(error.message));
			if (swallow && !eof) continue;
			return undefined;
		}
		if (prefix) body = body.slice(1);
		if (!body.every(statement => allowed.has(statement.type))) return undefined;
		for (const statement of body) if (statement.type === 'ImportDeclaration') for (const s of statement.specifiers ?? []) defined.push(s.local.name);
		const node = {
			type: 'mdxjsEsm',
			value: source,
			position: {
				start: { line: k + 1, column: 1, offset: starts[k] },
				end: { line: last + 1, column: ends[last] - starts[last] + 1, offset: ends[last] },
			},
		} as RootContent;
		return { node, next: last + 1 };
	}
	return undefined;
}

/**
 * Whether a chunk left for micromark holds a line that may be ESM: micromark declares a page's earlier
 * imports before each ESM block, and a chunk's own would be declared apart from those read here.
 */
export function chunksHoldEsm(page: PageLines, chunks: readonly Chunk[]): boolean {
	const { text, starts } = page;
	return chunks.some(c => /^(?:import|export) /m.test(text.slice(starts[c.from], c.to < starts.length ? starts[c.to] : text.length)));
}
