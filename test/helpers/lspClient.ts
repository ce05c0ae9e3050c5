import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import {
	createProtocolConnection,
	DidChangeTextDocumentNotification,
	DidChangeWatchedFilesNotification,
	DidCloseTextDocumentNotification,
	DidOpenTextDocumentNotification,
	ExitNotification,
	InitializedNotification,
	InitializeRequest,
	PublishDiagnosticsNotification,
	ShutdownRequest,
	StreamMessageReader,
	StreamMessageWriter,
	type ClientCapabilities,
	type FileEvent,
	type MessageReader,
	type MessageWriter,
	type ProtocolConnection,
	type PublishDiagnosticsParams,
	type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import { SiteChangedNotification, StatusNotification, type StatusParams } from '../../server/src/protocol';

/** The built server, as the extension ships it. */
const serverPath = path.resolve(__dirname, '../../dist/server.js');

/** How a test client reaches a server: stdio of a child process, or postMessage to a Web Worker (test/helpers/browserServer.ts). */
export interface LspTransport {
	readonly reader: MessageReader;
	readonly writer: MessageWriter;
	/** Resolves when the server is gone. */
	readonly exited: Promise<void>;
	/** What the server wrote beside the protocol (stderr, errors), for failure messages. */
	readonly stderr: string[];
	readonly pid?: number;
	/** When the server started (performance.now()): the process spawned, the Worker created. */
	readonly startedAt: number;
	/** After the exit notification: resolves once the server is gone (a worker is terminated). */
	close(): Promise<void>;
}

/** The built server in its own process, over stdio; `env` is added to this process's environment. */
function processTransport(env: Record<string, string>): LspTransport {
	// Test servers listen on 127.0.0.1: the network policy's test-only allowance (refusals are proven in test/cli/hostileRepo.test.ts).
	const startedAt = performance.now();
	const child: ChildProcess = spawn(process.execPath, [serverPath, '--stdio'], {
		stdio: ['pipe', 'pipe', 'pipe'],
		env: { ...process.env, MINTDOC_TEST_ALLOW_LOOPBACK: '1', ...env },
	});
	const stderr: string[] = [];
	child.stderr!.on('data', chunk => stderr.push(String(chunk)));
	const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
	return {
		reader: new StreamMessageReader(child.stdout!),
		writer: new StreamMessageWriter(child.stdin!),
		exited,
		stderr,
		pid: child.pid,
		startedAt,
		close: () => exited,
	};
}

/** What VS Code's client declares (the tests' default): versioned diagnostics, workspace folders, file events. */
const defaultCapabilities: ClientCapabilities = {
	textDocument: { publishDiagnostics: { versionSupport: true } },
	workspace: { workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: false } },
};

/**
 * A test client that speaks real JSON-RPC to the built language server: over stdio to its own
 * process (`start`), or to the browser server in a Web Worker (`over`, test/helpers/browserServer.ts).
 * Waits are event-driven: each `waitFor*` resolves on the matching notification.
 */
export class LspClient {
	readonly connection: ProtocolConnection;
	readonly #transport: LspTransport;
	readonly #diagnostics = new Map<string, PublishDiagnosticsParams>();
	#status: StatusParams | undefined;
	readonly #listeners = new Set<() => void>();
	readonly stderr: string[];
	/** What the server gets for workspace/configuration, by section ("mintdoc.pages" → {...}). */
	readonly settings: Record<string, unknown> = {};
	readonly logs: string[] = [];
	/** The browser server's file questions answered (test/helpers/browserServer.ts), and the requests they came in. */
	fileQuestions = 0;
	fileRequests = 0;
	/** Every publishDiagnostics received, in order. */
	readonly published: PublishDiagnosticsParams[] = [];
	#exited = false;
	#siteChanges = 0;

