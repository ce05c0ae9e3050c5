/**
 * The part of a cancellation token the core needs. Structurally compatible with the LSP
 * `CancellationToken`, so the language server passes its tokens straight through, while the
 * CLI and unit tests pass {@link noCancellation} without depending on vscode-jsonrpc.
 */
export interface CancellationToken {
	readonly isCancellationRequested: boolean;
}

/** A token that is never cancelled (CLI runs, tests). */
export const noCancellation: CancellationToken = Object.freeze({ isCancellationRequested: false });

/** Thrown by long core operations when their token is cancelled; callers turn it into "no result". */
export class CancelledError extends Error {
	constructor() {
		super('cancelled');
		this.name = 'CancelledError';
	}
}

/** Throws {@link CancelledError} when the token has been cancelled. */
export function throwIfCancelled(token: CancellationToken): void {
	if (token.isCancellationRequested) throw new CancelledError();
}

export function isCancelledError(e: unknown): e is CancelledError {
	return e instanceof CancelledError;
}
