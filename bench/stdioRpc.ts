import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A JSON-RPC message as LSP frames it; only the fields this client reads. */
export interface RpcMessage {
	jsonrpc: '2.0';
	id?: number | string;
	method?: string;
	params?: unknown;
	result?: unknown;
	error?: { code: number; message: string };
}

/**
 * A language server started as an editor other than VS Code starts one: `node [flags] server
 * --stdio`, JSON-RPC framed by hand (`Content-Length` headers over the child's stdin and stdout).
 * Written apart from the bench's `LspSession` (no vscode-languageserver-protocol), so what the
 * outside client measures does not share that client's habits. Every message from the server is
 * timestamped on arrival, before it is parsed further.
 */
export class StdioRpc {
	readonly #child: ChildProcess;
	#buffer: Buffer = Buffer.alloc(0);
	#nextId = 1;
	readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
	readonly #watchers = new Set<(message: RpcMessage, at: number) => void>();
	readonly stderr: string[] = [];
	/** When the process was spawned (performance.now()). */
	readonly spawnedAt: number;

	constructor(serverPath: string, nodeFlags: readonly string[]) {
		this.spawnedAt = performance.now();
		this.#child = spawn(process.execPath, [...nodeFlags, serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
		this.#child.stdout!.on('data', (chunk: Buffer) => this.#read(chunk, performance.now()));
		this.#child.stderr!.on('data', chunk => this.stderr.push(String(chunk)));
		this.#child.on('exit', code => {
			for (const { reject } of this.#pending.values()) reject(new Error(`server exited (${code}): ${this.stderr.join('').slice(-1000)}`));
			this.#pending.clear();
		});
	}

	get pid(): number {
		return this.#child.pid!;
	}

	get exited(): boolean {
		return this.#child.exitCode !== null || this.#child.signalCode !== null;
	}

	/** VmRSS of the server process, in MB (Linux). */
	rssMb(): number | undefined {
		try {
			const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'))?.[1];
			return kb ? Number(kb) / 1024 : undefined;
		} catch {
			return undefined;
		}
	}

	/** User + system CPU time of the server process (all its threads), in ms (Linux). */
	cpuMs(): number | undefined {
		try {
			const fields = readFileSync(`/proc/${this.pid}/stat`, 'utf8').split(') ')[1].split(' ');
			return (Number(fields[11]) + Number(fields[12])) * 10;
		} catch {
			return undefined;
		}
	}

	/** Sends a request; resolves with its result and the time its response arrived. */
	request<T>(method: string, params: unknown): Promise<{ result: T; at: number }> {
		const id = this.#nextId++;
		return new Promise((resolve, reject) => {
			this.#pending.set(id, { resolve: value => resolve(value as { result: T; at: number }), reject });
			this.#write({ jsonrpc: '2.0', id, method, params });
		});
	}

	/** Sends a notification; returns the time it was handed to the pipe. */
	notify(method: string, params: unknown): number {
		return this.#write({ jsonrpc: '2.0', method, params });
	}

	/** Calls `watcher` with every notification or request from the server until the returned function is called. */
	watch(watcher: (message: RpcMessage, at: number) => void): () => void {
		this.#watchers.add(watcher);
		return () => this.#watchers.delete(watcher);
	}

	/** Resolves with the arrival time of the first server notification `accept` takes, or rejects after `timeoutMs`. */
	waitFor(accept: (message: RpcMessage) => boolean, what: string, timeoutMs: number): Promise<number> {
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				stop();
				reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
			}, timeoutMs);
			const stop = this.watch((message, at) => {
				if (!accept(message)) return;
				clearTimeout(timer);
				stop();
				resolve(at);
			});
		});
	}

	/** shutdown, exit, then a kill if the process is still there after 5 s. */
	async stop(): Promise<void> {
		if (this.exited) return;
		const gone = new Promise(resolve => this.#child.once('exit', resolve));
		await Promise.race([this.request('shutdown', null), new Promise(resolve => setTimeout(resolve, 5000))]).catch(() => undefined);
		this.notify('exit', null);
		const timer = setTimeout(() => this.#child.kill(), 5000);
		await gone;
		clearTimeout(timer);
	}

	#write(message: RpcMessage): number {
		const body = Buffer.from(JSON.stringify(message), 'utf8');
		const at = performance.now();
		this.#child.stdin!.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
		return at;
	}

	#read(chunk: Buffer, at: number): void {
		this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
		for (;;) {
			const headerEnd = this.#buffer.indexOf('\r\n\r\n');
			if (headerEnd < 0) return;
			const length = Number(/Content-Length:\s*(\d+)/i.exec(this.#buffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
			if (!Number.isFinite(length)) throw new Error(`bad header from the server: ${this.#buffer.subarray(0, headerEnd).toString('ascii')}`);
			const start = headerEnd + 4;
			if (this.#buffer.length < start + length) return;
			const message = JSON.parse(this.#buffer.subarray(start, start + length).toString('utf8')) as RpcMessage;
			this.#buffer = this.#buffer.subarray(start + length);
			this.#dispatch(message, at);
		}
	}

	#dispatch(message: RpcMessage, at: number): void {
		if (message.method === undefined && typeof message.id === 'number') {
			const pending = this.#pending.get(message.id);
			this.#pending.delete(message.id);
			if (message.error) pending?.reject(new Error(`${message.error.code}: ${message.error.message}`));
			else pending?.resolve({ result: message.result, at });
			return;
		}
		if (message.method !== undefined && message.id !== undefined) this.#answer(message);
		for (const watcher of [...this.#watchers]) watcher(message, at);
	}

	/** Requests from the server, answered as a plain editor would: no settings, capabilities registered, progress allowed. */
	#answer(message: RpcMessage): void {
		const result = message.method === 'workspace/configuration' ? ((message.params as { items?: unknown[] })?.items ?? []).map(() => null) : null;
		const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }), 'utf8');
		this.#child.stdin!.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
	}
}
