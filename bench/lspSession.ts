import { URI } from 'vscode-uri';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { languageServerNodeFlags } from '../server/src/protocol';
import * as path from 'node:path';
import {
	CompletionRequest,
	createProtocolConnection,
	DefinitionRequest,
	DidChangeTextDocumentNotification,
	DidOpenTextDocumentNotification,
	ExitNotification,
	HoverRequest,
	InitializedNotification,
	InitializeRequest,
	PublishDiagnosticsNotification,
	ShutdownRequest,
	StreamMessageReader,
	StreamMessageWriter,
	type Diagnostic,
	type Position,
	type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { SiteChangedNotification } from '../server/src/protocol';

/**
 * Drives the built language server (dist/server.js) over real JSON-RPC on stdio, as VS Code does,
 * and timestamps what it publishes. Unlike the test client it keeps the document texts, so edits
 * can be sent as incremental changes at the place they are made.
 */
export class LspSession {
	readonly #process: ChildProcess;
	readonly #connection: ProtocolConnection;
	readonly #texts = new Map<string, { text: string; version: number }>();
	readonly #diagnostics = new Map<string, Diagnostic[]>();
	#listeners = new Set<() => void>();
	#siteChanges = 0;
	#lastNotification = performance.now();
	readonly stderr: string[] = [];
	/** The server's last log messages (window/logMessage). */
	readonly log: string[] = [];

	constructor(serverPath: string) {
		// MINTDOC_BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=prof") profiles the server under the bench's load.
		// The flags the extension starts the server with, then the bench's own.
		const nodeArgs = [...languageServerNodeFlags(availableParallelism()), ...(process.env.MINTDOC_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
		this.#process = spawn(process.execPath, [...nodeArgs, serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
		this.#process.stderr!.on('data', chunk => this.stderr.push(String(chunk)));
		this.#process.on('exit', () => this.#changed());
		this.#connection = createProtocolConnection(new StreamMessageReader(this.#process.stdout!), new StreamMessageWriter(this.#process.stdin!));
		this.#connection.onNotification(PublishDiagnosticsNotification.type, params => {
			this.#diagnostics.set(params.uri, params.diagnostics);
			this.#changed();
		});
		this.#connection.onNotification(SiteChangedNotification.type, () => {
			this.#siteChanges++;
			this.#changed();
		});
		this.#connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
		this.#connection.onNotification('mintdoc/status', () => this.#changed());
		this.#connection.onNotification('window/logMessage', (params: { message: string }) => {
			this.log.push(params.message);
			if (this.log.length > 200) this.log.shift();
			this.#changed();
		});
		this.#connection.listen();
	}

	get pid(): number {
		return this.#process.pid!;
	}

	/** Resident set size of the server process now, in MB (Linux /proc). */
	rssMb(): number | undefined {
		try {
			const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'))?.[1];
			return kb ? Number(kb) / 1024 : undefined;
		} catch {
			return undefined;
		}
	}

	async initialize(folder: string): Promise<void> {
		await this.#connection.sendRequest(InitializeRequest.type, {
			processId: process.pid,
			rootUri: null,
			capabilities: {
				textDocument: { publishDiagnostics: {}, completion: { completionItem: { snippetSupport: true } } },
				workspace: { workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: false } },
			},
			workspaceFolders: [{ uri: folder, name: path.basename(folder) }],
		});
		await this.#connection.sendNotification(InitializedNotification.type, {});
	}

	get siteChanges(): number {
		return this.#siteChanges;
	}

	open(uri: string, text: string, languageId: string): Promise<void> {
		this.#texts.set(uri, { text, version: 1 });
		return this.#connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
	}

	text(uri: string): string {
		return this.#texts.get(uri)!.text;
	}

	/**
	 * Replaces `length` characters at `offset` with `insert`, as one incremental change. Resolves to
	 * when the change was handed to the connection: the range is worked out first, as an editor
	 * knows it from the cursor — counting lines of crewAI's 2.4 MB docs.json here took 5–7 ms, which
	 * is the bench's cost, not the server's.
	 */
	async edit(uri: string, offset: number, length: number, insert: string): Promise<number> {
		const doc = this.#texts.get(uri)!;
		const range = { start: positionAt(doc.text, offset), end: positionAt(doc.text, offset + length) };
		doc.text = doc.text.slice(0, offset) + insert + doc.text.slice(offset + length);
		doc.version++;
		const sent = performance.now();
		await this.#connection.sendNotification(DidChangeTextDocumentNotification.type, {
			textDocument: { uri, version: doc.version },
			contentChanges: [{ range, text: insert }],
		});
		return sent;
	}

	positionAt(uri: string, offset: number): Position {
		return positionAt(this.text(uri), offset);
	}

	diagnostics(uri: string): Diagnostic[] | undefined {
		return this.#diagnostics.get(uri);
	}

	completion(uri: string, position: Position) {
		return this.#connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
	}

	hover(uri: string, position: Position) {
		return this.#connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
	}

	definition(uri: string, position: Position) {
		return this.#connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position });
	}

	/** Resolves once `probe` returns a value (checked on every notification), or rejects after `timeoutMs`. */
	until<T>(probe: () => T | undefined, what: string, timeoutMs = 120_000): Promise<T> {
		return new Promise((resolve, reject) => {
			const check = () => {
				if (this.#process.exitCode !== null) return finish(new Error(`server exited while waiting for ${what}: ${this.stderr.join('')}`));
				const value = probe();
				if (value !== undefined) finish(undefined, value);
			};
			const timer = setTimeout(
				() =>
					finish(
						new Error(
							`timed out waiting for ${what}; the server's last output: ${[...this.log.slice(-20), this.stderr.join('').slice(-2000)].join('\n') || '(none)'}`,
						),
					),
				timeoutMs,
			);
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

	/** CPU time (user + system, all threads) the server has used, in ms, from /proc; undefined elsewhere. */
	cpuMs(): number | undefined {
		try {
			const fields = readFileSync(`/proc/${this.pid}/stat`, 'utf8').split(') ')[1].split(' ');
			return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
		} catch {
			return undefined;
		}
	}

	/**
	 * Resolves once the server (workers included) used under 5% of a core for `windowMs`: its
	 * background work (parsing every page) is done. Clean pages publish nothing, so silence alone
	 * does not tell. Gives up after `maxMs`; without /proc, waits for silence instead.
	 */
	async idle(windowMs: number, maxMs: number): Promise<void> {
		const started = performance.now();
		const first = this.cpuMs();
		if (first === undefined) return this.quiet(windowMs, maxMs);
		let last: number = first;
		while (performance.now() - started < maxMs) {
			await new Promise(resolve => setTimeout(resolve, windowMs));
			const now: number = this.cpuMs() ?? last;
			if (now - last < windowMs * 0.05) return;
			last = now;
		}
	}

	/** Resolves when the server has sent nothing for `quietMs` (its background work is done), at most after `maxMs`. */
	async quiet(quietMs: number, maxMs: number): Promise<void> {
		const started = performance.now();
		while (performance.now() - started < maxMs) {
			const idle = performance.now() - this.#lastNotification;
			if (idle >= quietMs) return;
			await new Promise(resolve => setTimeout(resolve, quietMs - idle + 5));
		}
	}

	async stop(): Promise<void> {
		const exited = new Promise(resolve => (this.#process.exitCode !== null ? resolve(undefined) : this.#process.once('exit', resolve)));
		await Promise.race([this.#connection.sendRequest(ShutdownRequest.type), new Promise(resolve => setTimeout(resolve, 5000))]).catch(() => undefined);
		await this.#connection.sendNotification(ExitNotification.type).catch(() => undefined);
		const timer = setTimeout(() => this.#process.kill(), 5000);
		await exited;
		clearTimeout(timer);
		this.#connection.dispose();
	}

	#changed(): void {
		this.#lastNotification = performance.now();
		for (const listener of [...this.#listeners]) listener();
	}
}

export function positionAt(text: string, offset: number): Position {
	let line = 0;
	let lineStart = 0;
	for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
		line++;
		lineStart = i + 1;
	}
	return { line, character: offset - lineStart };
}

/**
 * Starts a session on a site folder as VS Code would: initialize with the folder, open its
 * `docs.json`, and wait for the first site check. URIs are written as VS Code writes them
 * (vscode-uri: a `+` in a folder name is `%2B`), so the server's and the bench's agree.
 */
export async function openSite(session: LspSession, dir: string): Promise<{ root: string; configUri: string }> {
	const root = URI.file(dir).toString();
	const configUri = `${root}/docs.json`;
	const siteChecked = session.until(() => (session.siteChanges > 0 ? true : undefined), 'first site check');
	await session.initialize(root);
	await session.open(configUri, readFileSync(path.join(dir, 'docs.json'), 'utf8'), 'json');
	await siteChecked;
	return { root, configUri };
}
