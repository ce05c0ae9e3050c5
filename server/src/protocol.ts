/**
 * Custom messages between the MintDoc client and server: the one place both sides import, so a
 * message is declared once. Standard LSP messages are not repeated here.
 */
import { NotificationType, RequestType, type Position } from 'vscode-languageserver-protocol';
import type { AgentConfig, AgentName, ServerCommand } from './core/agents/agentConfigs';
import type { SiteTree } from './core/features/siteTree';

export type { SiteTree, SiteTreeNode } from './core/features/siteTree';
import type { PreviewPage, PreviewTarget } from './preview/previewTypes';
import type { PlaygroundRequest, PlaygroundResponse } from './preview/playgroundTypes';

export type { PreviewPage, PreviewProblem, PreviewTarget } from './preview/previewTypes';
export type { PlaygroundRequest, PlaygroundResponse } from './preview/playgroundTypes';
export type { PreviewHostMessage, PreviewViewMessage } from './preview/previewMessages';

/**
 * Node flags the language server runs with: the extension starts it with them, and so does the bench.
 * - A young generation of 20 MB a semi-space (V8's default here: 16). A docs.json keystroke on
 *   crewAI builds a model of ~14-20 MB in it: with 16 MB, 27-30 of 100 edits had a scavenge in the
 *   middle that copied the half-built model (5-14 ms, most of the slowest tenth); with 20 MB, 0-1.
 * - No allocation-site pretenuring. Each keystroke's model outlives the scavenges until the next
 *   keystroke, so V8 learned to allocate such objects directly in the old generation, where they are
 *   slower to make and fill it faster. Without it: edits 27.5 against 30.7 ms on average, a full
 *   collection every ~6 keystrokes instead of 5 (the edit after one: 39 against 43 ms), p95 42-45
 *   against 44-49 ms, and less RSS (368-389 against 381-405 MB after load).
 * - One V8 helper thread fewer than the machine has cores (Node's 4 where it has more). The helpers
 *   sweep and mark the heap after a full collection while the next keystroke runs; on two cores
 *   Node's four took the core the keystroke needed: the edit after a full collection (every ~6th)
 *   took 37-44 ms against 31-37 with one helper, p95 43-53 against 35-46 ms, RSS the same or less.
 * Measured on crewAI, interleaved runs of 100 edits; see docs/performance.md (sessions 15, 16).
 */
export function languageServerNodeFlags(cores: number): string[] {
	return ['--max-semi-space-size=20', '--no-allocation-site-pretenuring', `--v8-pool-size=${Math.max(1, Math.min(4, cores - 1))}`];
}

/** The server's startup options: what the client sends as `initializationOptions`. */
export interface ServerInitOptions {
	/** Where the server keeps its caches (hosted OpenAPI documents, the page cache): the extension's global storage. */
	readonly storagePath?: string;
	/** False in Restricted Mode: no hosted document is fetched. Trusted unless false. */
	readonly workspaceTrusted?: boolean;
	/** `mintdoc.a11y.enabled` at start; on unless false. */
	readonly a11y?: boolean;
}

/** The settings the server reads after start (`workspace/didChangeConfiguration`, the client synchronizes `mintdoc.a11y`). */
export interface ServerSettings {
	readonly mintdoc?: { readonly a11y?: { readonly enabled?: boolean } };
}

/** What the server is doing, for the client's status item. */
export type ServerState = 'indexing' | 'ready';

export interface StatusParams {
	readonly state: ServerState;
	/** URIs of the docs roots found (folders holding `docs.json`), sorted. */
	readonly roots: readonly string[];
}

/**
 * Sent by the server whenever its state or its set of docs roots changes (start-up, a `docs.json`
 * created or deleted, workspace folders changed), so the client can show which site is in use.
 */
export namespace StatusNotification {
	export const method: 'mintdoc/status' = 'mintdoc/status';
	export const type = new NotificationType<StatusParams>(method);
}

