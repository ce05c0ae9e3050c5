import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CancellationToken } from './cancellation';
import type { EditorFeatures } from './editorFeatures';
import type { PageFacts } from './llms/pageFacts';
import type { Logger } from './logger';
import type { PageSummary } from './mdx/pageSummary';
import type { OpenApiSpec } from './openapi/openApiSpec';
import type { SpecReader } from './openapi/specLoader';
import type { SiteModel } from './site/siteModel';
import type { DocsWorkspace } from './workspace';
import type { SilencedFinding, TeamConfigLoader, TeamSwitches } from './config/teamView';
import type { TeamConfig } from './config/teamConfig';
import type { BesideSource } from './site/shownFindings';

/*
 * The language service's contract: what it is given (LanguageServiceOptions) and what it answers
 * (LanguageService). Its implementation is createLanguageService in languageService.ts.
 */

/** The diagnostics of one file. */
export interface FileDiagnostics {
	readonly uri: string;
	readonly diagnostics: readonly Diagnostic[];
	/** What the team silenced in it (only with {@link TeamSwitches.keepSuppressed}). */
	readonly suppressed?: readonly SilencedFinding[];
}

/** A file event, as watchers report it. */
export interface FileChange {
	readonly uri: string;
	readonly type: 'created' | 'changed' | 'deleted';
}

export type SchemaMemo = (text: string, validate: () => Promise<Diagnostic[]>) => Promise<Diagnostic[]>;

export interface LanguageServiceOptions {
	readonly workspace: DocsWorkspace;
	readonly logger?: Logger;
	/**
	 * Also validate docs.json against the JSON schema (the CLI). Off in the editor, where VS Code
	 * validates through the `jsonValidation` contribution.
	 */
	readonly schemaValidation?: boolean;
	/**
	 * With schemaValidation: the schema's findings on a docs.json text, remembered by the text (the
	 * CLI keeps them between runs: on crewAI's 2.4 MB docs.json the validation is ~0.2 s). Given the
	 * text and how to validate it; answers findings the caller may change.
	 */
	readonly schemaMemo?: SchemaMemo;
	/** Reads OpenAPI documents; the server passes one that parses large ones off its main thread. Default: inline. */
	readonly specReader?: SpecReader;
	/** Wait for asynchronous spec reads instead of answering with the previous version meanwhile (the CLI). */
	readonly awaitSpecReads?: boolean;
	/** Fetches a hosted OpenAPI document (http/https URL named in the configuration). Without it, hosted specs are not checked. */
	readonly fetchText?: (url: string) => Promise<string>;
	/** Full validation of a spec read synchronously, run in the background; its findings arrive with a re-check. */
	readonly specValidator?: (uri: string, text: string, spec: OpenApiSpec) => Promise<OpenApiSpec>;
	/** Full validation of a document as overlays made it (JSON text), awaited; default: `specValidator`. The CLI, whose reader validates, passes it. */
	readonly overlaidValidator?: (uri: string, text: string) => Promise<OpenApiSpec['problems']>;
	/** Summarizes many pages at once (the node side passes a pool of worker threads). Default: one by one, here. */
	readonly summarizePages?: PageSummarizer;
	/**
	 * The host reports every change of a file's content ({@link LanguageService.didChangeDocument},
	 * {@link LanguageService.didChangeFiles}), so a site model is re-validated only against files
	 * reported changed instead of re-reading them all on every request (the language server).
	 */
	readonly changesReported?: boolean;
	/** Finds each site's mintdoc.json; default: beside docs.json or above it up to the workspace folder, read through the workspace. */
	readonly teamConfigLoader?: TeamConfigLoader;
	/** How findings are shown beyond mintdoc.json, at start (see {@link LanguageService.setTeamSwitches}). */
	readonly teamSwitches?: TeamSwitches;
}

/** Summarizes pages, in the order given; may run elsewhere (worker threads). */
/**
 * Summarizes pages. `run`, when given: how many pages the check these belong to reads in all (a
 * pool may size its workers by it).
 */
export type PageSummarizer = (documents: readonly TextDocument[], token: CancellationToken, run?: SummarizingRun) => Promise<readonly PageSummary[]>;

export interface SummarizingRun {
	readonly pages: number;
}

/** Turns an OpenAPI document's text into what MintDoc needs; may answer later (a worker thread). */
export type { SpecReader } from './openapi/specLoader';

/**
 * MintDoc's language service: pure, with the workspace, documents and a cancellation token as
 * its only inputs. The language server, the CLI and the tests all drive this one object.
 */
