import type { MdxJsxAttribute, MdxJsxExpressionAttribute } from 'mdast-util-mdx-jsx';
import { builtinComponent } from '../mdx/components';
import { propOrder } from './propOrder';

/**
 * JSX attributes in the web editor's form: the component's props in its canonical order (learned
 * from `mint format` output, see propOrder.ts), then any other props in the order written; strings in
 * double quotes (single quotes when the value holds a double quote, a JS string expression when it
 * holds both), expressions and spreads as written, boolean props bare.
 */
export function writeJsxAttributes(name: string | null | undefined, attributes: readonly (MdxJsxAttribute | MdxJsxExpressionAttribute)[]): string {
	return writeJsxAttributeList(name, attributes)
		.map(a => ` ${a}`)
		.join('');
}

/**
 * Each attribute as written, in order. A multi-line expression has each continuation line's
 * indentation removed (the web editor re-indents nothing inside it); see writeJsxElement for the
 * tag laid out one attribute per line.
 */
export function writeJsxAttributeList(name: string | null | undefined, attributes: readonly (MdxJsxAttribute | MdxJsxExpressionAttribute)[]): string[] {
	if (attributes.length === 0) return [];
	// The web editor writes a built-in component's `prop={true}` as the bare prop (the same value in
	// JSX); an HTML element's or another component's is left as written.
	const bareTrue = builtinComponent(name ?? '') !== undefined;
	return orderAttributes(name ?? '', attributes).map(a =>
		writeAttribute(bareTrue && isTrueExpression(a) ? { ...a, value: null } : a)
			.split(/\r?\n/)
			.map((line, i) => (i === 0 ? line : line.trimStart()))
			.join('\n'),
	);
}

function orderAttributes(name: string, attributes: readonly (MdxJsxAttribute | MdxJsxExpressionAttribute)[]) {
	const order = propOrder(name);
	// A spread changes which later prop wins: never move props across one.
	if (!order || attributes.some(a => a.type === 'mdxJsxExpressionAttribute')) return attributes;
	const rank = (a: MdxJsxAttribute | MdxJsxExpressionAttribute, index: number) => {
		const known = a.type === 'mdxJsxAttribute' ? order.indexOf(a.name) : -1;
		return known >= 0 ? known : order.length + index;
	};
	// A repeated prop keeps its relative order (the last one wins), so sorting is stable by design.
	return attributes
		.map((a, i) => ({ a, r: rank(a, i), i }))
		.sort((x, y) => x.r - y.r || x.i - y.i)
		.map(x => x.a);
}

/** `prop={true}`: the value a bare prop has. */
export function isTrueExpression(a: MdxJsxAttribute | MdxJsxExpressionAttribute): a is MdxJsxAttribute {
	return a.type === 'mdxJsxAttribute' && typeof a.value === 'object' && a.value !== null && a.value.value.trim() === 'true';
}

function writeAttribute(a: MdxJsxAttribute | MdxJsxExpressionAttribute): string {
	if (a.type === 'mdxJsxExpressionAttribute') return `{${a.value}}`;
	const value = a.value;
	if (value === null || value === undefined) return a.name;
	if (typeof value === 'object') return `${a.name}={${value.value}}`;
	return `${a.name}=${writeStringValue(value)}`;
}

export function writeStringValue(v: string): string {
	if (v.includes('"') && v.includes("'")) return `{${JSON.stringify(v)}}`;
	if (v.includes('"')) return `'${v}'`;
	return `"${v}"`;
}
