import type { Connection } from 'vscode-languageserver';
import type { LanguageService } from '../core/languageServiceTypes';
import type { Logger } from '../core/logger';
import type { DocsWorkspace } from '../core/workspace';
import { CheckExternalLinksRequest } from '../protocol';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { runSafeAsync } from './runner';
import type { ServerRuntime } from './serverRuntime';

/** What the external link check needs from the server. */
export interface ExternalLinkHost {
	readonly connection: Connection;
	readonly service: LanguageService;
	readonly workspace: DocsWorkspace;
	readonly publisher: DiagnosticsPublisher;
	readonly logger: Logger;
	/** Restricted Mode: no request leaves for links the workspace names. */
	readonly trusted: () => boolean;
	/** Checks the links over the network, keeping verdicts between runs. */
	readonly runtime: Pick<ServerRuntime, 'findExternalLinkProblems'>;
	readonly sitesSettled: () => Promise<void>;
}

/**
 * `mintdoc/checkExternalLinks`: only when asked (a command, or the opt-in setting at start), never
 * on the keystroke path. Progress is shown with LSP work-done progress; cancelling stops it.
 */
export function registerExternalLinks(host: ExternalLinkHost): void {
	host.connection.onRequest(CheckExternalLinksRequest.type, (_params, token) =>
		runSafeAsync(
			host.logger,
			async () => {
				if (!host.trusted()) return { broken: 0, unchecked: 0, refused: 'External links are not checked in Restricted Mode.' };
				await host.sitesSettled();
				const progress = await host.connection.window.createWorkDoneProgress();
				progress.begin('MintDoc: checking external links', 0, undefined, true);
				const controller = new AbortController();
				const stop = () => controller.abort();
				token.onCancellationRequested(stop);
				progress.token.onCancellationRequested(stop);
				try {
					const found = await host.runtime.findExternalLinkProblems(host.service, host.workspace, {
						signal: controller.signal,
						token,
						onProgress: (done, total) => progress.report(Math.floor((100 * done) / total), `${done}/${total} links`),
					});
					if (!controller.signal.aborted) await host.publisher.setBesideFindings('external', undefined, found);
					const all = [...found.values()].flat();
					return { broken: all.filter(d => d.code === 'link-external-broken').length, unchecked: all.filter(d => d.code === 'link-external-unchecked').length };
				} finally {
					progress.done();
				}
			},
			{ broken: 0, unchecked: 0, refused: 'The external link check failed; see the MintDoc output.' },
			'check external links',
			token,
		),
	);
}
