import { checkVariations, declaredVariations } from '../mdx/rules/variationRules';
import type { Diagnostic } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { pageHead, textFacts } from '../cache';
import { throwIfCancelled, type CancellationToken } from '../cancellation';
import { releaseComparedTexts } from '../docsConfig/incrementalJson';
import { relaxWhereLenient } from '../docsConfig/platformStrictness';
import { folderWalkFinding } from './pageIndex';
import { SchemaValidator } from '../docsConfig/schemaValidation';
import { navEntryOf } from '../features/navEntries';
import { checkFrontmatterIcon, checkPageIcons, pageIconContext } from '../icons/iconRules';
import type { FileDiagnostics, LanguageServiceOptions } from '../languageServiceTypes';
import { MintSchemaValidator } from '../legacy/mintSchema';
import { nullLogger } from '../logger';
import { createLinkContext } from '../mdx/rules/linkContext';
import { checkPageLinks, type LinkContext } from '../mdx/rules/linkRules';
import { summarizePage, type PageSummary } from '../mdx/pageSummary';
import { checkSnippetProps } from '../mdx/rules/snippetPropRules';
import { checkFrontmatterOpenApi } from '../openapi/frontmatterOpenApi';
import { docsConfigFileName, joinUri } from '../uris';
import type { SiteModel } from './siteModel';
import type { SiteState } from './siteState';
import { yieldTurn } from '../yieldTurn';

/**
 * A page as a check of every page holds it: the content key of its summary and, for the frontmatter
 * rules, its text up to the end of its frontmatter (a whole site's text, 200 MB on crewAI, is not held at once).
 */
