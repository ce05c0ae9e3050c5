import { isEmptyExpression, parsesAsExpression } from './mdxExpression';

/** One attribute of an opening tag, read from the source: offsets into the page's text. */
export interface ScannedProp {
	readonly name: string;
	readonly nameStart: number;
	/** `bare` (`<Card horizontal>`, true), a quoted `string`, or an `expression` in braces. */
	readonly kind: 'bare' | 'string' | 'expression';
	/** The string's characters, or the expression's source between the braces. */
	readonly value?: string;
	/** Offset of `value` (after the quote or the brace). */
	readonly valueStart?: number;
}

const nameAt = /[A-Za-z_$][\w$-]*(?::[A-Za-z_$][\w$-]*)?/y;
const literal = /\{\s*(?:-?\d+(?:\.\d+)?|true|false|null|"[^"\n]*"|'[^'\n]*')\s*\}/y;
/** An opening tag this long is not read (the tree's attribute names are still used). */
const maxTagLength = 20_000;

/**
 * The attributes of the opening tag at `start` (`<Name a="x" b={1} c>`), with where each name and
 * value is: the syntax tree gives attributes no positions, and the line scanner gives expressions
 * no text, so both tiers read them here from the source and agree. Spreads and comments are
 * skipped. Undefined when the tag cannot be read (the caller then knows only the names).
 */
export function scanTagProps(text: string, start: number): ScannedProp[] | undefined {
	return scanTag(text, start)?.props;
}

/** The attributes of the opening tag at `start` and the offset after its `>` (`selfClosing` for `/>`). */
export function scanTag(text: string, start: number): { props: ScannedProp[]; end: number; selfClosing: boolean } | undefined {
	const limit = Math.min(text.length, start + maxTagLength);
	let i = start + 1;
	const tag = /[A-Za-z_$][\w$.:-]*/y;
	tag.lastIndex = i;
	if (!tag.exec(text)) return text[i] === '>' ? { props: [], end: i + 1, selfClosing: false } : undefined;
	i = tag.lastIndex;
	const props: ScannedProp[] = [];
	const skipSpace = () => {
		while (i < limit && /\s/.test(text[i])) i++;
	};
	for (;;) {
		skipSpace();
		if (i >= limit) return undefined;
		if (text[i] === '>') return { props, end: i + 1, selfClosing: false };
		if (text.startsWith('/>', i)) return { props, end: i + 2, selfClosing: true };
		if (text[i] === '{') {
			// `{...props}` or `{/* comment */}`: not a prop of its own.
			const close = expressionEnd(text, i, limit, true);
			if (close === undefined) return undefined;
			i = close;
			continue;
		}
		nameAt.lastIndex = i;
		const name = nameAt.exec(text)?.[0];
		if (!name) return undefined;
		const nameStart = i;
		i += name.length;
		skipSpace();
		if (text[i] !== '=') {
			props.push({ name, nameStart, kind: 'bare' });
			continue;
		}
		i++;
		skipSpace();
		const quote = text[i];
		if (quote === '"' || quote === "'") {
			const close = text.indexOf(quote, i + 1);
			if (close === -1 || close >= limit) return undefined;
			props.push({ name, nameStart, kind: 'string', value: text.slice(i + 1, close), valueStart: i + 1 });
			i = close + 1;
		} else if (quote === '{') {
			const close = expressionEnd(text, i, limit, false);
			if (close === undefined) return undefined;
			props.push({ name, nameStart, kind: 'expression', value: text.slice(i + 1, close - 1), valueStart: i + 1 });
			i = close;
		} else {
			return undefined;
		}
	}
}

/** The offset after the `}` closing the braces opened at `open`: the first `}` before which the text is one expression (as the MDX parser decides). */
function expressionEnd(text: string, open: number, limit: number, spreadOrComment: boolean): number | undefined {
	literal.lastIndex = open;
	if (!spreadOrComment && literal.exec(text)) return literal.lastIndex;
	for (let close = text.indexOf('}', open + 1), tries = 0; close !== -1 && close < limit && tries < 256; close = text.indexOf('}', close + 1), tries++) {
		const source = text.slice(open + 1, close);
		if (spreadOrComment) {
			const spread = /^\s*\.\.\./.exec(source);
			if (spread ? parsesAsExpression(source.slice(spread[0].length)) : isEmptyExpression(source)) return close + 1;
		} else if (parsesAsExpression(source)) {
			return close + 1;
		}
	}
	return undefined;
}
