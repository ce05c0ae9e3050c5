import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { isCancelledError } from '../core/cancellation';
import type { Logger } from '../core/logger';

/**
 * Runs a request handler off the current tick, turning cancellation into the LSP
 * `RequestCancelled` error and any other failure into a logged fallback value, so one bad input
 * can never take the server down.
 */
export function runSafeAsync<T>(
	logger: Logger,
	work: () => Promise<T>,
	fallback: T,
	label: string,
	token: CancellationToken,
): Promise<T | ResponseError<never>> {
	return new Promise(resolve => {
		// The callback catches every failure of `work` itself, so its promise is safely not awaited.
		setImmediate(
			() =>
				void (async () => {
					if (token.isCancellationRequested) return resolve(cancelled());
					try {
						const result = await work();
						resolve(token.isCancellationRequested ? cancelled() : result);
					} catch (e) {
						if (isCancelledError(e)) return resolve(cancelled());
						logger.error(`${label} failed: ${describeError(e)}`);
						resolve(fallback);
					}
				})(),
		);
	});
}

function cancelled(): ResponseError<never> {
	return new ResponseError<never>(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}

export function describeError(e: unknown): string {
	return e instanceof Error ? (e.stack ?? e.message) : String(e);
}
