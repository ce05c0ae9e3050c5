import { attributeExpressionEnd } from './mdxExpression';
import type { ElementAttribute } from './pageRecords';

const elementName = /^[A-Za-z][A-Za-z0-9]*/;
const attributeName = /^[A-Za-z_][\w-]*/;
const literalExpression = /^\{(?:\d+|true|false)\}/;

/** A JSX tag as the fast page scanner reads it. */
export interface Tag {
	readonly name: string;
	readonly closing: boolean;
	readonly selfClosing: boolean;
	readonly attributes: ElementAttribute[];
	/** Offset after the tag's `>`. */
	readonly end: number;
}

/**
 * A JSX tag at `at`: `<Name a="x" b='y' c={expression} d>`, `<Name … />` or `</Name>`; undefined
 * for anything else. With `multiline`, its attributes may continue on the following lines (never
 * past a blank one); `end` is then the end of the text.
 */
export function scanTag(text: string, at: number, end: number, multiline = false): Tag | undefined {
	let i = at + 1;
	const closing = text[i] === '/';
	if (closing) i++;
	const name = elementName.exec(text.slice(i, Math.min(end, i + 64)))?.[0];
	if (!name) return undefined;
	i += name.length;
	const attributes: ElementAttribute[] = [];
	const space = (c: string) => c === ' ' || (multiline && c === '\n');
	const skipSpace = () => {
		const from = i;
		while (i < end && space(text[i])) i++;
		return !/\n *\n/.test(text.slice(from, i));
	};
	while (!closing && space(text[i])) {
		if (!skipSpace()) return undefined;
		const attribute = attributeName.exec(text.slice(i, Math.min(end, i + 128)))?.[0];
		if (!attribute) break;
		i += attribute.length;
		let value: unknown = null;
		if (text[i] === '=') {
			const quote = text[i + 1];
			if (quote === '"' || quote === "'") {
				const close = text.indexOf(quote, i + 2);
				if (close === -1 || close >= end) return undefined;
				value = text.slice(i + 2, close);
				// Character references are decoded in attribute values (a bare `&` stays itself); in a line of text
				// a `|` could split a table cell, on a line of tags it is a character.
				if (/\n/.test(value as string) || /&#?[A-Za-z0-9]+;/.test(value as string) || (!multiline && /[&|]/.test(value as string))) return undefined;
				i = close + 1;
			} else if (quote === '{') {
				const literal = literalExpression.exec(text.slice(i + 1, i + 8))?.[0];
				// Inside a line only literals (a `|` in an expression would split a table cell); alone on its lines, any expression.
				const after = literal ? i + 1 + literal.length : multiline ? attributeExpressionEnd(text, i + 1, end) : undefined;
				if (after === undefined) return undefined;
				value = { type: 'mdxJsxAttributeValueExpression' };
				i = after;
			} else {
				return undefined;
			}
		}
		attributes.push({ name: attribute, value });
	}
	if (multiline && !skipSpace()) return undefined;
	const selfClosing = !closing && text.startsWith('/>', i);
	if (selfClosing) i += 2;
	else if (text[i] === '>') i++;
	else return undefined;
	return { name, closing, selfClosing, attributes, end: i };
}
