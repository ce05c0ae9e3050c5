import type { Image } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { writeStringValue } from './jsxAttributes';
import { raw } from './lineMarks';

/**
 * Images in the web editor's form (learned from `mint format` output). The editor keeps an image as
 * a node of its own, so how the page wrote it does not survive:
 *  - an `<img>` block whose props are only `src`, `alt` and `title` (plain strings) is written as a
 *    Markdown image, `![alt](src "title")`;
 *  - any other `<img>` block is written one prop per line, in the order written;
 *  - a light/dark pair (two `<img>` blocks in a row with the same props apart from `src` and
 *    `className`, the first hidden in dark mode, the second shown only in dark mode) is written as
 *    one unit: no blank line between, `src` after the other props, each `className` with its
 *    mode classes moved to the end;
 *  - a Markdown image inside text (a paragraph holding more than the image, a table cell) is written
 *    as an inline `<img src alt title />`.
 * The tree comparison (treeEquality.ts) treats each pair of forms as the same image.
 */
type Attribute = MdxJsxAttribute | MdxJsxExpressionAttribute;

const markdownProps = new Set(['src', 'alt', 'title']);

/** The Markdown image an `<img>` block stands for, when its props say no more than one can. */
export function imgAsMarkdown(node: MdxJsxFlowElement): Image | undefined {
	if (node.name !== 'img' || node.children.length > 0) return undefined;
	const values = plainStringProps(node.attributes);
	if (!values || values.src === undefined || Object.keys(values).some(name => !markdownProps.has(name))) return undefined;
	return { type: 'image', url: values.src, alt: values.alt ?? '', title: values.title ?? null };
}

/** Props given once each as plain strings, by name; undefined when any is a spread, expression, bare or repeated. */
function plainStringProps(attributes: readonly Attribute[]): Record<string, string> | undefined {
	const out: Record<string, string> = {};
	for (const a of attributes) {
		if (a.type !== 'mdxJsxAttribute' || typeof a.value !== 'string' || Object.prototype.hasOwnProperty.call(out, a.name)) return undefined;
		out[a.name] = a.value;
	}
	return out;
}

/** An inline image as the web editor writes it inside text: `<img src alt title />`, `alt` always present. */
export function writeInlineImg(image: Image): string {
	const title = image.title === null || image.title === undefined ? '' : ` title=${writeStringValue(image.title)}`;
	return `<img src=${writeStringValue(image.url)} alt=${writeStringValue(image.alt ?? '')}${title} />`;
}

/** Whether `light` and `dark`, in that order, are a light/dark pair of `<img>` blocks. */
export function isImagePair(light: unknown, dark: unknown): light is MdxJsxFlowElement {
	if (!isImg(light) || !isImg(dark)) return false;
	const l = classTokens(light.attributes);
	const d = classTokens(dark.attributes);
	if (!l?.includes('dark:hidden') || !d?.includes('hidden') || !d.includes('dark:block')) return false;
	const rest = (node: MdxJsxFlowElement) =>
		node.attributes
			.filter(a => a.type === 'mdxJsxAttribute' && a.name !== 'src' && a.name !== 'className')
			.map(a => JSON.stringify([(a as MdxJsxAttribute).name, (a as MdxJsxAttribute).value]))
			.sort();
	const a = rest(light);
	const b = rest(dark);
	return a.length === b.length && a.every((x, i) => x === b[i]);
}

function isImg(node: unknown): node is MdxJsxFlowElement {
	const n = node as MdxJsxFlowElement | undefined;
	return (
		n?.type === 'mdxJsxFlowElement' &&
		n.name === 'img' &&
		n.children.length === 0 &&
		n.attributes.some(a => a.type === 'mdxJsxAttribute' && a.name === 'src') &&
		// Spreads and repeated props: which value wins depends on the order, which the pair form changes.
		n.attributes.every(a => a.type === 'mdxJsxAttribute') &&
		new Set(n.attributes.map(a => (a as MdxJsxAttribute).name)).size === n.attributes.length
	);
}

function classTokens(attributes: readonly Attribute[]): string[] | undefined {
	const cls = attributes.find(a => a.type === 'mdxJsxAttribute' && a.name === 'className');
	return typeof cls?.value === 'string' ? cls.value.split(/\s+/).filter(Boolean) : undefined;
}

/**
 * A pair's two `<img>` tags, one prop per line: the light image's prop order without `src`, then
 * `src`; its `className` stays in place when it holds more than the mode class, else follows `src`.
 * Each image's classes are its own, less the mode classes, which end the list.
 */
export function writeImagePair(light: MdxJsxFlowElement, dark: MdxJsxFlowElement, writeAttribute: (a: Attribute) => string): string[] {
	const lightRest = withoutTokens(classTokens(light.attributes) ?? [], ['dark:hidden']);
	const darkRest = withoutTokens(classTokens(dark.attributes) ?? [], ['hidden', 'dark:block']);
	const classInPlace = lightRest.length > 0;
	const order = light.attributes.map(a => (a as MdxJsxAttribute).name).filter(name => name !== 'src' && (classInPlace || name !== 'className'));
	order.push('src');
	if (!classInPlace) order.push('className');
	const write = (node: MdxJsxFlowElement, classes: string) => [
		'<img',
		...order.map(name => {
			if (name === 'className') return `  className=${writeStringValue(classes)}`;
			const a = node.attributes.find(x => (x as MdxJsxAttribute).name === name);
			return `  ${a ? writeAttribute(a) : ''}`;
		}),
		'/>',
	];
	return [...write(light, [...lightRest, 'dark:hidden'].join(' ')), ...write(dark, [...darkRest, 'hidden', 'dark:block'].join(' '))];
}

function withoutTokens(tokens: string[], drop: string[]): string[] {
	return tokens.filter(t => !drop.includes(t));
}

/** An `<img>` block that stays JSX: one prop per line, in the order written. */
export function writeImgTag(attributes: string[]): string[] {
	// A multi-line prop's further lines go to column 0, however deep the image stands.
	return ['<img', ...attributes.flatMap(a => a.split('\n').map((line, i) => (i === 0 ? `  ${line}` : `${raw}${line}`))), '/>'];
}
