import type { CancellationToken, Connection } from 'vscode-languageserver';
import type { PreviewingService } from '../preview/withPreview';
import type { Logger } from '../core/logger';
import type { PreviewRenderOptions } from '../preview/previewService';
import { PlaygroundSendRequest, PreviewPageRequest, type PreviewPage, type PreviewPageParams } from '../protocol';
import { runSafeAsync } from './runner';
import type { ServerRuntime } from './serverRuntime';

/**
 * The preview's requests: a page rendered from the open buffers over the disk (the workspace
 * layers them, so an unsaved edit shows), and a playground Send made by the runtime (from the server, not the webview).
 */
export function registerPreview(
	connection: Connection,
	service: PreviewingService,
	logger: Logger,
	sitesSettled: () => Promise<void>,
	runtime: Pick<ServerRuntime, 'sendPlaygroundRequest'>,
): void {
	connection.onRequest(PreviewPageRequest.type, (params, token) =>
		runSafeAsync(
			logger,
			async () => (await sitesSettled(), service.getPreviewPage(params.target, renderOptions(params), token)),
			failedPage(params),
			'preview page',
			token,
		),
	);
	connection.onRequest(PlaygroundSendRequest.type, (request, token) =>
		runSafeAsync(
			logger,
			() => runtime.sendPlaygroundRequest(request, abortSignalOf(token)),
			{ status: 0, statusText: '', headers: [], body: '', timeMs: 0, error: 'The request failed inside MintDoc; see the MintDoc output.' },
			'playground send',
			token,
		),
	);
}

/** The renderer maps site paths (`/images/a.png`) through a function; over the wire it is a base URL. */
function renderOptions(params: PreviewPageParams): PreviewRenderOptions {
	const base = params.assetBase?.replace(/\/+$/, '');
	return base ? { assetUrl: sitePath => (sitePath.startsWith('/') ? `${base}${sitePath}` : sitePath) } : {};
}

/** What the preview shows if rendering itself failed (a bug, logged): a message rather than a blank panel. */
function failedPage(params: PreviewPageParams): PreviewPage {
	const message = 'MintDoc could not render this page (an internal error; see the MintDoc output).';
	return {
		rootUri: params.target.rootUri ?? '',
		route: params.target.route ?? '/',
		title: 'Preview failed',
		kind: 'error',
		html: `<main class="mintdoc-preview-failed"><h1>Preview failed</h1><p>${message}</p></main>`,
		problems: [{ message, ...(params.target.uri ? { uri: params.target.uri } : {}) }],
	};
}

function abortSignalOf(token: CancellationToken): AbortSignal {
	const controller = new AbortController();
	if (token.isCancellationRequested) controller.abort();
	else token.onCancellationRequested(() => controller.abort());
	return controller.signal;
}
