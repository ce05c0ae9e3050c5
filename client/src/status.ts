import * as vscode from 'vscode';
import type { ServerState, StatusParams } from '../../server/src/protocol';

/** What the client knows about the server, for the status item and for tests. */
export interface ClientStatus {
	/** Process state of the language server. */
	readonly server: 'starting' | 'running' | 'stopped';
	/** What the running server reported last (undefined before its first report). */
	readonly state: ServerState | undefined;
	/** URIs of the docs roots the server found. */
	readonly roots: readonly string[];
}

/** Holds the current {@link ClientStatus} and fires when it changes. */
export class StatusModel implements vscode.Disposable {
	#status: ClientStatus = { server: 'starting', state: undefined, roots: [] };
	readonly #onDidChange = new vscode.EventEmitter<ClientStatus>();
	readonly onDidChange = this.#onDidChange.event;

	get current(): ClientStatus {
		return this.#status;
	}

	setServer(server: ClientStatus['server']): void {
		this.#update({ ...this.#status, server, state: server === 'running' ? this.#status.state : undefined });
	}

	setReport(report: StatusParams): void {
		this.#update({ ...this.#status, state: report.state, roots: report.roots });
	}

	#update(status: ClientStatus): void {
		this.#status = status;
		this.#onDidChange.fire(status);
	}

	dispose(): void {
		this.#onDidChange.dispose();
	}
}

/** The root the user is working in: the one holding the active editor's file, else the first. */
export function activeRoot(roots: readonly string[], activeUri: string | undefined): string | undefined {
	if (activeUri) {
		const containing = roots.filter(root => activeUri.startsWith(root.endsWith('/') ? root : root + '/'));
		if (containing.length) return containing.reduce((a, b) => (b.length > a.length ? b : a));
	}
	return roots[0];
}