/** Asked by the client's Site view: the navigation of every site as it renders, with orphan pages. */
export namespace SiteTreeRequest {
	export const method: 'mintdoc/siteTree' = 'mintdoc/siteTree';
	export const type = new RequestType<Record<string, never>, SiteTree[], void>(method);
}

/**
 * Asked by the client when the writer typed `>` in a page (the `mintdoc.autoClosingTags` setting):
 * the closing tag to insert after the cursor (`</Note>`), or null when that `>` did not end an
 * opening tag to close. `position` is just after the `>`; `version`, the document's version with the `>`
 * (null is the answer for another version: the text asked about is not the text the server has).
 */
export namespace AutoCloseTagRequest {
	export const method: 'mintdoc/autoCloseTag' = 'mintdoc/autoCloseTag';
	export const type = new RequestType<
		{ readonly textDocument: { readonly uri: string; readonly version?: number }; readonly position: Position },
		string | null,
		void
	>(method);
}

/** Sent by the server after it re-checked a site, so views showing the site refresh. */
export namespace SiteChangedNotification {
	export const method: 'mintdoc/siteChanged' = 'mintdoc/siteChanged';
	export const type = new NotificationType<{ readonly rootUri: string }>(method);
}

export interface PreviewPageParams {
	readonly target: PreviewTarget;
	/**
	 * Where the viewer loads the site's files from: site-relative image URLs (`/images/a.png`) are
	 * rewritten to start with it (the webview's URI of the docs root). Absent: left as they are.
	 */
	readonly assetBase?: string;
}

/**
 * Asked by the client's preview panel: one page of the site as it will render, from the open
 * buffers (unsaved edits included) layered over the disk. A broken page is a page of kind
 * 'error' with its problems, never a failed request; a superseded request is cancelled.
 */
export namespace PreviewPageRequest {
	export const method: 'mintdoc/previewPage' = 'mintdoc/previewPage';
	export const type = new RequestType<PreviewPageParams, PreviewPage, void>(method);
}

/**
 * Asked by the client's preview panel when the user presses Send in an API playground (after any
 * trust confirmation): the server process makes the HTTP request, never the webview, and answers
 * with the response or `error`. Cancelling the request aborts it.
 */
export namespace PlaygroundSendRequest {
	export const method: 'mintdoc/playgroundSend' = 'mintdoc/playgroundSend';
	export const type = new RequestType<PlaygroundRequest, PlaygroundResponse, void>(method);
}

/** What the upgrade of a mint.json would write, for the client to show before anything is written. */
export interface UpgradePlan {
	/** The docs.json text (2-space JSON, `$schema` first), or null when mint.json has errors. */
	readonly text: string | null;
	/** Every decision, one a line (keys mapped, defaults added, keys dropped and why, the navigation). */
	readonly report: string;
	/** The errors that stop the upgrade (syntax and v1 schema), as "line:col message". */
	readonly errors: readonly string[];
}

/**
 * Asked by the client's Upgrade mint.json command: the docs.json the upgrade of that mint.json
 * (its open buffer, or the file) would write, and the report. The server writes nothing.
 */
export namespace UpgradePlanRequest {
	export const method: 'mintdoc/upgradePlan' = 'mintdoc/upgradePlan';
	export const type = new RequestType<{ readonly uri: string }, UpgradePlan, void>(method);
}

/**
 * Sent by the client's "Check External Links" command (and at start when `mintdoc.links.checkExternal`
 * is on, in a trusted workspace only): the server checks the `http(s)` links of every page over the
 * network, with a work-done progress, and publishes the findings with each page's diagnostics.
 * Cancelling the request stops it. Answers how many links were broken and how many could not be checked.
 */
export namespace CheckExternalLinksRequest {
	export const method: 'mintdoc/checkExternalLinks' = 'mintdoc/checkExternalLinks';
	export const type = new RequestType<Record<string, never>, { readonly broken: number; readonly unchecked: number; readonly refused?: string }, void>(method);
}