interface ReadPage {
	readonly head: TextDocument;
	readonly key: string;
}

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

	/** Diagnostics of one page as the team sees them (empty for files that are not pages of a site). */
	async checkPage(uri: string, token: CancellationToken): Promise<readonly Diagnostic[]> {
		return (await this.#shownPage(uri, token)).diagnostics;
	}

	/** A page's findings, kept as its check found them and answered as the team sees them (with what is held beside). */
	async #shownPage(uri: string, token: CancellationToken, context?: LinkContext, known?: ReadPage): Promise<FileDiagnostics> {
		const at = this.state.tracker.epoch;
		const raw = await this.#checkPage(uri, token, context, known);
		if (!raw) return { uri, diagnostics: [] };
		throwIfCancelled(token);
		return this.state.shown.checked(uri, raw, at);
	}

	/** A page's findings as the rules made them; undefined for a file that is no page of a site. */
	async #checkPage(uri: string, token: CancellationToken, context?: LinkContext, known?: ReadPage): Promise<Diagnostic[] | undefined> {
		const { state } = this;
		const root = state.rootOf(uri);
		if (!root) return undefined;
		const site = context?.site ?? (await state.site(root, token));
		if (site.pages.pagePathOfFile(uri) === undefined) return undefined;
		let document = known?.head;
		let summary = known && state.summaries.peekKey(uri, known.key);
		if (!document || !summary) {
			document = await state.readPage(uri);
			if (!document) return [];
			summary = state.summaries.get(document, summarizePage);
		}
		const { dependencies } = state;
		dependencies.noteSummary(uri, summary);
		state.shown.noteDirectives(uri, summary.directives);
		// Only pages judged against the navigation are checked again after a docs.json edit: their text
		// stays at hand; other pages are read again when needed.
		if (this.options.changesReported && !dependencies.hasFrontmatterApi(uri)) state.forgetPageText(uri);
		throwIfCancelled(token);
		const head = document;
		const openapi = summary.frontmatter
			? dependencies.frontmatterFindings(site, uri, summary, () =>
					checkFrontmatterOpenApi(head, summary.frontmatter, site.specs, operation => navEntryOf(site, operation)),
				)
			: [];
		const base = context ?? this.linkContext(site);
		// Links that consult another page's anchors: that page's heading edits re-check this one.
		const tracked: LinkContext = { ...base, summaryOf: target => (dependencies.noteAnchorLink(uri, target), base.summaryOf(target)) };
		const links =
			dependencies.reusableLinks(site, uri, summary) ?? dependencies.keepLinks(site, uri, summary, await checkPageLinks(uri, summary, tracked, token));
		const { library, configured } = pageIconContext(site.config.root);
		const icons = [...checkPageIcons(summary, library, configured), ...checkFrontmatterIcon(document, summary.frontmatter, library, configured)];
		const variations = checkVariations(summary.elements, declaredVariations(site.config.root));
		const snippetProps = await checkSnippetProps(uri, summary, site.rootUri, base.snippetExports, token);
		return [...pageOwnDiagnostics(summary, site.pages.pagePathOfFile(uri)!), ...openapi, ...links, ...icons, ...variations, ...snippetProps];
	}

	/**
	 * Reads the pages and summarizes those whose text no page has a summary for yet, with the
	 * summarizer (worker threads), in parallel: each distinct text once (a versioned site repeats most).
	 * Texts go to the summarizer in slices as they are read, so the workers parse while this thread
	 * still reads (they waited for the whole site before: 5-12 s of crewAI's cold check).
	 */
	async summarizeAll(uris: readonly string[], token: CancellationToken): Promise<Map<string, ReadPage>> {
		const { state } = this;
		const { summarizePages } = this.options;
		const pages = new Map<string, ReadPage>();
		const headTexts = new Map<string, string>();
		// The content keys already sent to the summarizer: each distinct text once.
		const sent = new Set<string>();
		// Without a summarizer, pages are summarized one by one as they are checked: their whole text is kept.
		const whole = !summarizePages;
		// Small slices first (the workers start at once), then larger ones (fewer round trips).
		let slice = 64;
		const run = { pages: uris.length };
		let waiting: TextDocument[] = [];
		const slices: Promise<void>[] = [];
		const send = () => {
			if (!summarizePages || !waiting.length) return;
			const part = waiting;
			waiting = [];
			slice = Math.min(256, slice * 2);
			// Each kept as it arrives: a run cancelled midway leaves what it parsed for the next one.
			const done = summarizePages(part, token, run).then(summaries => part.forEach((document, j) => state.summaries.set(document, summaries[j])));
			done.catch(() => undefined); // awaited below; a cancelled read must not leave it unhandled
			slices.push(done);
		};
		const readers = this.options.workspace.readsAtOnce ?? 32;
		let next = 0;
		let yieldedAt = Date.now();
		await Promise.all(
			Array.from({ length: readers }, async () => {
				while (next < uris.length) {
					throwIfCancelled(token);
					const uri = uris[next++];
					// Only the texts of pages judged against the navigation are kept (a docs.json edit re-checks them).
					const document = await state.readPage(uri, state.dependencies.hasFrontmatterApi(uri));
					if (!document) continue;
					const key = state.summaries.keyOf(document);
					const head = whole ? document : headOf(document, headTexts.get(key));
					// Pages of the same text share their head's text (crewAI: 24,803 heads, 1,723 texts).
					if (head !== document) headTexts.set(key, head.getText());
					pages.set(uri, { head, key });
					if (!state.summaries.peekKey(uri, key) && !sent.has(key)) {
						sent.add(key);
						waiting.push(document);
						if (waiting.length >= slice) send();
					}
					// A workspace that reads without waiting (the CLI's) would never let the workers' replies in.
					if (summarizePages && Date.now() - yieldedAt >= 8) {
						yieldedAt = Date.now();
						await yieldTurn(this.options.workspace);
					}
				}
			}),
		);
		send();
		await Promise.all(slices);
		return pages;
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
		const read = await (early ?? this.summarizeAll(uris, token));
		const summaries = new Map<string, Promise<PageSummary | undefined>>();
		for (const [uri, page] of read) {
			const summary = state.summaries.peekKey(uri, page.key);
			if (summary) summaries.set(uri, Promise.resolve(summary));
		}
		const context = this.linkContext(site, summaries);
		let yieldedAt = Date.now();
		// A workspace behind a message channel (the browser's) answers the questions pages ask of it (a
		// broken link's target looked for) together per turn: there a few pages are checked at once,
		// reported in order. On a disk one after the other.
		const atOnce = this.options.workspace.readsAtOnce === undefined ? 1 : 32;
		const checked = uris.filter(uri => read.has(uri));
		for (let start = 0; start < checked.length; start += atOnce) {
			throwIfCancelled(token);
			const group = checked.slice(start, start + atOnce);
			const results = await Promise.all(group.map(uri => this.#shownPage(uri, token, context, read.get(uri))));
			group.forEach((uri, i) => {
				report(results[i]);
				dependencies.markChecked(site, uri);
			});
			// Let pending requests (completion, hover, an edit) run every few milliseconds: a count of
			// pages held them up to 50 ms behind pages with many links.
			if (Date.now() - yieldedAt >= 8) {
				await yieldTurn(this.options.workspace);
				yieldedAt = Date.now();
			}
		}
	}

	/** Diagnostics of every configuration file of a site and of its mintdoc.json, as the team sees them. */
	async checkSite(root: string, token: CancellationToken): Promise<FileDiagnostics[]> {
		const { state } = this;
		const at = state.tracker.epoch;
		const [raw] = await Promise.all([this.#checkSite(root, token), state.team.loadedOf(root)]);
		throwIfCancelled(token);
		const shown = await Promise.all(raw.map(({ uri, diagnostics }) => state.shown.checked(uri, diagnostics, at)));
		// The findings' positions are known: the texts this check compared are no longer needed for it.
		releaseComparedTexts();
		const teamFile = state.team.configFileFindings(root);
		return teamFile ? [...shown.filter(r => r.uri !== teamFile.uri), teamFile] : shown;
	}

	/** Diagnostics of every configuration file of a site as the rules made them; a legacy root's are moved to its mint.json. */
	async #checkSite(root: string, token: CancellationToken): Promise<FileDiagnostics[]> {
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
			const schema = this.#schema;
			const found = await (this.options.schemaMemo ? this.options.schemaMemo(config.getText(), () => schema.validate(config)) : schema.validate(config));
			relaxWhereLenient(found, configUri, d => config.offsetAt(d.range.start), model.strictness);
			own.diagnostics = [...own.diagnostics, ...found];
		}
		const pageIndex = await state.pageIndex(root, token);
		const walkLimit = folderWalkFinding(pageIndex.limitReached);
		if (walkLimit && own) own.diagnostics = [...own.diagnostics, walkLimit];
		if (pageIndex.ignoreFileFinding) results.push({ uri: joinUri(root, '.mintignore'), diagnostics: [pageIndex.ignoreFileFinding] });
		// Known with the root's kind: a docs.json keystroke does not read the disk for a mint.json that is not there.
		const ignored = (await state.hasLegacyConfigBeside(root)) ? await state.legacy.ignoredFinding(root) : undefined;
		return ignored ? [...results, ignored] : results;
	}
}

/**
 * A page's text up to its frontmatter's closing fence (see pageHead): given by whoever read the page
 * when known (the CLI's unchanged pages are not read at all), or `known` (another page's of the same text),
 * else cut from its text.
 */
function headOf(document: TextDocument, known?: string): TextDocument {
	const head = known ?? textFacts(document)?.head ?? pageHead(document.getText());
	if (head === undefined) return document;
	return TextDocument.create(document.uri, document.languageId, document.version, head);
}

/**
 * A page's own findings. Snippets are no pages: `mint a11y` skips them, so their accessibility
 * findings are left out, and whether a Tab or Step of theirs is in its Tabs or Steps depends on
 * where a page puts the snippet (the build judges the page with the snippet in it).
 */
function pageOwnDiagnostics(summary: PageSummary, pagePath: string): readonly Diagnostic[] {
	return /^_?snippets\//.test(pagePath)
		? summary.diagnostics.filter(d => !String(d.code).startsWith('a11y-') && !placedBySnippetUser.has(String(d.code)))
		: summary.diagnostics;
}

const placedBySnippetUser = new Set(['tab-outside-tabs', 'step-outside-steps']);
