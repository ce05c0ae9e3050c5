import type { Connection } from 'vscode-languageserver/browser';
import { CancelledError } from '../core/cancellation';
import type { PageSummarizer } from '../core/languageServiceTypes';
import { summarizePage } from '../core/mdx/pageSummary';
import type { PageSummary } from '../core/mdx/pageTypes';
import { readOpenApiSpec, type OpenApiSpec } from '../core/openapi/openApiSpec';
import { validateSpec } from '../core/openapi/specValidation';
import type { ServerRuntime } from '../lsp/serverRuntime';
import { createBrowserWorkspace } from './browserWorkspace';
import { nextTurn } from './nextTurn';

/**
 * What does not run in the browser, said where it is asked for (the client's status
 * item says the same in its tooltip): the network beyond the editor (CORS), git, worker threads.
 */
export const notInBrowser = {
	hostedSpecs:
		'hosted OpenAPI documents are not fetched in the browser (cross-origin requests are refused there): run MintDoc in VS Code on the desktop or `mintdoc check` to check them',
	externalLinks: 'the external link check is not available in the browser: run it in VS Code on the desktop or with `mintdoc check --check-external`',
	playground: 'the API playground does not send requests from the browser: use VS Code on the desktop or `mintdoc preview`',
} as const;

/** A summary job yields to the event loop after this long, so requests and edits are answered meanwhile. */
const summarySliceMs = 8;

/**
 * The language server's runtime in a web worker (vscode.dev, github.dev): files come from the client
 * (browserWorkspace.ts), pages and OpenAPI documents are parsed and validated on this thread (there is
 * no thread pool; the worker is already off the editor's UI thread), caches live in memory only.
 */
export function createBrowserRuntime(connection: Connection): ServerRuntime {
	return {
		description: `web worker, ${typeof navigator === 'undefined' ? 'unknown host' : navigator.userAgent}`,
		// VS Code's JSON support in a web worker extension host did not apply the contributed schemas (code-server:
		// an unknown footer key the desktop and `mintdoc check` report was missing), so the worker reports them.
		validatesSchemas: true,
		createWorkspace: (folders, open) => createBrowserWorkspace(connection, folders, open),
		specReader: Object.assign((uri: string, text: string): OpenApiSpec => readOpenApiSpec(uri, text), {
			validate: (uri: string, text: string, spec?: OpenApiSpec) => validateSpec(uri, text, spec ?? readOpenApiSpec(uri, text)),
		}),
		fetchText: () => Promise.reject(new Error(notInBrowser.hostedSpecs)),
		summarizePages: createInlineSummarizer(),
		initialize() {
			// No storage folder: summaries and hosted documents are not kept between sessions here.
		},
		afterPagesChecked() {
			// Nothing to tune: the browser's own collector runs.
		},
		whenIdle() {
			// Idem.
		},
		nextTurn,
		findExternalLinkProblems: () => Promise.reject(new Error(notInBrowser.externalLinks)),
		// No readSiteAtRef: there is no git here (mintdoc.compareWith is not read).
		sendPlaygroundRequest: async () => ({ status: 0, statusText: '', headers: [], body: '', timeMs: 0, error: notInBrowser.playground }),
		shutdown: async () => undefined,
		dispose() {
			// Nothing runs beside this thread.
		},
	};
}

/**
 * Page summaries on this thread, in slices of {@link summarySliceMs}: between two slices the
 * messages already waiting are read (a keystroke cancels a background check at once).
 */
export function createInlineSummarizer(): PageSummarizer {
	return async (documents, token) => {
		const summaries: PageSummary[] = [];
		let sliceStart = Date.now();
		for (const document of documents) {
			if (token.isCancellationRequested) throw new CancelledError();
			summaries.push(summarizePage(document));
			if (Date.now() - sliceStart >= summarySliceMs) {
				await new Promise<void>(resolve => nextTurn(resolve));
				sliceStart = Date.now();
			}
		}
		return summaries;
	};
}
