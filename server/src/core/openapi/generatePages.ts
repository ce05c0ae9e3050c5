import { stringify } from 'yaml';
import { generatedTitle, type OpenApiOperation, type OpenApiSpec } from './openApiSpec';

export interface GeneratePagesOptions {
	/** Written before `METHOD /path` in each page's `openapi` (the spec's path when a site has several specs). */
	readonly filePrefix?: string;
	/** Output folder relative to the docs root, `/`-separated; '' for the root itself. */
	readonly folder: string;
	/** Paths (as in {@link GeneratedPage.relativePath}) of files that exist already. */
	readonly existing: ReadonlySet<string>;
	/** Overwrite existing files instead of skipping them. */
	readonly force: boolean;
}

/** One MDX page to write: its path relative to the docs root and its text. */
export interface GeneratedPage {
	readonly relativePath: string;
	readonly text: string;
}

export interface GeneratedPages {
	readonly files: readonly GeneratedPage[];
	/** Files not written because they exist (without `force`). */
	readonly skipped: readonly string[];
	/** Page paths of every operation's page, in spec order, to paste into a `pages` array. */
	readonly entries: readonly string[];
}

/**
 * The platform's scraper (spec rule 11): one MDX page per operation (x-hidden ones excluded),
 * each holding only frontmatter: `openapi: "[file] METHOD /path"`, `title` (the summary or one
 * generated from method and path), `description` and `deprecated` when the operation has them.
 * File names come from the summary, else from method and path, in kebab case and unique.
 */
export function generatePages(spec: OpenApiSpec, options: GeneratePagesOptions): GeneratedPages {
	const folder = options.folder.replace(/^\/+|\/+$/g, '');
	const used = new Set<string>();
	const files: GeneratedPage[] = [];
	const skipped: string[] = [];
	const entries: string[] = [];
	for (const operation of spec.operations) {
		if (operation.hidden) continue;
		const base = slugify(operation.summary ?? '') || slugify(`${operation.method} ${operation.path}`) || 'endpoint';
		let name = base;
		for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
		used.add(name);
		const pagePath = folder ? `${folder}/${name}` : name;
		const relativePath = `${pagePath}.mdx`;
		entries.push(pagePath);
		if (options.existing.has(relativePath) && !options.force) skipped.push(relativePath);
		else files.push({ relativePath, text: pageText(operation, options.filePrefix) });
	}
	return { files, skipped, entries };
}

/** The frontmatter of an endpoint page; every string value goes through the YAML library's quoting. */
export function pageText(operation: OpenApiOperation, filePrefix?: string): string {
	const data: Record<string, string | boolean> = {
		openapi: `${filePrefix ? `${filePrefix} ` : ''}${operation.method} ${operation.path}`,
		title: operation.summary ?? generatedTitle(operation),
	};
	if (operation.description) data.description = operation.description;
	if (operation.deprecated) data.deprecated = true;
	const yaml = stringify(data, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', doubleQuotedAsJSON: true, lineWidth: 0 });
	return `---\n${yaml}---\n`;
}

/** `List all pets` → `list-all-pets`; `GET /pets/{petId}` → `get-pets-petid`. */
export function slugify(text: string): string {
	return text
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 80)
		.replace(/-+$/, '');
}
