import { checkFrontmatterIcon, checkPageIcons, iconLibraryOf } from './icons/iconRules';
import { getValue } from './docsConfig/configTree';
import type { Diagnostic } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCache } from './cache';
import { isCancelledError, throwIfCancelled, type CancellationToken } from './cancellation';
import type { LoadedConfigFile } from './docsConfig/compose';
import { parseJsonConfig, type ParsedJson, type PreviousConfigParse } from './docsConfig/parseJson';
import { SchemaValidator } from './docsConfig/schemaValidation';
import { relaxWhereLenient } from './docsConfig/platformStrictness';
import { findDocsRoots } from './docsRoots';
import { createEditorFeatures } from './editorFeatures';
import type { FileChange, FileDiagnostics, LanguageService, LanguageServiceOptions } from './languageServiceTypes';
import { PageInfo } from './features/pageInfo';
import { nullLogger } from './logger';
import { createLinkContext } from './mdx/linkContext';
import { checkPageLinks, type LinkContext } from './mdx/linkRules';
import { summarizePage, type PageSummary } from './mdx/pageSummary';
import { checkFrontmatterOpenApi } from './openapi/frontmatterOpenApi';
import type { OpenApiOperation } from './openapi/openApiSpec';
import { createSpecLoader } from './openapi/specLoader';
import { navEntryOf } from './features/navEntries';
import { ChangeTracker } from './site/changeTracker';
import { PageDependencies } from './site/pageDependencies';
import { folderWalkFinding, PageIndex } from './site/pageIndex';
import { findMissedPages } from './site/missedPages';
import { buildSiteModel, type SiteModel } from './site/siteModel';
import { basenameUri, dirnameUri, docsConfigFileName, isDocsConfigUri, isUnder, joinUri } from './uris';
import { LegacySites } from './legacy/legacySites';
import { legacyConfigFileName } from './legacy/mintConfig';
import { MintSchemaValidator } from './legacy/mintSchema';

export type { FileChange, FileDiagnostics, LanguageService, LanguageServiceOptions, PageSummarizer, SpecReader } from './languageServiceTypes';