/** Not an LSP message: the JSON contract of `mintdoc generate --format json`, which the client's Generate Pages command reads. */
export interface GenerateResult {
	/** Files written and files skipped because they exist, relative to the current directory. */
	readonly written: readonly string[];
	readonly skipped: readonly string[];
	/** Page paths, relative to the docs root, for a `pages` array. */
	readonly entries: readonly string[];
	readonly group: { readonly group: string; readonly pages: readonly string[] };
	/** The enclosing docs.json (absolute), or null when the folder is in no docs site. */
	readonly docsJson: string | null;
	/** With --docs-json: whether the group was added, and what happened otherwise. */
	readonly docsJsonUpdate?: { readonly added: boolean; readonly message: string };
}

/** What the editor's language-model tools (client/src/agents/) ask the running server; see docs/agents.md. */
export type AgentToolInput =
	| { readonly tool: 'check'; /** One file (its findings, judged in its site), or every site when absent. */ readonly uri?: string }
	| { readonly tool: 'checkDraft'; readonly uri: string; readonly text: string }
	| { readonly tool: 'siteMap'; readonly language?: string; readonly version?: string }
	| { readonly tool: 'components'; readonly name?: string }
	| {
			readonly tool: 'llmsTxt';
			/** A file of the site to answer for (docs.json, a page), or every site when absent. */
			readonly uri?: string;
			/** llms-full.txt (every page's Markdown) instead of llms.txt. */
			readonly full?: boolean;
	  }
	| { readonly tool: 'pageMarkdown'; /** A page file of a site. */ readonly uri: string };

/** A tool's answer: text for the model (findings one a line, an outline, a reference), or what went wrong. */
export interface AgentToolAnswer {
	readonly text: string;
	readonly isError?: boolean;
}

/**
 * Asked by the language-model tools (`#mintdocCheck`, `#mintdocCheckDraft`, `#mintdocSiteMap`,
 * `#mintdocComponents`, `#mintdocLlmsTxt`, `#mintdocPageMarkdown`): the server answers from its own
 * language service, the one the editor uses. A draft is checked without being written and without
 * reaching the Problems view; llms.txt and a page's `.md` come from the open buffers over the disk.
 */
export namespace AgentToolRequest {
	export const method: 'mintdoc/agentTool' = 'mintdoc/agentTool';
	export const type = new RequestType<AgentToolInput, AgentToolAnswer, void>(method);
}

export type { AgentConfig, AgentName, ServerCommand } from './core/agents/agentConfigs';

/** Asked by "MintDoc: Set Up Coding Agents…": each agent's MCP configuration for `server`, and the AGENTS.md section. */
export namespace AgentConfigsRequest {
	export const method: 'mintdoc/agentConfigs' = 'mintdoc/agentConfigs';
	export const type = new RequestType<
		{ readonly agents: readonly AgentName[]; readonly server: ServerCommand },
		{ readonly configs: readonly AgentConfig[]; readonly agentsSection: string },
		void
	>(method);
}

/** What "MintDoc: Show What Agents Read" asks for: the site's llms.txt, or one page's Markdown export. */
export interface AgentsReadParams {
	/** A file of the site: the page being edited (or docs.json for llms.txt alone). */
	readonly uri: string;
	readonly kind: 'llms.txt' | 'page';
}

/** The text agents get, and for llms.txt its size against the platform's 100,000-character cap. */
export interface AgentsReadResult {
	/** Undefined when the file is in no site, or (kind 'page') is no page. */
	readonly text?: string;
	/** llms.txt: the site's own root file, served as written. */
	readonly custom?: boolean;
	/** llms.txt: characters the generated file would have before fitting it under the cap. */
	readonly fullLength?: number;
	readonly limit?: number;
}

/**
 * Asked by the client's "Show What Agents Read" documents (a virtual document provider), again on
 * each edit: the site's llms.txt or a page's `.md` export, from the open buffers over the disk, by
 * the same core the CLI and the preview use (`core/llms`). Links use the placeholder origin
 * `https://example.com/docs` unless mintdoc.json sets `site.url`.
 */
