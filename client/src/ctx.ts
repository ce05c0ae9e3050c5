import * as vscode from 'vscode';
import { State, type BaseLanguageClient } from 'vscode-languageclient';
import { StatusNotification } from '../../server/src/protocol';
import { recordOutput } from './outputRecorder';
import { StatusModel } from './status';

/**
 * Builds (but does not start) a language client: over Node IPC on the desktop (languageClient.ts),
 * in a Web Worker in the browser (browserLanguageClient.ts).
 */
export type LanguageClientFactory = (context: vscode.ExtensionContext, outputChannel: vscode.OutputChannel) => BaseLanguageClient | Promise<BaseLanguageClient>;

/**
 * The extension's state, handed to every register* function: the language client, the status
 * model and the output channel, plus cleanup on deactivate.
 */
export class Ctx {
	readonly outputChannel: vscode.OutputChannel;
	/** Everything written to the output channel (the last few MB): for the secret-hygiene test. */
	readonly outputText: () => string;
	readonly status = new StatusModel();
	#client: BaseLanguageClient | undefined;
	/** Listeners on the current client, dropped with it on restart. */
	#clientListeners: vscode.Disposable[] = [];
	/** Run for every client started (the first and each restart), e.g. to listen to its notifications. */
	readonly #clientHooks: ((client: BaseLanguageClient) => vscode.Disposable)[] = [];

	constructor(
		readonly context: vscode.ExtensionContext,
		readonly createClient: LanguageClientFactory,
	) {
		const recorded = recordOutput(vscode.window.createOutputChannel('MintDoc'));
		this.outputChannel = recorded.channel;
		this.outputText = recorded.text;
		this.pushCleanup(this.outputChannel, this.status);
	}

	/** The running language client, if any. */
	get client(): BaseLanguageClient | undefined {
		return this.#client;
	}

	/** Calls `hook` with the current client and with every client started later. */
	onClientReady(hook: (client: BaseLanguageClient) => vscode.Disposable): void {
		this.#clientHooks.push(hook);
		if (this.#client) this.#clientListeners.push(hook(this.#client));
	}

	pushCleanup(...disposables: vscode.Disposable[]): void {
		this.context.subscriptions.push(...disposables);
	}

	/** Starts the language server; resolves once it is running. */
	async startServer(): Promise<void> {
		let client: BaseLanguageClient;
		try {
			client = await this.createClient(this.context, this.outputChannel);
		} catch (e) {
			return this.#failedToStart(e);
		}
		this.#client = client;
		this.#clientListeners = [
			client.onDidChangeState(({ newState }) =>
				this.status.setServer(newState === State.Running ? 'running' : newState === State.Starting ? 'starting' : 'stopped'),
			),
			client.onNotification(StatusNotification.type, report => this.status.setReport(report)),
			...this.#clientHooks.map(hook => hook(client)),
		];
		try {
			await client.start();
		} catch (e) {
			this.#failedToStart(e);
		}
	}

	#failedToStart(e: unknown): void {
		this.status.setServer('stopped');
		this.outputChannel.appendLine(`MintDoc language server failed to start: ${e instanceof Error ? e.message : String(e)}`);
		void vscode.window
			.showErrorMessage('MintDoc: the language server failed to start. See the MintDoc output for details.', 'Show Output')
			.then(choice => choice && this.outputChannel.show(true));
	}

	/** Stops the running server (if any) and starts a fresh one. */
	async restartServer(): Promise<void> {
		const old = this.#client;
		this.#client = undefined;
		this.#clientListeners.forEach(d => d.dispose());
		this.status.setServer('starting');
		if (old) await old.dispose().catch(e => this.outputChannel.appendLine(`stopping the server: ${e}`));
		await this.startServer();
	}

	async dispose(): Promise<void> {
		this.#clientListeners.forEach(d => d.dispose());
		await this.#client?.dispose();
	}
}
