import type * as vscode from 'vscode';

/** What any other extension gets from MintDoc's activate(): the language server's state, nothing stored. */
export interface PublicMintDocApi {
	readonly status: () => unknown;
	readonly onDidChangeStatus: vscode.Event<unknown>;
}

/**
 * The API activate() returns. The full one carries test hooks (the stored conversations, the host
 * state, the output text, the views' contents): handed to every extension, it would give any of
 * them what the user asked the assistant and what MintDoc logged. It is exported only when VS Code
 * runs the extension's tests (ExtensionMode.Test); otherwise only the status is.
 */
export function exportedApi<T extends PublicMintDocApi>(full: T, testMode: boolean): T | PublicMintDocApi {
	return testMode ? full : { status: full.status, onDidChangeStatus: full.onDidChangeStatus };
}
