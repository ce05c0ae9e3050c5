import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ConfigNode, ConfigScalar } from '../docsConfig/configTree';
import type { DiagnosticSink } from '../docsConfig/diagnosticSink';
import { checkDuplicatePages, type PageOccurrence } from '../docsConfig/duplicatePages';
import type { NavElement, Navigation, PageEntry } from '../docsConfig/navigation';
import { checkElements, checkNavigationWhole, innerScopeOf, scopeOf } from '../docsConfig/navigationRules';
import { splitNavigation, type NavUnit, type SplitNavigation } from '../docsConfig/navigationUnits';
import { pagePathOf } from '../docsConfig/pageEntries';
import { checkPageReferences, entryPagePath } from '../docsConfig/pageRules';
import { placeFindings, UnitSink, type RelativeDiagnostic } from '../docsConfig/unitSink';
import { checkIconsIn, iconContextOf, type IconContext } from '../icons/iconRules';
import { checkEndpointEntries, checkSpecReferences } from '../openapi/openApiRules';
import type { OpenApiSpec } from '../openapi/openApiSpec';
import { collectSpecReferences, specReferenceOf, type SpecReference, type SpecRegistry } from '../openapi/specRegistry';
import { DuplicateCounts, joinScope, type StoredOccurrence } from './duplicateCounts';
import type { PageIndex } from './pageIndex';
import { TranslationMemo } from './translationCoverage';
import { UnitCache } from './unitCache';
import { detachString } from '../detachString';
import { appendAll } from '../arrays';

/** A spec reference of a cached subtree: the source, the string it is written in, where (relative). */
interface StoredReference {
	readonly source: string;
	readonly value: string;
	readonly offset: number;
	readonly length: number;
}

/** What one subtree's text says, and its findings per context (the pages, the OpenAPI documents in scope). */
interface UnitFacts {
	readonly occurrences: readonly StoredOccurrence[];
	/** The distinct scopes of its entries inside the subtree: a subtree in no scope with a duplicate is passed over whole. */
	readonly innerScopes: readonly string[];
	readonly elementReferences: readonly StoredReference[];
	readonly entryReferences: readonly StoredReference[];
	/** Page paths its entries name that are not pages, for one set of pages. */
	missing?: { readonly pagesKey: string; readonly paths: readonly string[] };
	/** Findings by context key; at most two contexts are kept. */
	readonly findings: Map<string, readonly RelativeDiagnostic[]>;
}

/**
 * The navigation rules' results of one site, kept between checks: per subtree (see
 * navigationUnits.ts) and, for duplicate pages, as counts kept current subtree by subtree.
 * One per site; the language server keeps it across edits, so a keystroke re-runs the rules of
 * the subtree it touched and of the few elements above the subtrees. Results equal a fresh check.
 */
export class NavigationRuleCache {
	readonly units = new UnitCache<UnitFacts>();
	readonly duplicates = new DuplicateCounts();
	/** Each language's translation facts (see translationCoverage.ts). */
	readonly translations = new TranslationMemo();
	/** How many times a subtree's rules ran (the rest were reused): for tests and the bench. */
	unitRuns = 0;
	/** How many subtrees the duplicate check read entry by entry (the others hold no entry in a scope with a duplicate). */
	duplicateUnitsRead = 0;
}

const ids = new WeakMap<object, number>();
let nextId = 1;
const idOf = (value: object) => {
	let id = ids.get(value);
	if (id === undefined) ids.set(value, (id = nextId++));
	return id;
};

/** The navigation rules of one check of a site, run in two steps around the loading of OpenAPI documents. */
export class NavigationChecks {
	readonly #split: SplitNavigation | undefined;
	readonly #keys: readonly string[];
	readonly #facts: readonly UnitFacts[];

	constructor(
		private readonly config: ConfigNode | undefined,
		private readonly navigation: Navigation | undefined,
		private readonly files: ReadonlyMap<string, TextDocument>,
		private readonly pages: PageIndex,
		private readonly cache: NavigationRuleCache,
	) {
		cache.units.begin();
		this.#split = navigation && splitNavigation(navigation, files);
		const units = this.#split?.units ?? [];
		this.#keys = cache.units.keysOf(units, files);
		this.#facts = units.map((unit, i) => {
			let facts = cache.units.get(this.#keys[i]);
			if (!facts) cache.units.set(this.#keys[i], (facts = textFacts(unit)));
			return facts;
		});
	}

