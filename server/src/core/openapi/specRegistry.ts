import { getProperty, getValue, type ConfigNode, type ConfigScalar } from '../docsConfig/configTree';
import type { NavElement, Navigation } from '../docsConfig/navigation';
import { classifyEntry, isExternalLink } from '../docsConfig/pageEntries';
import { joinUri } from '../uris';
import type { OpenApiSpec } from './openApiSpec';
import { appendAll } from '../arrays';

/** Extensions tried, in order, when a reference leaves the extension out (`v3-openapi` → `v3-openapi.yaml`). */
const specExtensions = ['', '.yaml', '.yml', '.json'];

/** An OpenAPI source as written in the configuration: the string and where it is. */
export interface SpecReference {
	readonly source: string;
	readonly node: ConfigScalar;
}

/** Candidate file URIs of a spec reference, the way real sites write them (relative or `/`-rooted, extension optional), inside the root only. */
export function specCandidates(rootUri: string, source: string): string[] {
	return candidatesOf(rootUri, source).inside;
}

/** Candidates wherever they lead: for looking up documents already loaded, never for reading one. */
function anyCandidates(rootUri: string, source: string): string[] {
	return candidatesOf(rootUri, source).all;
}

function candidatesOf(rootUri: string, source: string): { all: string[]; inside: string[] } {
	// Thousands of endpoint entries name the same few sources: building URIs is the expensive part.
	const key = `${rootUri}\u0000${source}`;
	const known = candidateCache.get(key);
	if (known) return known;
	const all = computeCandidates(rootUri, source);
	// A path climbing out of the root (`../../x.json`) names no file of the site: nothing there is read (see leavesRoot).
	const candidates = { all, inside: all.every(uri => isUnder(rootUri, uri) || /^https?:/i.test(uri)) ? all : all.filter(uri => isUnder(rootUri, uri)) };
	if (candidateCache.size >= 10_000) candidateCache.clear();
	candidateCache.set(key, candidates);
	return candidates;
}

const candidateCache = new Map<string, { all: string[]; inside: string[] }>();

/** `a/b/../c` → `a/c` in a URI path. */
function normalizeDots(uri: string): string {
	const out: string[] = [];
	for (const segment of uri.split('/')) {
		if (segment === '..' && out.length > 3) out.pop();
		else if (segment !== '.') out.push(segment);
	}
	return out.join('/');
}

