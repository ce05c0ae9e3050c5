import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCache } from '../cache';
import { isCancelledError, throwIfCancelled, type CancellationToken } from '../cancellation';
import type { LoadedConfigFile } from '../docsConfig/compose';
import { parseJsonConfig, type ParsedJson, type PreviousConfigParse } from '../docsConfig/parseJson';
import { TextSnapshot } from '../docsConfig/textSnapshot';
import type { FileChange, LanguageServiceOptions } from '../languageServiceTypes';
import { LegacySites } from '../legacy/legacySites';
import { legacyConfigFileName } from '../legacy/mintConfig';
import { nullLogger } from '../logger';
import { summarizePage, type PageSummary } from '../mdx/pageSummary';
import { createSpecLoader } from '../openapi/specLoader';
import { basenameUri, docsConfigFileName, isDocsConfigUri, isUnder, joinUri } from '../uris';
import { isReadWhole } from '../textGuards';
import { ChangeTracker } from './changeTracker';
import { JudgedSites } from './judgedSites';
import { rehearseConfigEdits } from './editRehearsal';
import { findMissedPages } from './missedPages';
import { NavigationRuleCache } from './navigationChecks';
import { PageDependencies } from './pageDependencies';
import { PageIndex } from './pageIndex';
import { withListings, type FolderListing } from './folderListings';
import { buildSiteModel, type FileExists, type SiteModel, type SpecLoader } from './siteModel';
import { parseGraphqlSchema, type GraphqlSchemaParse } from '../graphql/graphqlSchema';
import type { GraphqlLoader } from '../graphql/graphqlRules';
import type { SiteSnapshot } from './siteSnapshot';
import { SummaryStore } from './summaryStore';
import { ShownFindings } from './shownFindings';
import { KeptReads } from './keptReads';
import { TeamView } from '../config/teamView';

/** How a root is configured: by docs.json, by a legacy mint.json alone (read through its upgrade), or by neither (deleted). */
export type RootKind = 'docs' | 'legacy' | 'missing';

/**
 * The one explicit state of the language service: roots and how each is configured, page indexes,
 * configuration parses, page texts and summaries, OpenAPI documents, site models and the navigation
 * rules' kept results, each site's mintdoc.json and the findings each file shows — and ONE change
 * counter (the tracker's epoch). Changes come in through {@link noteDocumentChange},
 * {@link noteFileChanges} and {@link setRoots}; what a host adds beside the checks, through the
 * team's switches and the findings held beside (LanguageService.setTeamSwitches, setBesideFindings).
 * The staleness rules are written in docs/architecture.md ("Site state").
 */
export class SiteState implements SiteSnapshot {
	readonly tracker = new ChangeTracker();
	readonly dependencies = new PageDependencies(() => this.tracker.otherFileChangedAt);
	readonly summaries = new SummaryStore();
	/** Each site's mintdoc.json and the switches: how findings are shown (see config/teamView.ts). */
	readonly team: TeamView;
	/** What each file shows: its last check's findings and those made beside, through the team's view. */
	readonly shown: ShownFindings;
	readonly legacy: LegacySites;
	readonly loadSpec: SpecLoader;
	/** When the rules judging every page together last ran on what each site is now (see judgedSites.ts). */
	readonly judged: JudgedSites;
	#roots: readonly string[] = [];
	readonly #kinds = new Map<string, { kind: RootKind; mintBeside: boolean; at: number }>();
	readonly #pageIndexes = new Map<string, Promise<PageIndex>>();
	/** The folder listings of the last roots search, for the page indexes of the roots it found; dropped at the first file event. */
	#listings: Map<string, FolderListing> | undefined;
	readonly #models = new Map<string, SiteModel>();
	/** The build under way per root, and the epoch it read: a request made after a later change never shares it. */
	readonly #building = new Map<string, { readonly model: Promise<SiteModel>; readonly epoch: number }>();
	/** The epoch at which a model was last known current. */
	readonly #validatedAt = new WeakMap<SiteModel, number>();
	/** The navigation rules' results, kept per root across builds (an edit re-runs the rules of what it touched). */
	readonly #ruleCaches = new Map<string, NavigationRuleCache>();
	readonly #configParses = new DocumentCache<ParsedJson>(256);
	/** The last parse of each configuration file: after an edit only the value it touched is parsed again. Bounded, oldest dropped. */
	readonly #lastConfigParses = new Map<string, PreviousConfigParse>();
	/** Pages read since their last reported change: a docs.json edit re-checks some pages without reading them again. */
	readonly #pageTexts = new Map<string, { document: TextDocument; readAt: number }>();
	/** The last copy of each configuration file a model read: the next copy takes its line starts from it. Bounded, oldest dropped. */
	readonly #snapshots = new Map<string, TextSnapshot>();
	readonly #specListeners: ((root: string) => void)[] = [];
	/** Roots whose model was being built when a document arrived: the build may have read it as loading. */
	readonly #arrivedWhileBuilding = new Set<string>();
	/** One parse per GraphQL schema file and text (a large schema is built once, not per docs.json keystroke; its text is kept by #kept). */
	readonly #graphqlParses = new DocumentCache<GraphqlSchemaParse>(16);
	/** Configuration files, GraphQL schemas and paths a model asks about on every build, kept while unchanged. */
	readonly #kept: KeptReads;