	/** The set of pages as it is now (a look on disk for missed pages may add some during a check). */
	get #pagesKey(): string {
		return `${idOf(this.pages)}:${this.pages.version}`;
	}

	/** The objects of the subtrees whose rules run here (with their icons): the whole-file icon check leaves them out. */
	unitNodes(): ReadonlySet<ConfigNode> {
		return new Set(this.#split?.units.map(unit => unit.element.node));
	}

	/** Up to `max` page paths the navigation names that are not pages of the site, in navigation order. */
	unknownPages(max: number): string[] {
		const unknown = new Set<string>();
		const unitIndex = this.#unitIndex();
		for (const item of this.#split?.order ?? []) {
			if (unknown.size >= max) break;
			const paths = 'entries' in item ? this.#missing(unitIndex.get(item)!) : [entryPagePath(item.value)];
			for (const path of paths) if (unknown.size < max && path && !this.pages.has(path) && !this.pages.isIgnored(path)) unknown.add(path);
		}
		return [...unknown];
	}

	/** Every OpenAPI source the configuration names, in the order collectSpecReferences gives. */
	specReferences(): SpecReference[] {
		const references = collectSpecReferences(this.config, undefined);
		if (!this.#split || !this.navigation) return references;
		const unitIndex = this.#unitIndex();
		const place = (unit: NavUnit, stored: StoredReference): SpecReference => ({
			source: stored.source,
			node: { kind: 'string', value: stored.value, uri: unit.uri, offset: unit.offset + stored.offset, length: stored.length } satisfies ConfigScalar,
		});
		// A subtree's elements are consecutive in `elements`, its own first: its references go there, the rest is skipped.
		const unitByRoot = new Map(this.#split.units.map(unit => [unit.element, unit]));
		const { elements } = this.navigation;
		for (let e = 0; e < elements.length; e++) {
			const unit = unitByRoot.get(elements[e]);
			if (unit) {
				for (const stored of this.#facts[unitIndex.get(unit)!].elementReferences) references.push(place(unit, stored));
				e += unit.elements.length - 1;
				continue;
			}
			const reference = specReferenceOf(getOpenApi(elements[e]));
			if (reference) references.push(reference);
		}
		for (const item of this.#split.order) {
			if ('entries' in item) {
				for (const stored of this.#facts[unitIndex.get(item)!].entryReferences) references.push(place(item, stored));
				continue;
			}
			appendAll(references, collectSpecReferences(undefined, { root: item.parent, elements: [], pages: [item], global: [] }));
		}
		return references;
	}

	/** Runs the rules (reusing each unchanged subtree's findings) and reports into `sink`. */
	run(registry: SpecRegistry, sink: DiagnosticSink): void {
		const { config, navigation, pages } = this;
		checkNavigationWhole(config, navigation, sink);
		if (!navigation || !this.#split) return;
		const { rest, units } = this.#split;
		checkElements(rest.elements, sink);
		checkPageReferences(rest, pages, sink);
		checkSpecReferences(collectSpecReferences(config, rest), registry, sink);
		checkEndpointEntries(rest.pages, config, registry, sink);
		const registryKey = registryKeyOf(registry);
		const icons = iconContextOf(config);
		// One context string per parent (1,600 subtrees of crewAI share ~950): built and hashed once each.
		const contexts = new Map<NavElement | undefined, string>();
		const siteContext = `${this.#pagesKey}|${registryKey}|${icons.library}:${icons.configured}`;
		units.forEach((unit, i) => {
			const parent = unit.element.parent;
			let context = contexts.get(parent);
			if (context === undefined) contexts.set(parent, (context = `${siteContext}|${specsKey(registry.inScope(parent, config))}`));
			const facts = this.#facts[i];
			let findings = facts.findings.get(context);
			if (!findings) {
				this.cache.unitRuns++;
				const unitSink = new UnitSink(this.files, unit.uri, unit.offset);
				runUnitRules(unit, config, pages, registry, icons, unitSink);
				if (!unitSink.relocatable) {
					// A finding in another file cannot be placed again: this subtree's rules run every time.
					runUnitRules(unit, config, pages, registry, icons, sink);
					return;
				}
				// Kept across edits: their strings must not hold this version of the file.
				findings = unitSink.findings.map(detachDiagnostic);
				if (facts.findings.size >= 2) facts.findings.delete(facts.findings.keys().next().value!);
				facts.findings.set(context, findings);
			}
			if (findings.length) add(sink, unit.uri, placeFindings(findings, this.files.get(unit.uri)!, unit.offset));
		});
		this.#checkDuplicates(sink);
		this.cache.units.sweep();
	}

	#checkDuplicates(sink: DiagnosticSink): void {
		const split = this.#split!;
		const outerOf = new Map<NavElement | undefined, string>();
		const outer = (unit: NavUnit) => {
			let scope = outerOf.get(unit.element.parent);
			if (scope === undefined) outerOf.set(unit.element.parent, (scope = scopeOf(unit.element.parent)));
			return scope;
		};
		this.cache.duplicates.update(split.units.map((unit, i) => ({ key: this.#keys[i], outer: outer(unit), occurrences: this.#facts[i].occurrences })));
		const restOccurrences = split.rest.pages.flatMap((entry): PageOccurrence[] => {
			const path = pagePathOf(entry.value);
			return path === undefined ? [] : [{ path, scope: scopeOf(entry.parent), uri: entry.node.uri, offset: entry.node.offset, length: entry.node.length }];
		});
		const restCounts = new Map<string, number>();
		for (const o of restOccurrences) restCounts.set(`${o.scope}\u0000${o.path}`, (restCounts.get(`${o.scope}\u0000${o.path}`) ?? 0) + 1);
		// Without entries outside the subtrees, a path is a candidate where the subtrees list it twice: no key to build per entry.
		const isCandidate = restCounts.size
			? (scope: string, path: string) =>
					this.cache.duplicates.isDuplicated(scope, path) || this.cache.duplicates.count(scope, path) + (restCounts.get(`${scope}\u0000${path}`) ?? 0) >= 2
			: (scope: string, path: string) => this.cache.duplicates.isDuplicated(scope, path);
		// Nothing listed twice (the usual case): no need to walk the entries in order.
		if (!this.cache.duplicates.hasDuplicates && !restOccurrences.some(o => isCandidate(o.scope, o.path))) return;
		// The scopes where a path may be listed twice: a subtree with no entry in one of them has no candidate.
		const hot = new Set([...this.cache.duplicates.duplicatedScopes(), ...restOccurrences.map(o => o.scope)]);
		const unitIndex = this.#unitIndex();
		let next = 0;
		const candidates: PageOccurrence[] = [];
		for (const item of split.order) {
			if (!('entries' in item)) {
				const o = restOccurrences[next];
				if (o && o.offset === item.node.offset && o.uri === item.node.uri) {
					next++;
					if (isCandidate(o.scope, o.path)) candidates.push(o);
				}
				continue;
			}
			const scope = outer(item);
			const facts = this.#facts[unitIndex.get(item)!];
			if (!facts.innerScopes.some(inner => hot.has(joinScope(scope, inner)))) continue;
			this.cache.duplicateUnitsRead++;
			for (const stored of facts.occurrences) {
				const full = joinScope(scope, stored.inner);
				if (isCandidate(full, stored.path))
					candidates.push({ path: stored.path, scope: full, uri: item.uri, offset: item.offset + stored.offset, length: stored.length });
			}
		}
		checkDuplicatePages(candidates, sink);
	}

	#missing(index: number): readonly string[] {
		const facts = this.#facts[index];
		if (facts.missing?.pagesKey !== this.#pagesKey) {
			const paths: string[] = [];
			for (const entry of this.#split!.units[index].entries) {
				const path = entryPagePath(entry.value);
				if (path && !this.pages.has(path) && !this.pages.isIgnored(path)) paths.push(detachString(path));
			}
			facts.missing = { pagesKey: this.#pagesKey, paths };
		}
		return facts.missing.paths;
	}

	#unitIndexCache: Map<NavUnit, number> | undefined;
	#unitIndex(): Map<NavUnit, number> {
		return (this.#unitIndexCache ??= new Map(this.#split?.units.map((unit, i) => [unit, i]) ?? []));
	}
}

/**
 * How deep an element's object lies in the composed configuration: the root is 0, `navigation` 1,
 * an item of `navigation.global.anchors` 4, each element two below its parent's (an object in an array).
 */
function depthOf(element: NavElement): number {
	let top = element;
	let depth = 0;
	for (; top.parent; top = top.parent) depth += 2;
	return depth + (top.kind === 'navigation' ? 1 : 4);
}

/** A finding whose strings are copies (see detachString); `data` (quick-fix replacements) too. */
function detachDiagnostic(diagnostic: Diagnostic): Diagnostic {
	return detachDeep(diagnostic) as Diagnostic;
}

function detachDeep(value: unknown): unknown {
	if (typeof value === 'string') return detachString(value);
	if (Array.isArray(value)) return value.map(detachDeep);
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, detachDeep(inner)]));
	return value;
}

function getOpenApi(element: NavElement): ConfigNode | undefined {
	const properties = element.node.properties;
	for (let i = properties.length - 1; i >= 0; i--) if (properties[i].key === 'openapi') return properties[i].value;
	return undefined;
}

/** The rules of one subtree: its icons, its elements, its page entries and its OpenAPI references. */
function runUnitRules(unit: NavUnit, config: ConfigNode | undefined, pages: PageIndex, registry: SpecRegistry, icons: IconContext, sink: DiagnosticSink): void {
	const navigation: Navigation = { root: unit.element, elements: unit.elements, pages: unit.entries, global: [] };
	checkIconsIn(unit.element.node, icons, sink, undefined, depthOf(unit.element));
	checkElements(unit.elements, sink);
	checkPageReferences(navigation, pages, sink);
	checkSpecReferences(collectSpecReferences(undefined, navigation), registry, sink);
	checkEndpointEntries(unit.entries, config, registry, sink);
}

/** What a subtree's text says: its page entries (for duplicates) and the OpenAPI sources it names. */
function textFacts(unit: NavUnit): UnitFacts {
	const occurrences: StoredOccurrence[] = [];
	for (const entry of unit.entries) {
		const path = pagePathOf(entry.value);
		if (path !== undefined)
			occurrences.push({
				path: detachString(path),
				inner: detachString(innerScopeOf(entry.parent, unit.element)),
				offset: entry.node.offset - unit.offset,
				length: entry.node.length,
			});
	}
	const store = (reference: SpecReference): StoredReference => ({
		source: detachString(reference.source),
		value: detachString(reference.node.value as string),
		offset: reference.node.offset - unit.offset,
		length: reference.node.length,
	});
	const elementReferences = unit.elements.flatMap(element => {
		const reference = specReferenceOf(getOpenApi(element));
		return reference ? [store(reference)] : [];
	});
	const entryReferences = collectSpecReferences(undefined, { root: unit.element, elements: [], pages: unit.entries, global: [] }).map(store);
	const innerScopes = [...new Set(occurrences.map(o => o.inner))];
	return { occurrences, innerScopes, elementReferences, entryReferences, findings: new Map() };
}

/** The documents a registry resolves references to, and those it cannot have: what unit findings depend on. */
function registryKeyOf(registry: SpecRegistry): string {
	const named = registry.specs.map(spec => `${spec.uri}=${idOf(spec)}`).join(',');
	return `${named};${[...registry.unavailableSources].map(([uri, why]) => `${uri}=${why}`).join(',')}`;
}

function specsKey(specs: readonly OpenApiSpec[]): string {
	return specs.map(spec => (spec.loading && spec.operations.length === 0 ? `loading:${spec.uri}` : String(idOf(spec)))).join(',');
}

function add(sink: DiagnosticSink, uri: string, diagnostics: readonly Diagnostic[]): void {
	if (!sink.byUri.has(uri)) sink.byUri.set(uri, []);
	appendAll(sink.byUri.get(uri)!, diagnostics);
}
