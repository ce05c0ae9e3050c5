import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { walkSiteFiles } from './floor';
import type { GeneratedSite } from './siteGenerator';

const endpointPattern = /^(?:\S+\s+)?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK)\s+\S/i;

/**
 * A real docs site (a folder holding docs.json) described the way the bench describes a generated
 * one: its pages and `METHOD /path` entries from the navigation, a page in the middle that links
 * to another (for MDX edits), and its OpenAPI files (for the floor).
 */
export function describeRealSite(dir: string, label: string): GeneratedSite {
	const docsPath = path.join(dir, 'docs.json');
	if (!existsSync(docsPath)) throw new Error(`${dir} has no docs.json: pass a docs root`);
	const docs = parseJsonc(readFileSync(docsPath, 'utf8')) as unknown;
	const navPages: string[] = [];
	const endpointEntries: string[] = [];
	const openapi = new Set<string>();
	const visit = (value: unknown, key?: string) => {
		if (typeof value === 'string') {
			if (key === 'openapi' && !/^https?:/.test(value)) openapi.add(value.replace(/^\//, ''));
			return;
		}
		if (Array.isArray(value)) {
			for (const item of value) {
				if (typeof item === 'string' && key === 'pages') (endpointPattern.test(item) ? endpointEntries : navPages).push(item);
				else visit(item, key === 'openapi' ? 'openapi' : undefined);
			}
			return;
		}
		if (value && typeof value === 'object') {
			for (const [k, v] of Object.entries(value)) {
				if (k === 'openapi' && v && typeof v === 'object' && !Array.isArray(v)) visit((v as { source?: unknown }).source, 'openapi');
				else visit(v, k);
			}
		}
	};
	visit(docs);
	const files = walkSiteFiles(dir);
	const pageFiles = files.filter(f => /\.mdx?$/i.test(f));
	const specFiles = files.filter(f => /\.(json|ya?ml)$/i.test(f) && (openapi.has(f) || looksLikeOpenApi(path.join(dir, f))));
	// Entries backed by a file: renaming one must make it missing (an entry of a generated API section may not be).
	const pageSet = new Set(navPages.filter(p => !/^https?:/.test(p) && ['.mdx', '.md'].some(ext => existsSync(path.join(dir, p.replace(/^\//, '') + ext)))));
	// The middle page for MDX edits: listed in the navigation, and its first root-relative Markdown link
	// works (the edits break it and fix it again: one already broken would never be seen fixed).
	const firstLinkWorks = (page: string) => {
		const file = path.join(dir, `${page}.mdx`);
		if (!existsSync(file)) return false;
		const target = /\]\(\/([^)#?\s]*)/.exec(readFileSync(file, 'utf8'))?.[1];
		return target !== undefined && ['.mdx', '.md', ''].some(ext => existsSync(path.join(dir, target + ext)) && (ext || target === ''));
	};
	const candidates = [...new Set(navPages)].filter(p => !/^\//.test(p) && firstLinkWorks(p));
	const middlePage = candidates[Math.floor(candidates.length / 2)] ?? navPages[Math.floor(navPages.length / 2)] ?? '';
	let bytes = 0;
	let links = 0;
	for (const file of pageFiles) {
		const text = readFileSync(path.join(dir, file), 'utf8');
		bytes += Buffer.byteLength(text);
		links += text.match(/\]\(|href=/g)?.length ?? 0;
	}
	return {
		size: label as GeneratedSite['size'],
		dir,
		pages: pageFiles.length,
		links,
		operations: endpointEntries.length,
		files: files.length,
		bytes,
		navPages: [...pageSet],
		middlePage,
		endpointEntries: [...new Set(endpointEntries)],
		specFiles,
	};
}

function looksLikeOpenApi(file: string): boolean {
	const head = readFileSync(file, 'utf8').slice(0, 4096);
	return /["']?(openapi|swagger)["']?\s*:\s*["']?[23]\./.test(head);
}