	private constructor(transport: LspTransport) {
		this.#transport = transport;
		this.stderr = transport.stderr;
		void transport.exited.then(() => {
			this.#exited = true;
			this.#changed();
		});
		this.connection = createProtocolConnection(transport.reader, transport.writer);
		this.connection.onNotification(PublishDiagnosticsNotification.type, params => {
			this.#diagnostics.set(params.uri, params);
			this.published.push(params);
			this.#changed();
		});
		this.connection.onNotification(SiteChangedNotification.type, () => {
			this.#siteChanges++;
			this.#changed();
		});
		this.connection.onNotification(StatusNotification.type, params => {
			this.#status = params;
			this.#changed();
		});
		this.connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
			params.items.map(item => this.settings[item.section ?? ''] ?? null),
		);
		this.connection.onNotification('window/logMessage', (params: { message: string }) => {
			this.logs.push(params.message);
			this.#changed();
		});
		this.connection.listen();
	}

	/** Starts the server (with `env` added to this process's environment) and completes the initialize handshake with the given workspace folders. */
	static async start(
		folders: readonly string[],
		initializationOptions?: Record<string, unknown>,
		env: Record<string, string> = {},
		capabilities: ClientCapabilities = defaultCapabilities,
	): Promise<LspClient> {
		const client = new LspClient(processTransport(env));
		await client.initialize(folders, initializationOptions, capabilities);
		return client;
	}

	/** The built server in its own process, listening, not yet initialized (a test that sends its own `initialize`). */
	static spawn(env: Record<string, string> = {}): LspClient {
		return new LspClient(processTransport(env));
	}

	/** A client of the server behind `transport`, listening, not yet initialized (its handlers are added first). */
	static over(transport: LspTransport): LspClient {
		return new LspClient(transport);
	}

	/** The initialize handshake with the given workspace folders (and client capabilities: other editors declare less than VS Code). */
	async initialize(
		folders: readonly string[],
		initializationOptions?: Record<string, unknown>,
		capabilities: ClientCapabilities = defaultCapabilities,
	): Promise<void> {
		await this.connection.sendRequest(InitializeRequest.type, {
			processId: process.pid,
			rootUri: null,
			capabilities,
			workspaceFolders: folders.map(uri => ({ uri, name: path.basename(uri) })),
			initializationOptions,
		});
		await this.connection.sendNotification(InitializedNotification.type, {});
	}

	get alive(): boolean {
		return !this.#exited;
	}

	/** When the server started (performance.now()): its process spawned, or its Worker created. */
	get startedAt(): number {
		return this.#transport.startedAt;
	}

	/** Process id of the server (for sampling its memory). */
	get pid(): number | undefined {
		return this.#transport.pid;
	}

	diagnostics(uri: string) {
		return this.#diagnostics.get(uri)?.diagnostics;
	}

	open(uri: string, text: string, version = 1) {
		return this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'json', version, text } });
	}

	change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]) {
		return this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: changes });
	}

	close(uri: string) {
		return this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
	}

	filesChanged(changes: FileEvent[]) {
		return this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes });
	}

	/** Resolves with the diagnostics of `uri` once `predicate` holds for them (checked on every publish). */
	waitForDiagnostics(uri: string, predicate: (diagnostics: PublishDiagnosticsParams['diagnostics']) => boolean, what = 'diagnostics', timeoutMs?: number) {
		return this.#waitFor(
			() => {
				const d = this.diagnostics(uri);
				return d && predicate(d) ? d : undefined;
			},
			`${what} for ${uri}; last: ${JSON.stringify(this.diagnostics(uri))}`,
			timeoutMs,
		);
	}

	/** Resolves with the first line the server logged that matches `pattern`. */
	waitForLog(pattern: RegExp) {
		return this.#waitFor(() => this.logs.find(line => pattern.test(line)), `a log line matching ${pattern}; logged: ${this.logs.slice(-5).join(' | ')}`);
	}

	/** Resolves once the server reports `ready` with roots satisfying `predicate`. */
	waitForStatus(predicate: (status: StatusParams) => boolean) {
		return this.#waitFor(() => (this.#status && predicate(this.#status) ? this.#status : undefined), `status; last: ${JSON.stringify(this.#status)}`);
	}

	/** Resolves with `probe()` once it is defined, probing now and after every site re-check the server reports. */
	async untilSiteProbe<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
		for (let attempt = 0; attempt < 50; attempt++) {
			const seen = this.#siteChanges;
			const value = await probe();
			if (value !== undefined) return value;
			await this.#waitFor(() => (this.#siteChanges > seen ? true : undefined), `a site re-check before ${what}`);
		}
		throw new Error(`gave up waiting for ${what}`);
	}

	/** Resolves with `probe()` once it is defined, probing now and on every publish, status, log line and site change. */
	until<T>(probe: () => T | undefined, what: string | (() => string), timeoutMs?: number): Promise<T> {
		return this.#waitFor(probe, what, timeoutMs);
	}

	async stop(): Promise<void> {
		if (this.#exited) return;
		await this.connection.sendRequest(ShutdownRequest.type).catch(() => undefined);
		await this.connection.sendNotification(ExitNotification.type).catch(() => undefined);
		await this.#transport.close();
		this.connection.dispose();
	}

	/** Generous: these tests wait on events, and a slow CI machine must not make them flaky. */
	#waitFor<T>(probe: () => T | undefined, what: string | (() => string), timeoutMs = 20_000): Promise<T> {
		const describe = () => (typeof what === 'function' ? what() : what);
		return new Promise((resolve, reject) => {
			const check = () => {
				if (this.#exited) return finish(new Error(`server exited while waiting for ${describe()}\nstderr: ${this.stderr.join('')}`));
				const value = probe();
				if (value !== undefined) finish(undefined, value);
			};
			const timer = setTimeout(() => finish(new Error(`timed out waiting for ${describe()}`)), timeoutMs);
			const finish = (error?: Error, value?: T) => {
				clearTimeout(timer);
				this.#listeners.delete(check);
				if (error) reject(error);
				else resolve(value!);
			};
			this.#listeners.add(check);
			check();
		});
	}

	#changed(): void {
		for (const listener of [...this.#listeners]) listener();
	}
}