export function createLanguageService(options: LanguageServiceOptions): LanguageService {
	const { workspace } = options;
	const logger = options.logger ?? nullLogger;
	const configParses = new DocumentCache<ParsedJson>(256);
	let roots: string[] = [];
	const pageIndexes = new Map<string, Promise<PageIndex>>();
	const models = new Map<string, SiteModel>();
	const pageInfo = new PageInfo(workspace);
	// Summaries are small (links, anchors, problems): keep one per page of even a very large site.
	const pageSummaries = new DocumentCache<PageSummary>(60_000, { keepText: false });
	const tracker = new ChangeTracker();
	const dependencies = new PageDependencies();
	// Pages read since their last reported change (with changesReported): a docs.json edit re-checks
	// some pages without reading them from disk again.
	const pageDocuments = new Map<string, { document: TextDocument; readAt: number }>();
	const readPage = async (uri: string): Promise<TextDocument | undefined> => {
		if (!options.changesReported) return workspace.readDocument(uri);
		const known = pageDocuments.get(uri);
		if (known && tracker.unchangedSince(known.readAt, [uri])) return known.document;
		const readAt = tracker.epoch;
		const document = await workspace.readDocument(uri);
		if (document) pageDocuments.set(uri, { document, readAt });
		else pageDocuments.delete(uri);
		return document;
	};
	const summaryOf = async (uri: string) => {
		const document = await readPage(uri);
		return document && pageSummaries.get(document, summarizePage);
	};
	const linkContext = (site: SiteModel, summaries?: Map<string, Promise<PageSummary | undefined>>): LinkContext =>
		createLinkContext(site, workspace, summaryOf, summaries);

	async function checkPage(uri: string, token: CancellationToken, context?: LinkContext, known?: TextDocument): Promise<Diagnostic[]> {
		const root = rootOf(uri);
		if (!root) return [];
		const site = context?.site ?? (await getSite(root, token));
		if (site.pages.pagePathOfFile(uri) === undefined) return [];
		const document = known ?? (await readPage(uri));
		if (!document) return [];
		const summary = pageSummaries.get(document, summarizePage);
		dependencies.noteSummary(uri, summary);
		// Only pages judged against the navigation are checked again after a docs.json edit: their text
		// stays at hand; other pages are read again when needed (25,000 pages are 70 MB of text).
		if (options.changesReported && !dependencies.hasFrontmatterApi(uri)) pageDocuments.delete(uri);
		throwIfCancelled(token);
		const openapi = summary.frontmatter ? checkFrontmatterOpenApi(document, summary.frontmatter, site.specs, operation => navEntryOf(site, operation)) : [];
		const base = context ?? linkContext(site);
		// Links that consult another page's anchors: that page's heading edits re-check this one.
		const tracked: LinkContext = { ...base, summaryOf: target => (dependencies.noteAnchorLink(uri, target), base.summaryOf(target)) };
		const links =
			dependencies.reusableLinks(site, uri, summary) ?? dependencies.keepLinks(site, uri, summary, await checkPageLinks(uri, summary, tracked, token));
		const [library, configured] = [iconLibraryOf(site.config.root), getValue(getValue(site.config.root, 'icons'), 'library') !== undefined];
		const icons = [...checkPageIcons(summary, library, configured), ...checkFrontmatterIcon(document, summary.frontmatter, library, configured)];
		return [...pageOwnDiagnostics(summary, site.pages.pagePathOfFile(uri)!), ...openapi, ...links, ...icons];
	}

	/** Reads the pages and summarizes those not cached yet with the summarizer (worker threads), in parallel. */
	async function summarizeAll(uris: readonly string[], token: CancellationToken): Promise<Map<string, TextDocument>> {
		const documents = new Map<string, TextDocument>();
		const missing: TextDocument[] = [];
		const readers = 32;
		let next = 0;
		await Promise.all(
			Array.from({ length: readers }, async () => {
				while (next < uris.length) {
					throwIfCancelled(token);
					const uri = uris[next++];
					const document = await readPage(uri);
					if (!document) continue;
					documents.set(uri, document);
					if (!pageSummaries.peek(document)) missing.push(document);
				}
			}),
		);
		if (missing.length && options.summarizePages) {
			// In slices, each kept as it arrives: a run cancelled midway leaves what it parsed for the next one.
			const slice = 256;
			const slices: Promise<void>[] = [];
			for (let i = 0; i < missing.length; i += slice) {
				const part = missing.slice(i, i + slice);
				slices.push(options.summarizePages(part, token).then(summaries => part.forEach((document, j) => pageSummaries.set(document, summaries[j]))));
			}
			await Promise.all(slices);
		}
		return documents;
	}
	const schema = options.schemaValidation ? new SchemaValidator() : undefined;
	const mintSchema = options.schemaValidation ? new MintSchemaValidator() : undefined;
	const legacy = new LegacySites(workspace);

	// The last parse of each configuration file: after an edit only the value it touched is parsed
	// again. A handful of files per site; bounded all the same, oldest dropped.
	const lastConfigParses = new Map<string, PreviousConfigParse>();
	const parseConfig = (document: TextDocument): ParsedJson => {
		const parsed = parseJsonConfig(document, basenameUri(document.uri), isDocsConfigUri(document.uri), lastConfigParses.get(document.uri));
		lastConfigParses.delete(document.uri);
		lastConfigParses.set(document.uri, { text: document.getText(), parsed });
		if (lastConfigParses.size > 32) lastConfigParses.delete(lastConfigParses.keys().next().value!);
		return parsed;
	};
	const loadConfigFile = async (uri: string): Promise<LoadedConfigFile | undefined> => {
		const current = await workspace.readDocument(uri);
		// A site with mint.json alone is read through the docs.json its upgrade writes.
		if (!current) return legacy.load(uri, document => configParses.get(document, parseConfig));
		// Open buffers are updated in place; a model keeps the text it was built from.
		const document = TextDocument.create(current.uri, current.languageId, current.version, current.getText());
		return { document, parsed: configParses.get(document, parseConfig) };
	};

	const specListeners: ((root: string) => void)[] = [];
	const loadSpec = createSpecLoader({
		workspace,
		tracker,
		options,
		// A spec a site uses arrived or changed: that site's model is rebuilt, and listeners hear of it.
		invalidate: uri => {
			for (const root of roots)
				if (models.get(root)?.specFiles.has(uri) || models.get(root)?.remoteSpecs.has(uri)) {
					models.delete(root);
					for (const listener of specListeners) listener(root);
				}
		},
	});

	const rootOf = (uri: string) =>
		roots.filter(root => isUnder(uri, root)).reduce<string | undefined>((best, root) => (!best || root.length > best.length ? root : best), undefined);

	const building = new Map<string, Promise<SiteModel>>();
	/** The change epoch at which a model was last known current. */
	const validatedAt = new WeakMap<SiteModel, number>();

	function pageIndexOf(rootUri: string, token: CancellationToken): Promise<PageIndex> {
		let index = pageIndexes.get(rootUri);
		if (!index) {
			index = PageIndex.scan(workspace, rootUri, token);
			pageIndexes.set(rootUri, index);
			// A cancelled or failed scan must not stay cached.
			index.catch(() => pageIndexes.delete(rootUri));
		}
		return index;
	}

	async function getSite(rootUri: string, token: CancellationToken): Promise<SiteModel> {
		const pages = await pageIndexOf(rootUri, token);
		throwIfCancelled(token);
		const cached = models.get(rootUri);
		if (cached && (await isCurrent(cached, pages))) return cached;
		throwIfCancelled(token);
		// Requests arriving while the model is rebuilt (completion right after a keystroke) share that build.
		let pending = building.get(rootUri);
		if (!pending) {
			const epoch = tracker.epoch;
			pending = buildSiteModel(
				rootUri,
				joinUri(rootUri, docsConfigFileName),
				loadConfigFile,
				pages,
				token,
				loadSpec,
				findMissedPages(workspace, logger, pages),
				async path => (await workspace.stat(joinUri(rootUri, ...path.split('/'))))?.kind === 'file',
			).then(model => {
				models.set(rootUri, model);
				validatedAt.set(model, epoch);
				return model;
			});
			const shared = pending;
			building.set(rootUri, shared);
			void shared.catch(() => undefined).finally(() => building.get(rootUri) === shared && building.delete(rootUri));
		}
		try {
			return await pending;
		} catch (e) {
			// The build was started (and cancelled) by another request: build again for this one.
			if (isCancelledError(e) && !token.isCancellationRequested) return getSite(rootUri, token);
			throw e;
		}
	}

	/** A model is current while its page set and the text of every configuration file it read are unchanged. */
	async function isCurrent(model: SiteModel, pages: PageIndex): Promise<boolean> {
		if (model.pageVersion !== pages.version) return false;
		const epoch = tracker.epoch;
		const since = validatedAt.get(model);
		const files = [...model.config.files.keys(), ...model.specFiles.keys()];
		const sources = files.flatMap(uri => legacy.sourceOf(uri) ?? []);
		if (options.changesReported && since !== undefined && tracker.unchangedSince(since, [...files, ...sources])) return true;
		for (const [uri, document] of [...model.config.files, ...model.specFiles]) {
			if (/^https?:/i.test(uri)) continue; // hosted specs are refreshed by their fetch, not by the workspace
			const now = (await workspace.readDocument(uri)) ?? (await loadConfigFile(uri))?.document;
			if (!now || now.getText() !== document.getText()) return false;
		}
		// A $ref target that did not exist may have been created since.
		for (const ref of model.config.refs) if (ref.target && !model.config.files.has(ref.target) && (await workspace.stat(ref.target))) return false;
		validatedAt.set(model, epoch);
		return true;
	}

	async function checkSite(rootUri: string, token: CancellationToken): Promise<FileDiagnostics[]> {
		const configUri = joinUri(rootUri, docsConfigFileName);
		if (!(await workspace.stat(configUri))) {
			if (await legacy.isLegacyRoot(rootUri)) {
				const model = await getSite(rootUri, token);
				return legacy.check(
					rootUri,
					[...model.diagnostics].map(([uri, diagnostics]) => ({ uri, diagnostics })),
					mintSchema && (document => mintSchema.validate(document)),
				);
			}
			logger.warn(`cannot read ${configUri}`);
			const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
			return [
				{ uri: configUri, diagnostics: [{ range, message: `${docsConfigFileName} cannot be read.`, severity: 1, code: 'file-unreadable', source: 'mintdoc' }] },
			];
		}
		const model = await getSite(rootUri, token);
		const results = [...model.diagnostics].map(([uri, diagnostics]) => ({ uri, diagnostics }));
		const config = model.config.files.get(configUri);
		// Schema findings only once the file parses: on broken JSON they would repeat the syntax errors.
		const own = results.find(r => r.uri === configUri);
		if (schema && config && own && !own.diagnostics.some(d => String(d.code).startsWith('json-') || String(d.code).startsWith('file-'))) {
			const found = await schema.validate(config);
			relaxWhereLenient(found, configUri, d => config.offsetAt(d.range.start), model.strictness);
			own.diagnostics = [...own.diagnostics, ...found];
		}
		const walkLimit = folderWalkFinding((await pageIndexOf(rootUri, token)).limitReached);
		if (walkLimit && own) own.diagnostics = [...own.diagnostics, walkLimit];
		const ignored = await legacy.ignoredFinding(rootUri);
		return ignored ? [...results, ignored] : results;
	}

	/** The site a configuration file belongs to (docs.json, or a file one of the sites pulls in). */
	async function siteOfConfig(uri: string, token: CancellationToken): Promise<SiteModel | undefined> {
		// mint.json is checked, not edited with docs.json's completion and hover.
		if (basenameUri(uri) === legacyConfigFileName) return undefined;
		const root = isDocsConfigUri(uri) && roots.includes(dirnameUri(uri)) ? dirnameUri(uri) : sitesUsingConfigFile(uri)[0];
		return root ? getSite(root, token) : undefined;
	}

	function sitesUsingConfigFile(uri: string): string[] {
		return roots.filter(
			root =>
				joinUri(root, docsConfigFileName) === uri ||
				joinUri(root, legacyConfigFileName) === uri ||
				models.get(root)?.config.files.has(uri) ||
				models.get(root)?.specFiles.has(uri) ||
				models.get(root)?.config.refs.some(r => r.target === uri),
		);
	}

	const features = createEditorFeatures({
		workspace,
		getRoots: () => roots,
		getModel: root => models.get(root),
		rootOf,
		getSite,
		siteOfConfig,
		pageIndexOf,
		pageSummaries,
		linkContext,
		pageInfo,
	});

	return {
		async findDocsRoots(token) {
			const found = await findDocsRoots(workspace, token, reached =>
				logger.warn(`docs roots were searched only so far (too many ${reached === 'depth' ? 'levels' : reached}): the workspace may hold more sites`),
			);
			if (found.join('\n') !== roots.join('\n')) {
				roots = found;
				// Nesting may have changed: rebuild indexes lazily.
				pageIndexes.clear();
				models.clear();
			}
			return found;
		},
		get roots() {
			return roots;
		},
		rootOf,
		getSite,
		checkSite,
		checkPage: (uri, token) => checkPage(uri, token),
		async checkPages(rootUri, token, report, runOptions) {
			// Parsing pages is most of the work: start it (in parallel, off this thread) while the model is built.
			const pages = await pageIndexOf(rootUri, token);
			const all = pages.files();
			const early = runOptions?.onlyAffected ? undefined : summarizeAll(all, token);
			early?.catch(() => undefined);
			const site = await getSite(rootUri, token);
			// Pages judged against the navigation change with any edit of it; the others only when links may resolve differently.
			const uris = early
				? all
				: [
						...new Set([
							...dependencies.stalePages(site, all),
							...dependencies.frontmatterApiPages(rootUri).filter(uri => site.pages.pagePathOfFile(uri) !== undefined),
						]),
					];
			const documents = await (early ?? summarizeAll(uris, token));
			const summaries = new Map<string, Promise<PageSummary | undefined>>();
			for (const [uri, document] of documents) {
				const summary = pageSummaries.peek(document);
				if (summary) summaries.set(uri, Promise.resolve(summary));
			}
			const context = linkContext(site, summaries);
			let yieldedAt = Date.now();
			for (const uri of uris) {
				throwIfCancelled(token);
				const document = documents.get(uri);
				if (!document) continue;
				report({ uri, diagnostics: await checkPage(uri, token, context, document) });
				dependencies.markChecked(site, uri);
				// Let pending requests (completion, hover, an edit) run every few milliseconds: a count of
				// pages held them up to 50 ms behind pages with many links.
				if (Date.now() - yieldedAt >= 8) {
					await new Promise(resolve => setTimeout(resolve, 0));
					yieldedAt = Date.now();
				}
			}
		},
		dependentPages: uri => dependencies.dependentsAfterCheck(uri, pageSummaries.latest(uri)),
		didChangeDocument(uri) {
			tracker.note(uri, 'changed');
			if (!sitesUsingConfigFile(uri).length) dependencies.noteFileChange();
		},
		isPage(uri) {
			const root = rootOf(uri);
			return !!root && /\.(mdx|md)$/i.test(uri) && !!models.get(root)?.pages.pagePathOfFile(uri);
		},
		async validate(document, token) {
			const root = isDocsConfigUri(document.uri) ? dirnameUri(document.uri) : rootOf(document.uri);
			if (!root) return [];
			if (!roots.includes(root)) roots = [...roots, root].sort();
			const results = await checkSite(root, token);
			return [...(results.find(r => r.uri === document.uri)?.diagnostics ?? [])];
		},
		sitesUsingConfigFile,
		onDidLoadSpec: listener => void specListeners.push(listener),
		async didChangeFiles(changes) {
			const affected = new Set<string>();
			for (const change of changes) {
				tracker.note(change.uri, change.type);
				dependencies.noteFileChange();
				const root = rootOf(change.uri);
				if (root && basenameUri(change.uri) === '.mintignore') {
					// What is ignored changed: rescan the site's pages lazily.
					pageIndexes.delete(root);
					affected.add(root);
					continue;
				}
				// Every site under which the file lies (a nested site's pages are the outer site's too);
				// an index not built yet will see the file when it scans.
				for (const site of change.type === 'changed' ? [] : roots.filter(r => isUnder(change.uri, r))) {
					const index = await pageIndexes.get(site)?.catch(() => undefined);
					if (index && (change.type === 'created' ? index.add(change.uri) : index.remove(change.uri))) affected.add(site);
				}
				for (const site of sitesUsingConfigFile(change.uri)) affected.add(site);
			}
			return [...affected];
		},
		...features,
		// A legacy site's tree points into mint.json, not into the docs.json it does not have.
		getSiteTrees: async token => (await features.getSiteTrees(token)).map(tree => legacy.mapTree(tree)),
	};
}

/** A page's own findings; `mint a11y` skips snippets, so their accessibility findings are left out. */
function pageOwnDiagnostics(summary: PageSummary, pagePath: string): readonly Diagnostic[] {
	return /^_?snippets\//.test(pagePath) ? summary.diagnostics.filter(d => !String(d.code).startsWith('a11y-')) : summary.diagnostics;
}