export interface LanguageService extends EditorFeatures {
	/** Finds (and remembers) every folder below the workspace folders that holds a `docs.json`, sorted. */
	findDocsRoots(token: CancellationToken): Promise<string[]>;
	/** The roots found by the last {@link findDocsRoots}. */
	readonly roots: readonly string[];
	/** The docs root a file belongs to: the nearest root folder above it. */
	rootOf(uri: string): string | undefined;
	/** The model of the site at `rootUri`, rebuilt only when its files changed. */
	getSite(rootUri: string, token: CancellationToken): Promise<SiteModel>;
	/**
	 * Diagnostics of every configuration file of the site at `rootUri` (its mintdoc.json too), clean
	 * files included (with none). Like every check, answers the findings as the team configured them:
	 * mintdoc.json, the disable comments and the switches applied, with what is held beside the checks.
	 */
	checkSite(rootUri: string, token: CancellationToken): Promise<FileDiagnostics[]>;
	/** Diagnostics of one page (MDX or Markdown): syntax, frontmatter, links, imports. Empty for files that are not pages of a site. */
	checkPage(uri: string, token: CancellationToken): Promise<readonly Diagnostic[]>;
	/**
	 * Findings made beside the checks (the git comparison, the page metadata rules, the external link
	 * check) replace that source's earlier ones under `rootUri` (everywhere: undefined). Resolves with
	 * the files whose findings changed, as the team sees them (shown with each file's checks).
	 */
	setBesideFindings(source: BesideSource, rootUri: string | undefined, byUri: ReadonlyMap<string, readonly Diagnostic[]>): Promise<FileDiagnostics[]>;
	/**
	 * The rules that judge every page of the site together (page titles and descriptions, llms.txt),
	 * from the pages' summaries: run after the pages are checked (never in a keystroke's check). Their
	 * findings are held beside the checks'; resolves with the files whose findings changed.
	 */
	checkPageMetadata(rootUri: string, token: CancellationToken): Promise<FileDiagnostics[]>;
	/** Changes the switches; resolves with every file whose findings are held, shown anew (none when nothing changed). */
	setTeamSwitches(switches: TeamSwitches): Promise<FileDiagnostics[]>;
	/** Every file whose findings are held, shown as the team's view says now (after a mintdoc.json change). */
	showAllFindings(): Promise<FileDiagnostics[]>;
	/** What the site's mintdoc.json says (the defaults without one). */
	teamConfig(rootUri: string): Promise<TeamConfig>;
	/** Where the site's mintdoc.json is (undefined: it has none). */
	teamConfigUri(rootUri: string): Promise<string | undefined>;
	/**
	 * Checks every page of the site at `rootUri`, calling `report` per page; yields between pages so
	 * requests stay fast. With `onlyAffected`, when the site-wide inputs of page checks (pages,
	 * redirects, generated API folders, OpenAPI documents) are those of the last complete run, only
	 * the pages judged against the navigation (OpenAPI frontmatter) are checked again.
	 */
	checkPages(
		rootUri: string,
		token: CancellationToken,
		report: (result: FileDiagnostics) => void,
		options?: { readonly onlyAffected?: boolean },
	): Promise<void>;
	/**
	 * Once a site is loaded and nothing waits: builds and throws away models of a large `docs.json`
	 * with an entry renamed and restored, so the first real keystrokes do not pay for code and indexes
	 * the load never used (crewAI: the first six edits took 100–200 ms each, later ones ~30 ms).
	 * Publishes nothing; cancel it when a change arrives. Resolves with the number of models built.
	 */
	rehearseConfigEdits(rootUri: string, token: CancellationToken): Promise<number>;
	/** Pages to check again after the page `uri` was checked: those linking to its anchors, when its anchors changed. */
	dependentPages(uri: string): string[];
	/** An open document's text changed (with {@link LanguageServiceOptions.changesReported}). */
	didChangeDocument(uri: string): void;
	/** Whether `uri` is a page file of one of the sites. */
	isPage(uri: string): boolean;
	/**
	 * What agents and search engines read of a page's frontmatter, from its last summary: undefined
	 * when the page has none yet (read its text), null when the page could not be read (refused,
	 * binary, too large): such a page says nothing.
	 */
	pageFacts(uri: string): PageFacts | null | undefined;
	/** Diagnostics of one document as it is now (checks its whole site, returns this file's part). */
	validate(document: TextDocument, token: CancellationToken): Promise<Diagnostic[]>;
	/** Roots whose configuration includes `uri` (their docs.json, or a file it pulls in with `$ref`). */
	sitesUsingConfigFile(uri: string): string[];
	/** Called with a root whose OpenAPI document finished loading in the background (its checks should run again). */
	onDidLoadSpec(listener: (root: string) => void): void;
	/** Applies file-system events; resolves with the roots whose diagnostics may have changed. */
	didChangeFiles(changes: readonly FileChange[]): Promise<string[]>;
}
