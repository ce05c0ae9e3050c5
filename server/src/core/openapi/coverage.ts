import { getProperty } from '../docsConfig/configTree';
import { childKeys, type NavElement } from '../docsConfig/navigation';
import { classifyEntry, isExternalLink } from '../docsConfig/pageEntries';
import { readFrontmatter } from '../mdx/frontmatter';
import type { SiteModel } from '../site/siteModel';
import { findOperations } from './openApiRules';
import type { OpenApiSpec, SourceSpan } from './openApiSpec';
import { specReferenceOf } from './specRegistry';

/** The operations of one spec that no page documents (x-hidden ones excluded), in spec order. */
export interface SpecCoverage {
	readonly specUri: string;
	readonly operations: readonly { readonly method: string; readonly path: string; readonly span: SourceSpan }[];
}

/** Reads a file's text (an open buffer or the disk), undefined when it cannot be read. */
export type TextReader = (uri: string) => Promise<string | undefined>;

const keyOf = (spec: OpenApiSpec, method: string, path: string) => `${spec.uri} ${method} ${path}`;

/**
 * Per spec of the site, the operations nothing documents. An operation is documented by a
 * `METHOD /path` entry in the navigation (resolved with the platform's rules: explicit file,
 * nearest `openapi` up the navigation, `api.openapi`), by an element with `openapi` and no
 * `pages` (it generates every endpoint, spec rule 4), or by an MDX page whose frontmatter says
 * `openapi: "[file] METHOD /path"`. Every spec is listed, with no operations when all are covered.
 */
export async function findUndocumentedOperations(site: SiteModel, readText: TextReader): Promise<SpecCoverage[]> {
	const specs = site.specs.specs;
	if (!specs.length) return [];
	const documented = new Set<string>();
	const wholeSpecs = new Set<string>();
	const mark = (candidates: readonly OpenApiSpec[], method: string, path: string) => {
		for (const { spec, operation } of findOperations(candidates, method.toUpperCase(), path)) documented.add(keyOf(spec, operation.method, operation.path));
	};

	for (const element of site.navigation?.elements ?? []) {
		const reference = specReferenceOf(getProperty(element.node, 'openapi')?.value);
		const spec = reference && !isExternalLink(reference.source) ? site.specs.resolve(reference.source) : undefined;
		if (spec && generatesAllEndpoints(element)) wholeSpecs.add(spec.uri);
	}
	for (const entry of site.navigation?.pages ?? []) {
		const parsed = classifyEntry(entry.value);
		if (parsed.kind !== 'openapi') continue;
		const explicit = parsed.file ? site.specs.resolve(parsed.file) : undefined;
		mark(parsed.file ? (explicit ? [explicit] : []) : site.specs.inScope(entry.parent, site.config.root), parsed.method, parsed.path);
	}
	for (const path of site.pages.paths()) {
		const uri = site.pages.fileOf(path);
		const text = uri && (await readText(uri));
		// Most pages have no `openapi` key: skip the YAML parse for them.
		if (!text || !/^---[ \t]*\r?\n/.test(text) || !text.includes('openapi')) continue;
		const value = readFrontmatter(text)?.data.openapi;
		if (typeof value !== 'string') continue;
		const parsed = classifyEntry(value);
		if (parsed.kind !== 'openapi') continue;
		// Without a file the page names an operation of "the" spec: any spec of the site may hold it.
		const explicit = parsed.file ? site.specs.resolve(parsed.file) : undefined;
		mark(parsed.file ? (explicit ? [explicit] : []) : specs, parsed.method, parsed.path);
	}

	return specs.map(spec => ({
		specUri: spec.uri,
		operations: wholeSpecs.has(spec.uri)
			? []
			: spec.operations
					.filter(op => !op.hidden && !documented.has(keyOf(spec, op.method, op.path)))
					.map(op => ({ method: op.method, path: op.path, span: op.span })),
	}));
}

/** Spec rule 4: an element with `openapi` and no `pages` (nor child elements inheriting it) generates every endpoint. */
function generatesAllEndpoints(element: NavElement): boolean {
	return !Object.keys(childKeys).some(key => getProperty(element.node, key));
}
