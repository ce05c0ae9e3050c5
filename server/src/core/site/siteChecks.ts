import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { throwIfCancelled, type CancellationToken } from '../cancellation';
import { getValue } from '../docsConfig/configTree';
import { relaxWhereLenient } from '../docsConfig/platformStrictness';
import { SchemaValidator } from '../docsConfig/schemaValidation';
import { navEntryOf } from '../features/navEntries';
import { checkFrontmatterIcon, checkPageIcons, iconLibraryOf } from '../icons/iconRules';
import type { FileDiagnostics, LanguageServiceOptions } from '../languageServiceTypes';
import { MintSchemaValidator } from '../legacy/mintSchema';
import { nullLogger } from '../logger';
import { createLinkContext } from '../mdx/linkContext';
import { checkPageLinks, type LinkContext } from '../mdx/linkRules';
import { summarizePage, type PageSummary } from '../mdx/pageSummary';
import { checkFrontmatterOpenApi } from '../openapi/frontmatterOpenApi';
import { docsConfigFileName, joinUri } from '../uris';
import type { SiteModel } from './siteModel';
import type { SiteState } from './siteState';

/** The checks of sites and pages, reading the site state (see siteState.ts); they change nothing but what the state caches. */
export class SiteChecks {
	readonly #schema: SchemaValidator | undefined;
	readonly #mintSchema: MintSchemaValidator | undefined;

	constructor(
		private readonly state: SiteState,
		private readonly options: LanguageServiceOptions,
	) {
		this.#schema = options.schemaValidation ? new SchemaValidator() : undefined;
		this.#mintSchema = options.schemaValidation ? new MintSchemaValidator() : undefined;
	}

	linkContext(site: SiteModel, summaries?: Map<string, Promise<PageSummary | undefined>>): LinkContext {
		return createLinkContext(site, this.options.workspace, uri => this.state.summaryOf(uri), summaries);
	}

	/** Diagnostics of one page (empty for files that are not pages of a site). */
	async checkPage(uri: string, token: CancellationToken, context?: LinkContext, known?: TextDocument): Promise<Diagnostic[]> {
		const { state } = this;
		const root = state.rootOf(uri);
		if (!root) return [];
		const site = context?.site ?? (await state.site(root, token));
		if (site.pages.pagePathOfFile(uri) === undefined) return [];
		const document = known ?? (await state.readPage(uri));
		if (!document) return [];
		const summary = state.summaries.get(document, summarizePage);
		const { dependencies } = state;
		dependencies.noteSummary(uri, summary);
		// Only pages judged against the navigation are checked again after a docs.json edit: their text
		// stays at hand; other pages are read again when needed.
		if (this.options.changesReported && !dependencies.hasFrontmatterApi(uri)) state.forgetPageText(uri);
		throwIfCancelled(token);
		const openapi = summary.frontmatter ? checkFrontmatterOpenApi(document, summary.frontmatter, site.specs, operation => navEntryOf(site, operation)) : [];
		const base = context ?? this.linkContext(site);
		// Links that consult another page's anchors: that page's heading edits re-check this one.
		const tracked: LinkContext = { ...base, summaryOf: target => (dependencies.noteAnchorLink(uri, target), base.summaryOf(target)) };
		const links =
			dependencies.reusableLinks(site, uri, summary) ?? dependencies.keepLinks(site, uri, summary, await checkPageLinks(uri, summary, tracked, token));
		const [library, configured] = [iconLibraryOf(site.config.root), getValue(getValue(site.config.root, 'icons'), 'library') !== undefined];
		const icons = [...checkPageIcons(summary, library, configured), ...checkFrontmatterIcon(document, summary.frontmatter, library, configured)];
		return [...pageOwnDiagnostics(summary, site.pages.pagePathOfFile(uri)!), ...openapi, ...links, ...icons];
	}

	/**
	 * Reads the pages and summarizes those whose text no page has a summary for yet, with the
	 * summarizer (worker threads), in parallel: each distinct text once (a versioned site repeats most).
	 */
	async summarizeAll(uris: readonly string[], token: CancellationToken): Promise<Map<string, TextDocument>> {
		const { state } = this;
		const documents = new Map<string, TextDocument>();
		const missing = new Map<string, TextDocument[]>();
		const readers = 32;
		let next = 0;
		await Promise.all(
			Array.from({ length: readers }, async () => {
				while (next < uris.length) {
					throwIfCancelled(token);
					const uri = uris[next++];
					const document = await state.readPage(uri);
					if (!document) continue;
					documents.set(uri, document);
					if (state.summaries.peek(document)) continue;
					const key = state.summaries.keyOf(document);
					const same = missing.get(key);
					if (same) same.push(document);
					else missing.set(key, [document]);
				}
			}),
		);
		if (missing.size && this.options.summarizePages) {
			// In slices, each kept as it arrives: a run cancelled midway leaves what it parsed for the next one.
			const groups = [...missing.values()];
			const slice = 256;
			const slices: Promise<void>[] = [];
			for (let i = 0; i < groups.length; i += slice) {
				const part = groups.slice(i, i + slice);
				slices.push(
					this.options
						.summarizePages(
							part.map(same => same[0]),
							token,
						)
						.then(summaries => part.forEach((same, j) => state.summaries.set(same[0], summaries[j]))),
				);
			}
			await Promise.all(slices);
		}
		return documents;
	}

