import { getProperty } from '../docsConfig/configTree';
import { childKeys, type NavElement } from '../docsConfig/navigation';
import { classifyEntry, isExternalLink } from '../docsConfig/pageEntries';
import { readFrontmatter } from '../mdx/frontmatter';
import { findOperations } from '../openapi/openApiRules';
import type { OpenApiSpec } from '../openapi/openApiSpec';
import { specReferenceOf } from '../openapi/specRegistry';
import type { SiteModel } from '../site/siteModel';

/** What documents an operation: a page whose frontmatter names it, a `METHOD /path` navigation entry, or an element generating the whole spec. */
export type EndpointDocumentation =
	| { readonly kind: 'page'; readonly file: string }
	| { readonly kind: 'navigationEntry'; readonly entry: string; readonly file: string }
	| { readonly kind: 'generated'; readonly file: string };

/** One operation of an OpenAPI document and where the site documents it. */
export interface AgentEndpoint {
	/** `GET /users/{id}`, as a `pages` entry or an `openapi` frontmatter writes it (after the file). */
	readonly operation: string;
	readonly summary?: string;
	/** The group its generated page goes in (the first tag, or that tag's `x-group`). */
	readonly group?: string;
	readonly deprecated?: true;
	/** `x-hidden`: no page is generated for it. */
	readonly hidden?: true;
	/** Empty when no page documents it. */
	readonly documentedBy: readonly EndpointDocumentation[];
}

export interface AgentSpecEndpoints {
	/** The OpenAPI file, relative to the agent's folder (or its URL when hosted). */
	readonly spec: string;
	readonly endpoints: readonly AgentEndpoint[];
}

/**
 * Per OpenAPI document of the site, its operations with the pages documenting them, by the rules
 * of coverage.ts (explicit file, nearest `openapi` up the navigation, any spec for a frontmatter
 * without a file). `relative` names files for the agent.
 */
export async function agentEndpoints(
	site: SiteModel,
	readText: (uri: string) => Promise<string | undefined>,
	relative: (uri: string) => string,
): Promise<AgentSpecEndpoints[]> {
	const specs = site.specs.specs;
	const found = new Map<string, EndpointDocumentation[]>();
	const keyOf = (spec: OpenApiSpec, method: string, path: string) => `${spec.uri} ${method} ${path}`;
	const mark = (candidates: readonly OpenApiSpec[], method: string, path: string, by: EndpointDocumentation) => {
		for (const { spec, operation } of findOperations(candidates, method.toUpperCase(), path)) {
			const key = keyOf(spec, operation.method, operation.path);
			found.set(key, [...(found.get(key) ?? []), by]);
		}
	};
	const whole = new Map<string, EndpointDocumentation>();
	for (const element of site.navigation?.elements ?? []) {
		const reference = specReferenceOf(getProperty(element.node, 'openapi')?.value);
		const spec = reference && !isExternalLink(reference.source) ? site.specs.resolve(reference.source) : undefined;
		if (spec && generatesAll(element)) whole.set(spec.uri, { kind: 'generated', file: relative(element.node.uri) });
	}
	for (const entry of site.navigation?.pages ?? []) {
		const parsed = classifyEntry(entry.value);
		if (parsed.kind !== 'openapi') continue;
		const explicit = parsed.file ? site.specs.resolve(parsed.file) : undefined;
		const candidates = parsed.file ? (explicit ? [explicit] : []) : site.specs.inScope(entry.parent, site.config.root);
		mark(candidates, parsed.method, parsed.path, { kind: 'navigationEntry', entry: entry.value, file: relative(entry.node.uri) });
	}
	for (const path of site.pages.paths()) {
		const uri = site.pages.fileOf(path);
		const text = uri && (await readText(uri));
		if (!uri || !text || !/^---[ \t]*\r?\n/.test(text) || !text.includes('openapi')) continue;
		const value = readFrontmatter(text)?.data.openapi;
		const parsed = typeof value === 'string' ? classifyEntry(value) : undefined;
		if (parsed?.kind !== 'openapi') continue;
		const explicit = parsed.file ? site.specs.resolve(parsed.file) : undefined;
		mark(parsed.file ? (explicit ? [explicit] : []) : specs, parsed.method, parsed.path, { kind: 'page', file: relative(uri) });
	}
	return specs.map(spec => ({
		spec: /^https?:/i.test(spec.uri) ? spec.uri : relative(spec.uri),
		endpoints: spec.operations.map(op => {
			const generated = whole.get(spec.uri);
			const by = [...(found.get(keyOf(spec, op.method, op.path)) ?? []), ...(generated && !op.hidden ? [generated] : [])];
			return {
				operation: `${op.method} ${op.path}`,
				...(op.summary ? { summary: op.summary } : {}),
				...(op.group ? { group: op.group } : {}),
				...(op.deprecated ? { deprecated: true as const } : {}),
				...(op.hidden ? { hidden: true as const } : {}),
				documentedBy: by,
			};
		}),
	}));
}

/** Spec rule 4: an element with `openapi` and no children generates every endpoint. */
function generatesAll(element: NavElement): boolean {
	return !Object.keys(childKeys).some(key => getProperty(element.node, key));
}

export function endpointsText(specs: readonly AgentSpecEndpoints[]): string {
	if (!specs.length) return 'The site uses no OpenAPI document.';
	const lines: string[] = [];
	for (const { spec, endpoints } of specs) {
		const undocumented = endpoints.filter(e => !e.documentedBy.length && !e.hidden).length;
		lines.push(`${spec}: ${endpoints.length} operations, ${undocumented} documented by no page`);
		for (const e of endpoints) {
			const by = e.documentedBy.map(d =>
				d.kind === 'page' ? `page ${d.file}` : d.kind === 'navigationEntry' ? `entry "${d.entry}" in ${d.file}` : `generated (${d.file})`,
			);
			const notes = [e.group && `group ${e.group}`, e.deprecated && 'deprecated', e.hidden && 'x-hidden'].filter(Boolean).join(', ');
			lines.push(`- ${e.operation}${e.summary ? ` — ${e.summary}` : ''}${notes ? ` [${notes}]` : ''}: ${by.length ? by.join('; ') : 'NOT DOCUMENTED'}`);
		}
	}
	return lines.join('\n');
}
