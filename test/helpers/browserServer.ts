import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { AbstractMessageReader, AbstractMessageWriter, type DataCallback, type Disposable, type Message } from 'vscode-languageserver-protocol/node';
import { FileQuestionsRequest, type DirectoryEntries, type FileQuestion, type FileStatResult, type ReadFileResult } from '../../server/src/protocol';
import type { Browser, Page } from './chromium';
import { LspClient, type LspTransport } from './lspClient';

/** The browser server, as the extension ships it. */
const bundlePath = path.resolve(__dirname, '../../dist/browserServer.js');

/**
 * The language server for the browser (dist/browserServer.js) in a real Web Worker of a Chromium
 * page served from 127.0.0.1, driven by a test {@link LspClient}: each JSON-RPC message is posted
 * to the worker through the page, and the worker's messages come back through a page binding. The
 * test answers the server's `mintdoc/fs/*` requests from the disk, as the extension answers them
 * with `vscode.workspace.fs` (client/src/workspaceFiles.ts): inside the folders only, links not
 * followed, files over the cap not read.
 */
export async function startBrowserServer(browser: Browser, folders: readonly string[], initializationOptions?: Record<string, unknown>): Promise<LspClient> {
	const http = await serve();
	const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
	const page = await browser.newPage();
	// Nothing leaves 127.0.0.1: the server is not supposed to fetch anything, and would be refused.
	await page.route(
		url => !url.href.startsWith(`${origin}/`),
		route => route.abort(),
	);
	const stderr: string[] = [];
	page.on('pageerror', error => stderr.push(`page error: ${error.message}`));
	page.on('console', message => stderr.push(`console: ${message.text()}`));
	const reader = new PageReader();
	// Messages cross the page as JSON text: Playwright serializes a string at once, a structure value by value (a
	// listing of 3,700 folders took longer than the worker took to walk them).
	await page.exposeFunction('fromWorker', (json: string) => {
		const message = JSON.parse(json) as Message | { workerError: string };
		if ('workerError' in message) stderr.push(`worker error: ${message.workerError}`);
		else reader.deliver(message);
	});
	await page.goto(`${origin}/`);
	const startedAt = performance.now();
	await page.evaluate(() => {
		const scope = window as unknown as { worker: Worker; fromWorker(json: string): void };
		scope.worker = new Worker('/browserServer.js');
		scope.worker.onmessage = event => scope.fromWorker(JSON.stringify(event.data));
		scope.worker.onerror = event => scope.fromWorker(JSON.stringify({ workerError: event.message }));
	});
	let closed: () => void = () => undefined;
	const exited = new Promise<void>(resolve => (closed = resolve));
	const transport: LspTransport = {
		reader,
		writer: new PageWriter(page),
		exited,
		stderr,
		startedAt,
		async close() {
			await page.close().catch(() => undefined);
			await new Promise(resolve => http.close(resolve));
			closed();
		},
	};
	const client = LspClient.over(transport);
	answerFileRequests(client, folders);
	await client.initialize(folders, initializationOptions);
	return client;
}

/** The page and the bundle, from 127.0.0.1 only. */
async function serve(): Promise<Server> {
	const server = createServer((request, response) => {
		if (request.url === '/browserServer.js') {
			response.writeHead(200, { 'content-type': 'text/javascript' });
			response.end(readFileSync(bundlePath));
		} else if (request.url === '/') {
			response.writeHead(200, { 'content-type': 'text/html' });
			response.end('<!doctype html><meta charset="utf-8"><title>MintDoc browser server</title>');
		} else {
			response.writeHead(404).end();
		}
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	return server;
}

/** The worker's messages, as the page binding hands them over (in order). */
class PageReader extends AbstractMessageReader {
	#callback: DataCallback | undefined;
	readonly #early: Message[] = [];

	listen(callback: DataCallback): Disposable {
		this.#callback = callback;
		for (const message of this.#early.splice(0)) callback(message);
		return { dispose: () => (this.#callback = undefined) };
	}

	deliver(message: Message): void {
		if (this.#callback) this.#callback(message);
		else this.#early.push(message);
	}
}

/** Posts each message to the worker, one after the other (page.evaluate calls would otherwise race). */
class PageWriter extends AbstractMessageWriter {
	#last: Promise<void> = Promise.resolve();

	constructor(private readonly page: Page) {
		super();
	}

	write(message: Message): Promise<void> {
		this.#last = this.#last.then(() =>
			this.page
				.evaluate(json => (window as unknown as { worker: Worker }).worker.postMessage(JSON.parse(json)), JSON.stringify(message))
				.catch((e: unknown) => this.fireError(e, message)),
		);
		return this.#last;
	}

	end(): void {
		// Nothing to flush: the page is closed by the transport.
	}
}

/** The fs requests answered from the disk, with the extension's rules (client/src/workspaceFiles.ts). */
function answerFileRequests(client: LspClient, folders: readonly string[]): void {
	const roots = folders.map(folder => URI.parse(folder).fsPath);
	const local = (uri: string): string | undefined => {
		const parsed = URI.parse(uri);
		if (parsed.scheme !== 'file' || /(^|\/)\.\.?(\/|$)/.test(parsed.path)) return undefined;
		const file = parsed.fsPath;
		return roots.some(root => file === root || file.startsWith(root + path.sep)) ? file : undefined;
	};
	const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
	const read = (uri: string, maxBytes: number): ReadFileResult | null => {
		const file = local(uri);
		if (!file) return null;
		try {
			if (lstatSync(file).isSymbolicLink()) return { kind: 'refused', reason: 'outside' };
			const stat = statSync(file);
			if (!stat.isFile()) return { kind: 'refused', reason: 'not-a-file' };
			if (stat.size > maxBytes) return { kind: 'oversized', size: stat.size };
			return { kind: 'read', text: utf8.decode(readFileSync(file)) };
		} catch {
			return null;
		}
	};
	const stat = (uri: string): FileStatResult => {
		const file = local(uri);
		try {
			const found = file ? statSync(file) : undefined;
			return found?.isDirectory() ? { kind: 'directory', size: found.size } : found?.isFile() ? { kind: 'file', size: found.size } : null;
		} catch {
			return null;
		}
	};
	const list = (uri: string): DirectoryEntries => {
		const folder = local(uri);
		try {
			return folder
				? readdirSync(folder, { withFileTypes: true }).flatMap((entry): [string, 'file' | 'directory'][] =>
						entry.isFile() ? [[entry.name, 'file']] : entry.isDirectory() ? [[entry.name, 'directory']] : [],
					)
				: [];
		} catch {
			return [];
		}
	};
	const answer = (question: FileQuestion) =>
		question.op === 'read' ? read(question.uri, question.maxBytes) : question.op === 'stat' ? stat(question.uri) : list(question.uri);
	client.connection.onRequest(FileQuestionsRequest.type, ({ questions }) => {
		client.fileQuestions += questions.length;
		client.fileRequests++;
		return questions.map(answer);
	});
}
