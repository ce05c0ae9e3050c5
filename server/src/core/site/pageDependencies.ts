import type { Diagnostic } from 'vscode-languageserver-types';
import type { OpenApiSpec } from '../openapi/openApiSpec';
import type { PageSummary } from '../mdx/pageSummary';
import { generatedPageFolders, type SiteModel } from './siteModel';
import { getString, getValue } from '../docsConfig/configTree';
import { navEntryKey } from '../features/navEntries';
import { pageIconContext } from '../icons/iconRules';

/**
 * What page diagnostics depend on beyond the page itself, so the language server re-checks only
 * what an edit can have changed:
 * - the site-wide inputs of link resolution (set of pages, redirects, generated API folders, the
 *   OpenAPI documents), summarized as a key: while it is unchanged, a `docs.json` edit changes no
 *   page's links, and only pages with OpenAPI frontmatter (judged against the navigation) are re-checked;
 * - which pages consult another page's anchors (`/page#anchor` links): when a page's anchors
 *   change, the pages linking into it are re-checked, not the site.
 */
export class PageDependencies {
	/** target page URI → pages whose links consult its anchors */
	readonly #anchorDependents = new Map<string, Set<string>>();
	/** page URI → its anchors when last seen (the summary's own set, shared: nothing is copied), to tell whether an edit changed them */
	readonly #anchors = new Map<string, ReadonlySet<string> | undefined>();
	/** pages whose frontmatter names an OpenAPI operation or schema */
	readonly #frontmatterApiPages = new Set<string>();
	/** page URI → id of the site key it was last checked with, and how many pages were checked with each */
	readonly #checkedWith = new Map<string, number>();
	readonly #checkedCount = new Map<number, number>();
	readonly #keyIds = new Map<string, number>();
	#nextKeyId = 1;
	/** Pages with OpenAPI frontmatter: the findings of that frontmatter, and what they were computed with (see frontmatterKey). */
	readonly #frontmatter = new Map<string, { summary: PageSummary; key: string; diagnostics: readonly Diagnostic[] }>();
	/** Pages judged against the navigation: their link findings, and what those were computed with. */
	readonly #links = new Map<string, { summary: PageSummary; key: string; epoch: number; diagnostics: readonly Diagnostic[] }>();
	/**
	 * `fileEpoch`: the site state's epoch of the last change of a page or another file that is not
	 * configuration (see ChangeTracker.otherFileChangedAt): any of them may change a link's fate.
	 */
	/** How many times a page's OpenAPI frontmatter was judged (the rest were reused): for tests. */
	frontmatterRuns = 0;

	constructor(private readonly fileEpoch: () => number) {}

	/**
	 * The link findings of a page judged against the navigation, as last computed, when nothing
	 * they depend on changed since: its summary, the site's link inputs (see siteKey) and every
	 * other file. A docs.json edit re-checks those pages; their links need not be resolved again.
	 */
	reusableLinks(site: SiteModel, uri: string, summary: PageSummary): readonly Diagnostic[] | undefined {
		const kept = this.#links.get(uri);
		return kept && kept.summary === summary && kept.epoch === this.fileEpoch() && kept.key === siteKey(site) ? kept.diagnostics : undefined;
	}

