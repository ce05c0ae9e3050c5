import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CancellationToken } from '../core/cancellation';
import type { LanguageService, PageSummarizer, SpecReader } from '../core/languageServiceTypes';
import type { Logger } from '../core/logger';
import type { OpenApiSpec } from '../core/openapi/openApiSpec';
import type { DocsWorkspace } from '../core/workspace';
import type { SiteAtRef } from '../core/site/removedRoutes';
import type { PlaygroundRequest, PlaygroundResponse, ServerInitOptions } from '../protocol';

/**
 * What the language server needs from the runtime it runs in. server.ts wires LSP to the core
 * through this interface only, so it imports no Node module: node/runtime/nodeRuntime.ts is the Node
 * implementation (files, worker threads, caches on disk, HTTP), and a browser main can bring its own.
 */
export interface ServerRuntime {
	/** One line for the log: runtime, process, working folder. */
	readonly description: string;
	/**
	 * Whether the server reports the docs.json / mint.json schema's findings itself (code `schema`, as
	 * `mintdoc check`). Off where the editor's own JSON support validates with the schemas
	 * package.json contributes (`jsonValidation`; the desktop): they would show twice.
	 */
	readonly validatesSchemas: boolean;
	/** The site's files: an open buffer (`open`) wins over what the runtime stores. */
	createWorkspace(folders: () => readonly string[], open: (uri: string) => TextDocument | undefined): DocsWorkspace;
	/** Reads OpenAPI documents (large ones off the request thread) and validates them fully. */
	readonly specReader: SpecReader & { validate(uri: string, text: string, spec?: OpenApiSpec): Promise<OpenApiSpec> };
	/** Hosted OpenAPI documents named by a site; refused while the workspace is not trusted. */
	fetchText(url: string): Promise<string>;
	/** Page summaries in bulk (in parallel, and kept between sessions once `initialize` named a storage folder). */
	readonly summarizePages: PageSummarizer;
	/**
	 * Once, at `initialize`: the workspace folders, where the editor keeps this extension's storage,
	 * and whether the workspace is trusted (a grant of trust restarts the server).
	 */
	initialize(folders: readonly string[], options: ServerInitOptions | undefined, logger: Logger): void;
	/** Called after a background check of a site's pages: keeps memory flat once a site is loaded. */
	afterPagesChecked(): void;
	/**
	 * Called when the server's checks ran out (nothing scheduled or running): housekeeping that
	 * would otherwise land in the next keystroke's check (Node: the young generation is collected).
	 */
	whenIdle(): void;
	/**
	 * Runs `callback` on a later turn of the event loop, after the messages already waiting have been
	 * read (Node: setImmediate), so a request's cancellation or a newer edit is seen before work starts.
	 */
	nextTurn(callback: () => void): void;
	/** External links of every page, over the network, with the verdicts kept in the storage folder. */
	findExternalLinkProblems(
		service: LanguageService,
		workspace: DocsWorkspace,
		options: { readonly signal: AbortSignal; readonly token: CancellationToken; readonly onProgress: (done: number, total: number) => void },
	): Promise<Map<string, Diagnostic[]>>;
	/**
	 * The site at `rootUri` as it was at a git ref (`mintdoc.compareWith`: `merge-base`, or a ref),
	 * read with git; rejects with a one-line reason (not a repository, unknown ref, no git). Absent
	 * where there is no git (a browser).
	 */
	readSiteAtRef?(rootUri: string, compareWith: string): Promise<SiteAtRef>;
	/** A playground request sent from the server's process (the preview's Send). */
	sendPlaygroundRequest(request: PlaygroundRequest, signal: AbortSignal): Promise<PlaygroundResponse>;
	/** The session ends: keep what must survive (the page cache). */
	shutdown(): Promise<void>;
	/** The process exits: stop workers. */
	dispose(): void;
}