function computeCandidates(rootUri: string, source: string): string[] {
	if (/^https?:\/\//i.test(source)) return [source];
	if (isExternalLink(source)) return [];
	const path = source.replace(/^\.?\/+/, '');
	return specExtensions.map(ext => joinUri(rootUri, ...(path + ext).split('/')));
}

function isUnder(rootUri: string, uri: string): boolean {
	return uri.startsWith(rootUri.endsWith('/') ? rootUri : `${rootUri}/`);
}

/**
 * Whether a file reference of the configuration climbs out of the docs root (`../../x.json`): the
 * platform's build has only the root, and MintDoc reads nothing outside it (nor suggests from it).
 */
export function leavesRoot(rootUri: string, source: string): boolean {
	if (/^https?:\/\//i.test(source)) return false;
	const { all, inside } = candidatesOf(rootUri, source);
	return all.length > 0 && inside.length === 0;
}

/** The `openapi` value of a node: a string, or `{ source }`. */
export function specReferenceOf(value: ConfigNode | undefined): SpecReference | undefined {
	if (value?.kind === 'string') return { source: value.value as string, node: value };
	const source = getValue(value, 'source');
	return source?.kind === 'string' ? { source: source.value as string, node: source } : undefined;
}

/** Every OpenAPI source a site's configuration names: `api.openapi` (string, array or object), `openapi` on elements, file prefixes of entries. */
export function collectSpecReferences(config: ConfigNode | undefined, navigation: Navigation | undefined): SpecReference[] {
	const references: SpecReference[] = [];
	const api = getValue(getValue(config, 'api'), 'openapi');
	if (api?.kind === 'array') for (const item of api.items) appendAll(references, specReferenceOf(item) ? [specReferenceOf(item)!] : []);
	else if (specReferenceOf(api)) references.push(specReferenceOf(api)!);
	for (const element of navigation?.elements ?? []) {
		const reference = specReferenceOf(getProperty(element.node, 'openapi')?.value);
		if (reference) references.push(reference);
	}
	for (const entry of navigation?.pages ?? []) {
		const parsed = classifyEntry(entry.value);
		if (parsed.kind === 'openapi' && parsed.file) references.push({ source: parsed.file, node: entry.node });
	}
	return references;
}

/** Loaded specs of a site, by the reference strings that name them. */
export class SpecRegistry {
	/** The registry belongs to one site model: what a source or an element resolves to never changes. */
	readonly #resolved = new Map<string, OpenApiSpec | undefined>();
	readonly #scopes = new WeakMap<NavElement, OpenApiSpec[]>();
	#allByUri: ReadonlyMap<string, OpenApiSpec> | undefined;

	/**
	 * `byUri`: the documents the configuration names; `discovered`: the other OpenAPI documents of
	 * the repository, which the platform finds by itself (only MDX frontmatter uses them).
	 */
	constructor(
		private readonly rootUri: string,
		private readonly byUri: ReadonlyMap<string, OpenApiSpec>,
		private readonly unavailable: ReadonlyMap<string, string> = new Map(),
		private readonly discovered: ReadonlyMap<string, OpenApiSpec> = new Map(),
	) {}

	/** Whether a file reference climbs out of the docs root (see {@link leavesRoot}). */
	leavesRoot(source: string): boolean {
		return leavesRoot(this.rootUri, source);
	}

	/** Whether a reference names a hosted spec that is still loading or could not be fetched (its entries are not judged). */
	isUnavailable(source: string): boolean {
		return specCandidates(this.rootUri, source).some(uri => this.unavailable.has(uri));
	}

	/** Hosted documents not available: URL → 'loading' or why not. */
	get unavailableSources(): ReadonlyMap<string, string> {
		return this.unavailable;
	}

	/** Whether a hosted document is still loading or could not be fetched. */
	get hasUnavailable(): boolean {
		return this.unavailable.size > 0;
	}

	/** The documents the configuration names. */
	get specs(): OpenApiSpec[] {
		return [...this.byUri.values()];
	}

	/** Every OpenAPI document of the site: named in the configuration or found in the repository. */
	get allSpecs(): OpenApiSpec[] {
		return [...this.#all().values()];
	}

	/** A document by a file reference as a page writes it: from the root, or relative to the page's folder. */
	resolveFrom(source: string, pageFolderUri: string | undefined): OpenApiSpec | undefined {
		const all = this.#all();
		const fromRoot = [...specCandidates(this.rootUri, source)];
		// From the page's folder a reference may climb (`../openapi.json`): only documents already loaded are looked up.
		const tries = pageFolderUri && !source.startsWith('/') ? [...anyCandidates(pageFolderUri, source).map(normalizeDots), ...fromRoot] : fromRoot;
		return tries.map(uri => all.get(uri)).find(found => found !== undefined);
	}

	/** Named and discovered documents by URI, built once: every page with OpenAPI frontmatter asks. */
	#all(): ReadonlyMap<string, OpenApiSpec> {
		return (this.#allByUri ??= new Map([...this.byUri, ...this.discovered]));
	}

	/** The spec a reference names, if its file exists and was loaded. */
	resolve(source: string): OpenApiSpec | undefined {
		if (this.#resolved.has(source)) return this.#resolved.get(source);
		const spec = specCandidates(this.rootUri, source)
			.map(uri => this.byUri.get(uri))
			.find(found => found !== undefined);
		this.#resolved.set(source, spec);
		return spec;
	}

	/** The specs in scope of a navigation element: its own or its nearest ancestor's `openapi`, else the site's `api.openapi`. */
	inScope(element: NavElement | undefined, config: ConfigNode | undefined): OpenApiSpec[] {
		if (!element) return this.#computeScope(element, config);
		let scope = this.#scopes.get(element);
		if (!scope) this.#scopes.set(element, (scope = this.#computeScope(element, config)));
		return scope;
	}

	#computeScope(element: NavElement | undefined, config: ConfigNode | undefined): OpenApiSpec[] {
		for (let e = element; e; e = e.parent) {
			const reference = specReferenceOf(getProperty(e.node, 'openapi')?.value);
			if (reference && this.isUnavailable(reference.source)) return [unavailableSpec(reference.source)];
			if (reference) return this.resolve(reference.source) ? [this.resolve(reference.source)!] : [];
		}
		const api = getValue(getValue(config, 'api'), 'openapi');
		const sources = api?.kind === 'array' ? api.items.map(specReferenceOf) : [specReferenceOf(api)];
		return sources.flatMap(r => (r && this.resolve(r.source) ? [this.resolve(r.source)!] : []));
	}
}

/** Stands for a hosted spec that is not available: marked loading, so rules do not judge its entries. */
function unavailableSpec(uri: string): OpenApiSpec {
	return {
		uri,
		version: undefined,
		isSwagger2: false,
		operations: [],
		webhooks: [],
		schemas: [],
		servers: [],
		securitySchemes: {},
		externalRefs: [],
		parseErrors: [],
		loading: true,
	};
}
