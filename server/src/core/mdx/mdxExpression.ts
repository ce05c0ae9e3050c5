import { Parser } from 'acorn';
import acornJsx from 'acorn-jsx';

/**
 * JavaScript inside MDX braces judged as the MDX parser judges it (micromark-extension-mdxjs: acorn
 * with JSX, ES2024 modules), for the fast page scanner: parsed, never evaluated.
 */
const parser = Parser.extend(acornJsx());

/** micromark-util-events-to-acorn's test: nothing but whitespace and comments (a line comment must end its line). */
export function isEmptyExpression(source: string): boolean {
	return /^\s*$/.test(source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\r\n]*(\r\n|\n|\r)/g, ''));
}

/** Whether `source` (between `{` and a `}`) is exactly one expression, followed by nothing but whitespace and comments. */
export function parsesAsExpression(source: string): boolean {
	const known = source.length <= memoMaxLength ? verdicts.get(source) : undefined;
	if (known !== undefined) return known;
	let verdict: boolean;
	try {
		const node = parser.parseExpressionAt(source, 0, { ecmaVersion: 2024, sourceType: 'module', preserveParens: true, onComment: [] });
		verdict = isEmptyExpression(source.slice(node.end));
	} catch {
		verdict = false;
	}
	if (source.length <= memoMaxLength) {
		if (verdicts.size >= memoLimit) verdicts.clear();
		verdicts.set(source, verdict);
	}
	return verdict;
}

/**
 * Verdicts by source: a page's props are judged by the line scanner, then again as its elements are
 * recorded, and sites repeat them (`cols={2}`, `{true}`, `{["GET"]}`); acorn was ~10 % of a page
 * worker on mintlify/docs. Bounded in count and in the length of what is kept.
 */
const verdicts = new Map<string, boolean>();
const memoLimit = 20_000;
const memoMaxLength = 1_000;

/**
 * Where an attribute value expression opened at `open` ends (the offset after its `}`), found as the
 * MDX parser finds it: at the first `}` before which the text parses as one expression. Undefined
 * when the expression is empty (an MDX error), spans a blank line, holds a tab or carriage return, or
 * no `}` before `limit` closes it (the parser reads those pages, and reports their errors).
 */
export function attributeExpressionEnd(text: string, open: number, limit: number): number | undefined {
	for (let close = text.indexOf('}', open + 1), tries = 0; close !== -1 && close < limit && tries < 64; close = text.indexOf('}', close + 1), tries++) {
		const source = text.slice(open + 1, close);
		if (/[\t\r]|\n[ ]*\n/.test(source)) return undefined;
		if (isEmptyExpression(source)) return undefined;
		if (parsesAsExpression(source)) return close + 1;
	}
	return undefined;
}

/**
 * Where an expression in text opened at `open` ends (the offset after its `}`), on its line (before
 * `limit`): at the first `}` before which the text is empty (allowed in text) or parses as one
 * expression. Undefined when none does, or the expression holds a `|` (a table would split it).
 */
export function textExpressionEnd(text: string, open: number, limit: number): number | undefined {
	for (let close = text.indexOf('}', open + 1), tries = 0; close !== -1 && close < limit && tries < 16; close = text.indexOf('}', close + 1), tries++) {
		const source = text.slice(open + 1, close);
		if (/[\t\r\n|]/.test(source)) return undefined;
		if (isEmptyExpression(source) || parsesAsExpression(source)) return close + 1;
	}
	return undefined;
}

/**
 * Where an expression alone in the flow opened at `open` ends (after its `}`), possibly lines
 * later: at the first `}` before which the text is empty (a comment) or parses as one expression.
 * Undefined past a blank line, a tab or carriage return, or when nothing closes it.
 */
export function flowExpressionEnd(text: string, open: number): number | undefined {
	for (let close = text.indexOf('}', open + 1), tries = 0; close !== -1 && tries < 64; close = text.indexOf('}', close + 1), tries++) {
		const source = text.slice(open + 1, close);
		if (/[\t\r]|\n[ ]*\n/.test(source)) return undefined;
		if (isEmptyExpression(source) || parsesAsExpression(source)) return close + 1;
	}
	return undefined;
}
