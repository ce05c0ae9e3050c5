import type { Node, Parent } from 'mdast';
import { parseMdx } from '../mdx/mdxParser';
import { agentInstructions } from './llmsTxt';

/** What a page's Markdown export is made from besides its text. */
export interface PageMarkdownOptions {
	readonly title: string;
	readonly description?: string;
	/** `markdown.instructions`, one string per line. */
	readonly instructions?: readonly string[];
	/** The path the site is served under (`/docs`): root-relative links get it, as the platform's export writes them. */
	readonly basePath?: string;
	readonly isMdx: boolean;
}

interface Edit {
	readonly start: number;
	readonly end: number;
	readonly text: string;
}

/**
 * A page as the platform exports it to Markdown (`<route>.md`, llms-full.txt): the frontmatter title
 * as the heading, the description quoted under it, the agent instructions, then the body as written
 * with its imports and exports left out, `<Visibility for="humans">` dropped and `<Visibility
 * for="agents">` reduced to its content (the platform's markdown-export page). Other components
 * stay as written, as the platform's llms-full.txt shows them. Never throws: a page that does not
 * parse keeps its body, frontmatter removed.
 */
export function pageMarkdown(text: string, options: PageMarkdownOptions): string {
	let head = `# ${options.title.replace(/\s+/g, ' ').trim()}\n`;
	const description = options.description?.trim();
	if (description)
		head += `\n${description
			.split(/\r?\n/)
			.map(l => (l.trim() ? `> ${l}` : '>'))
			.join('\n')}\n`;
	if (options.instructions?.length) head += `\n${agentInstructions(options.instructions)}\n`;
	const body = exportBody(text, options).trim();
	return body ? `${head}\n${body}\n` : head;
}

function exportBody(text: string, options: PageMarkdownOptions): string {
	const parsed = parseMdx(text, options.isMdx);
	if (!parsed.tree) return withoutFrontmatter(text);
	const edits: Edit[] = [];
	const basePath = (options.basePath ?? '').replace(/\/+$/, '');
	const visit = (node: Node, edits: Edit[]) => {
		const start = node.position?.start.offset;
		const end = node.position?.end.offset;
		if (start === undefined || end === undefined) return;
		if (node.type === 'yaml' || node.type === 'mdxjsEsm' || node.type === 'toml') {
			edits.push({ start, end, text: '' });
			return;
		}
		if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && (node as { name?: string }).name === 'Visibility') {
			const audience = visibilityAudience(node);
			if (audience === 'humans') {
				edits.push({ start, end, text: '' });
				return;
			}
			if (audience === 'agents') {
				const children = (node as Parent).children;
				const first = children[0]?.position?.start.offset;
				const last = children[children.length - 1]?.position?.end.offset;
				if (first === undefined || last === undefined) {
					edits.push({ start, end, text: '' });
					return;
				}
				const inner: Edit[] = [];
				for (const child of children) visit(child, inner);
				const shifted = inner.map(e => ({ start: e.start - first, end: e.end - first, text: e.text }));
				edits.push({ start, end, text: dedent(applyEdits(text.slice(first, last), shifted)) });
				return;
			}
		}
		if (basePath && (node.type === 'link' || node.type === 'image' || node.type === 'definition')) {
			const url = (node as { url?: string }).url ?? '';
			if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith(basePath + '/')) {
				const at = text.indexOf(url, start);
				if (at !== -1 && at < end) edits.push({ start: at, end: at, text: basePath });
			}
		}
		for (const child of (node as Partial<Parent>).children ?? []) visit(child, edits);
	};
	visit(parsed.tree, edits);
	return applyEdits(text, edits).replace(/\n{3,}/g, '\n\n');
}

function visibilityAudience(node: Node): string | undefined {
	const attributes = (node as { attributes?: { type: string; name?: string; value?: unknown }[] }).attributes ?? [];
	const value = attributes.find(a => a.type === 'mdxJsxAttribute' && a.name === 'for')?.value;
	return typeof value === 'string' ? value : undefined;
}

function applyEdits(text: string, edits: Edit[]): string {
	edits.sort((a, b) => a.start - b.start);
	let out = '';
	let at = 0;
	for (const edit of edits) {
		if (edit.start < at) continue; // nested in an edit already made
		out += text.slice(at, edit.start) + edit.text;
		at = edit.end;
	}
	return out + text.slice(at);
}

/** Removes the common indentation of a component's content (it is no longer nested). */
function dedent(text: string): string {
	const lines = text.split('\n');
	const indents = lines.filter((l, i) => i > 0 && l.trim()).map(l => /^[ \t]*/.exec(l)![0].length);
	const common = indents.reduce((least, n) => Math.min(least, n), indents.length ? Infinity : 0);
	return lines.map((l, i) => (i === 0 ? l : l.slice(Math.min(common, /^[ \t]*/.exec(l)![0].length)))).join('\n');
}

function withoutFrontmatter(text: string): string {
	const match = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(text);
	return match ? text.slice(match[0].length) : text;
}
