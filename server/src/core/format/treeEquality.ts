import type { Root } from 'mdast';
import { parse } from 'yaml';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { callouts } from './blockWriter';
import { writeCodeInfo } from './codeMeta';
import { imgAsMarkdown, isImagePair } from './imageWriter';
import { isTrueExpression } from './jsxAttributes';
import { asNamedCallout } from './namedCallout';

/**
 * What a page says, without what the platform's renderer ignores: positions, whitespace runs in
 * text (a soft line break is a space), the order of a component's props (unless a spread makes order
 * matter), tight or loose lists, `text` as a code fence's language (the renderer's default), a
 * `<br />` written for a hard break, and frontmatter as data rather than YAML text. Two pages whose
 * normalised trees are equal render the same.
 */
export function normaliseTree(tree: Root): unknown {
	return normalise(tree);
}

export function sameTree(a: Root, b: Root): boolean {
	return firstDifference(a, b) === undefined;
}

/** A path to the first difference between two trees, or undefined when they say the same. */
export function firstDifference(a: Root, b: Root): string | undefined {
	return diff(normalise(a), normalise(b), 'root');
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function normalise(node: unknown): Json {
	if (Array.isArray(node)) return mergeLists(mergeText(lightFirst(node).map(normalise)));
	if (!node || typeof node !== 'object') return (node ?? null) as Json;
	const n = node as Record<string, unknown>;
	if (n.type === 'break') return { type: 'break' };
	if (n.type === 'mdxJsxTextElement' && n.name === 'br' && !(n.attributes as unknown[]).length) return { type: 'break' };
	const callout = n.type === 'paragraph' ? calloutOfParagraph(n) : undefined;
	if (callout) return normalise(callout);
	// `<Callout type="tip">` is the Tip callout to the web editor and the renderer (namedCallout.ts).
	const named = n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement' ? asNamedCallout(n as unknown as MdxJsxFlowElement) : undefined;
	if (named) return normalise(named);
	if (n.type === 'yaml') return { type: 'yaml', data: readYaml(String(n.value)) };
	// A link around strong (emphasised) text and strong text that is one link render the same (`[**a**](u)`, `**[a](u)**`).
	// Emphasis around strong text and strong around emphasis render the same.
	const inner = n.type === 'emphasis' ? (n.children as Record<string, unknown>[] | undefined) : undefined;
	if (inner?.length === 1 && inner[0].type === 'strong') return normalise({ type: 'strong', children: [{ type: 'emphasis', children: inner[0].children }] });
	const markedLink = n.type === 'link' ? markInLink(n) : undefined;
	if (markedLink) return normalise(markedLink);
	// An `<img>` saying no more than a Markdown image can is that image (a block one on a paragraph of its own).
	const image = n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement' ? imgAsMarkdown(n as unknown as MdxJsxFlowElement) : undefined;
	if (image) return normalise(n.type === 'mdxJsxFlowElement' ? { type: 'paragraph', children: [image] } : image);
	// An alt text is read as text (by screen readers, and shown in place of a missing image): a line
	// break in it is a space, as in any text, so joining a multi-line alt changes nothing.
	if (n.type === 'image') return { type: 'image', url: normalise(n.url), alt: String(n.alt ?? '').replace(/\s+/g, ' '), title: normalise(n.title ?? null) };
	const out: Record<string, Json> = {};
	for (const [key, value] of Object.entries(n)) {
		if (key === 'position' || key === 'data' || key === 'spread' || value === undefined) continue;
		out[key] = normalise(value);
	}
	if (n.type === 'text' && typeof n.value === 'string') out.value = n.value.replace(/\s+/g, ' ');
	if (n.type === 'code') {
		// `text` is the renderer's default language; ` ```nocopy ` is a text block with that flag (codeMeta.ts).
		const info = writeCodeInfo(n.lang as string | null | undefined, n.meta as string | null | undefined);
		out.lang = info.lang;
		out.meta = info.meta || null;
	}
	// Empty lines ending a code block show nothing (the web editor drops them).
	// A CR before a line feed is no character to the browser (HTML reads CRLF as LF), so line endings do not count either.
	if (n.type === 'code' && typeof n.value === 'string') out.value = n.value.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
	// An expression moved into or out of a component is re-indented line by line, as the web editor does.
	if ((n.type === 'mdxFlowExpression' || n.type === 'mdxTextExpression' || n.type === 'mdxjsEsm') && typeof n.value === 'string') out.value = dedent(n.value);
	if ((n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && Array.isArray(out.attributes)) {
		const attrs = out.attributes as { type?: string; name?: string }[];
		if (!attrs.some(a => a.type === 'mdxJsxExpressionAttribute'))
			out.attributes = [...attrs].sort((x, y) => String(x.name).localeCompare(String(y.name))) as Json;
	}
	// `prop={true}` and a bare `prop` are the same value in JSX.
	if (n.type === 'mdxJsxAttribute' && isTrueExpression(n as unknown as MdxJsxAttribute))
		return { type: 'mdxJsxAttribute', name: normalise(n.name), value: null };
	// The order of the classes in a class list does not matter to the browser.
	if (n.type === 'mdxJsxAttribute' && n.name === 'className' && typeof n.value === 'string') out.value = n.value.split(/\s+/).filter(Boolean).sort().join(' ');
	if (n.type === 'mdxJsxAttributeValueExpression' && typeof n.value === 'string') {
		// A string holding both quote characters is written as a JS string expression: the same prop value.
		const literal = jsonString(n.value.trim());
		if (literal !== undefined) return literal;
		out.value = dedent(n.value);
	}
	return out;
}

/** A light/dark image pair shows one image in either mode: its order does not matter. */
function lightFirst(nodes: unknown[]): unknown[] {
	const out = [...nodes];
	for (let i = 0; i + 1 < out.length; i++) if (isImagePair(out[i + 1], out[i])) [out[i], out[i + 1]] = [out[i + 1], out[i]];
	return out;
}

function markInLink(link: Record<string, unknown>): Record<string, unknown> | undefined {
	const inner = link.children as Record<string, unknown>[] | undefined;
	if (inner?.length !== 1 || (inner[0].type !== 'strong' && inner[0].type !== 'emphasis')) return undefined;
	return { type: inner[0].type, children: [{ ...link, children: inner[0].children }] };
}

/** Adjacent text nodes say one text; whitespace at the edges of a run the renderer collapses anyway. */
function mergeText(nodes: Json[]): Json[] {
	const out: Json[] = [];
	for (const node of nodes) {
		const last = out[out.length - 1] as { type?: string; value?: string } | undefined;
		const cur = node as { type?: string; value?: string };
		if (last && last.type === 'text' && cur && cur.type === 'text') last.value = `${last.value ?? ''}${cur.value ?? ''}`.replace(/\s+/g, ' ');
		else out.push(node);
	}
	for (const node of out) {
		const t = node as { type?: string; value?: string };
		if (t && t.type === 'text' && typeof t.value === 'string') t.value = t.value.replace(/\s+/g, ' ');
	}
	if (out.length) trimEdge(out[0], 'start');
	if (out.length) trimEdge(out[out.length - 1], 'end');
	return out.filter(n => !(n && (n as { type?: string }).type === 'text' && (n as { value?: string }).value === ''));
}

/** `<Note>Text</Note>` on a line of its own: to the renderer the same block as the multi-line form. */
function calloutOfParagraph(n: Record<string, unknown>): Record<string, unknown> | undefined {
	const children = (n.children as { type: string; value?: string; name?: string; attributes?: unknown; children?: unknown[] }[]).filter(
		c => !(c.type === 'text' && (c.value ?? '').trim() === ''),
	);
	const only = children.length === 1 ? children[0] : undefined;
	if (only?.type !== 'mdxJsxTextElement' || !callouts.has(only.name ?? '')) return undefined;
	const inner = only.children ?? [];
	return { type: 'mdxJsxFlowElement', name: only.name, attributes: only.attributes, children: inner.length ? [{ type: 'paragraph', children: inner }] : [] };
}

/**
 * Adjacent bullet lists are one list to the web editor (it writes them as one), and render as one
 * run of bullets; numbered lists are not merged (their numbering would change).
 */
function mergeLists(nodes: Json[]): Json[] {
	const out: Json[] = [];
	for (const node of nodes) {
		const last = out[out.length - 1] as { type?: string; ordered?: boolean; children?: Json[] } | undefined;
		const cur = node as { type?: string; ordered?: boolean; children?: Json[] };
		if (last?.type === 'list' && cur?.type === 'list' && !last.ordered && !cur.ordered) last.children = [...(last.children ?? []), ...(cur.children ?? [])];
		else out.push(node);
	}
	return out;
}

function trimEdge(node: Json, edge: 'start' | 'end'): void {
	const t = node as { type?: string; value?: string };
	if (t && t.type === 'text' && typeof t.value === 'string') t.value = edge === 'start' ? t.value.trimStart() : t.value.trimEnd();
}

function jsonString(text: string): string | undefined {
	if (!/^"(?:[^"\\\n]|\\.)*"$/.test(text)) return undefined;
	try {
		return JSON.parse(text) as string;
	} catch {
		return undefined;
	}
}

function dedent(value: string): string {
	return value
		.split(/\r?\n/)
		.map(line => line.trim())
		.join('\n')
		.trim();
}

function readYaml(text: string): Json {
	try {
		return JSON.parse(JSON.stringify(parse(text, { logLevel: 'silent', maxAliasCount: 0 }) ?? null)) as Json;
	} catch {
		return text;
	}
}

function diff(a: Json, b: Json, path: string): string | undefined {
	if (a === b) return undefined;
	if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return path;
	if (Array.isArray(a) !== Array.isArray(b)) return path;
	if (Array.isArray(a) && Array.isArray(b)) {
		for (let i = 0; i < Math.max(a.length, b.length); i++) {
			const d = diff(a[i] ?? null, b[i] ?? null, `${path}[${i}]`);
			if (d) return d;
		}
		return undefined;
	}
	const ao = a as Record<string, Json>;
	const bo = b as Record<string, Json>;
	const label = typeof ao.type === 'string' ? `${path}>${ao.type}` : path;
	for (const key of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
		const d = diff(ao[key] ?? null, bo[key] ?? null, `${label}.${key}`);
		if (d) return d;
	}
	return undefined;
}
