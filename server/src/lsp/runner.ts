import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { isCancelledError } from '../core/cancellation';
import type { Logger } from '../core/logger';

/** How the host runs work on a later turn (ServerRuntime.nextTurn), set once when the server starts. */
let nextTurn: (callback: () => void) => void = callback => void Promise.resolve().then(callback);

/** Requests run on the host's turns from now on: startServer passes its runtime's. */
export function runRequestsOn(schedule: (callback: () => void) => void): void {
	nextTurn = schedule;
}

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
		nextTurn(
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