	constructor(private readonly options: LanguageServiceOptions) {
		this.team = new TeamView(options.teamConfigLoader ?? TeamView.workspaceLoader(options.workspace), options.teamSwitches);
		this.shown = new ShownFindings(this.team, uri => this.rootOf(uri));
		this.legacy = new LegacySites(options.workspace);
		this.#kept = new KeptReads(options.workspace, this.tracker, options.changesReported === true);
		this.judged = new JudgedSites(this.tracker, options.changesReported === true);
		this.loadSpec = createSpecLoader({
			workspace: options.workspace,
			tracker: this.tracker,
			options,
			// A spec a site uses arrived or changed: that site's model is rebuilt, and listeners hear of it.
			invalidate: uri => {
				for (const root of this.#roots)
					if (this.#models.get(root)?.specFiles.has(uri) || this.#models.get(root)?.remoteSpecs.has(uri)) {
						this.#models.delete(root);
						for (const listener of this.#specListeners) listener(root);
					} else if (this.#building.has(root)) this.#arrivedWhileBuilding.add(root);
			},
		});
	}

	get roots(): readonly string[] {
		return this.#roots;
	}

	/** The one place roots are written. A different set drops every index and model (nesting may have changed); the same set is still a change (a docs.json written beside mint.json). */
	setRoots(roots: readonly string[], listings?: Map<string, FolderListing>): void {
		const sorted = [...new Set(roots)].sort();
		this.tracker.noteAll();
		this.#listings = undefined;
		if (sorted.join('\n') === this.#roots.join('\n')) return;
		this.#roots = sorted;
		this.#listings = listings;
		this.#pageIndexes.clear();
		this.#models.clear();
		this.#ruleCaches.clear();
		this.#kinds.clear();
	}

	/** Adds a root a document was asked about (no discovery ran yet). */
	addRoot(root: string): void {
		if (!this.#roots.includes(root)) this.setRoots([...this.#roots, root]);
	}

	rootOf(uri: string): string | undefined {
		return this.#roots
			.filter(root => isUnder(uri, root))
			.reduce<string | undefined>((best, root) => (!best || root.length > best.length ? root : best), undefined);
	}

	/** How a root is configured, chosen once per root and change counter: re-chosen only after a file was created or deleted. */
	async kindOf(root: string): Promise<RootKind> {
		return (await this.#rootFiles(root)).kind;
	}

	/** Whether a legacy mint.json lies beside the root's docs.json (known with its kind: no read per check). */
	async hasLegacyConfigBeside(root: string): Promise<boolean> {
		const files = await this.#rootFiles(root);
		return files.kind === 'docs' && files.mintBeside;
	}

	async #rootFiles(root: string): Promise<{ kind: RootKind; mintBeside: boolean }> {
		const known = this.#kinds.get(root);
		if (known && this.options.changesReported && this.tracker.unchangedSince(known.at, [])) return known;
		const at = this.tracker.epoch;
		const { workspace } = this.options;
		const [docs, mint] = await Promise.all([workspace.stat(joinUri(root, docsConfigFileName)), workspace.stat(joinUri(root, legacyConfigFileName))]);
		const files = { kind: (docs ? 'docs' : mint?.kind === 'file' ? 'legacy' : 'missing') as RootKind, mintBeside: mint?.kind === 'file', at };
		this.#kinds.set(root, files);
		return files;
	}

	lastModel(root: string): SiteModel | undefined {
		return this.#models.get(root);
	}

	/**
	 * The page index of a root, scanned once and shared by every request that asks meanwhile. The scan
	 * runs under the token of the request that started it: when that request is cancelled, another
	 * still waiting scans again under its own. (It used to fail with the other's cancellation: a site
	 * check that was not cancelled ended without a word, and ClickHouse's first diagnostics never came
	 * in about one open of four, when the open's check and the roots' check overlapped.)
	 */
	async pageIndex(root: string, token: CancellationToken): Promise<PageIndex> {
		for (;;) {
			try {
				return await this.#scan(root, token);
			} catch (e) {
				if (!isCancelledError(e) || token.isCancellationRequested) throw e;
			}
		}
	}

	#scan(root: string, token: CancellationToken): Promise<PageIndex> {
		let index = this.#pageIndexes.get(root);
		if (!index) {
			const listings = this.#listings;
			index = PageIndex.scan(listings ? withListings(this.options.workspace, listings) : this.options.workspace, root, token);
			this.#pageIndexes.set(root, index);
			if (this.#roots.every(r => this.#pageIndexes.has(r))) this.#listings = undefined;
			// A cancelled or failed scan must not stay cached.
			const scan = index;
			scan.catch(() => this.#pageIndexes.get(root) === scan && this.#pageIndexes.delete(root));
		}
		return index;
	}

	/**
	 * A page's text: kept while unchanged since it was read (hosts that report changes), else read
	 * again. `keep: false` reads without keeping (a check of every page reads the whole site).
	 */
	async readPage(uri: string, keep = true): Promise<TextDocument | undefined> {
		const { workspace } = this.options;
		if (!this.options.changesReported) return workspace.readDocument(uri);
		const known = this.#pageTexts.get(uri);
		if (known && this.tracker.unchangedSince(known.readAt, [uri])) return known.document;
		if (!keep) return workspace.readDocument(uri);
		const readAt = this.tracker.epoch;
		const document = await workspace.readDocument(uri);
		if (document) this.#pageTexts.set(uri, { document, readAt });
		else this.#pageTexts.delete(uri);
		return document;
	}

	/** Drops a page's kept text (only pages judged against the navigation keep theirs: 25,000 pages are 200 MB of text). */
	forgetPageText(uri: string): void {
		this.#pageTexts.delete(uri);
	}

	async summaryOf(uri: string): Promise<PageSummary | undefined> {
		const document = await this.readPage(uri);
		return document && this.summaries.get(document, summarizePage);
	}

	#parseConfig(document: TextDocument): ParsedJson {
		const parsed = parseJsonConfig(document, basenameUri(document.uri), isDocsConfigUri(document.uri), this.#lastConfigParses.get(document.uri));
		this.#lastConfigParses.delete(document.uri);
		this.#lastConfigParses.set(document.uri, { text: document.getText(), parsed });
		if (this.#lastConfigParses.size > 32) this.#lastConfigParses.delete(this.#lastConfigParses.keys().next().value!);
		return parsed;
	}

	/** A configuration file as a model reads it: a legacy root's docs.json is the one its mint.json's upgrade writes. */
	readonly loadConfigFile = async (uri: string): Promise<LoadedConfigFile | undefined> => {
		const parse = (document: TextDocument) => this.#configParses.get(document, d => this.#parseConfig(d));
		const current = await this.#kept.readDocument(uri);
		if (!current) return this.legacy.load(uri, parse);
		// Open buffers are updated in place; a model keeps the text it was built from (its line starts taken from the last copy).
		// A file not read whole (too large, or refused: a device, a link leading outside) stays as read: its marks say why (textGuards.ts).
		const document = isReadWhole(current)
			? new TextSnapshot(current.uri, current.languageId, current.version, current.getText(), this.#snapshots.get(uri))
			: current;
		this.#snapshots.delete(uri);
		if (document instanceof TextSnapshot) this.#snapshots.set(uri, document);
		if (this.#snapshots.size > 32) this.#snapshots.delete(this.#snapshots.keys().next().value!);
		// Parsed when read: a composition from the last model's reads the text alone (see recomposeConfig).
		return {
			document,
			get parsed() {
				return parse(document);
			},
		};
	};

	/** The model of a root: the last one while current, else rebuilt (requests arriving meanwhile share the build). */
	async site(root: string, token: CancellationToken): Promise<SiteModel> {
		const pages = await this.pageIndex(root, token);
		throwIfCancelled(token);
		const cached = this.#models.get(root);
		if (cached && (await this.#isCurrent(cached, pages))) return cached;
		throwIfCancelled(token);
		// A build started before the last change answers what it read, not this request (a docs.json
		// keystroke during a hover's build published the text before it, and nothing checked again).
		const under = this.#building.get(root);
		let pending = under?.epoch === this.tracker.epoch ? under.model : undefined;
		if (!pending) {
			const epoch = this.tracker.epoch;
			const { workspace } = this.options;
			let rules = this.#ruleCaches.get(root);
			if (!rules) this.#ruleCaches.set(root, (rules = new NavigationRuleCache()));
			pending = buildSiteModel(
				root,
				joinUri(root, docsConfigFileName),
				this.loadConfigFile,
				pages,
				token,
				this.loadSpec,
				findMissedPages(workspace, this.options.logger ?? nullLogger, pages),
				this.#fileExists(root),
				rules,
				cached?.rootUri === root ? cached.config : undefined,
				this.loadGraphql,
			).then(model => {
				// A build of an earlier epoch that ends after a later one does not replace its model.
				const kept = this.#models.get(root);
				if (kept && (this.#validatedAt.get(kept) ?? -1) > epoch) return model;
				this.#models.set(root, model);
				this.#validatedAt.set(model, epoch);
				// A lone docs.json is composed from the last composition on the next edit: the parse kept of
				// it (crewAI: a 65,000-node tree, and after an edit the older text too) would be held for nothing.
				const configUri = joinUri(root, docsConfigFileName);
				if (model.config.files.has(configUri) && !model.config.trees.has(configUri)) {
					this.#configParses.delete(configUri);
					this.#lastConfigParses.delete(configUri);
				}
				// A document that arrived during the build is not in it: the model answers the requests
				// that waited for it, but is not current, and the site is checked again.
				if (this.#arrivedWhileBuilding.delete(root)) {
					this.#models.delete(root);
					for (const listener of this.#specListeners) listener(root);
				}
				return model;
			});
			const shared = pending;
			this.#building.set(root, { model: shared, epoch });
			// A build that failed or was cancelled read nothing that stays: the next one reads what arrived.
			void shared.catch(() => this.#arrivedWhileBuilding.delete(root)).finally(() => this.#building.get(root)?.model === shared && this.#building.delete(root));
		}
		try {
			return await pending;
		} catch (e) {
			// The build was started (and cancelled) by another request: build again for this one.
			if (isCancelledError(e) && !token.isCancellationRequested) return this.site(root, token);
			throw e;
		}
	}

	/**
	 * Rehearses the next `docs.json` edits of a site whose model is current (see editRehearsal.ts):
	 * models are built from edited copies of the text and thrown away; this state's model, texts and
	 * change counter are not touched. Resolves with the number of models built (0: none needed).
	 */
	async rehearseConfigEdits(root: string, token: CancellationToken): Promise<number> {
		const model = this.#models.get(root);
		const rules = this.#ruleCaches.get(root);
		if (!model || !rules || this.#building.has(root) || !(await this.#isCurrent(model, await this.pageIndex(root, token)))) return 0;
		return rehearseConfigEdits(
			{
				model,
				configUri: joinUri(root, docsConfigFileName),
				rules,
				loadSpec: this.loadSpec,
				fileExists: this.#fileExists(root),
				loadConfigFile: this.loadConfigFile,
			},
			token,
		);
	}

	/** Reads a GraphQL schema file (again only after its own change, where changes are reported) and parses it once per text. */
	readonly loadGraphql: GraphqlLoader = async uri => {
		const document = await this.#kept.readDocument(uri);
		return document && { document, parse: this.#graphqlParses.get(document, d => parseGraphqlSchema(d.getText())) };
	};

	/** Whether a path relative to the root is a file (what a model's rules ask of images and favicons). */
	#fileExists(root: string): FileExists {
		return path => this.#kept.isFile(joinUri(root, ...path.split('/')));
	}

	/** A model is current while its page set and the text of every configuration file it read are unchanged. */
	async #isCurrent(model: SiteModel, pages: PageIndex): Promise<boolean> {
		// A model built on an index since dropped (the roots were found again) is never current.
		if (model.pages !== pages || model.pageVersion !== pages.version) return false;
		const epoch = this.tracker.epoch;
		const since = this.#validatedAt.get(model);
		const files = [...model.config.files.keys(), ...model.specFiles.keys(), ...model.graphql.files.keys()];
		const sources = files.flatMap(uri => this.legacy.sourceOf(uri) ?? []);
		if (this.options.changesReported && since !== undefined && this.tracker.unchangedSince(since, [...files, ...sources])) return true;
		for (const [uri, document] of [...model.config.files, ...model.specFiles, ...model.graphql.files]) {
			if (/^https?:/i.test(uri)) continue; // hosted specs are refreshed by their fetch, not by the workspace
			const now = (await this.options.workspace.readDocument(uri)) ?? (await this.loadConfigFile(uri))?.document;
			if (!now || now.getText() !== document.getText()) return false;
		}
		// A $ref target that did not exist may have been created since.
		for (const ref of model.config.refs) if (ref.target && !model.config.files.has(ref.target) && (await this.options.workspace.stat(ref.target))) return false;
		for (const uri of model.graphql.missing) if (await this.options.workspace.stat(uri)) return false;
		this.#validatedAt.set(model, epoch);
		return true;
	}

	/** Roots whose configuration includes `uri` (their docs.json or mint.json, a file pulled in with `$ref`, an OpenAPI document). */
	sitesUsingConfigFile(uri: string): string[] {
		return this.#roots.filter(root => {
			const model = this.#models.get(root);
			return (
				joinUri(root, docsConfigFileName) === uri ||
				joinUri(root, legacyConfigFileName) === uri ||
				model?.config.files.has(uri) ||
				model?.specFiles.has(uri) ||
				model?.graphql.files.has(uri) ||
				model?.graphql.missing.has(uri) ||
				model?.config.refs.some(r => r.target === uri)
			);
		});
	}

	onDidLoadSpec(listener: (root: string) => void): void {
		this.#specListeners.push(listener);
	}

	/** An open document's text changed. */
	noteDocumentChange(uri: string): void {
		this.tracker.note(uri, 'changed', this.sitesUsingConfigFile(uri).length > 0);
		this.team.noteChange(uri);
	}

	/** File-system events; resolves with the roots whose diagnostics may have changed. */
	async noteFileChanges(changes: readonly FileChange[]): Promise<string[]> {
		// What the roots search listed may be out of date now: scans from here on list folders anew.
		this.#listings = undefined;
		const affected = new Set<string>();
		for (const change of changes) {
			this.tracker.note(change.uri, change.type);
			// A mintdoc.json changes how every site's findings are shown.
			if (this.team.noteChange(change.uri)) for (const root of this.#roots) affected.add(root);
			const root = this.rootOf(change.uri);
			if (root && basenameUri(change.uri) === '.mintignore') {
				// What is ignored changed: rescan the site's pages lazily.
				this.#pageIndexes.delete(root);
				affected.add(root);
				continue;
			}
			// Every site under which the file lies (a nested site's pages are the outer site's too);
			// an index not built yet will see the file when it scans.
			for (const site of change.type === 'changed' ? [] : this.#roots.filter(r => isUnder(change.uri, r))) {
				const index = await this.#pageIndexes.get(site)?.catch(() => undefined);
				if (!index) continue;
				// A folder moved or copied in may come as one event: its pages are found by scanning again (lazily).
				if (change.type === 'created' && !/\.(mdx?|json|ya?ml)$/i.test(change.uri) && (await this.options.workspace.stat(change.uri))?.kind === 'directory') {
					this.#pageIndexes.delete(site);
					affected.add(site);
				} else if (change.type === 'created' ? index.add(change.uri) : index.remove(change.uri)) affected.add(site);
			}
			for (const site of this.sitesUsingConfigFile(change.uri)) affected.add(site);
		}
		return [...affected];
	}
}