	/** Every page of a site, or (onlyAffected) those an edit of the configuration may have changed; see LanguageService.checkPages. */
	async checkPages(root: string, token: CancellationToken, report: (result: FileDiagnostics) => void, onlyAffected: boolean): Promise<void> {
		const { state } = this;
		// Parsing pages is most of the work: start it (in parallel, off this thread) while the model is built.
		const pages = await state.pageIndex(root, token);
		const all = pages.files();
		const early = onlyAffected ? undefined : this.summarizeAll(all, token);
		early?.catch(() => undefined);
		const site = await state.site(root, token);
		const { dependencies } = state;
		// Pages judged against the navigation change with any edit of it; the others only when links may resolve differently.
		const uris = early
			? all
			: [
					...new Set([
						...dependencies.stalePages(site, all),
						...dependencies.frontmatterApiPages(root).filter(uri => site.pages.pagePathOfFile(uri) !== undefined),
					]),
				];
		const documents = await (early ?? this.summarizeAll(uris, token));
		const summaries = new Map<string, Promise<PageSummary | undefined>>();
		for (const [uri, document] of documents) {
			const summary = state.summaries.peek(document);
			if (summary) summaries.set(uri, Promise.resolve(summary));
		}
		const context = this.linkContext(site, summaries);
		let yieldedAt = Date.now();
		for (const uri of uris) {
			throwIfCancelled(token);
			const document = documents.get(uri);
			if (!document) continue;
			report({ uri, diagnostics: await this.checkPage(uri, token, context, document) });
			dependencies.markChecked(site, uri);
			// Let pending requests (completion, hover, an edit) run every few milliseconds: a count of
			// pages held them up to 50 ms behind pages with many links.
			if (Date.now() - yieldedAt >= 8) {
				await new Promise(resolve => setTimeout(resolve, 0));
				yieldedAt = Date.now();
			}
		}
	}

	/** Diagnostics of every configuration file of a site; a legacy root's are moved to its mint.json. */
	async checkSite(root: string, token: CancellationToken): Promise<FileDiagnostics[]> {
		const { state } = this;
		const configUri = joinUri(root, docsConfigFileName);
		const kind = await state.kindOf(root);
		if (kind === 'legacy') {
			const model = await state.site(root, token);
			return state.legacy.check(
				root,
				[...model.diagnostics].map(([uri, diagnostics]) => ({ uri, diagnostics })),
				this.#mintSchema && (document => this.#mintSchema!.validate(document)),
			);
		}
		if (kind === 'missing') {
			(this.options.logger ?? nullLogger).warn(`cannot read ${configUri}`);
			const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
			return [
				{ uri: configUri, diagnostics: [{ range, message: `${docsConfigFileName} cannot be read.`, severity: 1, code: 'file-unreadable', source: 'mintdoc' }] },
			];
		}
		const model = await state.site(root, token);
		const results = [...model.diagnostics].map(([uri, diagnostics]) => ({ uri, diagnostics }));
		const config = model.config.files.get(configUri);
		// Schema findings only once the file parses: on broken JSON they would repeat the syntax errors.
		const own = results.find(r => r.uri === configUri);
		if (this.#schema && config && own && !own.diagnostics.some(d => String(d.code).startsWith('json-') || String(d.code).startsWith('file-'))) {
			const found = await this.#schema.validate(config);
			relaxWhereLenient(found, configUri, d => config.offsetAt(d.range.start), model.strictness);
			own.diagnostics = [...own.diagnostics, ...found];
		}
		const ignored = await state.legacy.ignoredFinding(root);
		return ignored ? [...results, ignored] : results;
	}
}

/** A page's own findings; `mint a11y` skips snippets, so their accessibility findings are left out. */
function pageOwnDiagnostics(summary: PageSummary, pagePath: string): readonly Diagnostic[] {
	return /^_?snippets\//.test(pagePath) ? summary.diagnostics.filter(d => !String(d.code).startsWith('a11y-')) : summary.diagnostics;
}