	/** Keeps the link findings of a page judged against the navigation (others are not re-checked on docs.json edits). */
	keepLinks(site: SiteModel, uri: string, summary: PageSummary, diagnostics: readonly Diagnostic[]): readonly Diagnostic[] {
		if (this.#frontmatterApiPages.has(uri)) this.#links.set(uri, { summary, key: siteKey(site), epoch: this.fileEpoch(), diagnostics });
		else this.#links.delete(uri);
		return diagnostics;
	}

	/**
	 * The findings of a page's OpenAPI frontmatter: the last ones while its summary, the site's
	 * OpenAPI documents and the navigation's endpoint entries (where each is listed) are those they
	 * were computed with, else computed again. A docs.json edit re-checks every such page (544 on
	 * crewAI, each searching 140 documents) and most edits change none of these.
	 */
	frontmatterFindings(site: SiteModel, uri: string, summary: PageSummary, compute: () => Diagnostic[]): readonly Diagnostic[] {
		// Other pages' frontmatter names no operation: nothing to search, nothing to keep.
		if (!this.#frontmatterApiPages.has(uri)) {
			this.#frontmatter.delete(uri);
			return compute();
		}
		const key = frontmatterKey(site);
		const kept = this.#frontmatter.get(uri);
		if (kept && kept.summary === summary && kept.key === key) return kept.diagnostics;
		const diagnostics = compute();
		this.frontmatterRuns++;
		this.#frontmatter.set(uri, { summary, key, diagnostics });
		return diagnostics;
	}

	/**
	 * Records what a page's summary says (anchors, OpenAPI frontmatter). Its anchors are known from
	 * its first check on (a background check of every page): the first edit of its headings re-checks
	 * the pages linking to them.
	 */
	noteSummary(uri: string, summary: PageSummary): void {
		if (!this.#anchors.has(uri)) this.#anchors.set(uri, summary.anchors);
		const fm = summary.frontmatter;
		if (fm && (fm.openapi !== undefined || fm['openapi-schema'] !== undefined)) this.#frontmatterApiPages.add(uri);
		else {
			this.#frontmatterApiPages.delete(uri);
			this.#frontmatter.delete(uri);
		}
	}

	noteAnchorLink(from: string, to: string): void {
		let set = this.#anchorDependents.get(to);
		if (!set) this.#anchorDependents.set(to, (set = new Set()));
		set.add(from);
	}

	/**
	 * Pages to re-check after `uri` was checked with `summary`: those linking to its anchors,
	 * when its anchors changed since the last time (since its first check).
	 */
	dependentsAfterCheck(uri: string, summary: PageSummary | undefined): string[] {
		const anchors = summary?.anchors;
		const known = this.#anchors.has(uri);
		const before = this.#anchors.get(uri);
		this.#anchors.set(uri, anchors);
		if (!known || sameAnchors(before, anchors)) return [];
		return [...(this.#anchorDependents.get(uri) ?? [])].filter(dependent => dependent !== uri);
	}

	/** Whether the page's frontmatter names an OpenAPI operation or schema (its check depends on the navigation). */
	hasFrontmatterApi(uri: string): boolean {
		return this.#frontmatterApiPages.has(uri);
	}

	frontmatterApiPages(root: string): string[] {
		return [...this.#frontmatterApiPages].filter(uri => uri.startsWith(root + '/'));
	}

	/**
	 * Of `uris`, those not yet checked with the site as it is now. Recorded page by page, so a run
	 * cancelled by the next keystroke is continued, not restarted, by the run after it.
	 */
	stalePages(site: SiteModel, uris: readonly string[]): string[] {
		const key = this.#keyId(site);
		// Every page checked with this key (the key holds the set of pages): none is stale.
		if ((this.#checkedCount.get(key) ?? 0) >= uris.length) return [];
		return uris.filter(uri => this.#checkedWith.get(uri) !== key);
	}

	markChecked(site: SiteModel, uri: string): void {
		const key = this.#keyId(site);
		const before = this.#checkedWith.get(uri);
		if (before === key) return;
		if (before !== undefined) this.#checkedCount.set(before, this.#checkedCount.get(before)! - 1);
		this.#checkedWith.set(uri, key);
		this.#checkedCount.set(key, (this.#checkedCount.get(key) ?? 0) + 1);
	}

	/** A number per distinct site key: 25,000 pages compare numbers, not long strings. */
	#keyId(site: SiteModel): number {
		const key = siteKey(site);
		let id = this.#keyIds.get(key);
		if (id === undefined) {
			if (this.#keyIds.size >= 1000) this.#keyIds.clear();
			this.#keyIds.set(key, (id = this.#nextKeyId++));
		}
		return id;
	}
}

function sameAnchors(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
	if (a === b) return true;
	if ((a?.size ?? 0) !== (b?.size ?? 0)) return false;
	for (const anchor of a ?? []) if (!b!.has(anchor)) return false;
	return true;
}

const specIds = new WeakMap<OpenApiSpec, number>();
let nextSpecId = 1;

const keys = new WeakMap<SiteModel, string>();

/** The site-wide inputs of page checks other than the pages' own text (once per model). */
function siteKey(site: SiteModel): string {
	let key = keys.get(site);
	if (key === undefined) keys.set(site, (key = computeSiteKey(site)));
	return key;
}

const frontmatterKeys = new WeakMap<SiteModel, string>();

/** What the OpenAPI frontmatter rules read of a site: every OpenAPI document by URI (named or found), those unavailable, where the navigation lists each endpoint. */
function frontmatterKey(site: SiteModel): string {
	let key = frontmatterKeys.get(site);
	if (key === undefined) {
		const specs = site.specs.allSpecs.map(spec => {
			if (!specIds.has(spec)) specIds.set(spec, nextSpecId++);
			return `${spec.uri}@${specIds.get(spec)}`;
		});
		const unavailable = [...site.specs.unavailableSources].map(([source, why]) => `${source}=${why}`);
		frontmatterKeys.set(site, (key = [specs.join(','), unavailable.join(','), navEntryKey(site)].join('\u0000')));
	}
	return key;
}

function computeSiteKey(site: SiteModel): string {
	const specs = site.specs.specs.map(spec => {
		if (!specIds.has(spec)) specIds.set(spec, nextSpecId++);
		return `${spec.uri}@${specIds.get(spec)}`;
	});
	const redirects = getValue(site.config.root, 'redirects');
	const sources = redirects?.kind === 'array' ? redirects.items.map(item => JSON.stringify(getString(item, 'source') ?? null)) : [];
	return [
		site.pages.version,
		site.pages.size,
		// What pages' icons are judged against (see checkPageIcons).
		Object.values(pageIconContext(site.config.root)).join(':'),
		sources.join(','),
		generatedPageFolders(site.config.root, site.navigation).join(','),
		specs.join(','),
		[...site.remoteSpecs.keys()].join(','),
	].join('\u0000');
}
