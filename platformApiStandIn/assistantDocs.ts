import { parse as parseJsonc } from 'jsonc-parser';
import type { Nodes, Root } from 'mdast';
import { existsSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { pageMetadata } from '../server/src/core/mdx/frontmatter';
import { parseMdx } from '../server/src/core/mdx/mdxParser';
import { HeadingSlugger } from '../server/src/core/mdx/platformSlug';
import { guardedText, readGuardedSync, realFolders } from '../server/src/node/runtime/guardedRead';
import { Bm25Index } from './bm25';
import { appendAll } from '../server/src/core/arrays';

/**
 * What the stand-in assistant knows: the MDX/Markdown pages of a docs folder cut into sections
 * at their headings (levels 1-3), a BM25 index over them, and which pages belong to which
 * version/language of the `docs.json` navigation.
 */

/** One retrievable piece of a page. */
export interface DocSection {
	/** Site URL path of the page: `/guides/webhooks`; `/` for the root `index`. */
	readonly pagePath: string;
	/** The page's navigation path (`guides/webhooks`, `index`): the key of `versions`/`languages`. */
	readonly page: string;
	readonly pageTitle: string;
	/** Heading of the section; the page title for the text before the first heading. */
	readonly heading: string;
	/** Heading anchor, the id the platform renders (core/mdx/platformSlug.ts); undefined for the page's intro. */
	readonly anchor?: string;
	/** Prose paragraphs (table cells, list items, component titles), in order. */
	readonly paragraphs: readonly string[];
	/** Code blocks, in order. */
	readonly code: readonly string[];
}

export interface AssistantDocs {
	/** Absolute folder, or undefined for a corpus built in memory. */
	readonly dir?: string;
	/** `name` of docs.json, for the answer's wording. */
	readonly siteName: string;
	readonly sections: readonly DocSection[];
	readonly index: Bm25Index;
	/** Navigation pages per `version` and per `language` (empty maps when the site has none). */
	readonly versions: ReadonlyMap<string, ReadonlySet<string>>;
	readonly languages: ReadonlyMap<string, ReadonlySet<string>>;
	readonly pageCount: number;
}

/** The text BM25 ranks for a section: title and heading twice (they say what it is about), then the body. */
export function indexText(section: DocSection): string {
	const heading = section.heading === section.pageTitle ? section.heading : `${section.pageTitle} ${section.heading}`;
	return [heading, heading, ...section.paragraphs, ...section.code].join('\n');
}

/** Builds the corpus from sections and a docs.json value (both already in memory). */
export function createAssistantDocs(sections: readonly DocSection[], docsJson: unknown, dir?: string): AssistantDocs {
	const { versions, languages } = navigationPartitions(docsJson);
	const name = isObject(docsJson) && typeof docsJson.name === 'string' && docsJson.name.trim() ? docsJson.name.trim() : 'this site';
	return {
		dir,
		siteName: name,
		sections,
		versions,
		languages,
		index: new Bm25Index(sections.map(indexText)),
		pageCount: new Set(sections.map(s => s.page)).size,
	};
}

/** Reads every page of `dir` (not hidden folders, node_modules or snippets) and its docs.json. */
export function loadAssistantDocs(dir: string): AssistantDocs {
	const sections: DocSection[] = [];
	// Read as the check reads a site: regular files inside the folder, to the size cap (a page linked to /dev/zero is left out).
	const inside = realFolders([dir]);
	const read = (file: string) => guardedText(readGuardedSync(file, { inside }));
	const walk = (relative: string) => {
		const entries = readdirSync(path.join(dir, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
		for (const entry of entries) {
			if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'snippets') continue;
			const child = relative ? `${relative}/${entry.name}` : entry.name;
			if (entry.isDirectory()) walk(child);
			else if (/\.mdx?$/i.test(entry.name) && !/^(README|LICENSE|CHANGELOG|CONTRIBUTING)\.md$/i.test(entry.name)) {
				const text = read(path.join(dir, child));
				if (text !== undefined) appendAll(sections, pageSections(child.replace(/\.mdx?$/i, ''), text, /\.mdx$/i.test(entry.name)));
			}
		}
	};
	walk('');
	let docsJson: unknown;
	const configFile = path.join(dir, 'docs.json');
	const configText = existsSync(configFile) ? read(configFile) : undefined;
	if (configText !== undefined) docsJson = parseJsonc(configText, [], { allowTrailingComma: true });
	return createAssistantDocs(sections, docsJson, dir);
}

/** `examples/acme` of this repository (beside dist/ or above server/src/cli), when it exists. */
export function defaultDocsDir(from: string = __dirname): string | undefined {
	let dir = from;
	for (let i = 0; i < 6; i++) {
		const candidate = path.join(dir, 'examples', 'acme');
		if (existsSync(path.join(candidate, 'docs.json')) && statSync(candidate).isDirectory()) return candidate;
		const parent = path.dirname(dir);
		if (parent === dir) break;
		dir = parent;
	}
	return undefined;
}

/** The sections of one page (`page` is its path without extension, `guides/webhooks`). */
export function pageSections(page: string, text: string, isMdx = true): DocSection[] {
	const pageTitle = pageMetadata(text).title ?? titleFromPath(page);
	const route = page.replace(/(^|\/)index$/, '');
	const pagePath = `/${route}`;
	const parsed = parseMdx(text, isMdx);
	const sections: DocSection[] = [];
	const slugger = new HeadingSlugger();
	let current = { heading: pageTitle, anchor: undefined as string | undefined, paragraphs: [] as string[], code: [] as string[] };
	const flush = () => {
		if (current.paragraphs.length || current.code.length) sections.push({ pagePath, page, pageTitle, ...current });
	};
	if (!parsed.tree) {
		// A page the MDX parser rejects still answers questions: split its lines at headings.
		for (const line of text.replace(/^---[\s\S]*?\n---[ \t]*\n/, '').split(/\r?\n/)) {
			const heading = /^(#{1,3})\s+(.+?)\s*#*\s*$/.exec(line);
			if (heading) {
				flush();
				current = { heading: heading[2], anchor: slugger.slug(heading[2]), paragraphs: [], code: [] };
			} else if (line.trim()) current.paragraphs.push(line.replace(/<[^>]*>|[*_`]/g, '').trim());
		}
		flush();
		return sections.filter(s => s.paragraphs.some(p => p));
	}
	for (const node of (parsed.tree as Root).children) {
		if (node.type === 'heading' && node.depth <= 3) {
			flush();
			const heading = inlineText(node).trim() || pageTitle;
			current = { heading, anchor: slugger.slug(heading), paragraphs: [], code: [] };
		} else {
			collectBlocks(node, current);
		}
	}
	flush();
	return sections;
}

type Node = Nodes;

/** Prose and code of a block node, recursively (components contribute their `title` and children). */
function collectBlocks(node: Node, into: { paragraphs: string[]; code: string[] }): void {
	switch (node.type) {
		case 'yaml':
		case 'html':
		case 'mdxjsEsm':
		case 'mdxFlowExpression':
		case 'definition':
		case 'thematicBreak':
			return;
		case 'code':
			if (node.value.trim()) into.code.push(node.value);
			return;
		case 'paragraph':
		case 'heading':
		case 'tableRow': {
			const text = (
				node.type === 'tableRow'
					? node.children
							.map(cell => inlineText(cell).trim())
							.filter(Boolean)
							.join(' | ')
					: inlineText(node)
			)
				.replace(/\s+/g, ' ')
				.trim();
			if (text) into.paragraphs.push(text);
			return;
		}
		case 'mdxJsxFlowElement': {
			const title = node.attributes.find(a => a.type === 'mdxJsxAttribute' && a.name === 'title' && typeof a.value === 'string');
			// A step or card title reads as the lead-in of the text after it.
			if (title && typeof title.value === 'string' && title.value.trim())
				into.paragraphs.push(/[.!?:]$/.test(title.value.trim()) ? title.value.trim() : `${title.value.trim()}:`);
			for (const child of node.children) collectBlocks(child as Node, into);
			return;
		}
		default:
			if ('children' in node) for (const child of node.children as Node[]) collectBlocks(child, into);
	}
}

/** The visible text of an inline tree (link text, inline code, emphasis...). */
function inlineText(node: Node): string {
	switch (node.type) {
		case 'text':
			return node.value;
		case 'inlineCode':
			return `\`${node.value}\``;
		case 'break':
			return ' ';
		case 'image':
			return node.alt ?? '';
		case 'mdxTextExpression':
		case 'html':
			return '';
		default:
			return 'children' in node ? (node.children as Node[]).map(inlineText).join('') : '';
	}
}

function titleFromPath(page: string): string {
	const last =
		page
			.split('/')
			.filter(p => p !== 'index')
			.pop() ?? 'Home';
	return last.replace(/[-_]+/g, ' ').replace(/^\w/, c => c.toUpperCase()) || 'Home';
}

/** Keys of navigation elements that hold children; `pages` also holds page paths. */
const childKeys = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'menu'];

/**
 * The navigation pages under each `version` and each `language` of a docs.json value: a page
 * listed inside `{"version": "v2", ...}` belongs to `v2`, including through nested tabs or groups.
 */
export function navigationPartitions(docsJson: unknown): { versions: Map<string, Set<string>>; languages: Map<string, Set<string>> } {
	const versions = new Map<string, Set<string>>();
	const languages = new Map<string, Set<string>>();
	const add = (map: Map<string, Set<string>>, name: string | undefined, page: string) => {
		if (name === undefined) return;
		if (!map.has(name)) map.set(name, new Set());
		map.get(name)!.add(page);
	};
	const visit = (node: unknown, version: string | undefined, language: string | undefined, depth: number) => {
		if (!isObject(node) || depth > 64) return;
		const ownVersion = typeof node.version === 'string' ? node.version : version;
		const ownLanguage = typeof node.language === 'string' ? node.language : language;
		if (ownVersion !== undefined && !versions.has(ownVersion)) versions.set(ownVersion, new Set());
		if (ownLanguage !== undefined && !languages.has(ownLanguage)) languages.set(ownLanguage, new Set());
		for (const key of childKeys) {
			const items = node[key];
			if (!Array.isArray(items)) continue;
			for (const item of items) {
				if (typeof item === 'string' && key === 'pages') {
					const page = item
						.trim()
						.replace(/^\/+/, '')
						.replace(/\.mdx?$/i, '');
					if (/^[A-Z]+\s+\//.test(page)) continue; // an OpenAPI operation, not a page file
					add(versions, ownVersion, page);
					add(languages, ownLanguage, page);
				} else {
					visit(item, ownVersion, ownLanguage, depth + 1);
				}
			}
		}
	};
	if (isObject(docsJson)) visit(docsJson.navigation, undefined, undefined, 0);
	return { versions, languages };
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