export namespace AgentsReadRequest {
	export const method: 'mintdoc/agentsRead' = 'mintdoc/agentsRead';
	export const type = new RequestType<AgentsReadParams, AgentsReadResult, void>(method);
}

/** The size of a site's llms.txt against the platform's cap, for the Site view. */
export interface LlmsSizeResult {
	/** The site's docs.json (what "Show What Agents Read" is given to open llms.txt alone). */
	readonly configUri: string;
	/** Characters of the site's own llms.txt (custom), else of the generated one with every entry and description whole. */
	readonly characters: number;
	readonly limit: number;
	/** The site commits its own llms.txt: served as written, the generator's cap does not apply. */
	readonly custom: boolean;
	/** Past the cap: descriptions the platform would shorten, and entries it would drop from the end. */
	readonly shortened: number;
	readonly dropped: number;
}

/**
 * Asked by the client's Site view for each site (`uri`: its root, docs.json or any file in it):
 * the projected llms.txt size, from the open buffers over the disk, by the same core as
 * `AgentsReadRequest`. Null when the file is in no site. Computed when asked, never per keystroke.
 */
export namespace LlmsSizeRequest {
	export const method: 'mintdoc/llmsSize' = 'mintdoc/llmsSize';
	export const type = new RequestType<{ readonly uri: string }, LlmsSizeResult | null, void>(method);
}

/*
 * The site's files in a browser (vscode.dev, github.dev): the language server runs in a web worker
 * and has no file system, so it asks the client, which answers with `vscode.workspace.fs` (a
 * virtual file system there, e.g. vscode-vfs://github/…). The Node server reads the disk itself and
 * never sends these. Answers are guarded on both sides: see server/src/browser/browserWorkspace.ts.
 */

/** A file's text, or why it was not read (what server/src/node/guardedRead.ts tells the Node workspace). */
export type ReadFileResult =
	| { readonly kind: 'read'; readonly text: string }
	/** Larger than `maxBytes`: not read at all (the browser's file API reads whole files only). */
	| { readonly kind: 'oversized'; readonly size: number }
	/** Not a regular file, or a symbolic link (where it leads cannot be known there, so it is not followed). */
	| { readonly kind: 'refused'; readonly reason: 'not-a-file' | 'outside' };

export interface ReadFileParams {
	readonly uri: string;
	/** Bytes read at most; a larger file is answered `oversized` without being read. */
	readonly maxBytes: number;
}

/** Kind and size of a file or folder; null when it does not exist (or is neither). */
export type FileStatResult = { readonly kind: 'file' | 'directory'; readonly size: number } | null;

/** A folder's entries as [name, kind], files and folders only (symbolic links are left out: where they lead cannot be checked). */
export type DirectoryEntries = readonly (readonly [string, 'file' | 'directory'])[];

/**
 * One file question of the browser server: `read` a file's text, decoded as UTF-8 (a byte order
 * mark kept; null when it does not exist or cannot be read), `stat` it, or `readDirectory` a folder
 * (empty when it is not a readable folder).
 */
export type FileQuestion =
	({ readonly op: 'read' } & ReadFileParams) | { readonly op: 'stat'; readonly uri: string } | { readonly op: 'readDirectory'; readonly uri: string };

/** The answer to each kind of {@link FileQuestion}. */
export interface FileAnswers {
	read: ReadFileResult | null;
	stat: FileStatResult;
	readDirectory: DirectoryEntries;
}

/**
 * Asked by the browser server: the questions it asked within one turn, answered in order (each
 * answer as {@link FileAnswers} says; null for one that failed). One request a turn, not one a
 * file: a site of 3,700 folders and 25,000 pages is otherwise as many round trips between the
 * worker and the extension host, each crossing to the file system (the network, on github.dev).
 */
export namespace FileQuestionsRequest {
	export const method: 'mintdoc/fs/batch' = 'mintdoc/fs/batch';
	export const type = new RequestType<{ readonly questions: readonly FileQuestion[] }, readonly unknown[], void>(method);
}
